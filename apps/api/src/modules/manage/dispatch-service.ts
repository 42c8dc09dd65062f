import { and, asc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import {
  MAX_DISPATCH_ALL,
  type TDispatchFilter,
  type TDispatchParcel,
  type TDispatchResult,
  type TLang,
  type TScanResult,
} from '@portal/contract';
import type { Db, DbOrTx } from '../../db/client';
import { orders } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { flightsModule } from '../parcels/flights';
import { parcels, type Actor } from '../parcels/parcels-service';
import { statusIds } from '../parcels/parcel-statuses';
import { containsPattern, manageRepository } from './manage-repository';
import { manageText } from './manage-messages';
import { toManageParcel } from './parcel-view';
import { scannedCodes } from './scan-resolve';

/** Owned parcels at the China warehouse matching the list filter (unclaimed ones have no destination and stay). */
async function dispatchableWhere(db: DbOrTx, filter: TDispatchFilter): Promise<SQL> {
  const ids = await statusIds(db);
  const conditions: SQL[] = [eq(orders.statusId, ids.china_warehouse), isNotNull(orders.userId)];
  if (filter.branch_id) conditions.push(eq(orders.branchId, filter.branch_id));
  if (filter.q) conditions.push(sql`upper(${orders.trackCode}) like ${containsPattern(filter.q.toUpperCase())}`);
  return and(...conditions)!;
}

export const dispatchService = {
  async list(
    db: Db,
    filter: TDispatchFilter,
    page: number,
    perPage: number,
    lang: TLang,
  ): Promise<{ items: TDispatchParcel[]; total: number }> {
    const where = await dispatchableWhere(db, filter);
    const [rows, total] = await Promise.all([
      manageRepository.parcels(db, where, {
        orderBy: [asc(orders.receivedAt), asc(orders.id)],
        limit: perPage,
        offset: (page - 1) * perPage,
      }),
      manageRepository.count(db, where),
    ]);
    // Which of them the customs gate would refuse (ADR 084): the screen marks them with the missing number's name.
    const gaps = await parcels.customsGaps(
      db,
      rows.map((r) => ({ id: r.order.id, trackCode: r.order.trackCode, userId: r.order.userId, branchId: r.order.branchId })),
    );
    const missing = new Map(gaps.map((g) => [g.id, g.missing]));
    return { items: rows.map((r) => ({ ...toManageParcel(r, lang), customs_id_missing: missing.get(r.order.id) ?? null })), total };
  },

  /** Moves the chosen parcels to in_transit in one transaction: one event and one notification per parcel. */
  async dispatch(
    db: Db,
    choice: { orderIds?: number[]; trackCodes?: string[]; allMatching?: TDispatchFilter; flightId?: number },
    actor: Actor,
    lang: TLang,
  ): Promise<TDispatchResult> {
    // Our numbers (P…) as their tracking codes; a misread one refuses the call before anything moves.
    if (choice.trackCodes) choice = { ...choice, trackCodes: await scannedCodes(db, choice.trackCodes) };
    const { moved, results } = await parcels.dispatchTransaction(db, async (tx) => {
      let flight: { id: number; branchIds: number[] } | undefined;
      if (choice.flightId !== undefined) {
        const branchIds = await flightsModule.branchIds(tx, choice.flightId);
        if (!branchIds.length) throw new AppError('not_found');
        flight = { id: choice.flightId, branchIds };
      }
      let target: SQL;
      if (choice.allMatching) {
        const where = await dispatchableWhere(tx, choice.allMatching);
        target = inArray(orders.id, tx.select({ id: orders.id }).from(orders).where(where).orderBy(asc(orders.id)).limit(MAX_DISPATCH_ALL));
      } else if (choice.orderIds) {
        target = inArray(orders.id, choice.orderIds);
      } else {
        target = inArray(orders.trackCode, choice.trackCodes ?? []);
      }
      const movedRows = await parcels.dispatch(tx, target, actor, {}, flight);

      // Why each asked-for id or code did not move; and each scanned one that did (the scanner shows it).
      const out: TScanResult[] = [];
      const movedIds = new Set(movedRows.map((o) => o.id));
      const asked = choice.orderIds
        ? { by: 'id' as const, values: choice.orderIds }
        : choice.trackCodes
          ? { by: 'code' as const, values: [...new Set(choice.trackCodes)] }
          : null;
      if (asked) {
        const where =
          asked.by === 'id' ? inArray(orders.id, asked.values as number[]) : inArray(orders.trackCode, asked.values as string[]);
        const rows = await manageRepository.parcels(tx, where);
        const byKey = new Map(rows.map((r) => [asked.by === 'id' ? String(r.order.id) : r.order.trackCode, r]));
        for (const value of asked.values) {
          const row = byKey.get(String(value));
          if (!row) {
            out.push({ track_code: String(value), outcome: 'not_found', message: manageText('not_found', lang), parcel: null });
            continue;
          }
          const parcel = toManageParcel(row, lang);
          if (movedIds.has(row.order.id)) {
            if (asked.by === 'code')
              out.push({ track_code: parcel.track_code, outcome: 'moved', message: manageText('moved_in_transit', lang), parcel });
          } else if (row.order.userId === null) {
            out.push({ track_code: parcel.track_code, outcome: 'unclaimed', message: manageText('unclaimed', lang), parcel });
          } else if (flight && row.statusCode === 'china_warehouse' && !flight.branchIds.includes(row.order.branchId ?? -1)) {
            out.push({
              track_code: parcel.track_code,
              outcome: 'other_branch',
              message: manageText('not_on_flight', lang, { branch: parcel.branch?.name ?? '—' }),
              parcel,
              addressed_to: parcel.branch,
            });
          } else if (row.statusCode === 'in_transit') {
            out.push({ track_code: parcel.track_code, outcome: 'already_done', message: manageText('already_dispatched', lang), parcel });
          } else {
            out.push({
              track_code: parcel.track_code,
              outcome: 'wrong_status',
              message: manageText('wrong_status', lang, { status: parcel.status_name }),
              parcel,
            });
          }
        }
      }
      return { moved: movedRows.length, results: out };
    });
    const skipped = results.filter((r) => r.outcome !== 'moved').length;
    return { counts: { moved, skipped }, results, message: manageText('dispatch_summary', lang, { moved, skipped }) };
  },
};
