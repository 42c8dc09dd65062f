import { eq, inArray } from 'drizzle-orm';
import {
  BAG_LIST_LIMIT,
  bagWeightCheck,
  formatBagNumber,
  pickText,
  type TBag,
  type TBagDetails,
  type TBagListQuery,
  type TBagScanResult,
  type TLang,
} from '@portal/contract';
import type { Db, DbOrTx } from '../../db/client';
import { branches, orders, orderStatuses } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import { recordAudit } from '../audit/audit';
import { branchesRepository } from '../branches/branches-repository';
import { flightsModule } from '../parcels/flights';
import { statusIds } from '../parcels/parcel-statuses';
import { parcels, type Actor } from '../parcels/parcels-service';
import { bagSettings } from '../settings/bag-settings';
import { bagsRepository, type BagRow } from './bags-repository';
import { bagDetails, bagText, toBag } from './bag-view';

/** The bag locked for this transaction, in one of `allowed` statuses (404 without it; 409 in another status). */
async function lockIn(tx: DbOrTx, id: number, allowed: BagRow['status'][]): Promise<BagRow> {
  const bag = await bagsRepository.lock(tx, id);
  if (!bag) throw notFound();
  if (!allowed.includes(bag.status)) {
    if (bag.status === 'open') throw new AppError('bag_not_sealed', { params: { bag: formatBagNumber(id) } });
    throw new AppError('bag_not_open', { params: { bag: formatBagNumber(id) } });
  }
  return bag;
}

const audit = (tx: DbOrTx, actor: Actor, action: string, bag: BagRow, after: Record<string, unknown>) =>
  actor.audit ? recordAudit(tx, { actor: actor.audit, action, targetType: 'bag', targetId: bag.id, after }) : undefined;

/**
 * The warehouse's bag work (issue 35, ADR 082). Every change takes the bag's row lock first (`lockIn`), so a seal and
 * a scan racing are one after the other: a parcel is either in the sealed bag (and weighed with it) or refused.
 * Parcels change status only through the parcels module (dispatch).
 */
export const bagsService = {
  async list(db: Db, filter: TBagListQuery, lang: TLang): Promise<TBag[]> {
    const [rows, now] = await Promise.all([bagsRepository.list(db, filter, BAG_LIST_LIMIT), bagSettings.get(db)]);
    return rows.map((r) => toBag(r, now, lang));
  },

  details: (db: Db, id: number, lang: TLang) => bagDetails(db, id, lang),

  async open(db: Db, branchId: number, actor: Actor, lang: TLang): Promise<TBagDetails> {
    const branch = await branchesRepository.findById(db, branchId);
    if (!branch) throw new AppError('validation_failed', { fields: { branch_id: ['validation.invalid_value'] } });
    const id = await db.transaction(async (tx) => {
      const id = await bagsRepository.insert(tx, branch.id, actor.userId);
      if (actor.audit)
        await recordAudit(tx, { actor: actor.audit, action: 'bag.open', targetType: 'bag', targetId: id, after: { branch_id: branch.id } });
      return id;
    });
    return bagDetails(db, id, lang);
  },

  /**
   * Scanned parcels into an open bag: only received parcels (at the China warehouse, owned) addressed to the bag's
   * branch and in no other bag. Each code gets its outcome in the clerk's language; the bag comes back as it is now.
   */
  async scanIn(db: Db, id: number, codes: string[], actor: Actor, lang: TLang): Promise<{ results: TBagScanResult[]; bag: TBagDetails }> {
    const results = await db.transaction(async (tx) => {
      const bag = await lockIn(tx, id, ['open']);
      const scanned = await parcels.resolveScans(tx, codes);
      const trackCodes = [...scanned.values()].flatMap((s) => ('trackCode' in s ? [s.trackCode] : []));
      const found = trackCodes.length
        ? await tx
            .select({
              id: orders.id,
              trackCode: orders.trackCode,
              statusId: orders.statusId,
              statusName: orderStatuses.name,
              userId: orders.userId,
              branchId: orders.branchId,
            })
            .from(orders)
            .innerJoin(orderStatuses, eq(orderStatuses.id, orders.statusId))
            .where(inArray(orders.trackCode, trackCodes))
        : [];
      const byCode = new Map(found.map((o) => [o.trackCode, o]));
      const ids = await statusIds(tx);
      const inBags = await bagsRepository.bagsOf(
        tx,
        found.map((o) => o.id),
      );
      const otherBranchIds = [...new Set(found.map((o) => o.branchId).filter((b): b is number => b !== null && b !== bag.branchId))];
      const names = new Map(
        otherBranchIds.length
          ? (await tx.select({ id: branches.id, name: branches.name }).from(branches).where(inArray(branches.id, otherBranchIds))).map(
              (b) => [b.id, pickText(b.name, lang)],
            )
          : [],
      );

      const out: TBagScanResult[] = [];
      const toAdd = new Map<number, string>();
      const say = (code: string, outcome: TBagScanResult['outcome'], params?: Record<string, string | number>) =>
        out.push({ code, outcome, message: bagText(`scan.${outcome}`, lang, params) });
      for (const code of [...new Set(codes)]) {
        const s = scanned.get(code);
        if (!s || 'unknown' in s) {
          say(code, 'not_found');
          continue;
        }
        if ('invalid' in s) {
          say(code, 'invalid_number');
          continue;
        }
        const o = byCode.get(s.trackCode);
        if (!o) say(code, 'not_found');
        else if (inBags.has(o.id) || toAdd.has(o.id)) {
          const other = inBags.get(o.id);
          if (other === undefined || other === bag.id) say(code, 'already_in_bag');
          else say(code, 'in_other_bag', { bag: formatBagNumber(other) });
        } else if (o.statusId !== ids.china_warehouse) say(code, 'wrong_status', { status: pickText(o.statusName, lang) });
        else if (o.userId === null || o.branchId === null) say(code, 'unclaimed');
        else if (o.branchId !== bag.branchId) say(code, 'other_branch', { branch: names.get(o.branchId) ?? '—' });
        else toAdd.set(o.id, code);
      }
      const added = await bagsRepository.add(tx, bag.id, [...toAdd.keys()], actor.userId);
      // Another bag took a parcel between our look and our insert: the unique index decided, the clerk is told where.
      const lost = [...toAdd.keys()].filter((o) => !added.has(o));
      const nowIn = await bagsRepository.bagsOf(tx, lost);
      for (const [orderId, code] of toAdd) {
        if (added.has(orderId)) say(code, 'added');
        else say(code, 'in_other_bag', { bag: formatBagNumber(nowIn.get(orderId) ?? bag.id) });
      }
      const order = new Map([...new Set(codes)].map((c, i) => [c, i]));
      return out.sort((a, b) => order.get(a.code)! - order.get(b.code)!);
    });
    return { results, bag: await bagDetails(db, id, lang) };
  },

  async remove(db: Db, id: number, orderId: number, actor: Actor, lang: TLang): Promise<TBagDetails> {
    await db.transaction(async (tx) => {
      const bag = await lockIn(tx, id, ['open']);
      if (!(await bagsRepository.remove(tx, id, orderId))) throw notFound();
      await audit(tx, actor, 'bag.remove', bag, { order_id: orderId });
    });
    return bagDetails(db, id, lang);
  },

  async weigh(db: Db, id: number, grams: number, _actor: Actor, lang: TLang): Promise<TBagDetails> {
    await db.transaction(async (tx) => {
      await lockIn(tx, id, ['open']);
      await bagsRepository.set(tx, id, { weighedGrams: grams });
    });
    return bagDetails(db, id, lang);
  },

  /**
   * Seals the bag when its weighed total is within the tolerance of its parcels + tare (the admin's settings now,
   * kept on the bag). Under the bag's lock: a parcel added at the same moment is either weighed in or refused.
   */
  async seal(db: Db, id: number, actor: Actor, lang: TLang): Promise<TBagDetails> {
    await db.transaction(async (tx) => {
      const bag = await lockIn(tx, id, ['open']);
      const { parcels: count, grams } = await bagsRepository.weight(tx, id);
      if (!count) throw new AppError('bag_empty');
      if (bag.weighedGrams === null) throw new AppError('bag_not_weighed');
      const t = await bagSettings.get(tx);
      const check = bagWeightCheck(grams, bag.weighedGrams, t);
      if (!check.ok)
        throw new AppError('bag_weight_out_of_tolerance', {
          params: { weighed: bag.weighedGrams, expected: check.expected_grams, allowed: check.allowed_grams },
        });
      await bagsRepository.set(tx, id, {
        status: 'sealed',
        tareGrams: t.tare_grams,
        toleranceGrams: t.tolerance_grams,
        toleranceBp: t.tolerance_bp,
        sealedAt: new Date(),
        sealedBy: actor.userId,
      });
      await audit(tx, actor, 'bag.seal', bag, { parcels: count, weighed_grams: bag.weighedGrams, expected_grams: check.expected_grams });
    });
    return bagDetails(db, id, lang);
  },

  /** A sealed bag opened again (a parcel must come out): it has to be weighed and sealed again. */
  async reopen(db: Db, id: number, actor: Actor, lang: TLang): Promise<TBagDetails> {
    await db.transaction(async (tx) => {
      const bag = await lockIn(tx, id, ['sealed']);
      await bagsRepository.set(tx, id, {
        status: 'open',
        weighedGrams: null,
        tareGrams: null,
        toleranceGrams: null,
        toleranceBp: null,
        sealedAt: null,
        sealedBy: null,
      });
      await audit(tx, actor, 'bag.reopen', bag, {});
    });
    return bagDetails(db, id, lang);
  },

  /**
   * The sealed bag on a flight that goes to its branch: all its parcels dispatched on it through the parcels module,
   * in one transaction. If any of them can no longer be dispatched, nothing moves (409 bag_parcels_changed).
   */
  async dispatch(db: Db, id: number, flightId: number, actor: Actor, lang: TLang): Promise<TBagDetails> {
    await parcels.dispatchTransaction(db, async (tx) => {
      const bag = await lockIn(tx, id, ['sealed']);
      const branchIds = await flightsModule.branchIds(tx, flightId);
      if (!branchIds.length) throw notFound();
      if (!branchIds.includes(bag.branchId)) {
        const branch = await branchesRepository.findById(tx as Db, bag.branchId);
        throw new AppError('bag_not_on_flight', { params: { branch: branch ? pickText(branch.name, lang) : '—' } });
      }
      const itemIds = await bagsRepository.itemIds(tx, id);
      const moved = await parcels.dispatch(
        tx,
        inArray(orders.id, itemIds),
        actor,
        { bag_id: id },
        { id: flightId, branchIds: [bag.branchId] },
      );
      if (moved.length !== itemIds.length) throw new AppError('bag_parcels_changed');
      await bagsRepository.set(tx, id, { status: 'dispatched', flightId, dispatchedAt: new Date() });
      await audit(tx, actor, 'bag.dispatch', bag, { flight_id: flightId, parcels: moved.length });
    });
    return bagDetails(db, id, lang);
  },
};
