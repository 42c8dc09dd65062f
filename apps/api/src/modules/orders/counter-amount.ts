import { accruedStorage, sumMinor } from '@portal/contract';

/** A parcel's storage terms as kept: its last free day and fee per day (minor units). */
export interface StorageTerms {
  storageUntil: string | null;
  storageFeePerDay: number;
}

export interface CounterAmount {
  /** Paid storage accrued today in the branch's time zone (the contract's rule per parcel), minor units. */
  storageFee: number;
  /** The highest fee per day among the parcels (0 = free storage). */
  storageFeePerDay: number;
  /** Open debt in the currency (the balance when positive). */
  debt: number;
  /** Credit paid ahead online in the currency (the balance when negative, ADR 077). */
  paidOnline: number;
  /** What the counter would charge now: max(total + storage + debt − credit, 0). */
  toPay: number;
}

/**
 * THE rule of what the counter would charge now for a customer's waiting parcels (`total`: their prices, minor units)
 * and their balance in the currency (`balance`: debt when positive, credit when negative). The customer's list
 * (orders/waiting) shows it and a payment request (ADR 077) freezes it; the hand-over charges the same.
 */
export function counterAmount(
  input: { total: number; storage: StorageTerms[]; timeZone: string; balance: number },
  now = new Date(),
): CounterAmount {
  const storageFee = sumMinor(input.storage.map((t) => accruedStorage(t, input.timeZone, now).fee));
  return {
    storageFee,
    storageFeePerDay: Math.max(0, ...input.storage.map((t) => t.storageFeePerDay)),
    debt: Math.max(input.balance, 0),
    paidOnline: Math.max(-input.balance, 0),
    toPay: Math.max(input.total + storageFee + input.balance, 0),
  };
}
