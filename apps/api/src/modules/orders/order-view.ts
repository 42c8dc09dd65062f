import { parcelWeights, pickText, toMajor, toMajorOrNull, type TLang, type TOrder, type TOrderStatusRef } from '@portal/contract';
import { customsHoldOf } from '../parcels/customs-hold';
import type { OrderCardRow } from './order-cards';
import type { StatusRef } from './orders-repository';

const DAY_MS = 24 * 3600 * 1000;

/** Status id → { id, code, name } in one language, and that language (the card's other words are in it too). */
export type StatusRefs = Map<number, TOrderStatusRef> & { lang: TLang };

export function statusRefs(rows: StatusRef[], lang: TLang): StatusRefs {
  return Object.assign(new Map(rows.map((s) => [s.id, { id: s.id, code: s.code, name: pickText(s.name, lang) }])), { lang });
}

/** Whole days from receipt in China until arrival at the branch (or until now while still travelling). */
export function daysInTransit(row: Pick<OrderCardRow, 'receivedAt' | 'arrivedAt' | 'deliveredAt'>, now = new Date()): number {
  const end = row.arrivedAt ?? row.deliveredAt ?? now;
  return Math.max(0, Math.floor((end.getTime() - row.receivedAt.getTime()) / DAY_MS));
}

export function toOrder(row: OrderCardRow, statuses: StatusRefs, now = new Date()): TOrder {
  const status = statuses.get(row.statusId);
  if (!status) throw new Error(`order ${row.id} has unknown status id ${row.statusId}`);
  return {
    id: row.id,
    track_code: row.trackCode,
    name: row.name,
    weight: row.weight,
    weights: parcelWeights(row.weight, row.dimensions, row.volumetricWeight, row.volumetricDivisor),
    price: toMajorOrNull(row.price),
    currency: row.price === null ? null : row.currency,
    status,
    days_in_transit: daysInTransit(row, now),
    received_at: row.receivedAt.toISOString(),
    arrived_at: row.arrivedAt?.toISOString() ?? null,
    expected_arrival: status.code === 'in_transit' ? row.expectedArrival : null,
    storage_until: row.storageUntil,
    storage_fee_per_day: toMajor(row.storageFeePerDay),
    boxes: Math.max(1, row.boxCount),
    archived: row.archivedAt !== null,
    customs_hold: customsHoldOf(row, statuses.lang),
    insurance:
      row.insurancePremium > 0 && row.insuranceCurrency
        ? { premium: toMajor(row.insurancePremium), currency: row.insuranceCurrency, declared_value: null, declared_currency: null }
        : null,
  };
}
