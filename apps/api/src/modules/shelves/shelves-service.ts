import {
  formatParcelNumber,
  LOCATION_LIMITS,
  type TCreateLocationsRequest,
  type TLocation,
  type TPickLine,
  type TPlaceParcel,
  type TSuggestShelf,
  type TUnshelvedResponse,
} from '@portal/contract';
import { inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import { recordAudit, type AuditActor } from '../audit/audit';
import type { BranchRow } from '../branches/branches-repository';
import { branchesRepository } from '../branches/branches-repository';
import { statusIds } from '../parcels/parcel-statuses';
import { scannedParcel, scannedShelf, type ScannedParcel } from './shelf-scans';
import { shelfRef, shelvesRepository, walkOrder, type LocationRow } from './shelves-repository';

export interface ShelvesActor {
  userId: number;
  audit: AuditActor;
}

const toLocation = (l: LocationRow & { parcels: number }): TLocation => ({
  ...shelfRef(l),
  branch_id: l.branchId,
  active: l.active,
  parcels: l.parcels,
});

/**
 * Where parcels should go (ADR 083): a parcel joins the shelf where most of its owner's other waiting parcels are;
 * otherwise the least-filled active shelf (ties in walking order; the fill counts the places kept, which the hand-over
 * releases and each placement prunes of parcels no longer waiting). Parcels planned together count as they are
 * planned, so one customer's new parcels land together and a batch spreads over the emptiest shelves.
 */
async function plan(db: DbOrTx, branchId: number, list: { id: number; userId: number | null }[]): Promise<Map<number, LocationRow | null>> {
  const ids = await statusIds(db);
  const out = new Map<number, LocationRow | null>();
  const owners = [...new Set(list.map((p) => p.userId).filter((u): u is number => u !== null))];
  const theirs = await shelvesRepository.ownersShelves(
    db,
    branchId,
    ids.at_branch,
    owners,
    list.map((p) => p.id),
  );
  const ownerShelf = new Map<number, { location: LocationRow; n: number }>();
  for (const r of theirs) {
    const best = ownerShelf.get(r.userId!);
    if (!best || r.n > best.n || (r.n === best.n && walkOrder(r.location, best.location) < 0))
      ownerShelf.set(r.userId!, { location: r.location, n: r.n });
  }
  // The shelves' fill is read only when a parcel has no shelf of its owner's to join (the costlier query).
  const needFill = list.some((p) => p.userId === null || !ownerShelf.has(p.userId));
  const shelves = needFill ? await shelvesRepository.activeFill(db, branchId) : [];
  for (const p of list) {
    const own = p.userId !== null ? ownerShelf.get(p.userId) : undefined;
    if (own) {
      out.set(p.id, own.location);
      continue;
    }
    if (!shelves.length) {
      out.set(p.id, null);
      continue;
    }
    const chosen = shelves.reduce((a, b) => (b.parcels < a.parcels ? b : a));
    chosen.parcels += 1;
    if (p.userId !== null) ownerShelf.set(p.userId, { location: chosen, n: 1 });
    out.set(p.id, chosen);
  }
  return out;
}

function assertWaitingHere(p: ScannedParcel, branchId: number, atBranch: number) {
  if (p.statusId !== atBranch || p.branchId !== branchId) throw new AppError('parcel_not_here');
}

export const shelvesService = {
  async locations(db: Db, branchId: number): Promise<TLocation[]> {
    if (!(await branchesRepository.findById(db, branchId))) throw notFound();
    const ids = await statusIds(db);
    return (await shelvesRepository.locationsWithCounts(db, branchId, ids.at_branch)).map(toLocation);
  },

  /** Bulk create "zone A, racks 1–10, shelves 1–4" (existing ones kept, deactivated ones active again), audited. */
  async createLocations(db: Db, branchId: number, input: TCreateLocationsRequest, actor: ShelvesActor) {
    if (!(await branchesRepository.findById(db, branchId))) throw notFound();
    const zone = input.zone.toUpperCase();
    const rows: { branchId: number; zone: string; rack: number; shelf: number }[] = [];
    for (let rack = input.racks.from; rack <= input.racks.to; rack++)
      for (let shelf = input.shelves.from; shelf <= input.shelves.to; shelf++) rows.push({ branchId, zone, rack, shelf });
    if (rows.length > LOCATION_LIMITS.bulk) throw new AppError('validation_failed', { fields: { racks: ['validation.invalid_value'] } });
    return db.transaction(async (tx) => {
      const done = await shelvesRepository.createLocations(tx, rows);
      await recordAudit(tx, {
        actor: actor.audit,
        action: 'location.create',
        targetType: 'branch',
        targetId: branchId,
        after: { zone, racks: `${input.racks.from}–${input.racks.to}`, shelves: `${input.shelves.from}–${input.shelves.to}`, ...done },
      });
      return done;
    });
  },

  /** Deactivate (never delete: its parcels keep their place until moved) or make active again, audited. */
  async setActive(db: Db, branchId: number, locationId: number, active: boolean, actor: ShelvesActor): Promise<TLocation> {
    return db.transaction(async (tx) => {
      const before = await shelvesRepository.location(tx, branchId, locationId);
      if (!before) throw notFound();
      const row = (await shelvesRepository.setActive(tx, branchId, locationId, active))!;
      await recordAudit(tx, {
        actor: actor.audit,
        action: 'location.update',
        targetType: 'location',
        targetId: locationId,
        before: { shelf: shelfRef(before).label, active: before.active },
        after: { shelf: shelfRef(row).label, active },
      });
      const ids = await statusIds(tx);
      const counted = (await shelvesRepository.locationsWithCounts(tx, branchId, ids.at_branch)).find((l) => l.id === locationId)!;
      return toLocation(counted);
    });
  },

  /** Parcels waiting here without a shelf, each with its suggested shelf (planned together). */
  async unshelved(db: Db, branch: BranchRow): Promise<TUnshelvedResponse['data']> {
    const ids = await statusIds(db);
    const { rows, total } = await shelvesRepository.unshelved(db, branch.id, ids.at_branch, 200);
    // Oldest first for the plan (as they came off the truck), newest first on screen.
    const planned = await plan(db, branch.id, [...rows].reverse());
    const codes = new Map<number, string>();
    const owners = [...new Set(rows.map((r) => r.userId).filter((u): u is number => u !== null))];
    if (owners.length)
      for (const u of await db.select({ id: users.id, code: users.clientCode }).from(users).where(inArray(users.id, owners)))
        codes.set(u.id, u.code);
    return {
      total,
      parcels: rows.map((r) => {
        const s = planned.get(r.id);
        return {
          order_id: r.id,
          track_code: r.trackCode,
          number: formatParcelNumber(r.id),
          client_code: r.userId !== null ? (codes.get(r.userId) ?? null) : null,
          arrived_at: r.arrivedAt?.toISOString() ?? null,
          suggested: s ? shelfRef(s) : null,
        };
      }),
    };
  },

  /** The suggestion for one scanned parcel, and where it sits now. */
  async suggest(db: Db, branch: BranchRow, text: string): Promise<TSuggestShelf> {
    const parcel = await scannedParcel(db, text);
    const ids = await statusIds(db);
    assertWaitingHere(parcel, branch.id, ids.at_branch);
    const current = (await shelvesRepository.placesOf(db, branch.id, [parcel.id])).get(parcel.id);
    const suggested = current ?? (await plan(db, branch.id, [parcel])).get(parcel.id) ?? null;
    return {
      order_id: parcel.id,
      track_code: parcel.trackCode,
      current: current ? shelfRef(current) : null,
      suggested: suggested ? shelfRef(suggested) : null,
    };
  },

  /**
   * Shelving and moving by scan (ADR 083): the parcel goes on the shelf scanned, whatever was suggested (the answer
   * says whether it matched, the screen shows it: the record follows where the box physically is). Two clerks at once:
   * the parcel has one place, the later write's; both are audited.
   */
  async place(db: Db, branch: BranchRow, input: { parcel: string; shelf: string }, actor: ShelvesActor): Promise<TPlaceParcel> {
    return db.transaction(async (tx) => {
      const ids = await statusIds(tx);
      const parcel = await scannedParcel(tx, input.parcel);
      assertWaitingHere(parcel, branch.id, ids.at_branch);
      const shelf = await scannedShelf(tx, branch.id, input.shelf);
      if (!shelf.active) throw new AppError('shelf_inactive');
      const previous = (await shelvesRepository.placesOf(tx, branch.id, [parcel.id])).get(parcel.id) ?? null;
      const suggested = previous ? null : ((await plan(tx, branch.id, [parcel])).get(parcel.id) ?? null);
      await shelvesRepository.place(tx, parcel.id, shelf.id, actor.userId);
      await shelvesRepository.clearMissing(tx, parcel.id);
      await shelvesRepository.pruneShelf(tx, shelf.id, branch.id, ids.at_branch);
      await recordAudit(tx, {
        actor: actor.audit,
        action: 'shelf.place',
        targetType: 'parcel',
        targetId: parcel.id,
        before: previous ? { shelf: shelfRef(previous).label } : undefined,
        after: { shelf: shelfRef(shelf).label, track_code: parcel.trackCode },
      });
      return {
        order_id: parcel.id,
        track_code: parcel.trackCode,
        shelf: shelfRef(shelf),
        previous: previous ? shelfRef(previous) : null,
        suggested: suggested ? shelfRef(suggested) : null,
        // A move has no suggestion: it goes where the clerk put it.
        matches_suggestion: !suggested || suggested.id === shelf.id,
      };
    });
  },

  /** Parcels handed over leave their shelves (the hand-over calls it in its transaction). */
  async release(tx: DbOrTx, orderIds: number[]): Promise<void> {
    await shelvesRepository.unplaceMany(tx, orderIds);
  },

  /**
   * The hand-over's pick list (the hand-over work calls it): the parcels in walking order of their shelves, those
   * without a place last (in the order given).
   */
  async pickList(db: DbOrTx, branchId: number, list: { id: number; track_code: string }[]): Promise<TPickLine[]> {
    const places = await shelvesRepository.placesOf(
      db,
      branchId,
      list.map((p) => p.id),
    );
    const lines = list.map((p, i) => ({ p, i, l: places.get(p.id) ?? null }));
    lines.sort((a, b) => (a.l && b.l ? walkOrder(a.l, b.l) || a.i - b.i : a.l ? -1 : b.l ? 1 : a.i - b.i));
    return lines.map(({ p, l }) => ({ order_id: p.id, track_code: p.track_code, shelf: l ? shelfRef(l) : null }));
  },
};
