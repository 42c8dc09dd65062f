import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { parcelWeights, pickText, toMajor, type TLang, type TReceipt } from '@portal/contract';
import type { DbOrTx } from '../../db/client';
import { branches, charges, receipts, users } from '../../db/schema';
import { paymentsService } from '../payments/payments-service';

const staff = alias(users, 'staff');

export const receiptsRepository = {
  /**
   * One receipt with its customer, branch and staff member, in the reader's language. Amounts are kept in minor units;
   * the answer's `total` and items' `tariff`/`price` are their major-unit form (the contract's toMajor), beside `total_minor`.
   */
  async view(db: DbOrTx, id: number, lang: TLang): Promise<(TReceipt & { userId: number }) | null> {
    const [row] = await db
      .select({
        receipt: receipts,
        customer: users,
        branch: branches,
        staffFirst: staff.firstName,
        staffLast: staff.lastName,
        // What credit paid ahead online covered of its charge (the payments module keeps it on the charge).
        creditUsed: sql<string>`(select coalesce(sum(${charges.creditUsed}), 0)::text from ${charges} where ${charges.receiptId} = ${receipts.id} and ${charges.reversesId} is null)`,
      })
      .from(receipts)
      .innerJoin(users, eq(users.id, receipts.userId))
      .innerJoin(branches, eq(branches.id, receipts.branchId))
      .innerJoin(staff, eq(staff.id, receipts.staffUserId))
      .where(eq(receipts.id, id))
      .limit(1);
    if (!row) return null;
    const r = row.receipt;
    const totalMinor = r.total;
    const paidOnline = Number(row.creditUsed);
    const money = await paymentsService.receiptMoney(db, r.id, totalMinor, lang, paidOnline);
    return {
      userId: r.userId,
      id: r.id,
      created_at: r.createdAt.toISOString(),
      customer: {
        id: row.customer.id,
        client_code: row.customer.clientCode,
        name: `${row.customer.firstName} ${row.customer.lastName}`.trim(),
      },
      branch: { id: row.branch.id, name: pickText(row.branch.name, lang), address: pickText(row.branch.address, lang) },
      staff: { id: r.staffUserId, name: `${row.staffFirst} ${row.staffLast}`.trim() },
      payment_method: r.paymentMethod,
      items: r.items.map(({ dimensions, volumetric_weight, volumetric_divisor, insurance, declared_value, declared_currency, ...i }) => ({
        ...i,
        // Lines written before the chargeable weight was recorded charged the actual weight (parcelWeights' 'actual').
        weights: parcelWeights(i.weight, dimensions ?? null, volumetric_weight ?? null, volumetric_divisor ?? null),
        tariff: toMajor(i.tariff),
        price: toMajor(i.price),
        storage_days: i.storage_days ?? 0,
        storage_fee: toMajor(i.storage_fee ?? 0),
        // Charged with the parcel (ADR 090); lines without it (and receipts before issue 36) charged none.
        insurance: toMajor(insurance ?? 0),
        declared_value: insurance && declared_value !== undefined ? toMajor(declared_value) : null,
        declared_currency: insurance ? (declared_currency ?? null) : null,
      })),
      storage_fee: r.storageFee,
      storage_waived: r.storageWaived,
      storage_waiver_reason: r.storageWaiverReason,
      collected_by: r.collectedBy ? { name: r.collectedBy.name, phone: r.collectedBy.phone } : null,
      door_fee: r.doorFee,
      door_courier: r.doorCourier,
      total_weight: r.totalWeight,
      total: toMajor(totalMinor),
      currency: r.currency,
      total_minor: totalMinor,
      paid: money.paid,
      paid_online: paidOnline,
      // An undone hand-over (ADR 062) owes nothing: its charge was reversed and its payments returned.
      remaining: r.undoneAt ? 0 : money.remaining,
      // Paid beyond this receipt's total went to the customer's earlier debt (the hand-over never takes more than owed).
      debt_repaid: Math.max(money.paid - totalMinor, 0),
      payments: money.payments,
      undone_at: r.undoneAt ? r.undoneAt.toISOString() : null,
    };
  },
};
