import { describe, expect, it } from 'vitest';
import { storageExtensionFee, storageExtensionRefusal, storageFeeOn } from '../src';

/** Keeping a parcel longer (ADR 093): priced by the one storage rule, within the branch's maximum. */
describe('storageExtensionFee', () => {
  const parcel = { storageUntil: '2026-03-10', storageFeePerDay: 10_000 };
  it('pays every day from the day after the last free one to the new last day', () => {
    expect(storageExtensionFee(parcel, '2026-03-11')).toEqual({ days: 1, fee: 10_000 });
    expect(storageExtensionFee(parcel, '2026-03-17')).toEqual({ days: 7, fee: 70_000 });
    // Across a month's end.
    expect(storageExtensionFee({ ...parcel, storageUntil: '2026-02-27' }, '2026-03-02')).toEqual({ days: 3, fee: 30_000 });
  });
  it('is what a collection on that day would owe (overdue days included), so the counter owes nothing after it', () => {
    for (const until of ['2026-03-11', '2026-03-20', '2026-04-09'])
      expect(storageExtensionFee(parcel, until)).toEqual(storageFeeOn(parcel, until));
  });
  it('free storage extends for nothing', () => {
    expect(storageExtensionFee({ ...parcel, storageFeePerDay: 0 }, '2026-03-20')).toEqual({ days: 10, fee: 0 });
  });
});

describe('storageExtensionRefusal', () => {
  const p = { storageUntil: '2026-03-10' };
  it('wants a day after the last free one, not in the past, within the maximum after today', () => {
    expect(storageExtensionRefusal(p, '2026-03-10', '2026-03-05', 30)).toBe('not_later');
    expect(storageExtensionRefusal(p, '2026-03-09', '2026-03-05', 30)).toBe('not_later');
    expect(storageExtensionRefusal({ storageUntil: null }, '2026-03-20', '2026-03-05', 30)).toBe('not_later');
    expect(storageExtensionRefusal({ storageUntil: '2026-03-01' }, '2026-03-04', '2026-03-05', 30)).toBe('in_past');
    expect(storageExtensionRefusal(p, '2026-04-05', '2026-03-05', 30)).toBe('beyond_max');
    expect(storageExtensionRefusal(p, '2026-04-04', '2026-03-05', 30)).toBeNull();
    expect(storageExtensionRefusal({ storageUntil: '2026-03-01' }, '2026-03-05', '2026-03-05', 30)).toBeNull();
    expect(storageExtensionRefusal(p, '2026-03-11', '2026-03-05', 0)).toBe('beyond_max');
  });
});
