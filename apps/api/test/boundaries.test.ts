import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import * as schema from '../src/db/schema';
// @ts-expect-error: a plain ES module of the repository's lint tools, without types
import { TABLE_OWNERS } from '../../../tools/eslint-boundaries.js';

const root = join(import.meta.dirname, '../../..');
const owners = TABLE_OWNERS as Record<string, string>;
const tables = Object.entries(schema).filter(([, value]) => is(value, PgTable)) as [string, PgTable][];

describe('table owners (tools/eslint-boundaries.js)', () => {
  it('names an existing module as the owner of every table, by the name lint reads in raw SQL too', () => {
    expect(tables.length).toBeGreaterThan(40);
    const missing = tables.filter(([name]) => !owners[name]).map(([name]) => name);
    expect(missing, 'tables without an owner in TABLE_OWNERS').toEqual([]);
    for (const [name, table] of tables) {
      expect(existsSync(join(root, 'apps/api/src/modules', owners[name]!)), `${name}'s owner ${owners[name]}`).toBe(true);
      // lint finds raw `insert into parcel_flow_days` by turning the export name into snake case
      expect(
        name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`),
        name,
      ).toBe(getTableName(table));
    }
    expect(
      Object.keys(owners).filter((name) => !tables.some(([t]) => t === name)),
      'owners of tables that are gone',
    ).toEqual([]);
  });
});

describe('boundary rules', () => {
  const eslint = new ESLint({ cwd: root });
  async function problems(file: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath: join(root, file) });
    return result!.messages.map((m) => m.ruleId ?? m.message);
  }

  it('refuses a write to another module’s table, in Drizzle and in raw SQL', async () => {
    const drizzle = "import { orders } from '../../db/schema';\nexport const f = (db: any) => db.update(orders).set({});\n";
    expect(await problems('apps/api/src/modules/tracks/x.ts', drizzle)).toContain('boundaries/no-foreign-table-writes');
    expect(await problems('apps/api/src/modules/parcels/x.ts', drizzle)).not.toContain('boundaries/no-foreign-table-writes');
    const raw = "import { sql } from 'drizzle-orm';\nexport const q = sql`delete from sessions where id = 1`;\n";
    expect(await problems('apps/api/src/modules/users/x.ts', raw)).toContain('boundaries/no-foreign-table-writes');
    expect(await problems('apps/api/src/modules/auth/x.ts', raw)).not.toContain('boundaries/no-foreign-table-writes');
  }, 60_000);

  it('refuses imports upward: shared web code → features or app, API db/plugins/lib/config → modules', async () => {
    const upward = 'boundaries/no-upward-import';
    expect(await problems('apps/web/src/lib/x.ts', "export { a } from '../features/orders/a';\n")).toContain(upward);
    expect(await problems('apps/web/src/components/x.ts', "import '../app/store';\n")).toContain(upward);
    expect(await problems('apps/web/src/features/orders/x.ts', "import '../../lib/api/base-query';\n")).not.toContain(upward);
    expect(await problems('apps/api/src/plugins/x.ts', "import '../modules/auth/tokens';\n")).toContain(upward);
    expect(await problems('apps/api/src/db/x.ts', "const m = import('../modules/users/users-repository');\nexport { m };\n")).toContain(
      upward,
    );
    expect(await problems('apps/api/src/modules/users/x.ts', "import '../../lib/app-error';\n")).not.toContain(upward);
  }, 60_000);

  it('refuses one web feature importing another', async () => {
    expect(await problems('apps/web/src/features/orders/x.ts', "import '../qr/a';\n")).toContain('boundaries/no-cross-feature');
  }, 60_000);
});
