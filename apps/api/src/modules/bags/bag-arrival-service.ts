import { inArray } from 'drizzle-orm';
import { normalizeTrackCode, parseNumber, pickText, storageUntilFor, type TBagArrival, type TLang } from '@portal/contract';
import type { Db, DbOrTx } from '../../db/client';
import { orders } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import { recordAudit } from '../audit/audit';
import type { BranchRow } from '../branches/branches-repository';
import { branchesRepository } from '../branches/branches-repository';
import { statusIds } from '../parcels/parcel-statuses';
import { parcels, type Actor } from '../parcels/parcels-service';
import { bagSettings } from '../settings/bag-settings';
import { bagsRepository, type BagRow } from './bags-repository';
import { bagText, toBag, toBagParcel } from './bag-view';

type Found = TBagArrival['results'][number];

/** The bag at the branch as the screen lists it: found, missing (in the bag, not scanned), extra (scanned, not in it). */
async function state(db: DbOrTx, bag: BagRow, lang: TLang): Promise<Omit<TBagArrival, 'message' | 'arrived_now' | 'results'>> {
  // One after the other: inside a transaction there is one connection.
  const [row] = await bagsRepository.list(db, { id: bag.id }, 1);
  const items = await bagsRepository.parcels(db, [bag.id]);
  const now = await bagSettings.get(db);
  const views = items.map((p) => toBagParcel(p, lang));
  const extraCodes = bag.extraCodes;
  const extraRows = extraCodes.length
    ? await db.select({ id: orders.id, code: orders.trackCode }).from(orders).where(inArray(orders.trackCode, extraCodes))
    : [];
  const extraBags = await bagsRepository.bagsOf(
    db,
    extraRows.map((r) => r.id),
  );
  const extraParcels = new Map(
    (await bagsRepository.parcels(db, [...new Set(extraBags.values())])).map((p) => [p.trackCode, toBagParcel(p, lang)]),
  );
  return {
    bag: toBag(row!, now, lang),
    found: views.filter((p) => p.found),
    missing: views.filter((p) => !p.found),
    extra: extraCodes.map((code) => ({ code, parcel: extraParcels.get(code) ?? null })),
  };
}

/** The bag a scanned text names: a G… number with a right check digit (422 misread or not a bag's number; 404 none). */
function bagIdOf(text: string): number {
  const parsed = parseNumber(normalizeTrackCode(text));
  if (!parsed || parsed.kind !== 'bag') throw new AppError('bag_number_unknown');
  if ('invalid' in parsed) throw new AppError('bag_number_invalid');
  return parsed.id;
}

/**
 * A bag's arrival at its branch (issue 35, ADR 082). One scan of the bag's number makes all its parcels arrive through
 * the parcels module, in one transaction under the bag's row lock: two clerks scanning it at once are one after the
 * other, the second sees "already arrived" and no parcel arrives twice (the parcels' guarded UPDATE would refuse it
 * too). Then the clerk scans what is in the bag: each parcel of it is found once; anything else known is listed extra.
 */
export const bagArrivalService = {
  async arrive(db: Db, branch: BranchRow, code: string, actor: Actor, lang: TLang): Promise<TBagArrival> {
    const id = bagIdOf(code);
    const storageUntil = storageUntilFor(new Date(), branch.timeZone, branch.storageDays);
    return db.transaction(async (tx) => {
      const bag = await bagsRepository.lock(tx, id);
      if (!bag) throw new AppError('bag_not_found');
      if (bag.branchId !== branch.id) {
        const to = await branchesRepository.findById(tx as Db, bag.branchId);
        throw new AppError('bag_other_branch', { params: { branch: to ? pickText(to.name, lang) : '—' } });
      }
      if (bag.status === 'open' || bag.status === 'sealed') throw new AppError('bag_not_dispatched');
      if (bag.status === 'arrived') {
        return {
          ...(await state(tx, bag, lang)),
          outcome: 'already_arrived',
          message: bagText('already_arrived', lang),
          arrived_now: 0,
          results: [],
        };
      }
      const ids = await statusIds(tx);
      const itemIds = await bagsRepository.itemIds(tx, id);
      const onWayRows = itemIds.length
        ? (
            await tx
              .select({ id: orders.id, statusId: orders.statusId, branchId: orders.branchId, heldAt: orders.customsHeldAt })
              .from(orders)
              .where(inArray(orders.id, itemIds))
          ).filter((o) => o.statusId === ids.in_transit && o.branchId === branch.id)
        : [];
      const onWay = onWayRows.map((o) => o.id);
      const moved = await parcels.arrive(tx, onWay, branch, storageUntil, actor);
      const movedIds = new Set(moved.map((o) => o.id));
      const held = onWayRows.filter((o) => !movedIds.has(o.id) && o.heldAt !== null).length;
      const at = new Date();
      await bagsRepository.set(tx, id, { status: 'arrived', arrivedAt: at, arrivedBy: actor.userId });
      if (actor.audit)
        await recordAudit(tx, {
          actor: actor.audit,
          action: 'bag.arrive',
          targetType: 'bag',
          targetId: id,
          after: { branch_id: branch.id, parcels: itemIds.length, arrived: moved.length },
        });
      const after = { ...bag, status: 'arrived' as const, arrivedAt: at };
      return {
        ...(await state(tx, after, lang)),
        outcome: 'arrived',
        // Parcels held by customs stay in transit (arrive refuses them, ADR 085): the message says how many.
        message: [
          bagText('arrived', lang, { count: moved.length, total: itemIds.length }),
          ...(held > 0 ? [bagText('arrived_held', lang, { count: held })] : []),
        ].join('. '),
        arrived_now: moved.length,
        results: [],
      };
    });
  },

  /** Parcels scanned as found in the arrived bag; the lists as they are after. Someone else's bag → 404. */
  async found(db: Db, branch: BranchRow, id: number, codes: string[], lang: TLang): Promise<TBagArrival> {
    return db.transaction(async (tx) => {
      const bag = await bagsRepository.lock(tx, id);
      if (!bag || bag.branchId !== branch.id) throw notFound();
      if (bag.status !== 'arrived') throw new AppError('bag_not_arrived');
      const scanned = await parcels.resolveScans(tx, codes);
      const trackCodes = [...scanned.values()].flatMap((s) => ('trackCode' in s ? [s.trackCode] : []));
      const known = trackCodes.length
        ? await tx.select({ id: orders.id, code: orders.trackCode }).from(orders).where(inArray(orders.trackCode, trackCodes))
        : [];
      const idOf = new Map(known.map((o) => [o.code, o.id]));
      const mine = new Set(await bagsRepository.itemIds(tx, id));
      const results: Found[] = [];
      const say = (code: string, outcome: Found['outcome']) => results.push({ code, outcome, message: bagText(`found.${outcome}`, lang) });
      const toMark: number[] = [];
      const extras = new Set(bag.extraCodes);
      const pending: [string, number][] = [];
      for (const code of [...new Set(codes)]) {
        const s = scanned.get(code);
        if (s && 'invalid' in s) say(code, 'invalid_number');
        else if (!s || 'unknown' in s || !idOf.has(s.trackCode)) say(code, 'not_found');
        else {
          const orderId = idOf.get(s.trackCode)!;
          if (mine.has(orderId)) {
            toMark.push(orderId);
            pending.push([code, orderId]);
          } else {
            extras.add(s.trackCode);
            say(code, 'extra');
          }
        }
      }
      const marked = await bagsRepository.markFound(tx, id, toMark);
      const seen = new Set<number>();
      for (const [code, orderId] of pending) {
        say(code, marked.has(orderId) && !seen.has(orderId) ? 'found' : 'already_found');
        seen.add(orderId);
      }
      const extraCodes = [...extras];
      if (extraCodes.length !== bag.extraCodes.length) await bagsRepository.set(tx, id, { extraCodes });
      const order = new Map([...new Set(codes)].map((c, i) => [c, i]));
      results.sort((a, b) => order.get(a.code)! - order.get(b.code)!);
      return { ...(await state(tx, { ...bag, extraCodes }, lang)), message: '', arrived_now: 0, results };
    });
  },
};
