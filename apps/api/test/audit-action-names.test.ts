import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, ORDER_EVENT_ACTIONS } from '@portal/contract';
import { actionName } from '../src/modules/audit/audit-words';

/**
 * Issue 32: the audit log reads in words. Every action the code writes (an `action: 'x.y'` literal anywhere in the
 * API's source, and `parcel.<event>` for each parcel event) has a name in every language, so a new action cannot
 * land showing its raw code to the admin.
 */
const SRC = join(import.meta.dirname, '../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

const written = new Set<string>(ORDER_EVENT_ACTIONS.map((a) => `parcel.${a}`));
for (const file of sourceFiles(SRC))
  for (const m of readFileSync(file, 'utf8').matchAll(/\baction: '([a-z_]+\.[a-z_.]+)'/g)) written.add(m[1]!);

describe('audit action names', () => {
  it('finds the actions the code writes', () => {
    expect(written.size).toBeGreaterThan(60);
    for (const a of ['handover.complete', 'import.undo', 'user.invite', 'flight.arrival_closed', 'parcel.delivered'])
      expect(written.has(a), a).toBe(true);
  });

  it.each([...LANGUAGES])('names every one of them in %s', (lang) => {
    const unnamed = [...written].filter((a) => actionName(a, lang) === a);
    expect(unnamed).toEqual([]);
  });
});
