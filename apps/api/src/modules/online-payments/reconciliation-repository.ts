import { and, desc, eq, gte, isNotNull, isNull, sql } from 'drizzle-orm';
import { pickText, type TLang, type TOnlineProvider, type TPaymentDifference, type TPaymentRequestStatus } from '@portal/contract';
import type { DbOrTx } from '../../db/client';
import { branches, paymentDifferences, paymentRequests, users } from '../../db/schema';

/** What reconciliation compares of one request: our status and amount, and what the journal holds of it. */
export interface RequestBooks {
  id: string;
  branchId: number;
  provider: TOnlineProvider;
  status: TPaymentRequestStatus;
  amount: number;
  currency: string;
  providerRef: string | null;
  /** The journal's online payment of this request (positive row), if any. */
  paid: number | null;
  /** Refunded of it through the provider so far (positive). */
  refunded: number;
}

/** The SQL of reconciliation and the differences it lists (ADR 077); payment_differences is this module's. */
export const reconciliationRepository = {
  /**
   * Requests of the last `days` days to compare with their providers: every settled, refunded, failed or expired one,
   * and open ones past their expiry (live open ones are the poller's), with what the journal holds of each.
   */
  async requestsToCheck(db: DbOrTx, since: Date, branchId?: number): Promise<RequestBooks[]> {
    const rows = await db
      .select({
        id: paymentRequests.id,
        branchId: paymentRequests.branchId,
        provider: paymentRequests.provider,
        status: paymentRequests.status,
        amount: paymentRequests.amount,
        currency: paymentRequests.currency,
        providerRef: paymentRequests.providerRef,
        paid: sql<
          string | null
        >`(select sum(p.amount)::bigint::text from payments p where p.request_id = payment_requests.id and p.amount > 0)`,
        refunded: sql<string>`(select coalesce(-sum(p.amount), 0)::bigint::text from payments p
          where p.request_id = payment_requests.id and p.refunds_id is not null)`,
      })
      .from(paymentRequests)
      .where(
        and(
          gte(paymentRequests.createdAt, since),
          sql`(${paymentRequests.status} <> 'open' or ${paymentRequests.expiresAt} < now())`,
          branchId === undefined ? undefined : eq(paymentRequests.branchId, branchId),
        ),
      )
      .orderBy(paymentRequests.createdAt)
      .limit(10_000);
    return rows.map((r) => ({ ...r, paid: r.paid === null ? null : Number(r.paid), refunded: Number(r.refunded) }));
  },

  /**
   * Records a difference once: nothing when one of that kind was ever listed for the request (open or resolved:
   * a resolved difference is not raised again by the next run). True when a row was added.
   */
  async addOnce(
    db: DbOrTx,
    row: { requestId: string; branchId: number; provider: TOnlineProvider; kind: string; detail: Record<string, unknown> },
  ): Promise<boolean> {
    const added = await db.execute(sql`
      insert into payment_differences (request_id, branch_id, provider, kind, detail)
      select ${row.requestId}::uuid, ${row.branchId}::int, ${row.provider}, ${row.kind}, ${JSON.stringify(row.detail)}::jsonb
       where not exists (select 1 from payment_differences d where d.request_id = ${row.requestId}::uuid and d.kind = ${row.kind})
      on conflict do nothing
      returning id`);
    const list = (added as { rows?: unknown[] }).rows ?? (added as unknown as unknown[]);
    return list.length > 0;
  },

  async list(db: DbOrTx, where: { branchId?: number; resolved: boolean }, lang: TLang): Promise<TPaymentDifference[]> {
    const rows = await db
      .select({
        d: paymentDifferences,
        branchName: branches.name,
        currency: paymentRequests.currency,
        userId: users.id,
        first: users.firstName,
        last: users.lastName,
        code: users.clientCode,
      })
      .from(paymentDifferences)
      .innerJoin(paymentRequests, eq(paymentRequests.id, paymentDifferences.requestId))
      .innerJoin(branches, eq(branches.id, paymentDifferences.branchId))
      .innerJoin(users, eq(users.id, paymentRequests.userId))
      .where(
        and(
          where.branchId === undefined ? undefined : eq(paymentDifferences.branchId, where.branchId),
          where.resolved ? isNotNull(paymentDifferences.resolvedAt) : isNull(paymentDifferences.resolvedAt),
        ),
      )
      .orderBy(desc(paymentDifferences.foundAt), desc(paymentDifferences.id))
      .limit(500);
    return rows.map(({ d, branchName, currency, userId, first, last, code }) => ({
      id: d.id,
      request_id: d.requestId,
      branch: { id: d.branchId, name: pickText(branchName, lang) },
      provider: d.provider,
      kind: d.kind,
      detail: d.detail,
      currency,
      customer: { id: userId, name: `${first} ${last}`.trim(), client_code: code },
      found_at: d.foundAt.toISOString(),
      resolved_at: d.resolvedAt ? d.resolvedAt.toISOString() : null,
      resolution: d.resolution,
    }));
  },

  async byId(db: DbOrTx, id: number) {
    const [row] = await db.select().from(paymentDifferences).where(eq(paymentDifferences.id, id)).limit(1);
    return row;
  },

  /** Resolves an open difference (guarded: a second resolve finds it resolved and changes nothing). */
  async resolve(db: DbOrTx, id: number, userId: number, note: string) {
    const [row] = await db
      .update(paymentDifferences)
      .set({ resolvedAt: sql`now()`, resolvedBy: userId, resolution: note })
      .where(and(eq(paymentDifferences.id, id), isNull(paymentDifferences.resolvedAt)))
      .returning();
    return row;
  },
};
