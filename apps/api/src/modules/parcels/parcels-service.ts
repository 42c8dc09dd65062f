import { and, eq, inArray, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import {
  NEXT_STATUS,
  previousStatus,
  priceFor,
  storageUntilFor,
  sumMinor,
  toMajor,
  toMinor,
  volumetricWeightKg,
  type TDimensionsCm,
  type TOrderStatusCode,
  type TParcelCorrection,
  type TPaymentInput,
  type TPaymentMethod,
} from '@portal/contract';
import { bulkInsert } from '../../db/bulk-insert';
import type { DbOrTx, Tx } from '../../db/client';
import { orderEvents, orders, receipts } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAuditMany, type AuditActor } from '../audit/audit';
import { branchesRepository, type BranchRow } from '../branches/branches-repository';
import type { CorrectionParams } from '../notifications/notification-texts';
import { paymentsService } from '../payments/payments-service';
import { settingsRepository } from '../settings/settings-repository';
import { tracksLinks } from '../tracks/tracks-links';
import { parcelFlows } from './parcel-flows';
import { notifyStatus, orderLink, sendParcelNotices, type NotifiableOrder } from './parcel-notifications';
import { statusCodeById, statusCodeOf, statusIds } from './parcel-statuses';
import { recordReaddresses } from './readdress';

/**
 * The parcels module: the only code that writes orders, their events and receipts. Every transition checks the
 * allowed previous status (the contract's NEXT_STATUS, through previousStatus), sets its timestamp, writes one event
 * per parcel with the actor and the place, and tells the owner through sendParcelNotices (the one seam into the
 * notifications module). Callers own the transaction; races are decided by the guarded UPDATE … WHERE status.
 * Every write that sets a flow timestamp or moves a parcel to another branch also moves the kept flows per day
 * (parcel-flows.ts) in the same transaction: `parcelFlows.add` after a transition, `parcelFlows.around` a change of
 * known orders.
 */

/** Who did something to a parcel, and from where (kept in the parcel's history). */
export interface Actor {
  userId: number | null;
  ip?: string | null;
  branchId?: number | null;
  /**
   * A staff or admin request's actor (auditActorOf): then every transition also writes one audit row per parcel in
   * the same transaction. The /manage works always pass it; a customer's own claim does not.
   */
  audit?: AuditActor;
}

/** The columns a transition answers with: enough for events, notifications and claims. */
export const lifecycleColumns = {
  id: orders.id,
  userId: orders.userId,
  branchId: orders.branchId,
  statusId: orders.statusId,
  trackCode: orders.trackCode,
  name: orders.name,
  weight: orders.weight,
  price: orders.price,
  currency: orders.currency,
  storageUntil: orders.storageUntil,
  tariff: orders.tariff,
};

export type LifecycleOrderRow = NotifiableOrder & {
  userId: number | null;
  branchId: number | null;
  statusId: number;
  tariff: number | null;
};

/** The customer a parcel is given to. */
export interface ClaimingUser {
  id: number;
  branchId: number | null;
}

type EventOpts = {
  action: string;
  details?: Record<string, unknown>;
  notify?: boolean;
  /** What the audit row says was there before (default: the status NEXT_STATUS allows before `status`). */
  before?: Record<string, unknown> | null;
};

/**
 * One history event per order (status `status`), one audit row per order when a staff or admin request did it, and
 * each owner's status notification unless notify is false.
 */
async function recordEvents(tx: DbOrTx, rows: LifecycleOrderRow[], status: TOrderStatusCode, actor: Actor, opts: EventOpts): Promise<void> {
  if (!rows.length) return;
  const audit = actor.audit;
  if (audit && audit.role !== 'customer') {
    const before = opts.before === undefined ? { status: previousStatus(status) } : opts.before;
    await recordAuditMany(
      tx,
      rows.map((o) => ({
        actor: audit,
        action: `parcel.${opts.action}`,
        targetType: 'order',
        targetId: o.id,
        before,
        after: {
          status,
          track_code: o.trackCode,
          user_id: o.userId,
          branch_id: o.branchId,
          weight: o.weight,
          price: o.price,
          currency: o.currency,
          ...(opts.details ?? {}),
        },
      })),
    );
  }
  const ids = await statusIds(tx);
  await bulkInsert(
    tx,
    orderEvents,
    rows.map((o) => ({
      orderId: o.id,
      action: opts.action,
      statusId: ids[status],
      actorUserId: actor.userId,
      branchId: actor.branchId ?? o.branchId,
      ip: actor.ip ?? null,
      details: opts.details ?? {},
    })),
  );
  if (opts.notify !== false) await notifyStatus(tx, rows, status);
}

/**
 * Moves the orders matching `where` to `to`, only from the status NEXT_STATUS allows before it. Answers the moved
 * rows; orders in any other status are left as they are (the caller says why).
 */
async function move(tx: DbOrTx, to: TOrderStatusCode, where: SQL, set: PgUpdateSetSource<typeof orders>): Promise<LifecycleOrderRow[]> {
  const from = previousStatus(to);
  if (from === null) throw new Error(`${to} is where parcels start: use receive`);
  const ids = await statusIds(tx);
  return tx
    .update(orders)
    .set({ ...set, statusId: ids[to], updatedAt: new Date() })
    .where(and(where, eq(orders.statusId, ids[from])))
    .returning(lifecycleColumns);
}

type OrderRow = typeof orders.$inferSelect;

/** What a correction answers: every parcel it changed (the asked one first) and, for an undone hand-over, its money. */
export interface CorrectionOutcome {
  orderIds: number[];
  undoneReceipt: { id: number; chargeReversed: number; paymentsReturned: number; currency: string } | null;
}

/** The weight a parcel is charged by: the larger of the actual and the volumetric weight. */
const chargeableOf = (weight: number, volumetric: number | null) => (volumetric !== null && volumetric > weight ? volumetric : weight);

const sameDimensions = (a: TDimensionsCm | null, b: TDimensionsCm | null) =>
  a === null || b === null ? a === b : a.length === b.length && a.width === b.width && a.height === b.height;

/** A new updated_at that differs from the old one even at millisecond precision (the version a correction compares). */
const nextVersion = (previous: Date) => new Date(Math.max(Date.now(), previous.getTime() + 1));

/**
 * An undone hand-over (ADR 062): the receipt's delivered parcels go back to at_branch (delivered_at and receipt_id
 * cleared), the receipt is marked undone (it stays, showing it), and the payments module reverses its charge and
 * returns its payments in this transaction. The rows are locked first (in id order) so racing undos wait.
 */
async function undoHandover(
  tx: Tx,
  asked: OrderRow,
  reason: string,
  actor: Actor & { userId: number },
): Promise<{ rows: LifecycleOrderRow[]; receipt: CorrectionOutcome['undoneReceipt'] }> {
  const ids = await statusIds(tx);
  const receiptId = asked.receiptId;
  const [receipt] = receiptId !== null ? await tx.select().from(receipts).where(eq(receipts.id, receiptId)).for('update') : [undefined];
  const members =
    receiptId !== null
      ? await tx
          .select({ id: orders.id })
          .from(orders)
          .where(and(eq(orders.receiptId, receiptId), eq(orders.statusId, ids.delivered)))
          .orderBy(orders.id)
          .for('update')
      : [];
  const orderIds = [asked.id, ...members.map((m) => m.id).filter((id) => id !== asked.id)];
  // Their deliveries no longer count on the dashboard's days.
  const moved = await parcelFlows.around(tx, orderIds, () =>
    tx
      .update(orders)
      .set({ statusId: ids.at_branch, deliveredAt: null, receiptId: null, updatedAt: nextVersion(asked.updatedAt) })
      .where(and(inArray(orders.id, orderIds), eq(orders.statusId, ids.delivered)))
      .returning(lifecycleColumns),
  );
  if (!receipt) return { rows: moved, receipt: null };
  await tx.update(receipts).set({ undoneAt: new Date(), undoReason: reason }).where(eq(receipts.id, receipt.id));
  const branch = await branchesRepository.findById(tx, receipt.branchId);
  if (!branch) throw new Error(`receipt ${receipt.id} names unknown branch ${receipt.branchId}`);
  const money = await paymentsService.undoHandover(tx, {
    receiptId: receipt.id,
    customerId: receipt.userId,
    branch,
    reason,
    adminUserId: actor.userId,
  });
  return {
    rows: moved,
    receipt: { id: receipt.id, chargeReversed: money.chargeReversed, paymentsReturned: money.paymentsReturned, currency: receipt.currency },
  };
}

/** How an owner got their parcel (ADR 021): only 'saved_track' owners can lose it to a dispute. */
export type OwnerSource = 'saved_track' | 'label' | 'staff';

export interface ReceiveInput {
  trackCode: string;
  weight: number;
  /** cm, when measured: the volumetric weight is computed with the divisor setting in force now. */
  dimensions?: TDimensionsCm | null;
  name: string;
  labelClientCode: string | null;
  photos?: string[];
  /** Given at once (import: the owner the plan found), and how they were found. */
  userId?: number | null;
  branchId?: number | null;
  ownerSource?: OwnerSource | null;
  /** Several customers saved the code and the label named none of them: held as disputed, these savers told. */
  disputedBy?: number[];
}

/** Each saver of a disputed code is told it is being checked, or (after the check) that it went to someone else. */
async function tellSavers(tx: DbOrTx, userIds: number[], trackCode: string, checking: 'checking' | 'not_yours'): Promise<void> {
  await sendParcelNotices(
    tx,
    [...new Set(userIds)].map((userId) => ({
      userId,
      event: 'order_checking' as const,
      params: { checking, track_code: trackCode },
      link: '/orders/tracks',
    })),
  );
}

/**
 * Lock keys (pg_advisory_xact_lock(class, id), ADR 021): receipts as a whole (an import commit holds it exclusively,
 * the work on one code shares it) and one tracking code (hashtext).
 */
const LOCK_RECEIPTS = 1201;
const LOCK_TRACK_CODE = 1202;

export const parcels = {
  /**
   * Locks one tracking code until the transaction ends. Receipt, saving a code and assigning a dispute take it first:
   * whoever comes second sees what the first did, so two saves and a receipt racing never leave the parcel with one
   * saver silently (ADR 021). It shares the receipts lock, so it waits while an import commit runs.
   */
  async lockCode(tx: DbOrTx, code: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock_shared(${LOCK_RECEIPTS}, 0)`);
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_TRACK_CODE}, hashtext(${code}))`);
  },

  /**
   * Locks every tracking code at once (an import commit of up to thousands of codes): one lock, not one per code,
   * which PostgreSQL's lock table could not hold; the work on single codes waits until the import is committed.
   */
  async lockAllCodes(tx: DbOrTx): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_RECEIPTS}, 0)`);
  },

  /**
   * Receipt at the China warehouse: new orders in china_warehouse (the first status: nothing before it). A code that
   * already is an order is skipped (the unique index decides races). Owned rows are linked to their saved codes and
   * their owners told; unowned ones wait for claim().
   */
  async receive(tx: DbOrTx, input: ReceiveInput[], actor: Actor, details: Record<string, unknown> = {}): Promise<LifecycleOrderRow[]> {
    if (!input.length) return [];
    const ids = await statusIds(tx);
    const divisor = input.some((p) => p.dimensions) ? await settingsRepository.volumetricDivisor(tx) : null;
    const out: LifecycleOrderRow[] = [];
    for (let i = 0; i < input.length; i += 1000) {
      const inserted = await tx
        .insert(orders)
        .values(
          input.slice(i, i + 1000).map((p) => ({
            trackCode: p.trackCode,
            weight: p.weight,
            dimensions: p.dimensions ?? null,
            volumetricWeight: p.dimensions ? volumetricWeightKg(p.dimensions, divisor!) : null,
            volumetricDivisor: p.dimensions ? divisor : null,
            name: p.name,
            statusId: ids.china_warehouse,
            labelClientCode: p.labelClientCode,
            photos: p.photos ?? [],
            userId: p.userId ?? null,
            branchId: p.branchId ?? null,
            ownerSource: p.userId ? (p.ownerSource ?? null) : null,
            disputedAt: !p.userId && p.disputedBy?.length ? new Date() : null,
          })),
        )
        .onConflictDoNothing({ target: orders.trackCode })
        .returning(lifecycleColumns);
      out.push(...inserted);
    }
    await parcelFlows.add(
      tx,
      out.map((o) => o.id),
      ['received'],
    );
    const single = input.length === 1 ? input[0]! : null;
    await recordEvents(tx, out, 'china_warehouse', actor, {
      action: 'received',
      before: null,
      details: {
        place: 'china_warehouse',
        ...(single?.dimensions ? { dimensions: single.dimensions, volumetric_divisor: divisor } : {}),
        ...(single ? { weight: single.weight, label_client_code: single.labelClientCode, photos: single.photos?.length ?? 0 } : {}),
        ...details,
      },
    });
    await tracksLinks.linkOrders(
      tx,
      out.filter((o) => o.userId !== null).map((o) => o.id),
    );
    const disputedBy = new Map(input.filter((p) => !p.userId && p.disputedBy?.length).map((p) => [p.trackCode, p.disputedBy!]));
    for (const o of out.filter((r) => r.userId === null && disputedBy.has(r.trackCode))) {
      const savers = disputedBy.get(o.trackCode)!;
      await recordEvents(tx, [o], 'china_warehouse', actor, {
        action: 'disputed',
        before: null,
        notify: false,
        details: { reason: 'savers_without_label', savers: savers.length, ...details },
      });
      await tellSavers(tx, savers, o.trackCode, 'checking');
    }
    return out;
  },

  /**
   * Gives an unclaimed order (user_id null) to a customer: branch_id becomes the customer's branch while the parcel is
   * still at the China warehouse (or has none); the customer's saved code is linked; one event ('claimed' when the
   * customer saved the code, 'assigned' when staff did it) with the current status; the new owner is told.
   * Guarded by WHERE user_id IS NULL: of concurrent claims exactly one wins; null for the others.
   */
  async claim(
    tx: DbOrTx,
    orderId: number,
    user: ClaimingUser,
    actor: Actor,
    action: 'claimed' | 'assigned',
    source: OwnerSource,
  ): Promise<LifecycleOrderRow | null> {
    const ids = await statusIds(tx);
    const branch =
      user.branchId === null
        ? orders.branchId
        : sql`case when ${orders.statusId} = ${ids.china_warehouse} or ${orders.branchId} is null then ${user.branchId}::integer else ${orders.branchId} end`;
    // The branch may change: its flows so far go with it.
    const [claimed] = await parcelFlows.around(tx, [orderId], () =>
      tx
        .update(orders)
        .set({ userId: user.id, branchId: branch, ownerSource: source, updatedAt: new Date() })
        .where(and(eq(orders.id, orderId), isNull(orders.userId), isNull(orders.disputedAt)))
        .returning(lifecycleColumns),
    );
    if (!claimed) return null;
    await tracksLinks.linkOrders(tx, [claimed.id]);
    const code = (await statusCodeById(tx)).get(claimed.statusId);
    if (!code) throw new Error(`order ${claimed.id} has unknown status id ${claimed.statusId}`);
    await recordEvents(tx, [claimed], code, actor, { action, before: { status: code, user_id: null } });
    return claimed;
  },

  /**
   * A second customer saved the code of a parcel its owner has only because they saved it (owner_source
   * 'saved_track'), before it was handed over: it is taken back from the owner and held as disputed (no owner; the
   * owner's saved code no longer points at it), one 'disputed' event, every saver told it is being checked.
   * Guarded (owner, source, not delivered, not disputed): null when the parcel is not such a parcel any more.
   */
  async dispute(tx: DbOrTx, orderId: number, ownerId: number, saverIds: number[], actor: Actor): Promise<LifecycleOrderRow | null> {
    const ids = await statusIds(tx);
    const [held] = await tx
      .update(orders)
      .set({ userId: null, ownerSource: null, disputedAt: new Date(), updatedAt: new Date() })
      .where(
        and(
          eq(orders.id, orderId),
          eq(orders.userId, ownerId),
          eq(orders.ownerSource, 'saved_track'),
          isNull(orders.disputedAt),
          ne(orders.statusId, ids.delivered),
        ),
      )
      .returning(lifecycleColumns);
    if (!held) return null;
    await tracksLinks.unlinkOrder(tx, held.id);
    const code = (await statusCodeById(tx)).get(held.statusId);
    if (!code) throw new Error(`order ${held.id} has unknown status id ${held.statusId}`);
    await recordEvents(tx, [held], code, actor, {
      action: 'disputed',
      notify: false,
      before: { status: code, user_id: ownerId },
      details: { reason: 'saved_again', savers: saverIds.length, previous_user_id: ownerId },
    });
    await tellSavers(tx, saverIds, held.trackCode, 'checking');
    return held;
  },

  /**
   * Staff give a disputed parcel to one of its savers after checking (`note`: what they checked). Guarded by
   * WHERE disputed_at IS NOT NULL AND user_id IS NULL, so of concurrent assignments exactly one wins (null for the
   * others). The owner is told as for any assignment; the other savers that it went to another account.
   */
  async assignDisputed(
    tx: DbOrTx,
    orderId: number,
    user: ClaimingUser,
    otherSaverIds: number[],
    note: string,
    actor: Actor,
  ): Promise<LifecycleOrderRow | null> {
    const ids = await statusIds(tx);
    const branch =
      user.branchId === null
        ? orders.branchId
        : sql`case when ${orders.statusId} = ${ids.china_warehouse} or ${orders.branchId} is null then ${user.branchId}::integer else ${orders.branchId} end`;
    // The branch may change: its flows so far go with it.
    const [assigned] = await parcelFlows.around(tx, [orderId], () =>
      tx
        .update(orders)
        .set({ userId: user.id, branchId: branch, ownerSource: 'staff', disputedAt: null, updatedAt: new Date() })
        .where(and(eq(orders.id, orderId), isNull(orders.userId), isNotNull(orders.disputedAt)))
        .returning(lifecycleColumns),
    );
    if (!assigned) return null;
    await tracksLinks.linkOrders(tx, [assigned.id]);
    const code = (await statusCodeById(tx)).get(assigned.statusId);
    if (!code) throw new Error(`order ${assigned.id} has unknown status id ${assigned.statusId}`);
    await recordEvents(tx, [assigned], code, actor, {
      action: 'assigned',
      before: { status: code, user_id: null, disputed: true },
      details: { dispute: true, note, savers: otherSaverIds.length + 1 },
    });
    await tellSavers(
      tx,
      otherSaverIds.filter((id) => id !== user.id),
      assigned.trackCode,
      'not_yours',
    );
    return assigned;
  },

  /**
   * Releases a disputed parcel nobody saves any more to the unclaimed parcels (`note`: why), guarded like
   * assignDisputed (of concurrent releases and assignments exactly one wins; null for the others). Nobody is told: no
   * customer saves the code.
   */
  async releaseDisputed(tx: DbOrTx, orderId: number, note: string, actor: Actor): Promise<LifecycleOrderRow | null> {
    const [released] = await tx
      .update(orders)
      .set({ disputedAt: null, updatedAt: new Date() })
      .where(and(eq(orders.id, orderId), isNull(orders.userId), isNotNull(orders.disputedAt)))
      .returning(lifecycleColumns);
    if (!released) return null;
    const code = (await statusCodeById(tx)).get(released.statusId);
    if (!code) throw new Error(`order ${released.id} has unknown status id ${released.statusId}`);
    await recordEvents(tx, [released], code, actor, {
      action: 'dispute_released',
      before: { status: code, user_id: null, disputed: true },
      details: { note },
      notify: false,
    });
    return released;
  },

  /**
   * china_warehouse → in_transit for the owned orders matching `where`. With a flight, only the orders addressed to one
   * of its destination branches move, and they are put on it.
   */
  async dispatch(
    tx: DbOrTx,
    where: SQL,
    actor: Actor,
    details: Record<string, unknown> = {},
    flight?: { id: number; branchIds: number[] },
  ): Promise<LifecycleOrderRow[]> {
    const now = new Date();
    const onFlight = flight ? inArray(orders.branchId, flight.branchIds) : undefined;
    const moved = await move(tx, 'in_transit', and(where, sql`${orders.userId} is not null`, onFlight)!, {
      dispatchedAt: now,
      ...(flight ? { flightId: flight.id } : {}),
    });
    await parcelFlows.add(
      tx,
      moved.map((o) => o.id),
      ['dispatched'],
    );
    await recordEvents(tx, moved, 'in_transit', actor, {
      action: 'dispatched',
      details: { place: 'china_warehouse', batch: moved.length, ...(flight ? { flight_id: flight.id } : {}), ...details },
    });
    return moved;
  },

  /**
   * in_transit → at_branch at `branch`: price = chargeable weight (the larger of the actual and the volumetric weight
   * recorded at receipt) × the branch tariff rounded half up to 2 decimals (numeric round, the same as the contract's
   * chargeableWeightKg and priceFor), storage until the given day.
   * `readdressed` names the branch each re-addressed order was going to and the staff's reason: kept in its event and
   * audit row, in the branch's worklist (`recordReaddresses`), and told to the owner with both branches.
   */
  async arrive(
    tx: DbOrTx,
    orderIds: number[],
    branch: Pick<BranchRow, 'id' | 'tariff' | 'currency'>,
    storageUntil: string,
    actor: Actor,
    readdressed: { from: Map<number, number>; reason: string } = { from: new Map(), reason: '' },
  ): Promise<LifecycleOrderRow[]> {
    const redirectedFrom = readdressed.from;
    if (!orderIds.length) return [];
    const now = new Date();
    // Arrival counts at this branch, and a re-addressed parcel's earlier flows move here with it.
    const moved = await parcelFlows.around(tx, orderIds, () =>
      move(tx, 'at_branch', inArray(orders.id, orderIds), {
        branchId: branch.id,
        tariff: branch.tariff,
        currency: branch.currency,
        price: sql`round(greatest(${orders.weight}, coalesce(${orders.volumetricWeight}, 0)) * ${String(branch.tariff)}::numeric, 2)`,
        arrivedAt: now,
        storageUntil,
      }),
    );
    const where = { ...actor, branchId: branch.id };
    const details = { tariff: branch.tariff, currency: branch.currency };
    await recordEvents(
      tx,
      moved.filter((o) => !redirectedFrom.has(o.id)),
      'at_branch',
      where,
      { action: 'arrived', details },
    );
    const away = moved.filter((m) => redirectedFrom.has(m.id));
    for (const o of away) {
      await recordEvents(tx, [o], 'at_branch', where, {
        action: 'arrived',
        details: { ...details, redirected_from: redirectedFrom.get(o.id) ?? null, reason: readdressed.reason },
        notify: false,
      });
    }
    await recordReaddresses(tx, away, redirectedFrom, branch.id, readdressed.reason, actor.userId);
    return moved;
  },

  /**
   * at_branch → delivered for a customer's parcels at this branch (all, or exactly orderIds), with one receipt and one
   * message. All or nothing: when any asked-for parcel is no longer waiting here, 409 handover_changed.
   */
  async handOver(
    tx: Tx,
    input: {
      customer: { id: number };
      branch: BranchRow;
      orderIds?: number[];
      /** One method for the whole total (older clients), or the split payments. */
      paymentMethod?: TPaymentMethod;
      payments?: TPaymentInput[];
      acceptDebt?: boolean;
    },
    actor: Actor & { userId: number },
  ): Promise<{ receiptId: number; orders: LifecycleOrderRow[] }> {
    const { customer, branch } = input;
    const wanted = input.orderIds ? [...new Set(input.orderIds)] : undefined;
    const done = await move(
      tx,
      'delivered',
      and(eq(orders.userId, customer.id), eq(orders.branchId, branch.id), ...(wanted ? [inArray(orders.id, wanted)] : []))!,
      { deliveredAt: new Date() },
    );
    if (!done.length || (wanted && done.length !== wanted.length)) throw new AppError('handover_changed');
    await parcelFlows.add(
      tx,
      done.map((o) => o.id),
      ['delivered'],
    );
    done.sort((a, b) => a.id - b.id);
    const items = done.map((o) => ({
      order_id: o.id,
      track_code: o.trackCode,
      name: o.name,
      weight: o.weight,
      tariff: o.tariff ?? branch.tariff,
      price: o.price ?? 0,
    }));
    const total = Math.round(items.reduce((s, i) => s + i.price, 0) * 100) / 100;
    const totalMinor = sumMinor(items.map((i) => toMinor(i.price)));
    // One payment_method (older clients) means the whole total by that method.
    const pays = input.payments ?? (input.paymentMethod && totalMinor > 0 ? [{ method: input.paymentMethod, amount: totalMinor }] : []);
    const mainMethod = [...pays].sort((a, b) => b.amount - a.amount)[0]?.method ?? null;
    const [receipt] = await tx
      .insert(receipts)
      .values({
        userId: customer.id,
        branchId: branch.id,
        staffUserId: actor.userId,
        paymentMethod: mainMethod,
        totalWeight: Math.round(items.reduce((s, i) => s + i.weight, 0) * 1000) / 1000,
        total,
        currency: branch.currency,
        items,
      })
      .returning({ id: receipts.id });
    const receiptId = receipt!.id;
    await tx
      .update(orders)
      .set({ receiptId })
      .where(
        inArray(
          orders.id,
          done.map((o) => o.id),
        ),
      );
    // The money side: the one call into the payments module, in this transaction (a refusal undoes the hand-over).
    const money = await paymentsService.recordHandover(tx, {
      customerId: customer.id,
      branch,
      receiptId,
      total: totalMinor,
      payments: pays,
      acceptDebt: input.acceptDebt ?? false,
      staffUserId: actor.userId,
    });
    await recordEvents(
      tx,
      done,
      'delivered',
      { ...actor, branchId: branch.id },
      {
        action: 'delivered',
        details: { receipt_id: receiptId, payment_method: mainMethod, paid: money.paid, remaining: money.remaining },
        notify: false,
      },
    );
    // One message per hand-over, opening the receipt.
    await sendParcelNotices(tx, [
      {
        userId: customer.id,
        event: 'order_delivered',
        params: {
          receipt_id: receiptId,
          count: items.length,
          codes: items.map((i) => i.track_code),
          total,
          currency: branch.currency,
          method: mainMethod,
          branch: branch.name,
          paid: money.paid,
          remaining: money.remaining,
        },
        link: `/orders/receipt?id=${receiptId}`,
      },
    ]);
    return { receiptId, orders: done };
  },

  /**
   * An admin's correction of one parcel, always with a reason (kinds and rules: the contract's admin/corrections.ts).
   * The row is locked and its updated_at compared with the one the admin read (stale_write otherwise), so of two
   * simultaneous corrections one wins. Weight and dimensions recompute the volumetric and chargeable weight with the
   * divisor kept on the parcel and, when it is priced, its price by the arrival rule (priceFor with its tariff); a
   * status moves one step along NEXT_STATUS, setting the step's timestamp forward and clearing it back; back from
   * delivered is an undone hand-over. One 'corrected' event per parcel (the reason and the customer's sentence in its
   * details), one audit row each (parcel.corrected), and the owner is told once (order_corrected).
   */
  async correct(tx: Tx, orderId: number, input: TParcelCorrection, actor: Actor & { userId: number }): Promise<CorrectionOutcome> {
    const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!row) throw new AppError('not_found');
    if (row.updatedAt.getTime() !== new Date(input.updated_at).getTime()) throw new AppError('stale_write');
    const current = await statusCodeOf(tx, row.statusId);
    const reason = input.reason;
    const base = { order_id: row.id, track_code: row.trackCode, name: row.name, currency: row.currency };
    const priced = row.price !== null && row.tariff !== null;
    const before = {
      status: current,
      weight: row.weight,
      dimensions: row.dimensions,
      volumetric_weight: row.volumetricWeight,
      price: row.price,
      receipt_id: row.receiptId,
    };
    const ids = await statusIds(tx);
    let set: PgUpdateSetSource<typeof orders> = {};
    let to: TOrderStatusCode = current;
    let params: CorrectionParams;

    const undo = input.kind === 'undo_handover' || (input.kind === 'status' && current === 'delivered' && input.status === 'at_branch');
    if (undo) {
      if (current !== 'delivered') throw new AppError('correction_not_delivered');
      const { rows, receipt } = await undoHandover(tx, row, reason, actor);
      params = { correction: 'handover_undone', ...base, codes: rows.map((r) => r.trackCode), undone_receipt_id: receipt?.id };
      const details = { kind: input.kind, reason, notice: params, ...(receipt ? { receipt_id: receipt.id } : {}) };
      await recordEvents(tx, rows, 'at_branch', actor, {
        action: 'corrected',
        details,
        before: { ...before, status: 'delivered' },
        notify: false,
      });
      if (row.userId !== null)
        await sendParcelNotices(tx, [{ userId: row.userId, event: 'order_corrected', params: { ...params }, link: orderLink(row.id) }]);
      return { orderIds: rows.map((r) => r.id), undoneReceipt: receipt };
    }

    switch (input.kind) {
      case 'weight':
      case 'dimensions': {
        if (current === 'delivered') throw new AppError('correction_after_handover');
        const weight = input.kind === 'weight' ? input.weight : row.weight;
        let dimensions = row.dimensions;
        let volumetric = row.volumetricWeight;
        let divisor = row.volumetricDivisor;
        if (input.kind === 'dimensions') {
          dimensions = input.dimensions;
          divisor = dimensions ? (row.volumetricDivisor ?? (await settingsRepository.volumetricDivisor(tx))) : null;
          volumetric = dimensions ? volumetricWeightKg(dimensions, divisor!) : null;
          if (sameDimensions(dimensions, row.dimensions)) throw new AppError('correction_no_change');
        } else if (weight === row.weight) throw new AppError('correction_no_change');
        const chargeable = chargeableOf(weight, volumetric);
        const price = priced ? priceFor(chargeable, row.tariff!) : row.price;
        set = { weight, dimensions, volumetricWeight: volumetric, volumetricDivisor: divisor, price };
        params = {
          correction: input.kind,
          ...base,
          weight,
          previous_weight: row.weight,
          dimensions,
          previous_dimensions: row.dimensions,
          chargeable_weight: chargeable,
          previous_chargeable_weight: chargeableOf(row.weight, row.volumetricWeight),
          price,
          previous_price: row.price,
        };
        break;
      }
      case 'price': {
        if (current === 'delivered') throw new AppError('correction_after_handover');
        if (!priced) throw new AppError('correction_unpriced');
        const price = toMajor(input.amount);
        if (price === row.price) throw new AppError('correction_no_change');
        set = { price };
        params = { correction: 'price', ...base, price, previous_price: row.price };
        break;
      }
      case 'status': {
        to = input.status;
        const forward = NEXT_STATUS[current] === to;
        const back = NEXT_STATUS[to] === current;
        if (!forward && !back) throw new AppError('correction_not_one_step');
        const now = new Date();
        if (forward && to === 'in_transit') {
          if (row.userId === null) throw new AppError('correction_unowned');
          set = { dispatchedAt: now };
        } else if (forward && to === 'at_branch') {
          const branch = row.branchId !== null ? await branchesRepository.findById(tx, row.branchId) : undefined;
          if (!branch) throw new AppError('branch_required');
          set = {
            arrivedAt: now,
            tariff: branch.tariff,
            currency: branch.currency,
            price: priceFor(chargeableOf(row.weight, row.volumetricWeight), branch.tariff),
            storageUntil: storageUntilFor(now, branch.timeZone, branch.storageDays),
          };
        } else if (forward) throw new AppError('correction_use_handover');
        else if (to === 'china_warehouse') set = { dispatchedAt: null, flightId: null };
        else if (to === 'in_transit') set = { arrivedAt: null, price: null, tariff: null, currency: null, storageUntil: null };
        params = { correction: 'status', ...base, status: to, previous_status: current };
        break;
      }
    }

    // A step forward counts on today's flows, a step back takes its count away from the day it was counted on.
    const [updated] = await parcelFlows.around(tx, [row.id], () =>
      tx
        .update(orders)
        .set({ ...set, statusId: ids[to], updatedAt: nextVersion(row.updatedAt) })
        .where(and(eq(orders.id, row.id), eq(orders.statusId, row.statusId)))
        .returning(lifecycleColumns),
    );
    if (!updated) throw new AppError('stale_write');
    if (updated.currency !== null) params.currency = updated.currency;
    await recordEvents(tx, [updated], to, actor, {
      action: 'corrected',
      details: { kind: input.kind, reason, notice: params },
      before,
      notify: false,
    });
    if (updated.userId !== null)
      await sendParcelNotices(tx, [
        { userId: updated.userId, event: 'order_corrected', params: { ...params }, link: orderLink(updated.id) },
      ]);
    return { orderIds: [updated.id], undoneReceipt: null };
  },

  /** The customer names their parcel (their own only). */
  async rename(tx: DbOrTx, userId: number, id: number, name: string): Promise<boolean> {
    const rows = await tx
      .update(orders)
      .set({ name, updatedAt: new Date() })
      .where(and(eq(orders.id, id), eq(orders.userId, userId)))
      .returning({ id: orders.id });
    return rows.length > 0;
  },

  /** Gives a parcel the customer's name for it when it has none yet (saving a code names the parcel it matches). */
  async nameIfEmpty(tx: DbOrTx, id: number, name: string): Promise<void> {
    await tx
      .update(orders)
      .set({ name, updatedAt: new Date() })
      .where(and(eq(orders.id, id), eq(orders.name, '')));
  },

  /** Archives the customer's order (keeping the first time) or brings it back. */
  async setArchived(tx: DbOrTx, userId: number, id: number, archived: boolean): Promise<boolean> {
    const rows = await tx
      .update(orders)
      .set({ archivedAt: archived ? sql`coalesce(${orders.archivedAt}, now())` : null, updatedAt: new Date() })
      .where(and(eq(orders.id, id), eq(orders.userId, userId)))
      .returning({ id: orders.id });
    return rows.length > 0;
  },
};
