import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { normalizePhone, pickText, QR_TOKEN_PREFIX, sumMinor, toMinor, type THandoverLookup, type TLang, type TPaymentInput, type TPaymentMethod, type TReceipt } from '@portal/contract';
import type { Db } from '../../db/client';
import { branches, orders, receipts } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { QrTokenService } from '../qr/qr-token';
import type { BranchRow } from '../branches/branches-repository';
import { notificationsService } from '../notifications/notifications-service';
import { paymentsService } from '../payments/payments-service';
import { recordStatusChange, statusIds, type Actor } from '../orders/order-lifecycle';
import { lifecycleColumns } from '../orders/orders-repository';
import { receiptsRepository } from '../receipts/receipts-repository';
import { manageRepository, type CustomerRow } from './manage-repository';
import { toManageParcel } from './parcel-view';

const CLIENT_CODE = /^[A-Z]{2}-?\d{1,10}$/;

/**
 * The customer staff scanned or typed: a QR code from our app (signature, current version, a customer), a client code,
 * or a phone number. Anything else that looks like a code (a URL, another carrier's QR) is refused as foreign.
 */
export async function resolveCustomer(db: Db, qr: QrTokenService, input: string): Promise<CustomerRow> {
  const value = input.trim();
  if (value.startsWith(QR_TOKEN_PREFIX)) {
    const claims = await qr.verify(value);
    if (claims === 'expired') throw new AppError('qr_expired');
    if (!claims) throw new AppError('qr_invalid');
    const user = await manageRepository.customerById(db, claims.userId);
    if (!user) throw new AppError('qr_invalid');
    if (user.qrVersion !== claims.version) throw new AppError('qr_revoked');
    return user;
  }
  const upper = value.toUpperCase().replace(/\s+/g, '');
  if (CLIENT_CODE.test(upper)) {
    const code = upper.includes('-') ? upper : `${upper.slice(0, 2)}-${upper.slice(2)}`;
    const user = (await manageRepository.customersByClientCodes(db, [code])).get(code);
    if (!user) throw new AppError('customer_not_found');
    return user;
  }
  if (/^[+\d][\d\s()-]{5,}$/.test(value)) {
    const phone = normalizePhone(value);
    const user = phone ? await manageRepository.customerByPhone(db, phone) : undefined;
    if (!user) throw new AppError('customer_not_found');
    return user;
  }
  if (value.length > 24 || /[:/.?=]/.test(value)) throw new AppError('qr_foreign');
  throw new AppError('customer_not_found');
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const round3 = (n: number) => Math.round(n * 1000) / 1000;

export const handoverService = {
  async lookup(db: Db, qr: QrTokenService, branch: BranchRow, input: string, lang: TLang): Promise<THandoverLookup> {
    const customer = await resolveCustomer(db, qr, input);
    const ids = await statusIds(db);
    const here = await manageRepository.parcels(
      db,
      and(eq(orders.userId, customer.id), eq(orders.statusId, ids.at_branch), eq(orders.branchId, branch.id)),
      { orderBy: [asc(orders.arrivedAt), asc(orders.id)] },
    );
    const elsewhere = await db
      .select({ id: branches.id, name: branches.name, count: sql<number>`count(*)`.mapWith(Number) })
      .from(orders)
      .innerJoin(branches, eq(branches.id, orders.branchId))
      .where(and(eq(orders.userId, customer.id), eq(orders.statusId, ids.at_branch), ne(orders.branchId, branch.id)))
      .groupBy(branches.id, branches.name);
    const parcels = here.map((r) => toManageParcel(r, lang));
    const balances = await paymentsService.balances(db, customer.id);
    const [customerBranch] = customer.branchId
      ? await db.select({ id: branches.id, name: branches.name }).from(branches).where(eq(branches.id, customer.branchId)).limit(1)
      : [];
    return {
      customer: {
        id: customer.id,
        client_code: customer.clientCode,
        first_name: customer.firstName,
        last_name: customer.lastName,
        phone_number: customer.phoneNumber,
        branch: customerBranch ? { id: customerBranch.id, name: pickText(customerBranch.name, lang) } : null,
      },
      branch: { id: branch.id, name: pickText(branch.name, lang), tariff: branch.tariff, currency: branch.currency },
      parcels,
      total_weight: round3(parcels.reduce((s, p) => s + p.weight, 0)),
      total: round2(parcels.reduce((s, p) => s + (p.price ?? 0), 0)),
      currency: branch.currency,
      total_minor: sumMinor(parcels.map((p) => toMinor(p.price ?? 0))),
      debt: Math.max(balances.find((b) => b.currency === branch.currency)?.balance ?? 0, 0),
      other_balances: balances.filter((b) => b.currency !== branch.currency && b.balance !== 0),
      elsewhere: elsewhere.map((e) => ({ branch: { id: e.id, name: pickText(e.name, lang) }, count: e.count })),
    };
  },

  /**
   * Hands parcels over in one transaction. The UPDATE … WHERE status = at_branch … RETURNING decides races: of two
   * concurrent hand-overs of one parcel, the second finds it no longer waiting and everything it did is rolled back.
   */
  async complete(
    db: Db,
    branch: BranchRow,
    input: { customerId: number; orderIds?: number[]; paymentMethod?: TPaymentMethod; payments?: TPaymentInput[]; acceptDebt?: boolean },
    actor: Actor & { userId: number },
    lang: TLang,
  ): Promise<TReceipt> {
    const customer = await manageRepository.customerById(db, input.customerId);
    if (!customer) throw new AppError('customer_not_found');
    const receiptId = await db.transaction(async (tx) => {
      const ids = await statusIds(tx);
      const wanted = input.orderIds ? [...new Set(input.orderIds)] : undefined;
      const now = new Date();
      const done = await tx
        .update(orders)
        .set({ statusId: ids.delivered, deliveredAt: now, updatedAt: now })
        .where(
          and(
            eq(orders.userId, customer.id),
            eq(orders.statusId, ids.at_branch),
            eq(orders.branchId, branch.id),
            ...(wanted ? [inArray(orders.id, wanted)] : []),
          ),
        )
        .returning({ ...lifecycleColumns, tariff: orders.tariff });
      if (!done.length || (wanted && done.length !== wanted.length)) throw new AppError('handover_changed');
      done.sort((a, b) => a.id - b.id);
      const items = done.map((o) => ({ order_id: o.id, track_code: o.trackCode, name: o.name, weight: o.weight, tariff: o.tariff ?? branch.tariff, price: o.price ?? 0 }));
      const total = round2(items.reduce((s, i) => s + i.price, 0));
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
          totalWeight: round3(items.reduce((s, i) => s + i.weight, 0)),
          total,
          currency: branch.currency,
          items,
        })
        .returning({ id: receipts.id });
      await tx.update(orders).set({ receiptId: receipt!.id }).where(inArray(orders.id, done.map((o) => o.id)));
      // The money side: one call into the payments module, in this transaction (a refusal undoes the hand-over).
      const money = await paymentsService.recordHandover(tx, {
        customerId: customer.id,
        branch,
        receiptId: receipt!.id,
        total: totalMinor,
        payments: pays,
        acceptDebt: input.acceptDebt ?? false,
        staffUserId: actor.userId,
      });
      await recordStatusChange(tx, done, 'delivered', { ...actor, branchId: branch.id }, {
        action: 'delivered',
        details: { receipt_id: receipt!.id, payment_method: mainMethod, paid: money.paid, remaining: money.remaining },
        notify: false,
      });
      // One notification per hand-over, opening the receipt (rendered in the customer's language when read or sent).
      await notificationsService.notify(tx, [
        {
          userId: customer.id,
          event: 'order_delivered',
          params: {
            receipt_id: receipt!.id,
            count: items.length,
            codes: items.map((i) => i.track_code),
            total,
            currency: branch.currency,
            method: mainMethod,
            branch: branch.name,
            paid: money.paid,
            remaining: money.remaining,
          },
          link: `/orders/receipt?id=${receipt!.id}`,
        },
      ]);
      return receipt!.id;
    });
    const view = await receiptsRepository.view(db, receiptId, lang);
    const { userId: _owner, ...receipt } = view!;
    return receipt;
  },
};

