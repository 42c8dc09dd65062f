import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TOnlineProvider, TPaymentRequestStatus } from '@portal/contract';
import type { DbOrTx } from '../../db/client';
import { orders, paymentDifferences, paymentRequests } from '../../db/schema';

export type PaymentRequestRow = typeof paymentRequests.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The SQL of payment requests and differences (ADR 077); this module alone writes them. */
export const onlinePaymentsRepository = {
  /** A request by id; anything that is not a UUID (a provider's garbage, a typed address) finds nothing. */
  async byId(db: DbOrTx, id: string): Promise<PaymentRequestRow | undefined> {
    if (!UUID.test(id)) return undefined;
    const [row] = await db.select().from(paymentRequests).where(eq(paymentRequests.id, id)).limit(1);
    return row;
  },

  /**
   * THE guard of settlement: moves a request from one of `from` to `to` and answers the row, or nothing when another
   * call moved it first. The provider's reference is kept when the request had none.
   */
  async move(
    db: DbOrTx,
    id: string,
    from: readonly TPaymentRequestStatus[],
    to: TPaymentRequestStatus,
    set: { reason?: string; providerRef?: string; paidAt?: Date } = {},
  ): Promise<PaymentRequestRow | undefined> {
    const [row] = await db
      .update(paymentRequests)
      .set({
        status: to,
        ...(set.reason !== undefined ? { reason: set.reason } : {}),
        ...(set.providerRef !== undefined ? { providerRef: sql`coalesce(${paymentRequests.providerRef}, ${set.providerRef})` } : {}),
        ...(set.paidAt !== undefined ? { paidAt: set.paidAt } : {}),
        updatedAt: sql`now()`,
      })
      .where(and(eq(paymentRequests.id, id), inArray(paymentRequests.status, [...from])))
      .returning();
    return row;
  },

  async setPayment(db: DbOrTx, id: string, paymentId: number): Promise<void> {
    await db.update(paymentRequests).set({ paymentId }).where(eq(paymentRequests.id, id));
  },

  /** How many of `ids` still wait at the branch for this customer (the request still has something to pay). */
  async waitingCount(db: DbOrTx, userId: number, branchId: number, ids: number[], atBranchStatusId: number): Promise<number> {
    if (!ids.length) return 0;
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(and(inArray(orders.id, ids), eq(orders.userId, userId), eq(orders.branchId, branchId), eq(orders.statusId, atBranchStatusId)));
    return row?.n ?? 0;
  },

  /** A difference for staff (one open per request and kind: a repeat adds nothing). */
  async addDifference(
    db: DbOrTx,
    row: { requestId: string; branchId: number; provider: TOnlineProvider; kind: string; detail: Record<string, unknown> },
  ): Promise<void> {
    await db.insert(paymentDifferences).values(row).onConflictDoNothing();
  },
};
