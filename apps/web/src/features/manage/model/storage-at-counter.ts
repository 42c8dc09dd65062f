import { sumMinor, type THandoverLookup, type TPaymentMethod } from '@portal/contract';

/** The storage lines of the chosen parcels and what of them the hand-over charges (minor units). */
export interface CounterStorage {
  lines: THandoverLookup['storage'];
  /** Accrued by the chosen parcels (the API's storageFeeOn, read from the look-up). */
  accrued: number;
  /** Charged: the accrued fee, or 0 when staff waive it. */
  charged: number;
}

/** Shortest waiver reason the contract takes (complete-orders: min 3 after trimming). */
export const WAIVER_REASON_MIN = 3;

export function storageAtCounter(
  found: Pick<THandoverLookup, 'storage'> | null,
  selected: ReadonlySet<number>,
  waive: boolean,
): CounterStorage {
  const lines = (found?.storage ?? []).filter((s) => selected.has(s.order_id));
  const accrued = sumMinor(lines.map((s) => s.fee));
  return { lines, accrued, charged: waive ? 0 : accrued };
}

/** A waiver is ready when nothing is waived, or a reason of at least WAIVER_REASON_MIN characters is given. */
export function waiverReady(waive: boolean, reason: string): boolean {
  return !waive || reason.trim().length >= WAIVER_REASON_MIN;
}

/** The method a new payment line starts with: the first of the branch's methods not on a line yet (else the first). */
export function nextMethod(methods: readonly TPaymentMethod[], used: readonly TPaymentMethod[]): TPaymentMethod {
  return methods.find((m) => !used.includes(m)) ?? methods[0] ?? 'cash';
}
