import { describe, expect, it } from 'vitest';
import { accruedStorage, defaultPaymentMethods, PAYMENT_METHODS, storageFeeOn } from '../src';

/** The storage fee rule (ADR 073): every day after the last free one is paid, the day of collection included. */
describe('storage fee', () => {
  const parcel = { storageUntil: '2026-03-10', storageFeePerDay: 10_000 };

  it('nothing in the free days, then the fee per day after the last free one', () => {
    expect(storageFeeOn(parcel, '2026-03-01')).toEqual({ days: 0, fee: 0 });
    expect(storageFeeOn(parcel, '2026-03-10')).toEqual({ days: 0, fee: 0 });
    expect(storageFeeOn(parcel, '2026-03-11')).toEqual({ days: 1, fee: 10_000 });
    expect(storageFeeOn(parcel, '2026-04-09')).toEqual({ days: 30, fee: 300_000 });
  });

  it('a fee of 0 is free storage; no last free day (not arrived) owes nothing', () => {
    expect(storageFeeOn({ ...parcel, storageFeePerDay: 0 }, '2026-04-09')).toEqual({ days: 30, fee: 0 });
    expect(storageFeeOn({ storageUntil: null, storageFeePerDay: 10_000 }, '2026-04-09')).toEqual({ days: 0, fee: 0 });
  });

  it('days turn at midnight in the branch time zone, not in UTC', () => {
    // Almaty is UTC+5: 18:59 UTC on the 10th is 23:59 there (still free), 19:00 UTC is midnight of the 11th.
    expect(accruedStorage(parcel, 'Asia/Almaty', new Date('2026-03-10T18:59:59Z'))).toEqual({ days: 0, fee: 0 });
    expect(accruedStorage(parcel, 'Asia/Almaty', new Date('2026-03-10T19:00:00Z'))).toEqual({ days: 1, fee: 10_000 });
    // Bishkek is UTC+6: the same instant is already an hour into the 11th there.
    expect(accruedStorage(parcel, 'Asia/Bishkek', new Date('2026-03-10T18:30:00Z'))).toEqual({ days: 1, fee: 10_000 });
    expect(accruedStorage(parcel, 'UTC', new Date('2026-03-10T23:59:59Z'))).toEqual({ days: 0, fee: 0 });
  });
});

describe('payment methods', () => {
  it('defaults by country: Kaspi QR in Kazakhstan, Элсом and MBank in Kyrgyzstan', () => {
    expect(defaultPaymentMethods('KZ')).toEqual(['cash', 'card', 'kaspi_qr', 'transfer']);
    expect(defaultPaymentMethods('kg')).toEqual(['cash', 'card', 'elsom', 'mbank', 'transfer']);
    expect(defaultPaymentMethods('UZ')).toEqual(['cash', 'card', 'transfer']);
    expect(defaultPaymentMethods(null)).toEqual(['cash', 'card', 'transfer']);
    for (const code of ['KZ', 'KG', 'UZ']) expect(defaultPaymentMethods(code).every((m) => PAYMENT_METHODS.includes(m))).toBe(true);
  });
});
