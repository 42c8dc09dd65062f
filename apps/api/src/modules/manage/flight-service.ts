import { and, asc, eq } from 'drizzle-orm';
import { pickText, type TFlight, type TFlightDetails, type TLang } from '@portal/contract';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import type { BranchRow } from '../branches/branches-repository';
import { flightsModule, type FlightArrivalInput, type FlightRow } from '../parcels/flights';
import type { Actor } from '../parcels/parcels-service';
import { statusIds } from '../parcels/parcel-statuses';
import { manageRepository } from './manage-repository';
import { toManageParcel } from './parcel-view';

function toFlight(f: FlightRow, lang: TLang, branch: BranchRow | null): TFlight {
  return {
    id: f.id,
    mode: f.mode,
    carrier_ref: f.carrierRef,
    departure_date: f.departureDate,
    arrivals: f.arrivals
      .filter((a) => !branch || a.branchId === branch.id)
      .map((a) => ({
        branch: { id: a.branchId, name: pickText(a.branchName, lang) },
        expected_arrival: a.expectedArrival,
        parcels: a.parcels,
        arrived: a.arrived,
      })),
    created_at: f.createdAt.toISOString(),
  };
}

async function one(db: Db, id: number, lang: TLang, branch: BranchRow | null): Promise<TFlight> {
  const [f] = await flightsModule.list(db, { flightId: id, branchId: branch?.id, limit: 1 });
  if (!f) throw notFound();
  return toFlight(f, lang, branch);
}

/** The flight works: create (warehouse), list and open (warehouse, branches, admins), delay (warehouse, admins). */
export const flightService = {
  async create(
    db: Db,
    input: { mode: TFlight['mode']; carrierRef: string; departureDate: string; arrivals: FlightArrivalInput[] },
    actor: Actor,
    lang: TLang,
  ): Promise<TFlight> {
    const id = await db.transaction((tx) => flightsModule.create(tx, input, actor));
    return one(db, id, lang, null);
  },

  async list(db: Db, branch: BranchRow | null, lang: TLang, flightId?: number): Promise<TFlight[]> {
    return (await flightsModule.list(db, { branchId: branch?.id, flightId })).map((f) => toFlight(f, lang, branch));
  },

  /** The flight and its parcels (for the branch in scope): arrived (at the branch or handed over) and still missing. */
  async details(db: Db, id: number, branch: BranchRow | null, lang: TLang): Promise<TFlightDetails> {
    const flight = await one(db, id, lang, branch);
    const ids = await statusIds(db);
    const rows = await manageRepository.parcels(db, and(eq(orders.flightId, id), branch ? eq(orders.branchId, branch.id) : undefined), {
      orderBy: [asc(orders.trackCode)],
    });
    const arrivedStatus = new Set([ids.at_branch, ids.delivered]);
    const views = rows.map((r) => ({ arrived: arrivedStatus.has(r.order.statusId), parcel: toManageParcel(r, lang) }));
    return {
      flight,
      branch: branch ? { id: branch.id, name: pickText(branch.name, lang) } : null,
      arrived: views.filter((v) => v.arrived).map((v) => v.parcel),
      missing: views.filter((v) => !v.arrived).map((v) => v.parcel),
    };
  },

  async delay(db: Db, id: number, changes: FlightArrivalInput[], reason: string, actor: Actor, lang: TLang) {
    const { notified } = await db.transaction((tx) => flightsModule.delay(tx, id, changes, reason, actor));
    return { flight: await one(db, id, lang, null), notified };
  },
};
