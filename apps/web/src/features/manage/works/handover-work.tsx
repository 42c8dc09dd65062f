import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { receiptTotals, sumMinor, toMajor, type THandoverLookup, type TReceipt } from '@portal/contract';
import { ReceiptView } from '../../../components/receipt/receipt-view';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/feedback';
import { useCompleteOrdersMutation, useHandoverLookupMutation, usePayDebtMutation } from '../api/manage-api';
import { onlineCredit, PaidOnlineBox } from '../components/paid-online-box';
import { parsePaymentLines, paymentLine, PaymentRows, type PaymentLine } from '../components/payment-rows';
import { ParcelSummary } from '../components/parcel-bits';
import { AddPhotoButton } from '../components/parcel-photos';
import { StorageFeeBox } from '../components/storage-fee-box';
import { storageAtCounter, waiverReady } from '../model/storage-at-counter';
import { ScanInput, type ScanKind } from '../components/scan-input';
import { errorText } from '../model/api-error';
import { formatDateTime, formatMoney, formatWeight } from '../model/format';
import { scanFeedback } from '../model/scan-feedback';
import { ShelfTag } from '../components/shelf-tag';
import { WeightToConfirm } from '../components/weight-check-bits';
import { pickOrder } from '../model/pick-order';
import styles from '../manage.module.css';

/** The parcels whose heavier branch weight waits for the customer (ADR 089): not selectable, no money taken. */
const heldIds = (found: THandoverLookup | null) => new Set(found?.weight_checks?.map((c) => c.order_id) ?? []);

/** Hand-over: scan the customer's QR (or type their client code or phone), choose parcels, record payment, get the receipt. */
export function HandoverWork({ branchId }: { branchId: number | undefined }) {
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

  return (
    <div className={styles.stackGap}>
      <section className={styles.panel}>
        <h2 className={styles.panelTitle}>{t('manage:handover.title')}</h2>
        <ScanInput
          label={t('manage:handover.scan_label')}
          hint={t('manage:handover.scan_hint')}
          onScan={onScan}
          testId="handover-scan"
          placeholder={t('manage:handover.scan_label')}
          submitLabel={t('manage:handover.find')}
        />
        {problem && <Alert kind="error">{problem}</Alert>}
      </section>

      {receipt && (
        <section className={styles.panel} data-testid="handover-receipt">
          <Alert kind="success">{t('manage:handover.done', { count: receipt.items.length })}</Alert>
          <ReceiptView receipt={receipt} />
          <div className={styles.actionsRow}>
            <Button variant="secondary" onClick={() => window.print()}>
              {t('manage:handover.print')}
            </Button>
          </div>
        </section>
      )}

      {found && (
        <section className={styles.panel} data-testid="handover-customer">
          <div className={styles.customerHead}>
            <div>
              <div className={styles.customerName}>
                {found.customer.first_name} {found.customer.last_name}
              </div>
              <div className={styles.muted}>
                <strong>{found.customer.client_code}</strong> · {found.customer.phone_number}
              </div>
            </div>
            <span className={styles.placeTag}>{found.branch.name}</span>
          </div>
          {found.trusted && (
            <div data-testid="handover-trusted">
              <Alert kind="info">
                {t('manage:handover.trusted', { name: found.trusted.name, phone: found.trusted.phone, customer: found.trusted.for_name })}
              </Alert>
            </div>
          )}
          {found.pickup_booking && (
            <Alert kind={found.pickup_booking.fast_lane ? 'success' : 'info'}>
              <span data-testid="handover-booking">
                {t('manage:handover.booked', { time: formatDateTime(found.pickup_booking.slot_start, i18n.language) })}
              </span>
              {found.pickup_booking.fast_lane && (
                <>
                  {' · '}
                  <strong data-testid="handover-fast-lane">{t('manage:handover.fast_lane')}</strong>
                </>
              )}
            </Alert>
          )}
          {found.elsewhere.length > 0 && (
            <Alert kind="info">
              {t('manage:handover.elsewhere', { list: found.elsewhere.map((e) => `${e.branch.name} (${e.count})`).join(', ') })}
            </Alert>
          )}
          {debt > 0 && (
            <div className={styles.debtBox} data-testid="handover-debt">
              <span>{t('manage:pay.open_debt')}</span>
              <strong>{money(debt)}</strong>
            </div>
          )}
          {debtPaid && <Alert kind="success">{t('manage:pay.debt_taken', { amount: debtPaid })}</Alert>}
          {found.other_balances
            .filter((b) => b.balance > 0)
            .map((b) => (
              <Alert key={b.currency} kind="info">
                {t('manage:pay.other_debt', { amount: formatMoney(toMajor(b.balance), b.currency, i18n.language) })}
              </Alert>
            ))}
          {found.parcels.length === 0 ? (
            <>
              <p className={styles.muted} data-testid="handover-nothing">
                {t('manage:handover.nothing')}
              </p>
              {debt > 0 && (
                <>
                  <PaymentRows
                    lines={lines}
                    onChange={setLines}
                    currency={found.currency}
                    suggest={Math.max(debt - paid, 0)}
                    methods={methods}
                  />
                  {over && <Alert kind="error">{t('manage:pay.over', { amount: money(debt) })}</Alert>}
                  <Button
                    block
                    disabled={!payments?.length || over}
                    loading={payingDebt.isLoading}
                    onClick={() => void takeDebtOnly()}
                    data-testid="debt-pay"
                  >
                    {t('manage:pay.take_debt', { amount: money(paid) })}
                  </Button>
                </>
              )}
            </>
          ) : (
            <>
              <label className={styles.check}>
                <input
                  type="checkbox"
                  checked={all}
                  onChange={() => choose(all ? new Set() : new Set(selectable.map((p) => p.id)))}
                  data-testid="handover-all"
                />
                <span>{t('manage:handover.select_all', { count: selectable.length })}</span>
              </label>
              <p className={styles.muted}>{t('manage:shelves.pick_lead')}</p>
              <ul className={styles.plainList} data-testid="handover-parcels">
                {pickOrder(found).map(({ parcel: p, shelf }) => (
                  <li key={p.id}>
                    <ParcelSummary
                      parcel={p}
                      showOwner={false}
                      start={
                        <>
                          <input
                            type="checkbox"
                            className={styles.rowCheck}
                            checked={selected.has(p.id)}
                            disabled={held.has(p.id)}
                            onChange={() => {
                              const next = new Set(selected);
                              if (next.has(p.id)) next.delete(p.id);
                              else next.add(p.id);
                              choose(next);
                            }}
                            aria-label={t('manage:dispatch.select', { code: p.track_code })}
                          />
                          <ShelfTag shelf={shelf} testId="pick-shelf" />
                        </>
                      }
                    />
                    {found.weight_checks
                      ?.filter((c) => c.order_id === p.id)
                      .map((c) => (
                        <WeightToConfirm key={c.id} check={c} branchId={branchId} onDone={() => void onScan(scanned)} />
                      ))}
                    {/* At the counter: a photo of the parcel as it is handed over (ADR 081). */}
                    <AddPhotoButton parcelId={p.id} kind="handover" have={0} />
                  </li>
                ))}
              </ul>
              <div className={styles.totalBox} data-testid="handover-total">
                <span>{t('manage:handover.selected', { count: chosen.length, weight: formatWeight(weight, i18n.language) })}</span>
                <strong>{money(parcelsMinor)}</strong>
              </div>
              <StorageFeeBox
                storage={storage}
                currency={found.currency}
                waive={waive}
                reason={waiveReason}
                onWaive={toggleWaive}
                onReason={setWaiveReason}
              />
              <PaidOnlineBox paid={credit.paid} payments={credit.payments} currency={found.currency} covered={totalMinor === 0} />
              {debt > 0 && (
                <label className={styles.check}>
                  <input type="checkbox" checked={payDebtToo} onChange={toggleDebt} data-testid="handover-pay-debt" />
                  <span>{t('manage:pay.with_debt', { amount: money(debt), due: money(totalMinor + debt) })}</span>
                </label>
              )}
              {due > 0 && (
                <>
                  <h3 className={styles.panelTitle}>{t('manage:handover.payment')}</h3>
                  <PaymentRows
                    lines={lines}
                    onChange={setLines}
                    currency={found.currency}
                    suggest={Math.max(due - paid, 0)}
                    methods={methods}
                  />
                </>
              )}
              {(due > 0 || paid > 0) && (
                <div className={styles.totalBox} data-testid="handover-paid">
                  <span>{t('manage:pay.paid_of', { paid: money(paid), due: money(due) })}</span>
                  {short && (
                    <strong data-testid="handover-remaining">{t('manage:pay.remaining', { amount: money(totalMinor - paid) })}</strong>
                  )}
                </div>
              )}
              {over && <Alert kind="error">{t('manage:pay.over', { amount: money(totalMinor + debt) })}</Alert>}
              {short && (
                <label className={styles.check}>
                  <input
                    type="checkbox"
                    checked={acceptDebt}
                    onChange={() => setAcceptDebt((v) => !v)}
                    data-testid="handover-accept-debt"
                  />
                  <span>{t('manage:pay.accept_debt', { amount: money(totalMinor - paid) })}</span>
                </label>
              )}
              <Button
                block
                disabled={!canConfirm}
                loading={completing.isLoading}
                onClick={() => void confirm()}
                data-testid="handover-confirm"
              >
                {t('manage:handover.confirm', { total: money(paid) })}
              </Button>
            </>
          )}
        </section>
      )}
    </div>
  );
}
