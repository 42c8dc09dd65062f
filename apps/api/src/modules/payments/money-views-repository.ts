import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { pickText, type TJournalMethod, type TLang, type TMoneyHistoryItem, type TPayment } from '@portal/contract';
import type { DbOrTx } from '../../db/client';
import { branches, charges, payments, users } from '../../db/schema';
import { rowsOf } from './payments-repository';

const staff = alias(users, 'pay_staff');
const reversal = alias(payments, 'pay_reversal');

/** The journal as people read it: payments with their branch, staff and reversal, and a customer's money history. */
export const moneyViewsRepository = {
  /** Payments with their branch, staff and whether they were reversed. */
  async paymentViews(
    db: DbOrTx,
    where: { ids?: number[]; receiptId?: number; branchId?: number; date?: string },
    lang: TLang,
  ): Promise<TPayment[]> {
    const conds = [
      where.ids ? inArray(payments.id, where.ids.length ? where.ids : [-1]) : undefined,
      where.receiptId !== undefined
        ? // A receipt's payments, and the online payments (with their refunds) that paid its parcels ahead (ADR 077): the
          // customer's online rows whose request named any of the receipt's parcels; they carry no receipt id.
          sql`(${payments.receiptId} = ${where.receiptId} or (${payments.method} = 'online' and exists (
            select 1 from receipts rc join payment_requests q on q.id = ${payments.requestId}
             where rc.id = ${where.receiptId} and rc.user_id = ${payments.userId}
               and exists (select 1 from jsonb_array_elements(rc.items) i
                            where (i->>'order_id')::bigint in (select jsonb_array_elements_text(q.parcel_ids)::bigint)))))`
        : undefined,
      where.branchId !== undefined ? eq(payments.branchId, where.branchId) : undefined,
      where.date !== undefined ? eq(payments.businessDate, where.date) : undefined,
    ].filter(Boolean);
    const rows = await db
      .select({
        p: payments,
        branchName: branches.name,
        first: staff.firstName,
        last: staff.lastName,
        reversedBy: reversal.id,
        // An online payment's refunds through the provider so far (ADR 077); 0 for every other row.
        refunded: sql<string>`case when ${payments.method} = 'online' and ${payments.amount} > 0
          then (select coalesce(-sum(r.amount), 0) from payments r where r.refunds_id = ${payments.id}) else 0 end::bigint::text`,
      })
      .from(payments)
      .innerJoin(branches, eq(branches.id, payments.branchId))
      .leftJoin(staff, eq(staff.id, payments.staffUserId))
      .leftJoin(reversal, eq(reversal.reversesId, payments.id))
      .where(and(...conds))
      .orderBy(asc(payments.id))
      .limit(5000);
    return rows.map(({ p, branchName, first, last, reversedBy, refunded }) => ({
      id: p.id,
      kind: p.refundsId !== null ? ('refund' as const) : p.reversesId === null ? ('payment' as const) : ('reversal' as const),
      method: p.method,
      amount: p.amount,
      currency: p.currency,
      branch: { id: p.branchId, name: pickText(branchName, lang) },
      customer_id: p.userId,
      staff: p.staffUserId === null ? null : { id: p.staffUserId, name: `${first ?? ''} ${last ?? ''}`.trim() },
      provider: p.provider,
      provider_ref: p.providerRef,
      receipt_id: p.receiptId,
      business_date: p.businessDate,
      reverses_id: p.reversesId,
      reversed_by_id: reversedBy ?? null,
      refunds_id: p.refundsId,
      refunded: Number(refunded),
      reason: p.reason,
      created_at: p.createdAt.toISOString(),
    }));
  },

  /** A customer's last `limit` money events (charges and payments), newest first. */
  async history(db: DbOrTx, userId: number, lang: TLang, limit = 100): Promise<TMoneyHistoryItem[]> {
    type H = {
      kind: 'charge' | 'charge_reversal' | 'payment' | 'reversal' | 'compensation';
      id: string;
      amount: string;
      currency: string;
      method: TJournalMethod | null;
      branch_id: number;
      branch_name: Record<string, string>;
      receipt_id: number | null;
      created_at: string | Date;
    };
    const rows = await db.execute(sql`
      select * from (
        select case when c.claim_id is not null then 'compensation' when c.reverses_id is null then 'charge' else 'charge_reversal' end as kind, c.id, c.amount, c.currency, null as method, c.branch_id, b.name as branch_name, c.receipt_id, c.created_at
          from ${charges} c join ${branches} b on b.id = c.branch_id where c.user_id = ${userId}
        union all
        select case when p.reverses_id is null then 'payment' else 'reversal' end, p.id, p.amount, p.currency, p.method, p.branch_id, b.name, p.receipt_id, p.created_at
          from ${payments} p join ${branches} b on b.id = p.branch_id where p.user_id = ${userId}
      ) h order by created_at desc, kind asc, id desc limit ${limit}`);
    return rowsOf<H>(rows).map((r) => ({
      kind: r.kind,
      id: Number(r.id),
      amount: Number(r.amount),
      currency: r.currency,
      method: r.method,
      branch: { id: r.branch_id, name: pickText(r.branch_name as never, lang) },
      receipt_id: r.receipt_id,
      created_at: new Date(r.created_at).toISOString(),
    }));
  },
};
