import { accruedStorage, receiptTotalsMinor, sumMinor, toMajor, type TPaymentInput, type TPaymentMethod } from '@portal/contract';
import type { Tx } from '../../db/client';
import type { ReceiptItemRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { BranchRow } from '../branches/branches-repository';
import { paymentsService } from '../payments/payments-service';
import { parcelFlows } from './parcel-flows';
import { declarationKey, declarationsFor } from '../declarations/declarations-repository';
import { move, recordEvents, tell } from './parcel-history';
import type { Actor, LifecycleOrderRow } from './parcel-types';
import { parcelReceiptsRepository } from './parcel-receipts-repository';
import { parcelsRepository } from './parcels-repository';

export interface HandOverInput {
  /** The customer as the counter read them (their client code goes into the audit row). */
  customer: { id: number; clientCode?: string | null };
  branch: BranchRow;
  orderIds?: number[];
  /** One method for the whole total (older clients), or the split payments. */
  paymentMethod?: TPaymentMethod;
  payments?: TPaymentInput[];
  acceptDebt?: boolean;
  /** Staff waive the parcels' storage fee, with their reason (on the receipt and in the audit log). */
  storageWaiver?: { reason: string };
  /** A trusted person collected for the customer (ADR 091): on the receipt and in the audit row. */
  collectedBy?: { trusted_id: number; name: string; phone: string };
  /** A door delivery's close (ADR 094): its fee is taken with the parcel, the receipt names the courier. */
  doorDelivery?: { fee: number; courierName: string };
  /** When it happens (the demo seed replaying the past counts storage then); now otherwise. Never set by a request. */
  at?: Date;
}

/** A receipt line's insurance (ADR 090): the premium fixed at dispatch and the declared value it insured. */
function insuranceLine(
  o: LifecycleOrderRow,
  declared: Map<string, { declaredValue: number | null; declaredCurrency: string | null }>,
): Pick<ReceiptItemRow, 'insurance' | 'declared_value' | 'declared_currency'> {
  const premium = o.insurancePremium ?? 0;
  // Nothing of the declarations module runs for a parcel without a premium (the hand-over's walk stays as it was).
  if (premium <= 0 || o.userId === null) return {};
  const d = declared.get(declarationKey({ userId: o.userId, trackCode: o.trackCode }));
  return {
    insurance: premium,
    ...(d?.declaredValue != null ? { declared_value: d.declaredValue } : {}),
    ...(d?.declaredCurrency ? { declared_currency: d.declaredCurrency } : {}),
  };
}

/**
 * at_branch → delivered for a customer's parcels at this branch (all, or exactly orderIds), with one receipt (its
 * totals by the contract's receiptTotalsMinor: its items' minor-unit prices added as integers), its charge and payments
 * (the payments module, in this transaction: a refusal undoes the hand-over) and one message. All or nothing: when any
 * asked-for parcel is no longer waiting here, 409 handover_changed.
 */
export async function handOver(
  tx: Tx,
  input: HandOverInput,
  actor: Actor & { userId: number },
): Promise<{ receiptId: number; orders: LifecycleOrderRow[] }> {
  const { customer, branch } = input;
  const wanted = input.orderIds ? [...new Set(input.orderIds)] : undefined;
  const now = input.at ?? new Date();
  const done = await move(tx, 'delivered', parcelsRepository.ofCustomerAt(customer.id, branch.id, wanted), { deliveredAt: now });
  if (!done.length || (wanted && done.length !== wanted.length)) throw new AppError('handover_changed');
  await parcelFlows.add(
    tx,
    done.map((o) => o.id),
    ['delivered'],
  );
  done.sort((a, b) => a.id - b.id);
  // The declared value each insured parcel was insured for, printed beside its premium (read only when one is insured).
  const insured = done.filter((o): o is LifecycleOrderRow & { userId: number } => (o.insurancePremium ?? 0) > 0 && o.userId !== null);
  const declared = insured.length
    ? await declarationsFor(
        tx,
        insured.map((o) => ({ userId: o.userId, trackCode: o.trackCode })),
      )
    : new Map();
  const items: ReceiptItemRow[] = done.map((o) => {
    // Paid storage: the contract's one rule, at this moment in the branch's time zone. The guarded UPDATE above moved
    // each parcel once, so however many hand-overs race, its storage is charged by the one that moved it.
    const storage = accruedStorage({ storageUntil: o.storageUntil, storageFeePerDay: o.storageFeePerDay ?? 0 }, branch.timeZone, now);
    return {
      order_id: o.id,
      track_code: o.trackCode,
      name: o.name,
      weight: o.weight,
      dimensions: o.dimensions ?? null,
      volumetric_weight: o.volumetricWeight ?? null,
      volumetric_divisor: o.volumetricDivisor ?? null,
      tariff: o.tariff ?? branch.tariff,
      price: o.price ?? 0,
      storage_days: storage.fee > 0 ? storage.days : 0,
      storage_fee: storage.fee,
      ...insuranceLine(o, declared),
    };
  });
  // Each line's charge is its price plus its premium (the contract's parcelChargeMinor inside receiptTotalsMinor).
  const parcelTotals = receiptTotalsMinor(items.map((i) => ({ priceMinor: i.price, weight: i.weight, insuranceMinor: i.insurance })));
  const storageFee = sumMinor(items.map((i) => i.storage_fee ?? 0));
  const storageWaived = input.storageWaiver && storageFee > 0 ? storageFee : 0;
  const doorFee = input.doorDelivery?.fee ?? 0;
  const totalMinor = parcelTotals.totalMinor + storageFee - storageWaived + doorFee;
  const totals = { ...parcelTotals, totalMinor, total: toMajor(totalMinor) };
  // One payment_method (older clients) means the whole total by that method.
  const pays =
    input.payments ?? (input.paymentMethod && totals.totalMinor > 0 ? [{ method: input.paymentMethod, amount: totals.totalMinor }] : []);
  const mainMethod = [...pays].sort((a, b) => b.amount - a.amount)[0]?.method ?? null;
  const paidBy = pays.filter((p) => p.amount > 0).map((p) => ({ method: p.method, amount: toMajor(p.amount) }));
  const receiptId = await parcelReceiptsRepository.insertReceipt(
    tx,
    {
      userId: customer.id,
      branchId: branch.id,
      staffUserId: actor.userId,
      paymentMethod: mainMethod,
      totalWeight: totals.totalWeight,
      total: totals.totalMinor,
      currency: branch.currency,
      items,
      storageFee,
      storageWaived,
      storageWaiverReason: storageWaived > 0 ? input.storageWaiver!.reason : null,
      collectedBy: input.collectedBy ?? null,
      doorFee,
      doorCourier: input.doorDelivery?.courierName ?? null,
    },
    done.map((o) => o.id),
  );
  // The money side: the one call into the payments module, in this transaction (a refusal undoes the hand-over).
  const money = await paymentsService.recordHandover(tx, {
    customerId: customer.id,
    branch,
    receiptId,
    total: totals.totalMinor,
    payments: pays,
    acceptDebt: input.acceptDebt ?? false,
    staffUserId: actor.userId,
  });
  // Amounts in major units like the price beside them; a split payment is 'split' with its parts, never its largest.
  const paid = { payments: paidBy, paid: toMajor(money.paid), remaining: toMajor(money.remaining) };
  await recordEvents(
    tx,
    done,
    'delivered',
    { ...actor, branchId: branch.id },
    {
      action: 'delivered',
      details: { receipt_id: receiptId, payment_method: paidBy.length > 1 ? 'split' : mainMethod, ...paid },
      notify: false,
      // The hand-over as one row too (the audit log's sentence: who handed how many parcels to whom, for how much, paid
      // how), in the same insert as the parcels' rows.
      alsoAudit: [
        {
          action: 'handover.complete',
          targetType: 'receipt',
          targetId: receiptId,
          before: null,
          after: {
            customer_id: customer.id,
            client_code: customer.clientCode ?? null,
            count: items.length,
            codes: items.map((i) => i.track_code),
            total: totals.total,
            currency: branch.currency,
            ...(totals.insuranceMinor > 0 ? { insurance: toMajor(totals.insuranceMinor) } : {}),
            ...(storageFee > 0 ? { storage_fee: toMajor(storageFee), storage_waived: toMajor(storageWaived) } : {}),
            ...(input.doorDelivery ? { door_fee: toMajor(doorFee), courier: input.doorDelivery.courierName } : {}),
            ...paid,
            ...(input.collectedBy ? { collected_by: input.collectedBy } : {}),
          },
        },
        // A waived storage fee is its own row: who let whom off how much, and why.
        ...(storageWaived > 0
          ? [
              {
                action: 'handover.waive_storage',
                targetType: 'receipt',
                targetId: receiptId,
                before: { storage_fee: toMajor(storageFee), currency: branch.currency },
                after: {
                  customer_id: customer.id,
                  client_code: customer.clientCode ?? null,
                  storage_waived: toMajor(storageWaived),
                  currency: branch.currency,
                  reason: input.storageWaiver!.reason,
                  codes: items.filter((i) => (i.storage_fee ?? 0) > 0).map((i) => i.track_code),
                },
              },
            ]
          : []),
      ],
    },
  );
  // One message per hand-over, opening the receipt (a door delivery's says so, ADR 094).
  await tell(tx, actor, [
    {
      userId: customer.id,
      event: input.doorDelivery ? 'door_delivery_delivered' : 'order_delivered',
      params: {
        receipt_id: receiptId,
        count: items.length,
        codes: items.map((i) => i.track_code),
        total: totals.total,
        currency: branch.currency,
        method: mainMethod,
        branch: branch.name,
        paid: money.paid,
        remaining: money.remaining,
      },
      link: `/orders/receipt?id=${receiptId}`,
    },
  ]);
  return { receiptId, orders: done };
}
