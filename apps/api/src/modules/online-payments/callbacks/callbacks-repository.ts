import { and, eq, lt, or } from 'drizzle-orm';
import type { TOnlineProvider } from '@portal/contract';
import type { DbOrTx } from '../../../db/client';
import { payments } from '../../../db/schema';

/** What the callbacks read beyond the request (the journal is the payments module's; read here, never written). */
export const callbacksRepository = {
  /**
   * Whether the journal already holds a refund of this payment matching a provider's Refund notification: by the
   * refund's own reference, or a refund row of that amount naming the payment.
   */
  async refundKnown(db: DbOrTx, input: { provider: TOnlineProvider; paymentId: number | null; refundRef: string; amount: number }) {
    const byRef = and(eq(payments.provider, input.provider), eq(payments.providerRef, input.refundRef), lt(payments.amount, 0));
    const byPayment =
      input.paymentId === null ? undefined : and(eq(payments.refundsId, input.paymentId), eq(payments.amount, -input.amount));
    const [row] = await db
      .select({ id: payments.id })
      .from(payments)
      .where(byPayment ? or(byRef, byPayment) : byRef)
      .limit(1);
    return Boolean(row);
  },
};
