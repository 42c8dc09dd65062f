import { z } from 'zod';
import {
  parcelChargeMinor,
  pickText,
  toMajorOrNull,
  type TLang,
  type TLookupOrderResult,
  type TOrder,
  type TOrderDetails,
  type TOrderStatusCode,
  type TOrderStatusWithCount,
  type TOrderTimeline,
  type TCursorPageMeta,
  type TOnlineProvider,
  type TWaitingAtBranch,
} from '@portal/contract';
import type { Db, DbOrTx } from '../../db/client';
import { readMinor } from '../../db/schema/columns';
import { AppError, notFound } from '../../lib/app-error';
import { cursorPage, decodeCursor, encodeCursor, ZCursorId, ZCursorMicros } from '../../lib/cursor';
import { declarationKey, declarationsFor } from '../declarations/declarations-repository';
import { tracksRepository } from '../tracks/tracks-repository';
import { toSavedTrack } from '../tracks/track-view';
import { eventSentence } from '../parcels/parcel-notifications';
import { parcels, toParcelPhotos } from '../parcels/parcels-service';
import type { MediaUrls } from '../uploads/media-urls';
import { paymentsService } from '../payments/payments-service';
import type { OrderCardRow, OrderDetailsRow } from './order-cards';
import { orderPagesRepository } from './order-pages-repository';
import { ordersRepository, type StatusRef } from './orders-repository';
import { counterAmount, type StorageTerms } from './counter-amount';
import { statusRefs, toOrder } from './order-view';

/** How a list call pages: `filters[page]`/`filters[per_page]`, or `filters[after]` (a cursor) with `filters[per_page]`. */
export interface ListPaging {
  page: number;
  perPage: number;
  after?: string;
}

interface Caller {
  userId: number;
  lang: TLang;
}

/** When each step was reached, from the order's own timestamps. */
const STEP_TIME: Record<TOrderStatusCode, (o: OrderDetailsRow) => Date | null> = {
  china_warehouse: (o) => o.receivedAt,
  in_transit: (o) => o.dispatchedAt,
  at_branch: (o) => o.arrivedAt,
  delivered: (o) => o.deliveredAt,
};

/** A waiting row's storage terms as kept ([last free day, fee per day] of each parcel with a fee). */
const storageTerms = (storage: [string, number | string][] | null): StorageTerms[] =>
  (storage ?? []).map(([storageUntil, fee]) => ({ storageUntil, storageFeePerDay: readMinor(fee) }));

async function refs(db: Db, lang: TLang) {
  return statusRefs(await ordersRepository.statuses(db), lang);
}

async function ownedOrThrow(db: Db, userId: number, id: number): Promise<OrderDetailsRow> {
  const row = await ordersRepository.findOwned(db, userId, id);
  if (!row) throw notFound();
  return row;
}

export const ordersService = {
  /**
   * The caller's parcels waiting per branch and currency, with what the counter would charge now (counterAmount: the
   * open debt or the credit paid ahead in the currency, counted once per currency on its first row) and, from
   * `online`, the branch's online providers and the caller's open payment request there (ADR 077).
   */
  async waiting(
    db: Db,
    { userId, lang }: Caller,
    online?: { providers: (branchId: number) => Promise<TOnlineProvider[]>; openRequests: Map<number, string> },
  ): Promise<TWaitingAtBranch[]> {
    const rows = await ordersRepository.waiting(db, userId);
    const balances = new Map(rows.length ? (await paymentsService.balances(db, userId)).map((b) => [b.currency, b.balance] as const) : []);
    const now = new Date();
    return Promise.all(
      rows.map(async (r) => {
        const insurance = readMinor(r.insurance);
        const total = parcelChargeMinor({ priceMinor: readMinor(r.total), insuranceMinor: insurance });
        const balance = r.currency ? (balances.get(r.currency) ?? 0) : 0;
        if (r.currency) balances.delete(r.currency);
        const a = counterAmount({ total, storage: storageTerms(r.storage), timeZone: r.timeZone ?? 'UTC', balance }, now);
        return {
          branch_id: r.branchId,
          branch: r.branchName ? pickText(r.branchName, lang) : '',
          count: r.count,
          total,
          insurance,
          currency: r.currency,
          debt: a.debt,
          storage_fee: a.storageFee,
          storage_fee_per_day: a.storageFeePerDay,
          paid_online: a.paidOnline,
          to_pay: a.toPay,
          online_providers: online && r.branchId !== null ? await online.providers(r.branchId) : [],
          open_request_id: (r.branchId !== null && online?.openRequests.get(r.branchId)) || null,
          storage_until: r.storageUntil,
          storage_until_order_id: r.firstDueId === null ? null : Number(r.firstDueId),
        };
      }),
    );
  },

  /**
   * What the counter would charge the caller now at one branch (in its currency): the parcels waiting there, their
   * storage, and the open debt minus any credit (counterAmount). A payment request freezes it (ADR 077).
   */
  async dueAt(db: DbOrTx, userId: number, branch: { id: number; currency: string; timeZone: string }, now = new Date()) {
    const [row] = (await ordersRepository.waiting(db, userId, branch.id)).filter((r) => r.currency === branch.currency);
    // What the parcels cost: prices plus premiums (the contract's parcelChargeMinor), as the counter charges them.
    const total = row ? parcelChargeMinor({ priceMinor: readMinor(row.total), insuranceMinor: readMinor(row.insurance) }) : 0;
    const balance = await paymentsService.balance(db, userId, branch.currency);
    const a = counterAmount({ total, storage: storageTerms(row?.storage ?? null), timeZone: branch.timeZone, balance }, now);
    return { ...a, total, currency: branch.currency, parcelIds: row ? row.ids.map(Number) : [] };
  },

  async statuses(db: Db, { userId, lang }: Caller): Promise<TOrderStatusWithCount[]> {
    const [rows, counts] = await Promise.all([ordersRepository.statuses(db), ordersRepository.countsByStatus(db, userId)]);
    return rows.map((s) => ({ id: s.id, code: s.code, name: pickText(s.name, lang), position: s.position, count: counts.get(s.id) ?? 0 }));
  },

  /** One page of the caller's orders in a status: a numbered page (`after` absent) or the rows after a cursor. */
  async listByStatus(
    db: Db,
    { userId, lang }: Caller,
    statusId: number,
    { page, perPage, after }: ListPaging,
  ): Promise<{ data: TOrder[]; meta: TCursorPageMeta }> {
    const list = `status:${statusId}`;
    const next = (last: { id: number }) => encodeCursor(list, userId, [last.id]);
    const now = new Date();
    if (after === undefined) {
      // The list every customer opens: the status, the page and the count in one statement.
      return this.numberedPageView(
        await orderPagesRepository.numberedPage(db, userId, statusId, { page, perPage }),
        { userId, lang },
        statusId,
        {
          page,
          perPage,
        },
      );
    }
    const statuses = await refs(db, lang);
    if (!statuses.has(statusId)) throw notFound();
    const at = { afterId: decodeCursor(after, list, userId, z.tuple([ZCursorId]))[0], perPage };
    const { rows, total } = await orderPagesRepository.pageByStatus(db, userId, statusId, at);
    const result = cursorPage(rows, { perPage }, total, next);
    return { data: result.rows.map((r) => toOrder(r, statuses, now)), meta: result.meta };
  },

  /**
   * A numbered page of the caller's orders in a status as `listByStatus` answers it, from the rows `numberedPage` (or
   * `numberedPageWithSession`, the session check's statement) read.
   */
  numberedPageView(
    { status, rows, total }: { status: StatusRef | null; rows: OrderCardRow[]; total: number },
    { userId, lang }: Caller,
    statusId: number,
    { page, perPage }: { page: number; perPage: number },
  ): { data: TOrder[]; meta: TCursorPageMeta } {
    if (!status) throw notFound();
    const statuses = statusRefs([status], lang);
    const result = cursorPage(rows, { page, perPage }, total, (last) => encodeCursor(`status:${statusId}`, userId, [last.id]));
    const now = new Date();
    return { data: result.rows.map((r) => toOrder(r, statuses, now)), meta: result.meta };
  },

  /** One page of the caller's archived orders, most recently archived first, by number or after a cursor. */
  async listArchived(
    db: Db,
    { userId, lang }: Caller,
    { page, perPage, after }: ListPaging,
  ): Promise<{ data: TOrder[]; meta: TCursorPageMeta }> {
    const list = 'archived';
    const at =
      after === undefined
        ? { page, perPage }
        : (([micros, id]) => ({ after: { micros, id }, perPage }))(decodeCursor(after, list, userId, z.tuple([ZCursorMicros, ZCursorId])));
    const [statuses, { rows, total }] = await Promise.all([refs(db, lang), orderPagesRepository.pageArchived(db, userId, at)]);
    const result = cursorPage(rows, 'page' in at ? at : { perPage }, total, (last) =>
      encodeCursor(list, userId, [last.archivedMicros, last.id]),
    );
    const now = new Date();
    return { data: result.rows.map((r) => toOrder(r, statuses, now)), meta: result.meta };
  },

  /** One of the caller's orders; its photos with addresses signed by `urls` for the owner (ADR 081). */
  async get(db: Db, { userId, lang }: Caller, id: number, urls: MediaUrls): Promise<TOrderDetails> {
    const row = await ownedOrThrow(db, userId, id);
    const [statuses, branch, photos, declared] = await Promise.all([
      refs(db, lang),
      row.branchId !== null ? ordersRepository.branch(db, row.branchId) : null,
      parcels.photosOf(db, [row.id]),
      // Insured: the declared value it is insured for (the owner's declaration, read only then).
      row.insurancePremium > 0 ? declarationsFor(db, [{ userId, trackCode: row.trackCode }]) : null,
    ]);
    const order = toOrder(row, statuses);
    const d = declared?.get(declarationKey({ userId, trackCode: row.trackCode }));
    return {
      ...order,
      insurance:
        order.insurance && d
          ? { ...order.insurance, declared_value: toMajorOrNull(d.declaredValue), declared_currency: d.declaredCurrency }
          : order.insurance,
      tariff: toMajorOrNull(row.tariff),
      branch: branch ? { id: branch.id, name: pickText(branch.name, lang), address: pickText(branch.address, lang) } : null,
      dispatched_at: row.dispatchedAt?.toISOString() ?? null,
      delivered_at: row.deliveredAt?.toISOString() ?? null,
      archived_at: row.archivedAt?.toISOString() ?? null,
      receipt_id: order.status.code === 'delivered' ? row.receiptId : null,
      photos: await toParcelPhotos(photos, (k) => urls.address(k), false),
    };
  },

  /** Only delivered orders can be archived (409 invalid_state otherwise); archiving twice keeps the first time. */
  async archive(db: Db, { userId, lang }: Caller, id: number): Promise<TOrder> {
    const statuses = await refs(db, lang);
    const row = await ownedOrThrow(db, userId, id);
    if (statuses.get(row.statusId)?.code !== 'delivered') throw new AppError('invalid_state');
    if (!(await parcels.setArchived(db, userId, id, true))) throw notFound();
    const updated = await ordersRepository.findOwned(db, userId, id);
    if (!updated) throw notFound();
    return toOrder(updated, statuses);
  },

  async unarchive(db: Db, { userId, lang }: Caller, id: number): Promise<TOrder> {
    const statuses = await refs(db, lang);
    if (!(await parcels.setArchived(db, userId, id, false))) throw notFound();
    const updated = await ordersRepository.findOwned(db, userId, id);
    if (!updated) throw notFound();
    return toOrder(updated, statuses);
  },

  async rename(db: Db, { userId, lang }: Caller, id: number, name: string): Promise<TOrder> {
    const statuses = await refs(db, lang);
    if (!(await parcels.rename(db, userId, id, name))) throw notFound();
    const updated = await ordersRepository.findOwned(db, userId, id);
    if (!updated) throw notFound();
    return toOrder(updated, statuses);
  },

  /** Every lifecycle step: done ones with when (and where), pending ones without; plus the full history. */
  async timeline(db: Db, { userId, lang }: Caller, id: number): Promise<TOrderTimeline> {
    const row = await ownedOrThrow(db, userId, id);
    const [statusRows, events] = await Promise.all([ordersRepository.statuses(db), ordersRepository.events(db, id)]);
    const statuses = statusRefs(statusRows, lang);
    const current = statusRows.find((s) => s.id === row.statusId);
    if (!current) throw new Error(`order ${id} has unknown status id ${row.statusId}`);
    const codeOf = new Map(statusRows.map((s) => [s.id, s.code]));
    const steps = statusRows.map((s) => {
      const done = s.position <= current.position;
      const event =
        events.find((e) => e.statusId === s.id && e.action !== 'claimed' && e.action !== 'assigned') ??
        events.find((e) => e.statusId === s.id);
      const at = done ? (STEP_TIME[s.code](row) ?? event?.at ?? null) : null;
      const place =
        done && (s.code === 'at_branch' || s.code === 'delivered') && event?.branchName ? pickText(event.branchName, lang) : null;
      return { status: statuses.get(s.id)!, done, current: s.id === row.statusId, at: at?.toISOString() ?? null, place };
    });
    return {
      order: { id: row.id, track_code: row.trackCode, name: row.name, status: statuses.get(row.statusId)! },
      steps,
      expected_arrival: current.code === 'in_transit' ? row.expectedArrival : null,
      // Details stay with staff (a correction's reason among them); a correction shows only its plain sentence.
      history: events.map((e) => ({
        action: e.action,
        status: e.statusId !== null ? (codeOf.get(e.statusId) ?? null) : null,
        text: eventSentence(e.action, e.details, lang),
        at: e.at.toISOString(),
      })),
    };
  },

  /** The home track box: the caller's parcel with this code, else their saved code, else not found. Never someone else's. */
  async lookup(db: Db, { userId, lang }: Caller, trackCode: string): Promise<TLookupOrderResult> {
    const [statuses, order, saved] = await Promise.all([
      refs(db, lang),
      ordersRepository.findOwnedByTrackCode(db, userId, trackCode),
      tracksRepository.findByCode(db, userId, trackCode),
    ]);
    return {
      track_code: trackCode,
      found: order ? 'order' : saved ? 'saved_track' : null,
      order: order ? toOrder(order, statuses) : null,
      saved_track: saved ? toSavedTrack(saved, statuses) : null,
    };
  },
};
