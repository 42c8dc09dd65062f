import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { TFlightMode, TI18nText } from '@portal/contract';
import type { DbOrTx } from '../../db/client';
import { branches, flightArrivals, flightDelays, flights } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../audit/audit';
import { orderLink, sendParcelNotices } from './parcel-notifications';
import { statusIds } from './parcel-statuses';
import type { Actor } from './parcel-types';
import { parcelsRepository } from './parcels-repository';

/**
 * Flights (owned by the parcels module, like the orders they carry): a truck, train or plane leaving the China
 * warehouse with an expected arrival per destination branch. Dispatch puts parcels on one (parcels.dispatch with a
 * flight); a delay moves expected arrivals with a reason and tells each customer with a parcel still on it once.
 */

export interface FlightArrivalInput {
  branchId: number;
  expectedArrival: string;
}

export interface FlightRow {
  id: number;
  mode: TFlightMode;
  carrierRef: string;
  departureDate: string;
  createdAt: Date;
  arrivals: { branchId: number; branchName: TI18nText; expectedArrival: string; parcels: number; arrived: number }[];
}

/** Codes listed in one delay message (the count says how many more). */
const CODES_IN_MESSAGE = 10;

async function assertBranchesExist(tx: DbOrTx, ids: number[]): Promise<void> {
  const found = await tx.select({ id: branches.id }).from(branches).where(inArray(branches.id, ids));
  if (found.length !== new Set(ids).size) throw new AppError('validation_failed', { fields: { arrivals: ['validation.invalid_value'] } });
}

export const flightsModule = {
  async create(
    tx: DbOrTx,
    input: { mode: TFlightMode; carrierRef: string; departureDate: string; arrivals: FlightArrivalInput[] },
    actor: Actor,
  ): Promise<number> {
    await assertBranchesExist(
      tx,
      input.arrivals.map((a) => a.branchId),
    );
    const [flight] = await tx
      .insert(flights)
      .values({ mode: input.mode, carrierRef: input.carrierRef, departureDate: input.departureDate, createdBy: actor.userId })
      .returning({ id: flights.id });
    const id = flight!.id;
    await tx
      .insert(flightArrivals)
      .values(input.arrivals.map((a) => ({ flightId: id, branchId: a.branchId, expectedArrival: a.expectedArrival })));
    if (actor.audit) {
      await recordAudit(tx, {
        actor: actor.audit,
        action: 'flight.created',
        targetType: 'flight',
        targetId: id,
        after: { mode: input.mode, carrier_ref: input.carrierRef, departure_date: input.departureDate, arrivals: input.arrivals },
      });
    }
    return id;
  },

  /** The destination branches of a flight (empty when there is no such flight). */
  async branchIds(db: DbOrTx, flightId: number): Promise<number[]> {
    const rows = await db.select({ id: flightArrivals.branchId }).from(flightArrivals).where(eq(flightArrivals.flightId, flightId));
    return rows.map((r) => r.id);
  },

  /**
   * New expected arrivals with a reason. Unchanged dates are skipped; each changed one is kept in flight_delays and as
   * one 'flight_delayed' event per parcel still in transit on it to that branch; each of their owners gets ONE
   * flight_delayed message however many parcels they have on it. Serialised per flight (FOR UPDATE on its row).
   */
  async delay(tx: DbOrTx, flightId: number, changes: FlightArrivalInput[], reason: string, actor: Actor): Promise<{ notified: number }> {
    const [flight] = await tx.select().from(flights).where(eq(flights.id, flightId)).for('update');
    if (!flight) throw new AppError('not_found');
    const current = await tx.select().from(flightArrivals).where(eq(flightArrivals.flightId, flightId));
    const byBranch = new Map(current.map((a) => [a.branchId, a.expectedArrival]));
    if (changes.some((c) => !byBranch.has(c.branchId))) throw new AppError('flight_branch_unknown');
    if (changes.some((c) => c.expectedArrival < flight.departureDate))
      throw new AppError('validation_failed', { fields: { arrivals: ['validation.arrival_before_departure'] } });
    const changed = changes
      .filter((c) => byBranch.get(c.branchId) !== c.expectedArrival)
      .map((c) => ({ ...c, from: byBranch.get(c.branchId)! }));
    if (!changed.length) return { notified: 0 };

    for (const c of changed) {
      await tx
        .update(flightArrivals)
        .set({ expectedArrival: c.expectedArrival, updatedAt: new Date() })
        .where(and(eq(flightArrivals.flightId, flightId), eq(flightArrivals.branchId, c.branchId)));
    }
    await tx.insert(flightDelays).values(
      changed.map((c) => ({
        flightId,
        branchId: c.branchId,
        fromDate: c.from,
        toDate: c.expectedArrival,
        reason,
        actorUserId: actor.userId,
      })),
    );
    if (actor.audit) {
      await recordAudit(tx, {
        actor: actor.audit,
        action: 'flight.delayed',
        targetType: 'flight',
        targetId: flightId,
        before: { arrivals: changed.map((c) => ({ branch_id: c.branchId, expected_arrival: c.from })) },
        after: { arrivals: changed.map((c) => ({ branch_id: c.branchId, expected_arrival: c.expectedArrival })), reason },
      });
    }

    const ids = await statusIds(tx);
    const change = new Map(changed.map((c) => [c.branchId, c]));
    const onWay = await parcelsRepository.onFlight(
      tx,
      flightId,
      ids.in_transit,
      changed.map((c) => c.branchId),
    );
    await parcelsRepository.insertEvents(
      tx,
      onWay.map((o) => {
        const c = change.get(o.branchId!)!;
        return {
          orderId: o.id,
          action: 'flight_delayed',
          statusId: ids.in_transit,
          actorUserId: actor.userId,
          branchId: o.branchId,
          ip: actor.ip ?? null,
          details: { flight_id: flightId, from: c.from, to: c.expectedArrival, reason },
        };
      }),
    );

    // One message per customer and flight.
    const perUser = new Map<number, typeof onWay>();
    for (const o of onWay) perUser.set(o.userId!, [...(perUser.get(o.userId!) ?? []), o]);
    const branchIds = [...new Set(onWay.map((o) => o.branchId!))];
    const names = branchIds.length
      ? new Map(
          (await tx.select({ id: branches.id, name: branches.name }).from(branches).where(inArray(branches.id, branchIds))).map((b) => [
            b.id,
            b.name,
          ]),
        )
      : new Map<number, TI18nText>();
    await sendParcelNotices(
      tx,
      [...perUser].map(([userId, list]) => {
        const c = change.get(list[0]!.branchId!)!;
        return {
          userId,
          event: 'flight_delayed' as const,
          params: {
            flight_id: flightId,
            reference: flight.carrierRef,
            mode: flight.mode,
            branch: names.get(c.branchId) ?? null,
            previous_date: c.from,
            expected_date: c.expectedArrival,
            count: list.length,
            codes: list.slice(0, CODES_IN_MESSAGE).map((o) => o.trackCode),
          },
          link: orderLink(list[0]!.id),
        };
      }),
    );
    return { notified: perUser.size };
  },

  /** The flight's arrival at one branch (undefined when it does not go there): expected day and whether it was closed. */
  async arrivalAt(db: DbOrTx, flightId: number, branchId: number) {
    const [row] = await db
      .select()
      .from(flightArrivals)
      .where(and(eq(flightArrivals.flightId, flightId), eq(flightArrivals.branchId, branchId)))
      .limit(1);
    return row;
  },

  /**
   * "The whole flight arrived" at a branch (ADR 074): one guarded UPDATE (of parallel closes one wins, the others get
   * 409 flight_arrival_closed), audited with the parcels found missing and unexpected. Missing parcels are not moved:
   * they stay in transit, and the closed arrival is what flags them missing for follow-up.
   */
  async closeArrival(
    tx: DbOrTx,
    flightId: number,
    branchId: number,
    found: { arrived: number; missing: string[]; unexpected: string[] },
    actor: Actor,
  ): Promise<Date> {
    const now = new Date();
    const [closed] = await tx
      .update(flightArrivals)
      .set({ arrivalClosedAt: now, arrivalClosedBy: actor.userId, updatedAt: now })
      .where(and(eq(flightArrivals.flightId, flightId), eq(flightArrivals.branchId, branchId), isNull(flightArrivals.arrivalClosedAt)))
      .returning({ at: flightArrivals.arrivalClosedAt });
    if (!closed) throw new AppError('flight_arrival_closed');
    if (actor.audit)
      await recordAudit(tx, {
        actor: actor.audit,
        action: 'flight.arrival_closed',
        targetType: 'flight',
        targetId: flightId,
        before: { arrival_closed_at: null },
        after: {
          branch_id: branchId,
          arrived: found.arrived,
          missing: found.missing.length,
          unexpected: found.unexpected.length,
          missing_codes: found.missing.slice(0, 200),
          unexpected_codes: found.unexpected.slice(0, 200),
        },
      });
    return now;
  },

  /** Flights newest first (those going to `branchId` when given), with their arrivals and parcel counts per branch. */
  async list(db: DbOrTx, opts: { branchId?: number; flightId?: number; limit?: number }): Promise<FlightRow[]> {
    const conditions = [];
    if (opts.flightId !== undefined) conditions.push(eq(flights.id, opts.flightId));
    if (opts.branchId !== undefined)
      conditions.push(
        inArray(
          flights.id,
          db.select({ id: flightArrivals.flightId }).from(flightArrivals).where(eq(flightArrivals.branchId, opts.branchId)),
        ),
      );
    const rows = await db
      .select()
      .from(flights)
      .where(conditions.length ? and(...conditions) : undefined)
      .orderBy(desc(flights.id))
      .limit(opts.limit ?? 50);
    if (!rows.length) return [];
    const ids = rows.map((f) => f.id);
    const statuses = await statusIds(db);
    const [arrivals, counts] = await Promise.all([
      db
        .select({
          flightId: flightArrivals.flightId,
          branchId: flightArrivals.branchId,
          expectedArrival: flightArrivals.expectedArrival,
          branchName: branches.name,
        })
        .from(flightArrivals)
        .innerJoin(branches, eq(branches.id, flightArrivals.branchId))
        .where(inArray(flightArrivals.flightId, ids))
        .orderBy(asc(flightArrivals.expectedArrival), asc(branches.id)),
      parcelsRepository.flightCounts(db, ids, [statuses.at_branch, statuses.delivered]),
    ]);
    const countOf = new Map(counts.map((c) => [`${c.flightId}:${c.branchId}`, c]));
    return rows.map((f) => ({
      id: f.id,
      mode: f.mode,
      carrierRef: f.carrierRef,
      departureDate: f.departureDate,
      createdAt: f.createdAt,
      arrivals: arrivals
        .filter((a) => a.flightId === f.id)
        .map((a) => {
          const c = countOf.get(`${f.id}:${a.branchId}`);
          return {
            branchId: a.branchId,
            branchName: a.branchName,
            expectedArrival: a.expectedArrival,
            parcels: Number(c?.parcels ?? 0),
            arrived: c?.arrived ?? 0,
          };
        }),
    }));
  },
};
