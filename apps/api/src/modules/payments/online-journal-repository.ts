import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { TOnlineProvider } from '@portal/contract';
import type { DbOrTx } from '../../db/client';
import { payments } from '../../db/schema';
import type { PaymentRow } from './payments-repository';

/** The journal's online rows (ADR 077): a provider's payment by its reference, and what was refunded of a payment. */
export const onlineJournalRepository = {
  async paymentByRef(db: DbOrTx, provider: TOnlineProvider, providerRef: string): Promise<PaymentRow | undefined> {
    const [row] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.provider, provider), eq(payments.providerRef, providerRef), gt(payments.amount, 0)))
      .limit(1);
    return row;
  },

  /** A customer's online payments in a currency, newest first, each net of its refunds (the last `limit`). */
  async netOnlinePayments(db: DbOrTx, userId: number, currency: string, limit = 50) {
    const refunds = sql`(select coalesce(sum(r.amount), 0) from ${payments} r where r.refunds_id = ${payments.id})`;
    const rows = await db
      .select({
        provider: payments.provider,
        providerRef: payments.providerRef,
        net: sql<string>`(${payments.amount} + ${refunds})::text`,
        createdAt: payments.createdAt,
      })
      .from(payments)
      .where(and(eq(payments.userId, userId), eq(payments.currency, currency), eq(payments.method, 'online'), gt(payments.amount, 0)))
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(limit);
    return rows.map((r) => ({ provider: r.provider!, providerRef: r.providerRef, net: Number(r.net), paidAt: r.createdAt }));
  },

  /** Refunded so far of a payment (a positive number: the refunds are negative rows naming it). */
  async refunded(db: DbOrTx, paymentId: number): Promise<number> {
    const [row] = await db
      .select({ sum: sql<string>`coalesce(-sum(${payments.amount}), 0)::bigint::text` })
      .from(payments)
      .where(eq(payments.refundsId, paymentId));
    return Number(row?.sum ?? 0);
  },
};
