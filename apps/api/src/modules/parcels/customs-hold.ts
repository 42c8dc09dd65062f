import { and, eq, inArray, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { TCustomsHold, TCustomsHoldReason, TLang } from '@portal/contract';
import type { DbOrTx } from '../../db/client';
import { orders } from '../../db/schema';
import { customsReasonText } from '../notifications/notification-texts';
import { recordEvents, statusOf, tell } from './parcel-history';
import { orderLink } from './parcel-notifications';
import { statusIds } from './parcel-statuses';
import type { Actor, LifecycleOrderRow } from './parcel-types';
import { lifecycleColumns } from './parcels-repository';

/**
 * Held by customs (issue 36, ADR 085). A parcel in transit (at the border, on its flight) is held with the reason
 * staff picked from a short list and their note; it stays in transit, and arrival refuses it (arrive.ts moves only
 * parcels not held) until it is released. The state is three columns of `orders` (customs_held_at, reason, note):
 * every write is ONE guarded UPDATE on the parcel's row, so two holds, a hold and a release, or a hold and an arrival
 * racing resolve to one outcome by the row lock — the loser's WHERE no longer matches and it answers nothing. Each hold
 * and release leaves one history event (customs_held / customs_released, with the reason and note in its details),
 * one audit row per parcel (recordEvents) and a message to the owner in their language.
 */

export interface CustomsHoldInput {
  reason: TCustomsHoldReason;
  note: string;
}

type HeldRow = LifecycleOrderRow & { flightId: number | null };
const columns = { ...lifecycleColumns, flightId: orders.flightId };

/**
 * Holds the in-transit, not yet held parcels among `where` (their ids, or a flight's codes). Answers the parcels held
 * now; others (not in transit, already held, arrived meanwhile) are left as they are: the caller says why.
 */
export async function holdForCustoms(tx: DbOrTx, where: SQL, hold: CustomsHoldInput, actor: Actor): Promise<HeldRow[]> {
  const ids = await statusIds(tx);
  const held = await tx
    .update(orders)
    .set({ customsHeldAt: new Date(), customsHoldReason: hold.reason, customsHoldNote: hold.note, updatedAt: new Date() })
    .where(and(where, eq(orders.statusId, ids.in_transit), isNull(orders.customsHeldAt)))
    .returning(columns);
  if (!held.length) return [];
  await recordEvents(tx, held, 'in_transit', actor, {
    action: 'customs_held',
    notify: false,
    before: { status: 'in_transit', customs_hold: null },
    details: { reason: hold.reason, note: hold.note, ...(held[0]!.flightId !== null ? { flight_id: held[0]!.flightId } : {}) },
  });
  await tell(
    tx,
    actor,
    held
      .filter((o) => o.userId !== null)
      .map((o) => ({
        userId: o.userId!,
        event: 'parcel_customs_held' as const,
        params: { order_id: o.id, track_code: o.trackCode, name: o.name, reason: hold.reason, note: hold.note },
        link: orderLink(o.id),
      })),
  );
  return held;
}

/** Releases the held parcels among `where`; answers those released now (null columns again, one event each, owner told). */
export async function releaseFromCustoms(tx: DbOrTx, where: SQL, actor: Actor): Promise<HeldRow[]> {
  // The reason the hold had goes into the release's history and audit row: read under the same row lock.
  const before = await tx
    .select({ id: orders.id, reason: orders.customsHoldReason, note: orders.customsHoldNote, since: orders.customsHeldAt })
    .from(orders)
    .where(and(where, isNotNull(orders.customsHeldAt)))
    .for('update');
  if (!before.length) return [];
  const released = await tx
    .update(orders)
    .set({ customsHeldAt: null, customsHoldReason: null, customsHoldNote: null, updatedAt: new Date() })
    .where(
      and(
        inArray(
          orders.id,
          before.map((b) => b.id),
        ),
        isNotNull(orders.customsHeldAt),
      ),
    )
    .returning(columns);
  const was = new Map(before.map((b) => [b.id, b]));
  for (const o of released) {
    const b = was.get(o.id)!;
    const status = await statusOf(tx, o);
    await recordEvents(tx, [o], status, actor, {
      action: 'customs_released',
      notify: false,
      before: { status, customs_hold: { reason: b.reason, note: b.note, since: b.since?.toISOString() ?? null } },
      details: { reason: b.reason, note: b.note },
    });
  }
  await tell(
    tx,
    actor,
    released
      .filter((o) => o.userId !== null)
      .map((o) => ({
        userId: o.userId!,
        event: 'parcel_customs_released' as const,
        params: { order_id: o.id, track_code: o.trackCode, name: o.name },
        link: orderLink(o.id),
      })),
  );
  return released;
}

/** The SQL of "not held by customs": arrival's guarded UPDATE adds it, so a held parcel never arrives. */
export const notCustomsHeld = (): SQL => isNull(orders.customsHeldAt);

/** A parcel's hold as answers show it (null when not held): the reason, its words in `lang` with the note, since when. */
export function customsHoldOf(
  o: Pick<typeof orders.$inferSelect, 'customsHeldAt' | 'customsHoldReason' | 'customsHoldNote'>,
  lang: TLang,
): TCustomsHold | null {
  if (!o.customsHeldAt) return null;
  const reason = o.customsHoldReason ?? 'other';
  const note = o.customsHoldNote ?? '';
  return { reason, note, text: customsReasonText(reason, note, lang), since: o.customsHeldAt.toISOString() };
}
