import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { receiptTotals, sumMinor, toMajor, type THandoverLookup, type TReceipt } from '@portal/contract';
import { useCompleteOrdersMutation, useHandoverLookupMutation, usePayDebtMutation } from '../api/manage-api';
import { onlineCredit } from '../components/paid-online-box';
import { parsePaymentLines, paymentLine, type PaymentLine } from '../components/payment-rows';
import type { ScanKind } from '../components/scan-input';
import { errorText } from './api-error';
import { formatMoney } from './format';
import { scanFeedback } from './scan-feedback';
import { storageAtCounter, waiverReady } from './storage-at-counter';

/** The parcels whose heavier branch weight waits for the customer (ADR 089): not selectable, no money taken. */
const heldIds = (found: THandoverLookup | null) => new Set(found?.weight_checks?.map((c) => c.order_id) ?? []);

/**
 * The hand-over at the counter, as state: the customer found by a scan, the parcels chosen, the payment lines, the
 * storage waiver and the debt; what is owed and paid (the contract's rules), and the calls that hand over or take a debt.
 */
export function useHandover(branchId: number | undefined) {
  const { t, i18n } = useTranslation();
  const [found, setFound] = useState<THandoverLookup | null>(null);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [lines, setLines] = useState<PaymentLine[]>([]);
  const [payDebtToo, setPayDebtToo] = useState(false);
  const [acceptDebt, setAcceptDebt] = useState(false);
  const [waive, setWaive] = useState(false);
  const [waiveReason, setWaiveReason] = useState('');
  const [debtPaid, setDebtPaid] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [receipt, setReceipt] = useState<TReceipt | null>(null);
  const [lookup] = useHandoverLookupMutation();
  const [complete, completing] = useCompleteOrdersMutation();
  const [payDebt, payingDebt] = usePayDebtMutation();
  const [scanned, setScanned] = useState('');

  const onScan = useCallback(
    async (value: string): Promise<ScanKind> => {
      setProblem(null);
      setReceipt(null);
      try {
        const data = await lookup({ customer: value, branch_id: branchId }).unwrap();
        setFound(data);
        setScanned(value);
        // "Weight to confirm" (ADR 089): no money is taken for those until the customer confirms.
        const free = new Set(data.parcels.filter((p) => !heldIds(data).has(p.id)).map((p) => p.id));
        setSelected(free);
        setPayDebtToo(false);
        setAcceptDebt(false);
        setDebtPaid(null);
        setWaive(false);
        setWaiveReason('');
        // Paid ahead online (ADR 077): the counter takes only what the credit does not cover, nothing when it covers all.
        // With a parcel held, the suggested amount is the free parcels' (the contract's rule); else the server's total.
        const owed =
          free.size < data.parcels.length
            ? receiptTotals(
                data.parcels.filter((p) => free.has(p.id)).map((p) => ({ price: p.price, weight: p.weights.chargeable_weight })),
              ).totalMinor + storageAtCounter(data, free, false).charged
            : data.total_minor + data.storage_fee;
        const toTake = data.parcels.length ? Math.max(owed - onlineCredit(data).paid, 0) : data.debt;
        setLines(toTake > 0 || !data.parcels.length ? [paymentLine(data.branch.payment_methods[0] ?? 'cash', toTake)] : []);
        return data.parcels.length || data.debt > 0 ? 'ok' : 'warn';
      } catch (error) {
        setFound(null);
        setProblem(errorText(error, t));
        return 'error';
      }
    },
    [branchId, lookup, t],
  );

  const chosen = useMemo(() => found?.parcels.filter((p) => selected.has(p.id)) ?? [], [found, selected]);
  // The receipt's totals by the contract's one rule (minor units, whole grams), the same the API writes; shown through toMajor.
  // The weight beside the money is the one charged (volumetric when larger), as on the receipt.
  const { totalMinor: parcelsMinor, totalWeight: weight } = receiptTotals(
    chosen.map((p) => ({ price: p.price, weight: p.weights.chargeable_weight, insurance: p.insurance_premium })),
  );
  // Paid storage of the chosen parcels (its own receipt line), unless waived with a reason.
  const storage = storageAtCounter(found, selected, waive);
  const credit = onlineCredit(found);
  // What the counter takes for the chosen parcels: their total less the credit paid ahead online.
  const totalMinor = Math.max(parcelsMinor + storage.charged - credit.paid, 0);
  const debt = found?.debt ?? 0;
  const due = totalMinor + (payDebtToo ? debt : 0);
  const payments = parsePaymentLines(lines);
  const paid = payments ? sumMinor(payments.map((p) => p.amount)) : 0;
  const short = payments !== null && paid < totalMinor;
  const over = payments !== null && paid > totalMinor + debt;
  const held = heldIds(found);
  const selectable = found?.parcels.filter((p) => !held.has(p.id)) ?? [];
  const all = selectable.length > 0 && chosen.length === selectable.length;
  const everything = !!found && chosen.length === found.parcels.length;
  const money = (minor: number) => formatMoney(toMajor(minor), found?.currency ?? '', i18n.language);
  const canConfirm =
    !!found &&
    chosen.length > 0 &&
    payments !== null &&
    !over &&
    (!short || acceptDebt) &&
    waiverReady(waive && storage.accrued > 0, waiveReason);
  const methods = found?.branch.payment_methods ?? [];

  const toggleWaive = (next: boolean) => {
    setWaive(next);
    if (lines.length === 1)
      setLines([
        {
          ...lines[0]!,
          text: paymentLine('cash', Math.max(parcelsMinor + (next ? 0 : storage.accrued) - credit.paid, 0) + (payDebtToo ? debt : 0)).text,
        },
      ]);
  };

  /** The chosen parcels change: one payment line follows the new amount due; several lines are the staff's own split. */
  const choose = (next: Set<number>) => {
    setSelected(next);
    if (!found || lines.length !== 1) return;
    const picked = found.parcels.filter((p) => next.has(p.id));
    const { totalMinor: minor } = receiptTotals(
      picked.map((p) => ({ price: p.price, weight: p.weights.chargeable_weight, insurance: p.insurance_premium })),
    );
    const due = Math.max(minor + storageAtCounter(found, next, waive).charged - credit.paid, 0) + (payDebtToo ? debt : 0);
    setLines([{ ...lines[0]!, text: paymentLine('cash', due).text }]);
  };

  const toggleDebt = () => {
    const next = !payDebtToo;
    setPayDebtToo(next);
    // One line: suggest the new amount due; several lines are the staff's own split.
    if (lines.length === 1) setLines([{ ...lines[0]!, text: paymentLine('cash', totalMinor + (next ? debt : 0)).text }]);
    // Paid online in full, no line yet: the debt alone is taken.
    else if (lines.length === 0 && next) setLines([paymentLine(found?.branch.payment_methods[0] ?? 'cash', totalMinor + debt)]);
  };

  const takeDebtOnly = async () => {
    if (!found || !payments?.length) return;
    setProblem(null);
    try {
      const r = await payDebt({ customer_id: found.customer.id, branch_id: branchId, payments }).unwrap();
      scanFeedback('ok');
      setDebtPaid(money(sumMinor(r.payments.map((p) => p.amount))));
      setFound({ ...found, debt: Math.max(r.balance.balance, 0) });
      setLines([paymentLine(found.branch.payment_methods[0] ?? 'cash', Math.max(r.balance.balance, 0))]);
    } catch (error) {
      scanFeedback('error');
      setProblem(errorText(error, t));
    }
  };

  const confirm = async () => {
    if (!found || !canConfirm || !payments) return;
    setProblem(null);
    try {
      const r = await complete({
        customer_id: found.customer.id,
        payments,
        ...(short ? { accept_debt: true } : {}),
        ...(waive && storage.accrued > 0 ? { storage_waiver: { reason: waiveReason.trim() } } : {}),
        branch_id: branchId,
        ...(everything ? {} : { order_ids: chosen.map((p) => p.id) }),
        // A trusted person collects (ADR 091): the server checks their code again and limits the parcels to theirs.
        ...(found.trusted ? { trusted_token: scanned } : {}),
      }).unwrap();
      scanFeedback('ok');
      setReceipt(r);
      setFound(null);
    } catch (error) {
      scanFeedback('error');
      setProblem(errorText(error, t));
    }
  };

  return {
    found,
    receipt,
    problem,
    scanned,
    onScan,
    // the parcels
    selected,
    held,
    selectable,
    all,
    chosen,
    choose,
    weight,
    parcelsMinor,
    // storage and the credit paid online
    storage,
    credit,
    waive,
    toggleWaive,
    waiveReason,
    setWaiveReason,
    // the debt
    debt,
    debtPaid,
    payDebtToo,
    toggleDebt,
    acceptDebt,
    setAcceptDebt,
    takeDebtOnly,
    payingDebt: payingDebt.isLoading,
    // the payment
    lines,
    setLines,
    methods,
    payments,
    totalMinor,
    due,
    paid,
    short,
    over,
    money,
    canConfirm,
    confirm,
    completing: completing.isLoading,
  };
}

/** The hand-over's state and actions, as the work's parts take them. */
export type Handover = ReturnType<typeof useHandover>;
