import { eq, inArray } from 'drizzle-orm';
import type { TOrderStatusCode } from '@portal/contract';
import type { DbOrTx } from '../../db/client';
import { branches, orderEvents, orderStatuses } from '../../db/schema';
import { notificationsService } from '../notifications/notifications-service';
import { orderLink, orderParams, STATUS_EVENT, type NotifiableOrder } from './order-notifications';

/** Who did something to an order, and from where (kept in the order's history). */
export interface Actor {
  userId: number | null;
  ip?: string | null;
  branchId?: number | null;
}

export interface LifecycleOrder extends NotifiableOrder {
  userId: number | null;
  branchId: number | null;
}

const statusCache = new WeakMap<object, Promise<Record<TOrderStatusCode, number>>>();

/** Status code → id (rows are seeded; cached per database handle). */
export function statusIds(db: DbOrTx): Promise<Record<TOrderStatusCode, number>> {
  let cached = statusCache.get(db);
  if (!cached) {
    cached = db
      .select({ id: orderStatuses.id, code: orderStatuses.code })
      .from(orderStatuses)
      .then((rows) => Object.fromEntries(rows.map((r) => [r.code, r.id])) as Record<TOrderStatusCode, number>);
    statusCache.set(db, cached);
    cached.catch(() => statusCache.delete(db));
  }
  return cached;
}

export async function statusCodeById(db: DbOrTx): Promise<Map<number, TOrderStatusCode>> {
  const ids = await statusIds(db);
  return new Map(Object.entries(ids).map(([code, id]) => [id, code as TOrderStatusCode]));
}

/**
 * Records that these orders (already updated by the caller, in the same transaction) reached `to`:
 * one history event per order with the actor, and a notification to each owner in their language.
 * `action` names what happened ('received', 'claimed', 'dispatched', 'arrived', 'delivered', 'assigned' …).
 */
export async function recordStatusChange(
  tx: DbOrTx,
  orders: LifecycleOrder[],
  to: TOrderStatusCode,
  actor: Actor,
  opts: { action: string; details?: Record<string, unknown>; notify?: boolean } = { action: to },
): Promise<void> {
  if (!orders.length) return;
  const ids = await statusIds(tx);
  await tx.insert(orderEvents).values(
    orders.map((o) => ({
      orderId: o.id,
      action: opts.action,
      statusId: ids[to],
      actorUserId: actor.userId,
      branchId: actor.branchId ?? o.branchId,
      ip: actor.ip ?? null,
      details: opts.details ?? {},
    })),
  );
  if (opts.notify === false) return;
  await notifyOwners(tx, orders, to);
}

/** Notifies each owned order's owner of its new status (event + params; rendered in their language when read or sent). */
export async function notifyOwners(tx: DbOrTx, orders: LifecycleOrder[], status: TOrderStatusCode): Promise<void> {
  const owned = orders.filter((o) => o.userId !== null);
  if (!owned.length) return;
  const branchIds = [...new Set(owned.map((o) => o.branchId).filter((b): b is number => b !== null))];
  const branchRows = branchIds.length ? await tx.select({ id: branches.id, name: branches.name }).from(branches).where(inArray(branches.id, branchIds)) : [];
  const branchName = new Map(branchRows.map((b) => [b.id, b.name]));
  await notificationsService.notify(
    tx,
    owned.map((o) => ({
      userId: o.userId as number,
      event: STATUS_EVENT[status],
      params: orderParams(o, o.branchId !== null ? branchName.get(o.branchId) ?? null : null),
      link: orderLink(o.id),
    })),
  );
}

/** The status code of one status id (throws on an unknown id: statuses are seeded). */
export async function statusCodeOf(db: DbOrTx, statusId: number): Promise<TOrderStatusCode> {
  const [row] = await db.select({ code: orderStatuses.code }).from(orderStatuses).where(eq(orderStatuses.id, statusId)).limit(1);
  if (!row) throw new Error(`unknown status id ${statusId}`);
  return row.code;
}
