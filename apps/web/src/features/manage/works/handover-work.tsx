import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAYMENT_METHODS, type THandoverLookup, type TPaymentMethod, type TReceipt } from '@portal/contract';
import { ReceiptView } from '../../../components/receipt/receipt-view';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/feedback';
import { SegmentedField } from '../../../components/ui/field';
import { useCompleteOrdersMutation, useHandoverLookupMutation } from '../api/manage-api';
import { ParcelSummary } from '../components/parcel-bits';
import { ScanInput, type ScanKind } from '../components/scan-input';
import { errorText } from '../model/api-error';
import { formatMoney, formatWeight } from '../model/format';
import { scanFeedback } from '../model/scan-feedback';
import styles from '../manage.module.css';

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Hand-over: scan the customer's QR (or type their client code or phone), choose parcels, record payment, get the receipt. */
export function HandoverWork({ branchId }: { branchId: number | undefined }) {
  const { t, i18n } = useTranslation();
  const [found, setFound] = useState<THandoverLookup | null>(null);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [method, setMethod] = useState<TPaymentMethod | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [receipt, setReceipt] = useState<TReceipt | null>(null);
  const [lookup] = useHandoverLookupMutation();
  const [complete, completing] = useCompleteOrdersMutation();

  const onScan = useCallback(
    async (value: string): Promise<ScanKind> => {
      setProblem(null);
      setReceipt(null);
      try {
        const data = await lookup({ customer: value, branch_id: branchId }).unwrap();
        setFound(data);
        setSelected(new Set(data.parcels.map((p) => p.id)));
        setMethod(null);
        return data.parcels.length ? 'ok' : 'warn';
      } catch (error) {
        setFound(null);
        setProblem(errorText(error, t));
        return 'error';
      }
    },
    [branchId, lookup, t],
  );

  const chosen = useMemo(() => found?.parcels.filter((p) => selected.has(p.id)) ?? [], [found, selected]);
  const total = round2(chosen.reduce((s, p) => s + (p.price ?? 0), 0));
  const weight = Math.round(chosen.reduce((s, p) => s + p.weight, 0) * 1000) / 1000;
  const all = found ? found.parcels.length > 0 && chosen.length === found.parcels.length : false;

  const confirm = async () => {
    if (!found || !method || !chosen.length) return;
    setProblem(null);
    try {
      const r = await complete({
        customer_id: found.customer.id,
        payment_method: method,
        branch_id: branchId,
        ...(all ? {} : { order_ids: chosen.map((p) => p.id) }),
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
        <ScanInput label={t('manage:handover.scan_label')} hint={t('manage:handover.scan_hint')} onScan={onScan} testId="handover-scan" placeholder={t('manage:handover.scan_label')} submitLabel={t('manage:handover.find')} />
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
          {found.elsewhere.length > 0 && (
            <Alert kind="info">{t('manage:handover.elsewhere', { list: found.elsewhere.map((e) => `${e.branch.name} (${e.count})`).join(', ') })}</Alert>
          )}
          {found.parcels.length === 0 ? (
            <p className={styles.muted} data-testid="handover-nothing">
              {t('manage:handover.nothing')}
            </p>
          ) : (
            <>
              <label className={styles.check}>
                <input type="checkbox" checked={all} onChange={() => setSelected(all ? new Set() : new Set(found.parcels.map((p) => p.id)))} data-testid="handover-all" />
                <span>{t('manage:handover.select_all', { count: found.parcels.length })}</span>
              </label>
              <ul className={styles.plainList} data-testid="handover-parcels">
                {found.parcels.map((p) => (
                  <li key={p.id}>
                    <ParcelSummary
                      parcel={p}
                      showOwner={false}
                      start={
                        <input
                          type="checkbox"
                          className={styles.rowCheck}
                          checked={selected.has(p.id)}
                          onChange={() =>
                            setSelected((s) => {
                              const next = new Set(s);
                              if (next.has(p.id)) next.delete(p.id);
                              else next.add(p.id);
                              return next;
                            })
                          }
                          aria-label={t('manage:dispatch.select', { code: p.track_code })}
                        />
                      }
                    />
                  </li>
                ))}
              </ul>
              <div className={styles.totalBox} data-testid="handover-total">
                <span>{t('manage:handover.selected', { count: chosen.length, weight: formatWeight(weight, i18n.language) })}</span>
                <strong>{formatMoney(total, found.currency, i18n.language)}</strong>
              </div>
              <SegmentedField
                label={t('manage:handover.payment')}
                name="payment_method"
                value={method}
                options={PAYMENT_METHODS.map((m) => ({ value: m, label: t(`manage:payment.${m}`) }))}
                onChange={setMethod}
              />
              <Button block disabled={!method || !chosen.length} loading={completing.isLoading} onClick={() => void confirm()} data-testid="handover-confirm">
                {t('manage:handover.confirm', { total: formatMoney(total, found.currency, i18n.language) })}
              </Button>
            </>
          )}
        </section>
      )}
    </div>
  );
}
