import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { previousStatus, sumMinor, toMinor, type TOrderStatusCode, type TPaymentInput, type TPaymentMethod } from '@portal/contract';
import type { DbOrTx, Tx } from '../../db/client';
import { orderEvents, orders, receipts } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { BranchRow } from '../branches/branches-repository';
import { paymentsService } from '../payments/payments-service';
import { tracksLinks } from '../tracks/tracks-links';
import { notifyStatus, sendParcelNotices, type NotifiableOrder } from './parcel-notifications';
import { statusCodeById, statusIds } from './parcel-statuses';

/**
 * The parcels module: the only code that writes orders, their events and receipts. Every transition checks the
 * allowed previous status (the contract's NEXT_STATUS, through previousStatus), sets its timestamp, writes one event
 * per parcel with the actor and the place, and tells the owner through sendParcelNotices (the one seam into the
 * notifications module). Callers own the transaction; races are decided by the guarded UPDATE … WHERE status.
 */

/** Who did something to a parcel, and from where (kept in the parcel's history). */
export interface Actor {
  userId: number | null;
  ip?: string | null;
  branchId?: number | null;
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

export type LifecycleOrderRow = NotifiableOrder & { userId: number | null; branchId: number | null; statusId: number; tariff: number | null };

/** The customer a parcel is given to. */
export interface ClaimingUser {
  id: number;
  branchId: number | null;
}

type EventOpts = { action: string; details?: Record<string, unknown>; notify?: boolean };

/** One history event per order (status `status`), and each owner's status notification unless notify is false. */
async function recordEvents(tx: DbOrTx, rows: LifecycleOrderRow[], status: TOrderStatusCode, actor: Actor, opts: EventOpts): Promise<void> {
  if (!rows.length) return;
  const ids = await statusIds(tx);
  for (let i = 0; i < rows.length; i += 1000) {
    await tx.insert(orderEvents).values(
      rows.slice(i, i + 1000).map((o) => ({
        orderId: o.id,
        action: opts.action,
        statusId: ids[status],
        actorUserId: actor.userId,
        branchId: actor.branchId ?? o.branchId,
        ip: actor.ip ?? null,
        details: opts.details ?? {},
      })),
    );
  }
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

export interface ReceiveInput {
  trackCode: string;
  weight: number;
  name: string;
  labelClientCode: string | null;
  photos?: string[];
  /** Given at once (import: the owner the plan found). */
  userId?: number | null;
  branchId?: number | null;
}

export const parcels = {
  /**
   * Receipt at the China warehouse: new orders in china_warehouse (the first status: nothing before it). A code that
   * already is an order is skipped (the unique index decides races). Owned rows are linked to their saved codes and
   * their owners told; unowned ones wait for claim().
   */
  async receive(tx: DbOrTx, input: ReceiveInput[], actor: Actor, details: Record<string, unknown> = {}): Promise<LifecycleOrderRow[]> {
    if (!input.length) return [];
    const ids = await statusIds(tx);
    const out: LifecycleOrderRow[] = [];
    for (let i = 0; i < input.length; i += 1000) {
      const inserted = await tx
        .insert(orders)
        .values(
          input.slice(i, i + 1000).map((p) => ({
            trackCode: p.trackCode,
            weight: p.weight,
            name: p.name,
            statusId: ids.china_warehouse,
            labelClientCode: p.labelClientCode,
            photos: p.photos ?? [],
            userId: p.userId ?? null,
            branchId: p.branchId ?? null,
          })),
        )
        .onConflictDoNothing({ target: orders.trackCode })
        .returning(lifecycleColumns);
      out.push(...inserted);
    }
    const single = input.length === 1 ? input[0]! : null;
    await recordEvents(tx, out, 'china_warehouse', actor, {
      action: 'received',
      details: {
        place: 'china_warehouse',
        ...(single ? { weight: single.weight, label_client_code: single.labelClientCode, photos: single.photos?.length ?? 0 } : {}),
        ...details,
      },
    });
    await tracksLinks.linkOrders(tx, out.filter((o) => o.userId !== null).map((o) => o.id));
    return out;
  },

  /**
   * Gives an unclaimed order (user_id null) to a customer: branch_id becomes the customer's branch while the parcel is
   * still at the China warehouse (or has none); the customer's saved code is linked; one event ('claimed' when the
   * customer saved the code, 'assigned' when staff did it) with the current status; the new owner is told.
   * Guarded by WHERE user_id IS NULL: of concurrent claims exactly one wins; null for the others.
   */
  async claim(tx: DbOrTx, orderId: number, user: ClaimingUser, actor: Actor, action: 'claimed' | 'assigned'): Promise<LifecycleOrderRow | null> {
    const ids = await statusIds(tx);
    const branch =
      user.branchId === null
        ? orders.branchId
        : sql`case when ${orders.statusId} = ${ids.china_warehouse} or ${orders.branchId} is null then ${user.branchId}::integer else ${orders.branchId} end`;
    const [claimed] = await tx
      .update(orders)
      .set({ userId: user.id, branchId: branch, updatedAt: new Date() })
      .where(and(eq(orders.id, orderId), isNull(orders.userId)))
      .returning(lifecycleColumns);
    if (!claimed) return null;
    await tracksLinks.linkOrders(tx, [claimed.id]);
    const code = (await statusCodeById(tx)).get(claimed.statusId);
    if (!code) throw new Error(`order ${claimed.id} has unknown status id ${claimed.statusId}`);
    await recordEvents(tx, [claimed], code, actor, { action });
    return claimed;
  },

  /** china_warehouse → in_transit for the owned orders matching `where`. */
  async dispatch(tx: DbOrTx, where: SQL, actor: Actor, details: Record<string, unknown> = {}): Promise<LifecycleOrderRow[]> {
    const now = new Date();
    const moved = await move(tx, 'in_transit', and(where, sql`${orders.userId} is not null`)!, { dispatchedAt: now });
    await recordEvents(tx, moved, 'in_transit', actor, { action: 'dispatched', details: { place: 'china_warehouse', batch: moved.length, ...details } });
    return moved;
  },

  /**
   * in_transit → at_branch at `branch`: price = weight × the branch tariff rounded half up to 2 decimals (numeric round,
   * the same as the contract's priceFor), storage until the given day.
   * `redirectedFrom` names the branch each re-addressed order was going to (kept in its event).
   */
  async arrive(
    tx: DbOrTx,
    orderIds: number[],
    branch: Pick<BranchRow, 'id' | 'tariff' | 'currency'>,
    storageUntil: string,
    actor: Actor,
    redirectedFrom: Map<number, number | null> = new Map(),
  ): Promise<LifecycleOrderRow[]> {
    if (!orderIds.length) return [];
    const now = new Date();
    const moved = await move(tx, 'at_branch', inArray(orders.id, orderIds), {
      branchId: branch.id,
      tariff: branch.tariff,
      currency: branch.currency,
      price: sql`round(${orders.weight} * ${String(branch.tariff)}::numeric, 2)`,
      arrivedAt: now,
      storageUntil,
    });
    const where = { ...actor, branchId: branch.id };
    const details = { tariff: branch.tariff, currency: branch.currency };
    await recordEvents(tx, moved.filter((o) => !redirectedFrom.has(o.id)), 'at_branch', where, { action: 'arrived', details });
    for (const o of moved.filter((m) => redirectedFrom.has(m.id))) {
      await recordEvents(tx, [o], 'at_branch', where, { action: 'arrived', details: { ...details, redirected_from: redirectedFrom.get(o.id) ?? null } });
    }
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
    done.sort((a, b) => a.id - b.id);
    const items = done.map((o) => ({ order_id: o.id, track_code: o.trackCode, name: o.name, weight: o.weight, tariff: o.tariff ?? branch.tariff, price: o.price ?? 0 }));
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
    await tx.update(orders).set({ receiptId }).where(inArray(orders.id, done.map((o) => o.id)));
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
    await recordEvents(tx, done, 'delivered', { ...actor, branchId: branch.id }, {
      action: 'delivered',
      details: { receipt_id: receiptId, payment_method: mainMethod, paid: money.paid, remaining: money.remaining },
      notify: false,
    });
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

  /** The customer names their parcel (their own only). */
  async rename(tx: DbOrTx, userId: number, id: number, name: string): Promise<boolean> {
    const rows = await tx.update(orders).set({ name, updatedAt: new Date() }).where(and(eq(orders.id, id), eq(orders.userId, userId))).returning({ id: orders.id });
    return rows.length > 0;
  },

  /** Gives a parcel the customer's name for it when it has none yet (saving a code names the parcel it matches). */
  async nameIfEmpty(tx: DbOrTx, id: number, name: string): Promise<void> {
    await tx.update(orders).set({ name, updatedAt: new Date() }).where(and(eq(orders.id, id), eq(orders.name, '')));
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
