import { and, asc, eq, gte, isNull, lte, ne, or } from 'drizzle-orm';
import { pickText, type TFlightArrivalCheck, type TLang } from '@portal/contract';
import type { Db, DbOrTx } from '../../db/client';
import { orders, users } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import type { BranchRow } from '../branches/branches-repository';
import { flightsModule } from '../parcels/flights';
import type { Actor } from '../parcels/parcels-service';
import { statusIds } from '../parcels/parcel-statuses';
import { flightService } from './flight-service';
import { manageRepository } from './manage-repository';
import { toManageParcel } from './parcel-view';

/** Parcels that arrived at the branch this long before the flight's first one count as scanned during its unloading. */
const UNLOADING_LEAD_MS = 2 * 60 * 60 * 1000;

/**
 * The flight's arrival at a branch as "the whole flight arrived" closes it (ADR 074): its parcels for the branch that
 * arrived (at the branch or handed over), those still missing, and the unexpected ones — parcels that arrived at the
 * branch while it was being unloaded (from two hours before its first parcel until the close, or now) that are on
 * another flight or none.
 */
async function check(db: DbOrTx, flightId: number, branch: BranchRow, lang: TLang): Promise<TFlightArrivalCheck> {
  const arrival = await flightsModule.arrivalAt(db, flightId, branch.id);
  if (!arrival) throw notFound();
  const ids = await statusIds(db);
  const arrivedStatus = new Set([ids.at_branch, ids.delivered]);
  const own = await manageRepository.parcels(db, and(eq(orders.flightId, flightId), eq(orders.branchId, branch.id)), {
    orderBy: [asc(orders.trackCode)],
  });
  const arrived = own.filter((r) => arrivedStatus.has(r.order.statusId));
  const firstAt = arrived.reduce<number | null>((min, r) => {
    const t = r.order.arrivedAt?.getTime();
    return t === undefined ? min : min === null ? t : Math.min(min, t);
  }, null);
  const from = new Date(firstAt !== null ? firstAt - UNLOADING_LEAD_MS : Date.parse(`${arrival.expectedArrival}T00:00:00Z`) - 86_400_000);
  const to = arrival.arrivalClosedAt ?? new Date();
  const unexpected = await manageRepository.parcels(
    db,
    and(
      eq(orders.branchId, branch.id),
      gte(orders.arrivedAt, from),
      lte(orders.arrivedAt, to),
      or(isNull(orders.flightId), ne(orders.flightId, flightId)),
    ),
    { orderBy: [asc(orders.trackCode)], limit: 500 },
  );
  let closedBy: string | null = null;
  if (arrival.arrivalClosedBy !== null) {
    const [who] = await db
      .select({ first: users.firstName, last: users.lastName })
      .from(users)
      .where(eq(users.id, arrival.arrivalClosedBy))
      .limit(1);
    closedBy = who ? `${who.first} ${who.last}`.trim() : null;
  }
  return {
    flight: (await flightService.list(db as Db, branch, lang, flightId))[0]!,
    branch: { id: branch.id, name: pickText(branch.name, lang) },
    expected: own.length,
    arrived: arrived.map((r) => toManageParcel(r, lang)),
    missing: own.filter((r) => !arrivedStatus.has(r.order.statusId)).map((r) => toManageParcel(r, lang)),
    unexpected: unexpected.map((r) => toManageParcel(r, lang)),
    closed_at: arrival.arrivalClosedAt ? arrival.arrivalClosedAt.toISOString() : null,
    closed_by: closedBy,
  };
}

export const flightArrivalService = {
  check: (db: Db, flightId: number, branch: BranchRow, lang: TLang) => check(db, flightId, branch, lang),

  /**
   * Closes the flight's arrival at the branch with the counts the clerk saw: if parcels were scanned since (the lists
   * differ), 409 flight_arrival_changed and nothing is closed. Missing parcels stay in transit (flagged by the close).
   */
  async close(
    db: Db,
    flightId: number,
    branch: BranchRow,
    seen: { missing: number; unexpected: number },
    actor: Actor,
    lang: TLang,
  ): Promise<TFlightArrivalCheck> {
    await db.transaction(async (tx) => {
      const now = await check(tx, flightId, branch, lang);
      if (now.closed_at) throw new AppError('flight_arrival_closed');
      if (now.missing.length !== seen.missing || now.unexpected.length !== seen.unexpected) throw new AppError('flight_arrival_changed');
      await flightsModule.closeArrival(
        tx,
        flightId,
        branch.id,
        {
          arrived: now.arrived.length,
          missing: now.missing.map((p) => p.track_code),
          unexpected: now.unexpected.map((p) => p.track_code),
        },
        actor,
      );
    });
    return check(db, flightId, branch, lang);
  },
};
