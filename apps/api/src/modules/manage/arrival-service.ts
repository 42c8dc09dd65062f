import { inArray } from 'drizzle-orm';
import {
  formatMoney,
  pickText,
  receiptTotals,
  storageUntilFor,
  type TArriveResult,
  type TLang,
  type TManageParcel,
  type TScanResult,
} from '@portal/contract';
import type { Db } from '../../db/client';
import { branches } from '../../db/schema';
import { parcels, type Actor } from '../parcels/parcels-service';
import { statusIds } from '../parcels/parcel-statuses';
import { parcelsRepository } from '../parcels/parcels-repository';
import type { BranchRow } from '../branches/branches-repository';
import { customsReasonText } from '../notifications/notification-texts';
import { manageText } from './manage-messages';
import { manageRepository } from './manage-repository';
import { toManageParcel } from './parcel-view';
import { scannedCodes } from './scan-resolve';
import { weightsService } from '../weights/weights-service';

/** What an arrived parcel costs at the counter (price + insurance premium: the contract's one rule), major units. */
const chargeOf = (p: TManageParcel) => receiptTotals([{ price: p.price, weight: 0, insurance: p.insurance_premium }]).total;

export const arrivalService = {
  /**
   * Receives scanned parcels at a branch in one transaction. Each in_transit parcel addressed here becomes at_branch
   * with price = chargeable weight × this branch's tariff (rounded half up to the minor unit, in its currency) and
   * storage until today + storage days in the branch's time zone. A parcel addressed elsewhere is only accepted with
   * `otherBranch` and its reason (re-addressed here; that branch's worklist, the history and the audit keep where it
   * was going and why, and the owner is told their pickup branch changed).
   */
  async arrive(
    db: Db,
    branch: BranchRow,
    codes: string[],
    /** Accept parcels addressed to other branches, saying why (the contract requires the reason with the flag). */
    otherBranch: { reason: string } | null,
    actor: Actor,
    lang: TLang,
    /** The single parcel's weight on the branch's scale (ADR 089): recorded as its branch weighing once it arrived. */
    branchWeight?: number,
  ): Promise<TArriveResult> {
    const unique = [...new Set(await scannedCodes(db, codes))];
    const storageUntil = storageUntilFor(new Date(), branch.timeZone, branch.storageDays);
    return db.transaction(async (tx) => {
      const ids = await statusIds(tx);
      const found = await parcelsRepository.lockByCodes(tx, unique);
      const byCode = new Map(found.map((o) => [o.trackCode, o]));
      const otherBranchIds = [...new Set(found.map((o) => o.branchId).filter((b): b is number => b !== null && b !== branch.id))];
      const otherBranches = otherBranchIds.length
        ? await tx.select({ id: branches.id, name: branches.name }).from(branches).where(inArray(branches.id, otherBranchIds))
        : [];
      const otherName = new Map(otherBranches.map((b) => [b.id, pickText(b.name, lang)]));

      const results = new Map<string, TScanResult>();
      const toMove: number[] = [];
      const redirected = new Map<number, number>();
      for (const code of unique) {
        const o = byCode.get(code);
        if (!o) {
          results.set(code, { track_code: code, outcome: 'not_found', message: manageText('not_found', lang), parcel: null });
          continue;
        }
        if (o.statusId === ids.at_branch && o.branchId === branch.id) {
          results.set(code, { track_code: code, outcome: 'already_done', message: manageText('already_arrived', lang), parcel: null });
          continue;
        }
        if (o.statusId !== ids.in_transit) {
          results.set(code, { track_code: code, outcome: 'wrong_status', message: '', parcel: null });
          continue;
        }
        if (o.userId === null) {
          results.set(code, { track_code: code, outcome: 'unclaimed', message: manageText('unclaimed', lang), parcel: null });
          continue;
        }
        if (o.customsHeldAt !== null) {
          // Held by customs (ADR 085): it waits in transit until released; the row is locked, so no release slips in.
          const reason = customsReasonText(o.customsHoldReason ?? 'other', null, lang);
          results.set(code, {
            track_code: code,
            outcome: 'customs_held',
            message: manageText('customs_held', lang, { reason }),
            parcel: null,
          });
          continue;
        }
        if (o.branchId !== null && o.branchId !== branch.id) {
          if (!otherBranch) {
            const name = otherName.get(o.branchId) ?? '';
            results.set(code, {
              track_code: code,
              outcome: 'other_branch',
              message: manageText('other_branch', lang, { branch: name }),
              parcel: null,
              addressed_to: { id: o.branchId, name },
            });
            continue;
          }
          redirected.set(o.id, o.branchId);
        }
        toMove.push(o.id);
      }

      const moved = await parcels.arrive(tx, toMove, branch, storageUntil, actor, { from: redirected, reason: otherBranch?.reason ?? '' });
      // Weighed at the counter as it arrived: the weights module compares it with the China weight (and may reprice).
      const weighed =
        branchWeight !== undefined && moved.length === 1 && actor.userId !== null
          ? await weightsService.record(tx, moved[0]!.id, branchWeight, branch, { ...actor, userId: actor.userId })
          : null;

      // Every scanned code gets its parcel as it is now.
      const rows = await manageRepository.parcelsByCodes(tx, unique);
      const views = new Map(rows.map((r) => [r.order.trackCode, toManageParcel(r, lang)]));
      const movedIds = new Set(moved.map((o) => o.id));
      const out: TScanResult[] = unique.map((code) => {
        const parcel = views.get(code) ?? null;
        if (parcel && movedIds.has(parcel.id)) {
          const from = redirected.get(parcel.id);
          return {
            track_code: code,
            outcome: 'moved',
            message:
              from !== undefined
                ? `${manageText('moved_redirected', lang, { branch: otherName.get(from) || '—' })}. ${manageText('moved_at_branch', lang, { price: formatMoney(chargeOf(parcel), parcel.currency, lang), until: storageUntil })}`
                : manageText('moved_at_branch', lang, {
                    price: formatMoney(chargeOf(parcel), parcel.currency, lang),
                    until: storageUntil,
                  }),
            parcel,
          };
        }
        const r = results.get(code) ?? { track_code: code, outcome: 'wrong_status' as const, message: '', parcel: null };
        const withParcel = { ...r, parcel };
        if (r.outcome === 'wrong_status') withParcel.message = manageText('wrong_status', lang, { status: parcel?.status_name ?? '' });
        return withParcel;
      });
      const movedCount = out.filter((r) => r.outcome === 'moved').length;
      const counts = { moved: movedCount, skipped: out.length - movedCount };
      const check = weighed ? await weightsService.ofOrder(tx, weighed.orderId, lang) : null;
      return check ? { counts, results: out, weight_check: check } : { counts, results: out };
    });
  },
};
