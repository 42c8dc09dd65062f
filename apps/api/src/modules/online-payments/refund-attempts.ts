import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { TOnlineProvider } from '@portal/contract';
import type { DbOrTx } from '../../db/client';
import { paymentRefundAttempts, payments } from '../../db/schema';

/**
 * The refunds of online payments we ask providers for (ADR 077, addendum): written and committed before the provider
 * is called, so a Refund notification that arrives before our journal row (the provider may send it before it
 * answers our call) is recognised as ours. While `pending`, an attempt's amount is no longer refundable, so parallel
 * refunds never ask for more than the payment. This module alone writes the table.
 */
export const refundAttempts = {
  async open(db: DbOrTx, input: { paymentId: number; provider: TOnlineProvider; amount: number }): Promise<number> {
    const [row] = await db.insert(paymentRefundAttempts).values(input).returning({ id: paymentRefundAttempts.id });
    return row!.id;
  },

  /** The amount being refunded right now (pending attempts) of a payment. */
  async pendingAmount(db: DbOrTx, paymentId: number): Promise<number> {
    const [row] = await db
      .select({ sum: sql<string>`coalesce(sum(${paymentRefundAttempts.amount}), 0)::bigint::text` })
      .from(paymentRefundAttempts)
      .where(and(eq(paymentRefundAttempts.paymentId, paymentId), eq(paymentRefundAttempts.status, 'pending')));
    return Number(row?.sum ?? 0);
  },

  async finish(db: DbOrTx, id: number, status: 'done' | 'failed', refundRef?: string): Promise<void> {
    await db
      .update(paymentRefundAttempts)
      .set({ status, ...(refundRef ? { refundRef } : {}), updatedAt: sql`now()` })
      .where(eq(paymentRefundAttempts.id, id));
  },

  /**
   * Whether a provider's Refund notification is of a refund we asked for: an attempt (pending or done) of this
   * payment with the provider's refund reference, or else of the same amount.
   */
  async known(db: DbOrTx, input: { provider: TOnlineProvider; paymentId: number | null; refundRef: string; amount: number }) {
    if (input.paymentId === null) return false;
    const [row] = await db
      .select({ id: paymentRefundAttempts.id })
      .from(paymentRefundAttempts)
      .where(
        and(
          eq(paymentRefundAttempts.paymentId, input.paymentId),
          eq(paymentRefundAttempts.provider, input.provider),
          inArray(paymentRefundAttempts.status, ['pending', 'done']),
          or(eq(paymentRefundAttempts.refundRef, input.refundRef), eq(paymentRefundAttempts.amount, input.amount)),
        ),
      )
      .limit(1);
    return Boolean(row);
  },

  /**
   * Attempts still pending since before `before`: the provider was asked and our last step never ran (a crash or a
   * database error between the provider's answer and our journal row). Reconciliation lists them for staff.
   */
  async stuck(db: DbOrTx, before: Date) {
    return db
      .select({
        id: paymentRefundAttempts.id,
        paymentId: paymentRefundAttempts.paymentId,
        provider: paymentRefundAttempts.provider,
        amount: paymentRefundAttempts.amount,
        refundRef: paymentRefundAttempts.refundRef,
        createdAt: paymentRefundAttempts.createdAt,
        requestId: payments.requestId,
        branchId: payments.branchId,
      })
      .from(paymentRefundAttempts)
      .innerJoin(payments, eq(payments.id, paymentRefundAttempts.paymentId))
      .where(and(eq(paymentRefundAttempts.status, 'pending'), lt(paymentRefundAttempts.createdAt, before)))
      .orderBy(paymentRefundAttempts.createdAt)
      .limit(1_000);
  },
};
