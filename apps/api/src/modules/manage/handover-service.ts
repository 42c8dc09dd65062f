import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  accruedStorage,
  isTrackCode,
  normalizeTrackCode,
  parseNumber,
  normalizeClientCode,
  normalizePhone,
  pickText,
  qrTokenBody,
  trustedTokenBody,
  receiptTotalsMinor,
  sumMinor,
  toMajor,
  type THandoverLookup,
  type TLang,
  type TPaymentInput,
  type TPaymentMethod,
  type TReceipt,
} from '@portal/contract';
import type { Db, Tx } from '../../db/client';
import { branches, orders } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { QrTokenService } from '../qr/qr-token';
import type { TrustedService } from '../trusted/trusted-service';
import type { BranchRow } from '../branches/branches-repository';
import { paymentsService } from '../payments/payments-service';
import { parcels, type Actor } from '../parcels/parcels-service';
import { statusIds } from '../parcels/parcel-statuses';
import { receiptsRepository } from '../receipts/receipts-repository';
import { shelvesService } from '../shelves/shelves-service';
import { weightsService } from '../weights/weights-service';
import { pickupSlotsService } from '../pickup-slots/pickup-slots-service';
import { manageRepository, type CustomerRow } from './manage-repository';
import { toManageParcel } from './parcel-view';
import { scannedCode } from './scan-resolve';

/** The counter serves no blocked account, whatever key found it (QR code, client code, phone number or id). */
export function assertServable(customer: Pick<CustomerRow, 'blockedAt'>): void {
  if (customer.blockedAt) throw new AppError('customer_blocked');
}

/**
 * The customer staff scanned or typed: a QR code from our app (signature, current version, a customer), a client code,
 * a phone number, or a parcel of theirs (our number P… from its label, or the seller's tracking code, ADR 079). Anything else that looks like a code (a URL, another carrier's QR) is refused as foreign. A
 * blocked customer is refused by every key (`customer_blocked`, before a revoked QR code's own message).
 */
export async function resolveCustomer(db: Db, qr: QrTokenService, input: string): Promise<CustomerRow> {
  const value = input.trim();
  if (qrTokenBody(value) !== null) {
    const claims = await qr.verify(value);
    if (claims === 'expired') throw new AppError('qr_expired');
    if (!claims) throw new AppError('qr_invalid');
    const user = await manageRepository.customerById(db, claims.userId);
    if (!user) throw new AppError('qr_invalid');
    assertServable(user);
    if (user.qrVersion !== claims.version) throw new AppError('qr_revoked');
    return user;
  }
  // Our parcel number (P…) on a label: the parcel's owner; a misread one is refused as such (ADR 079).
  if (parseNumber(normalizeTrackCode(value))?.kind === 'parcel') return servable(await parcelOwner(db, await scannedCode(db, value)));
  const code = normalizeClientCode(value);
  if (code !== null) {
    return servable((await manageRepository.customersByClientCodes(db, [code])).get(code) ?? (await parcelOwner(db, value)));
  }
  if (/^[+\d][\d\s()-]{5,}$/.test(value)) {
    const phone = normalizePhone(value);
    return servable((phone ? await manageRepository.customerByPhone(db, phone) : undefined) ?? (await parcelOwner(db, value)));
  }
  if (value.length > 24 || /[:/.?=]/.test(value)) throw new AppError('qr_foreign');
  // A seller's tracking code on the box: its owner.
  return servable(await parcelOwner(db, value));
}

function servable(user: CustomerRow | undefined): CustomerRow {
  if (!user) throw new AppError('customer_not_found');
  assertServable(user);
  return user;
}

/**
 * The owner of the parcel a seller's tracking code names (a code may look like a client code or a phone number, so it
 * is tried when those find nobody).
 */
async function parcelOwner(db: Db, text: string): Promise<CustomerRow | undefined> {
  const code = normalizeTrackCode(text);
  if (!isTrackCode(code)) return undefined;
  const order = await manageRepository.orderByCode(db, code);
  return order?.userId ? await manageRepository.customerById(db, order.userId) : undefined;
}

export const handoverService = {
  async lookup(
    db: Db,
    keys: { qr: QrTokenService; trusted: TrustedService },
    branch: BranchRow,
    input: string,
    lang: TLang,
  ): Promise<THandoverLookup> {
    // A trusted person's QR code (ADR 091): the customer who named them, and only the parcels they may collect.
    const grant = trustedTokenBody(input.trim()) !== null ? await keys.trusted.atCounter(db, input, branch) : null;
    const customer = grant ? servable(await manageRepository.customerById(db, grant.userId)) : await resolveCustomer(db, keys.qr, input);
    const ids = await statusIds(db);
    const here = await manageRepository.parcels(
      db,
      and(
        eq(orders.userId, customer.id),
        eq(orders.statusId, ids.at_branch),
        eq(orders.branchId, branch.id),
        grant ? inArray(orders.id, grant.orderIds) : undefined,
      ),
      { orderBy: [asc(orders.arrivedAt), asc(orders.id)] },
    );
    const elsewhere = await db
      .select({ id: branches.id, name: branches.name, count: sql<number>`count(*)`.mapWith(Number) })
      .from(orders)
      .innerJoin(branches, eq(branches.id, orders.branchId))
      .where(and(eq(orders.userId, customer.id), eq(orders.statusId, ids.at_branch), ne(orders.branchId, branch.id)))
      .groupBy(branches.id, branches.name);
    // What the receipt will say for all of them: the contract's one rule, on the kept minor-unit prices.
    const totals = receiptTotalsMinor(
      here.map((r) => ({ priceMinor: r.order.price, weight: r.order.weight, insuranceMinor: r.order.insurancePremium })),
    );
    // Paid storage as the hand-over will charge it now: the contract's one rule, in the branch's time zone.
    const now = new Date();
    const storage = here.flatMap(({ order: o }) => {
      const s = accruedStorage({ storageUntil: o.storageUntil, storageFeePerDay: o.storageFeePerDay }, branch.timeZone, now);
      return s.fee > 0 && o.storageUntil
        ? [
            {
              order_id: o.id,
              track_code: o.trackCode,
              storage_until: o.storageUntil,
              days: s.days,
              per_day: o.storageFeePerDay,
              fee: s.fee,
            },
          ]
        : [];
    });
    const balances = await paymentsService.balances(db, customer.id);
    // A positive balance is debt, a negative one credit paid ahead online (ADR 077): the hand-over takes it first.
    const balance = balances.find((b) => b.currency === branch.currency)?.balance ?? 0;
    const [customerBranch] = customer.branchId
      ? await db.select({ id: branches.id, name: branches.name }).from(branches).where(eq(branches.id, customer.branchId)).limit(1)
      : [];
    const weightChecks = await weightsService.pendingAmong(
      db,
      here.map(({ order: o }) => o.id),
      lang,
    );
    const storageFee = sumMinor(storage.map((s) => s.fee));
    return {
      customer: {
        id: customer.id,
        client_code: customer.clientCode,
        first_name: customer.firstName,
        last_name: customer.lastName,
        phone_number: customer.phoneNumber,
        branch: customerBranch ? { id: customerBranch.id, name: pickText(customerBranch.name, lang) } : null,
      },
      branch: {
        id: branch.id,
        name: pickText(branch.name, lang),
        tariff: toMajor(branch.tariff),
        currency: branch.currency,
        payment_methods: branch.paymentMethods,
        storage_fee_per_day: toMajor(branch.storageFeePerDay),
      },
      parcels: here.map((r) => toManageParcel(r, lang)),
      // The shelves module's pick list: the same parcels in walking order of their shelves, not shelved last.
      pick_list: await shelvesService.pickList(
        db,
        branch.id,
        here.map(({ order: o }) => ({ id: o.id, track_code: o.trackCode })),
      ),
      total_weight: totals.totalWeight,
      total: totals.total,
      currency: branch.currency,
      total_minor: totals.totalMinor,
      storage,
      storage_fee: storageFee,
      debt: Math.max(balance, 0),
      paid_online: Math.max(-balance, 0),
      online_payments: await paymentsService.unspentOnline(db, customer.id, branch.currency, -balance),
      other_balances: balances.filter((b) => b.currency !== branch.currency && b.balance !== 0),
      elsewhere: elsewhere.map((e) => ({ branch: { id: e.id, name: pickText(e.name, lang) }, count: e.count })),
      // "Weight to confirm" (ADR 089): the counter takes no money for these until the customer decides.
      weight_checks: weightChecks,
      // The customer's booked slot here and whether it is the fast lane (ADR 092: the contract's isFastLane).
      pickup_booking: await pickupSlotsService.forCounter(db, customer.id, branch.id, {
        total_minor: totals.totalMinor,
        storage_fee: storageFee,
        debt: Math.max(balance, 0),
        paid_online: Math.max(-balance, 0),
        weights_pending: weightChecks.length,
      }),
      ...(grant ? { trusted: await keys.trusted.collector(db, grant) } : {}),
    };
  },

  /**
   * Hands parcels over in one transaction. The UPDATE … WHERE status = at_branch … RETURNING decides races: of two
   * concurrent hand-overs of one parcel, the second finds it no longer waiting and everything it did is rolled back.
   */
  async complete(
    db: Db,
    branch: BranchRow,
    input: {
      customerId: number;
      orderIds?: number[];
      paymentMethod?: TPaymentMethod;
      payments?: TPaymentInput[];
      acceptDebt?: boolean;
      storageWaiver?: { reason: string };
      /** A trusted person collects (ADR 091): their QR code, checked again here under a share lock on the grant. */
      trustedToken?: string;
      doorDelivery?: { fee: number; courierName: string };
    },
    actor: Actor & { userId: number },
    lang: TLang,
    extra: {
      /** Checks a trusted person's QR code (ADR 091): needed when `trustedToken` is given. */
      trusted?: TrustedService;
      /** A caller's own step inside the hand-over's transaction (the door delivery's close, ADR 094). */
      alsoInTx?: (tx: Tx, receiptId: number) => Promise<void>;
    } = {},
  ): Promise<TReceipt> {
    const { receiptId } = await db.transaction(async (tx) => {
      // Read under a share lock: an admin's block (which locks the row for update) waits for this hand-over or
      // comes first and refuses it, never lands in between.
      const customer = await manageRepository.customerById(tx, input.customerId, { lock: true });
      if (!customer) throw new AppError('customer_not_found');
      assertServable(customer);
      const by = input.trustedToken
        ? await collectorFor(tx, extra.trusted!, input.trustedToken, branch, customer.id, input.orderIds)
        : null;
      const done = await parcels.handOver(
        tx,
        {
          customer,
          branch,
          orderIds: input.orderIds,
          paymentMethod: input.paymentMethod,
          payments: input.payments,
          acceptDebt: input.acceptDebt,
          storageWaiver: input.storageWaiver,
          ...(by ? { orderIds: by.orderIds, collectedBy: by.collector } : {}),
          doorDelivery: input.doorDelivery,
        },
        actor,
      );
      // No money for a parcel whose heavier branch weight waits for the customer (ADR 089): checked with the parcels'
      // rows locked by the hand-over, so a confirmation racing it came first (its new price is the one charged) or waits.
      await weightsService.assertNonePending(
        tx,
        done.orders.map((o) => o.id),
      );
      // Their shelves are free (ADR 083): the shelves module's service, in this transaction.
      await shelvesService.release(
        tx,
        done.orders.map((o) => o.id),
      );
      // The customer's booked slot here is collected (ADR 092): the pickup-slots module's service, in this transaction.
      await pickupSlotsService.collected(tx, customer.id, branch.id);
      if (extra.alsoInTx) await extra.alsoInTx(tx, done.receiptId);
      return done;
    });
    const view = await receiptsRepository.view(db, receiptId, lang);
    const { userId: _owner, ...receipt } = view!;
    return receipt;
  },
};

/**
 * The trusted person's grant at hand-over time (read FOR SHARE: a revocation is before this hand-over or after it):
 * only the customer's own grant, and only parcels it names — all of the granted ones still waiting here when staff
 * name none.
 */
async function collectorFor(
  tx: Tx,
  trusted: TrustedService,
  token: string,
  branch: BranchRow,
  customerId: number,
  orderIds: number[] | undefined,
): Promise<{ orderIds: number[]; collector: { trusted_id: number; name: string; phone: string } }> {
  const grant = await trusted.atCounter(tx, token, branch, { lock: true });
  if (grant.userId !== customerId) throw new AppError('trusted_not_granted');
  const granted = new Set(grant.orderIds);
  if (orderIds?.some((id) => !granted.has(id))) throw new AppError('trusted_not_granted');
  const c = await trusted.collector(tx, grant);
  const ids = await statusIds(tx);
  const waiting = orderIds
    ? orderIds
    : (
        await manageRepository.parcels(
          tx,
          and(
            eq(orders.userId, customerId),
            eq(orders.statusId, ids.at_branch),
            eq(orders.branchId, branch.id),
            inArray(orders.id, grant.orderIds),
          ),
        )
      ).map((r) => r.order.id);
  if (!waiting.length) throw new AppError('handover_changed');
  return { orderIds: waiting, collector: { trusted_id: c.trusted_id, name: c.name, phone: c.phone } };
}
