import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = resolve(dirname(fileURLToPath(import.meta.url)), '../src');

/**
 * The plain values a web page lists or names (ADR 066): these modules, and whatever they import, must not load the
 * validation library, or home and /orders fetch zod (24 KB gzipped) before their first screen again.
 */
const PLAIN = ['common/page-numbers.ts', 'branches/weekdays.ts', 'content/china-address-lines.ts', 'orders/order-status-codes.ts'];

function importsOf(file: string): string[] {
  const text = readFileSync(join(src, file), 'utf8');
  return [...text.matchAll(/^\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]/gm)].map((m) => m[1]!);
}

function reach(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const spec of importsOf(file)) {
    if (!spec.startsWith('.')) {
      seen.add(spec);
      continue;
    }
    reach(join(dirname(file), `${spec}.ts`), seen);
  }
  return seen;
}

describe('plain value modules', () => {
  it.each(PLAIN)('%s reaches no zod', (file) => {
    expect([...reach(file)].filter((m) => m === 'zod' || m.startsWith('zod/'))).toEqual([]);
  });

  it('the schemas take their values from them (one owner)', async () => {
    const contract = await import('../src/index');
    expect(contract.ZOrderStatusCode.options).toEqual([...contract.ORDER_STATUS_CODES]);
    expect(contract.ZPaymentMethod.options).toEqual([...contract.PAYMENT_METHODS]);
    expect(contract.ZWeekday.options).toEqual([...contract.WEEKDAYS]);
  });
});
