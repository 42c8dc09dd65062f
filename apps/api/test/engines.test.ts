import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ES module script without types (scripts/check-engines.mjs)
import { findEngineViolations } from '../../../scripts/check-engines.mjs';

type Violation = { name: string; version: string; node: string };
const find = findEngineViolations as (root: string, node?: string) => Violation[];
const root = new URL('../../..', import.meta.url).pathname;

describe('installed packages and the promised Node 20.19', () => {
  it('no installed package declares an engine above Node 20.19 (root overrides keep cookie and content-disposition on Node 20 majors)', () => {
    expect(find(root)).toEqual([]);
  });

  it('the check notices a package that wants Node 22', () => {
    const dir = mkdtempSync(join(tmpdir(), 'engines-'));
    mkdirSync(join(dir, 'node_modules/a/node_modules/b'), { recursive: true });
    writeFileSync(join(dir, 'node_modules/a/package.json'), JSON.stringify({ name: 'a', version: '1.0.0', engines: { node: '>=18' } }));
    writeFileSync(
      join(dir, 'node_modules/a/node_modules/b/package.json'),
      JSON.stringify({ name: 'b', version: '2.0.0', engines: { node: '>=22' } }),
    );
    expect(find(dir).map((v) => `${v.name}@${v.version}`)).toEqual(['b@2.0.0']);
  });
});
