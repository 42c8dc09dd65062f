import { describe, expect, it } from 'vitest';
import { nextMethod, storageAtCounter, waiverReady } from './storage-at-counter';

const line = (order_id: number, fee: number) => ({
  order_id,
  track_code: `T${order_id}`,
  storage_until: '2026-03-10',
  days: fee / 10_000,
  per_day: 10_000,
  fee,
});

describe('storage at the counter', () => {
  const found = { storage: [line(1, 10_000), line(3, 30_000)] };

  it('charges the storage of the chosen parcels only, nothing when waived', () => {
    expect(storageAtCounter(found, new Set([1, 2, 3]), false)).toMatchObject({ accrued: 40_000, charged: 40_000 });
    expect(storageAtCounter(found, new Set([2, 3]), false)).toMatchObject({ accrued: 30_000, charged: 30_000 });
    expect(storageAtCounter(found, new Set([1, 3]), true)).toMatchObject({ accrued: 40_000, charged: 0 });
    expect(storageAtCounter(null, new Set([1]), false)).toMatchObject({ lines: [], accrued: 0, charged: 0 });
  });

  it('a waiver needs a reason', () => {
    expect(waiverReady(false, '')).toBe(true);
    expect(waiverReady(true, '  ab ')).toBe(false);
    expect(waiverReady(true, 'our delay')).toBe(true);
  });

  it('a new payment line offers a method of the branch not used yet', () => {
    expect(nextMethod(['cash', 'card', 'elsom'], ['cash'])).toBe('card');
    expect(nextMethod(['cash', 'elsom'], ['cash', 'elsom'])).toBe('cash');
    expect(nextMethod(['mbank'], [])).toBe('mbank');
  });
});
