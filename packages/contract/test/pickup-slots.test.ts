import { describe, expect, it } from 'vitest';
import { isFastLane, ZSlotRulesRequest } from '../src';

describe('pickup slots (ADR 092)', () => {
  const paid = { booked: true, total_minor: 5000, storage_fee: 300, debt: 0, paid_online: 5300, weights_pending: 0 };
  it('the fast lane: booked, no debt, no weight waiting, and the online credit covers parcels and storage', () => {
    expect(isFastLane(paid)).toBe(true);
    expect(isFastLane({ ...paid, booked: false })).toBe(false);
    expect(isFastLane({ ...paid, paid_online: 5299 })).toBe(false);
    expect(isFastLane({ ...paid, debt: 1 })).toBe(false);
    expect(isFastLane({ ...paid, weights_pending: 1 })).toBe(false);
  });
  it('rules: 15 or 30 minutes, capacity 0–500, each weekday once', () => {
    expect(ZSlotRulesRequest.safeParse({ rules: [{ day: 'mon', slot_minutes: 15, capacity: 0 }] }).success).toBe(true);
    expect(ZSlotRulesRequest.safeParse({ rules: [{ day: 'mon', slot_minutes: 20, capacity: 3 }] }).success).toBe(false);
    expect(ZSlotRulesRequest.safeParse({ rules: [{ day: 'mon', slot_minutes: 30, capacity: 501 }] }).success).toBe(false);
    expect(
      ZSlotRulesRequest.safeParse({
        rules: [
          { day: 'mon', slot_minutes: 30, capacity: 1 },
          { day: 'mon', slot_minutes: 30, capacity: 2 },
        ],
      }).success,
    ).toBe(false);
  });
});
