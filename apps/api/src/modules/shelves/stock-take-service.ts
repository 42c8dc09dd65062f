import {
  formatParcelNumber,
  STOCK_TAKE_DECISIONS,
  type TMissingParcel,
  type TStockTake,
  type TStockTakeDecision,
  type TStockTakeDifference,
  type TStockTakes,
  type TStockTakeScan,
} from '@portal/contract';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { recordAudit } from '../audit/audit';
import type { BranchRow } from '../branches/branches-repository';
import { statusIds } from '../parcels/parcel-statuses';
import { scannedParcel, shelfOf } from './shelf-scans';
import { shelfRef, shelvesRepository } from './shelves-repository';
import type { ShelvesActor } from './shelves-service';
import { stockTakeRepository, type DifferenceRow, type NewDifference, type StockTakeRow } from './stock-take-repository';

async function differencesView(db: DbOrTx, stockTakeId: number, differenceId?: number): Promise<TStockTakeDifference[]> {
  const rows = await stockTakeRepository.differences(db, stockTakeId, differenceId);
  const locs = await stockTakeRepository.locationsById(db, [
    ...new Set(rows.flatMap((r) => [r.d.expectedLocationId, r.d.foundLocationId]).filter((x): x is number => x !== null)),
  ]);
  const ref = (id: number | null) => (id !== null && locs.get(id) ? shelfRef(locs.get(id)!) : null);
  return rows.map(({ d, trackCode }) => ({
    id: d.id,
    kind: d.kind,
    order_id: d.orderId,
    track_code: trackCode,
    number: formatParcelNumber(d.orderId),
    expected: ref(d.expectedLocationId),
    found: ref(d.foundLocationId),
    not_here: d.notHere,
    decision: d.decision,
    decided_at: d.decidedAt?.toISOString() ?? null,
  }));
}

async function view(db: DbOrTx, row: StockTakeRow): Promise<TStockTake> {
  const counts = (await stockTakeRepository.scanCounts(db, [row.id])).get(row.id) ?? { parcels: 0, shelves: 0 };
  return {
    id: row.id,
    branch_id: row.branchId,
    zone: row.zone,
    started_at: row.startedAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
    scanned_parcels: counts.parcels,
    scanned_shelves: counts.shelves,
    // Blind while open: nothing of what is expected is shown before the finish.
    differences: row.finishedAt ? await differencesView(db, row.id) : [],
  };
}

async function openCount(db: DbOrTx, branch: BranchRow, id: number): Promise<StockTakeRow> {
  const row = await stockTakeRepository.get(db, branch.id, id, { lock: 'share' });
  if (!row) throw notFound();
  if (row.finishedAt) throw new AppError('stock_take_finished');
  return row;
}

/** The blind count of a zone (ADR 083): start, scan, finish → differences, each decided once and audited. */
export const stockTakeService = {
  async list(db: Db, branch: BranchRow): Promise<TStockTakes> {
    const rows = await stockTakeRepository.list(db, branch.id);
    const ids = rows.map((r) => r.id);
    const [counts, open] = [await stockTakeRepository.scanCounts(db, ids), await stockTakeRepository.openDifferences(db, ids)];
    return {
      zones: await shelvesRepository.zones(db, branch.id),
      counts: rows.map((r) => ({
        id: r.id,
        branch_id: r.branchId,
        zone: r.zone,
        started_at: r.startedAt.toISOString(),
        finished_at: r.finishedAt?.toISOString() ?? null,
        scanned_parcels: counts.get(r.id)?.parcels ?? 0,
        scanned_shelves: counts.get(r.id)?.shelves ?? 0,
        open_differences: open.get(r.id) ?? 0,
      })),
    };
  },

  async get(db: Db, branch: BranchRow, id: number): Promise<TStockTake> {
    const row = await stockTakeRepository.get(db, branch.id, id);
    if (!row) throw notFound();
    return view(db, row);
  },

  /** One open count per zone: of two simultaneous starts one wins, the other is told to continue it (409). */
  async start(db: Db, branch: BranchRow, zone: string, actor: ShelvesActor): Promise<TStockTake> {
    const z = zone.toUpperCase();
    if (!(await shelvesRepository.zones(db, branch.id)).includes(z))
      throw new AppError('validation_failed', { fields: { zone: ['validation.invalid_value'] } });
    return db.transaction(async (tx) => {
      const row = await stockTakeRepository.start(tx, branch.id, z, actor.userId);
      if (!row) throw new AppError('stock_take_open');
      await recordAudit(tx, {
        actor: actor.audit,
        action: 'stock_take.start',
        targetType: 'stock_take',
        targetId: row.id,
        after: { zone: z },
      });
      return view(tx, row);
    });
  },

  /**
   * One scan: a shelf of the counted zone becomes the current shelf; a parcel is recorded on `shelfId`. The count is
   * read under a share lock, so a finish waits for scans in flight and no scan lands after it.
   */
  async scan(
    db: Db,
    branch: BranchRow,
    id: number,
    input: { code: string; shelfId?: number },
    actor: ShelvesActor,
  ): Promise<TStockTakeScan> {
    return db.transaction(async (tx) => {
      const count = await openCount(tx, branch, id);
      const shelf = await shelfOf(tx, branch.id, input.code);
      let result: Pick<TStockTakeScan, 'kind' | 'shelf' | 'track_code'>;
      if (shelf) {
        if (shelf.zone !== count.zone) throw new AppError('shelf_other_zone', { params: { zone: shelf.zone } });
        await stockTakeRepository.scanShelf(tx, id, shelf.id, actor.userId);
        result = { kind: 'shelf', shelf: shelfRef(shelf), track_code: null };
      } else {
        if (input.shelfId === undefined) throw new AppError('shelf_first');
        const on = await shelvesRepository.location(tx, branch.id, input.shelfId);
        if (!on) throw new AppError('shelf_not_found');
        if (on.zone !== count.zone) throw new AppError('shelf_other_zone', { params: { zone: on.zone } });
        const parcel = await scannedParcel(tx, input.code);
        await stockTakeRepository.scanShelf(tx, id, on.id, actor.userId);
        await stockTakeRepository.scanParcel(tx, id, on.id, parcel.id, actor.userId);
        result = { kind: 'parcel', shelf: shelfRef(on), track_code: parcel.trackCode };
      }
      const counts = (await stockTakeRepository.scanCounts(tx, [id])).get(id) ?? { parcels: 0, shelves: 0 };
      return { ...result, scanned_parcels: counts.parcels, scanned_shelves: counts.shelves };
    });
  },

  /**
   * Finish → differences: missing (expected on a shelf of the zone, not scanned), wrong shelf (scanned on another shelf
   * of the zone than recorded), extra (scanned, expected nowhere in the zone, or not waiting at this branch at all).
   */
  async finish(db: Db, branch: BranchRow, id: number, actor: ShelvesActor): Promise<TStockTake> {
    return db.transaction(async (tx) => {
      const existing = await stockTakeRepository.get(tx, branch.id, id);
      if (!existing) throw notFound();
      const row = await stockTakeRepository.finish(tx, id, actor.userId);
      if (!row) throw new AppError('stock_take_finished');
      const ids = await statusIds(tx);
      const expected = new Map(
        (await stockTakeRepository.expectedInZone(tx, branch.id, row.zone, ids.at_branch)).map((e) => [e.orderId, e.locationId]),
      );
      const scanned = await stockTakeRepository.scannedParcels(tx, id);
      const diffs: NewDifference[] = [];
      const seen = new Set<number>();
      const extras = scanned.filter((s) => !expected.has(s.orderId));
      const state = new Map(
        (
          await stockTakeRepository.parcelsState(
            tx,
            branch.id,
            extras.map((e) => e.orderId),
          )
        ).map((p) => [p.id, p]),
      );
      for (const s of scanned) {
        seen.add(s.orderId);
        const at = expected.get(s.orderId);
        if (at === undefined) {
          const p = state.get(s.orderId);
          const here = !!p && p.statusId === ids.at_branch && p.branchId === branch.id;
          diffs.push({
            stockTakeId: id,
            orderId: s.orderId,
            kind: 'extra',
            expectedLocationId: here ? (p.locationId ?? null) : null,
            foundLocationId: s.locationId,
            notHere: !here,
          });
        } else if (at !== s.locationId)
          diffs.push({ stockTakeId: id, orderId: s.orderId, kind: 'wrong_shelf', expectedLocationId: at, foundLocationId: s.locationId });
      }
      for (const [orderId, locationId] of expected)
        if (!seen.has(orderId))
          diffs.push({ stockTakeId: id, orderId, kind: 'missing', expectedLocationId: locationId, foundLocationId: null });
      await stockTakeRepository.addDifferences(tx, diffs);
      const by = (k: string) => diffs.filter((d) => d.kind === k).length;
      await recordAudit(tx, {
        actor: actor.audit,
        action: 'stock_take.finish',
        targetType: 'stock_take',
        targetId: id,
        after: {
          zone: row.zone,
          scanned: scanned.length,
          expected: expected.size,
          missing: by('missing'),
          extra: by('extra'),
          wrong_shelf: by('wrong_shelf'),
        },
      });
      return view(tx, row);
    });
  },

  /**
   * A difference's decision, once (the guarded UPDATE: a second decision 409), audited with the parcel: missing →
   * mark_missing (its place is removed, it goes to the Missing worklist) or found; extra → place_here (on the shelf
   * where it was found; only a parcel waiting here); wrong shelf → move (to where it was found).
   */
  async decide(db: Db, branch: BranchRow, id: number, differenceId: number, decision: TStockTakeDecision, actor: ShelvesActor) {
    return db.transaction(async (tx) => {
      const count = await stockTakeRepository.get(tx, branch.id, id);
      if (!count || !count.finishedAt) throw notFound();
      const [current] = await stockTakeRepository.differences(tx, id, differenceId);
      if (!current) throw notFound();
      const d: DifferenceRow = current.d;
      if (!(STOCK_TAKE_DECISIONS[d.kind] as readonly string[]).includes(decision)) throw new AppError('decision_not_allowed');
      if (decision === 'place_here' && d.notHere) throw new AppError('parcel_not_here');
      const decided = await stockTakeRepository.decide(tx, differenceId, decision, actor.userId);
      if (!decided) throw new AppError('stock_take_decided');
      if (decision === 'mark_missing') await shelvesRepository.unplace(tx, d.orderId);
      if (decision === 'place_here' || decision === 'move') {
        const ids = await statusIds(tx);
        const [p] = await stockTakeRepository.parcelsState(tx, branch.id, [d.orderId]);
        if (!p || p.statusId !== ids.at_branch || p.branchId !== branch.id) throw new AppError('parcel_not_here');
        await shelvesRepository.place(tx, d.orderId, d.foundLocationId!, actor.userId);
        await shelvesRepository.clearMissing(tx, d.orderId);
      }
      const [after] = await differencesView(tx, id, differenceId);
      await recordAudit(tx, {
        actor: actor.audit,
        action: 'stock_take.decide',
        targetType: 'parcel',
        targetId: d.orderId,
        after: {
          stock_take_id: id,
          kind: d.kind,
          decision,
          expected: after!.expected?.label ?? null,
          found: after!.found?.label ?? null,
          track_code: after!.track_code,
        },
      });
      return after!;
    });
  },

  async missing(db: Db, branch: BranchRow): Promise<TMissingParcel[]> {
    const ids = await statusIds(db);
    const rows = await stockTakeRepository.missing(db, branch.id, ids.at_branch);
    const locs = await stockTakeRepository.locationsById(db, [
      ...new Set(rows.map((r) => r.d.expectedLocationId).filter((x): x is number => x !== null)),
    ]);
    return rows.map(({ d, trackCode, clientCode }) => ({
      order_id: d.orderId,
      track_code: trackCode,
      number: formatParcelNumber(d.orderId),
      client_code: clientCode,
      last_shelf: d.expectedLocationId !== null && locs.get(d.expectedLocationId) ? shelfRef(locs.get(d.expectedLocationId)!) : null,
      stock_take_id: d.stockTakeId,
      marked_at: (d.decidedAt ?? new Date()).toISOString(),
    }));
  },
};
