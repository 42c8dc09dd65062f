import { zonedClock, type TDoorDelivery } from '@portal/contract';
import type { AttemptRow, DoorRow } from './door-delivery-repository';

/** The branch's calendar day now (its time zone; UTC when the runtime does not know it). */
export function branchToday(timeZone: string, now = new Date()): string {
  const c = zonedClock(now, timeZone);
  if (!c) return now.toISOString().slice(0, 10);
  return `${c.year}-${String(c.month).padStart(2, '0')}-${String(c.day).padStart(2, '0')}`;
}

/** A delivery as the customer (and, extended, staff) see it; never its code. */
export function deliveryView(d: DoorRow, trackCode: string, courierName: string | null, attempts: AttemptRow[]): TDoorDelivery {
  return {
    id: d.id,
    order_id: d.orderId,
    track_code: trackCode,
    state: d.state,
    street: d.street,
    building: d.building,
    apartment: d.apartment,
    postcode: d.postcode,
    note: d.note,
    phone: d.phone,
    zone_name: d.zoneName,
    fee: d.fee,
    currency: d.currency,
    courier_name: courierName,
    date: d.day,
    fail_reason: d.failReason,
    receipt_id: d.receiptId,
    created_at: d.createdAt.toISOString(),
    attempts: attempts
      .filter((a) => a.deliveryId === d.id)
      .map((a) => ({ outcome: a.outcome, reason: a.reason, note: a.note, at: a.createdAt.toISOString() })),
  };
}

export const fullName = (p: { firstName: string; lastName: string } | undefined) => (p ? `${p.firstName} ${p.lastName}`.trim() : null);
