import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseAmount, toMajor, type TDayCloseView, type TPayment } from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/feedback';
import { Sheet } from '../../../components/ui/overlay';
import { TextField } from '../../../components/ui/field';
import { useDayPaymentsQuery, useRefundOnlinePaymentMutation } from '../api/manage-api';
import { errorText } from '../model/api-error';
import { formatDateTime, formatMoney } from '../model/format';
import styles from '../manage.module.css';

/** "Kaspi · ref 123…": the provider and its reference as staff and receipts show them. */
export function providerLabel(t: (k: string) => string, p: Pick<TPayment, 'provider' | 'provider_ref'>): string {
  const name = p.provider ? t(`manage:online.provider.${p.provider}`) : '';
  return p.provider_ref ? `${name} · ${t('manage:online.ref')} ${p.provider_ref}` : name;
}

/** Return all or part of one online payment through its provider, with a reason (capability refunds). */
function RefundSheet({ payment, onClose }: { payment: TPayment; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const left = payment.amount - payment.refunded;
  const [amount, setAmount] = useState(String(toMajor(left)));
  const [reason, setReason] = useState('');
  const [refund, state] = useRefundOnlinePaymentMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const minor = parseAmount(amount);
  const valid = minor !== null && minor > 0 && minor <= left && reason.trim().length >= 3;
  const submit = async () => {
    if (!valid) return;
    setProblem(null);
    try {
      await refund({ id: payment.id, amount: minor, reason: reason.trim() }).unwrap();
      onClose();
    } catch (error) {
      setProblem(errorText(error, t));
    }
  };
  return (
    <Sheet open onClose={onClose} title={t('manage:online.refund_title')}>
      <div className={styles.stackGap} data-testid="refund-sheet">
        <p className={styles.muted}>
          {providerLabel(t, payment)} · {t('manage:online.left', { amount: formatMoney(toMajor(left), payment.currency, i18n.language) })}
        </p>
        <TextField
          label={t('manage:online.refund_amount')}
          inputMode="decimal"
          value={amount}
          error={amount.trim() && (minor === null || minor <= 0 || minor > left) ? t('manage:pay.amount_invalid') : undefined}
          onChange={(e) => setAmount(e.target.value)}
          data-testid="refund-amount"
        />
        <TextField
          label={t('manage:online.refund_reason')}
          value={reason}
          maxLength={500}
          onChange={(e) => setReason(e.target.value)}
          data-testid="refund-reason"
        />
        {problem && <Alert kind="error">{problem}</Alert>}
        <Button block disabled={!valid} loading={state.isLoading} onClick={() => void submit()} data-testid="refund-submit">
          {t('manage:online.refund_submit')}
        </Button>
        <Button block variant="secondary" onClick={onClose}>
          {t('common:cancel')}
        </Button>
      </div>
    </Sheet>
  );
}

/**
 * The day's online money, apart from the drawer (ADR 077): per provider (never expected or counted at the counter), and
 * each online payment with its reference, what was refunded of it and a Refund action.
 */
export function OnlineDay({ view, branchId }: { view: TDayCloseView; branchId: number | undefined }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const online = view.online ?? [];
  const journal = useDayPaymentsQuery({ branch_id: branchId, date: view.business_date }, { skip: online.length === 0 });
  const [refunding, setRefunding] = useState<TPayment | null>(null);
  if (online.length === 0) return null;
  const money = (minor: number, currency = view.currency) => formatMoney(toMajor(minor), currency, lang);
  const paid = (journal.data ?? []).filter((p) => p.method === 'online' && p.kind === 'payment');
  return (
    <section className={styles.panel} data-testid="close-online">
      <h2 className={styles.panelTitle}>{t('manage:online.title')}</h2>
      <p className={styles.muted}>{t('manage:online.lead')}</p>
      <div className={styles.tableScroll}>
        <table className={styles.moneyTable}>
          <thead>
            <tr>
              <th>{t('manage:online.provider_col')}</th>
              <th className={styles.num}>{t('manage:online.count')}</th>
              <th className={styles.num}>{t('manage:online.amount')}</th>
            </tr>
          </thead>
          <tbody>
            {online.map((o) => (
              <tr key={o.provider} data-testid={`close-online-${o.provider}`}>
                <td>{t(`manage:online.provider.${o.provider}`)}</td>
                <td className={styles.num}>{o.count}</td>
                <td className={styles.num} data-testid={`close-online-amount-${o.provider}`}>
                  {money(o.amount)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {journal.isError && <Alert kind="error">{errorText(journal.error, t)}</Alert>}
      {paid.length > 0 && (
        <div className={styles.tableScroll}>
          <table className={styles.moneyTable} data-testid="online-payments">
            <thead>
              <tr>
                <th>{t('manage:online.when')}</th>
                <th className={styles.num}>{t('manage:online.amount')}</th>
              </tr>
            </thead>
            <tbody>
              {paid.map((p) => (
                <tr key={p.id} data-testid="online-payment-row">
                  {/* Two columns: a phone at the counter shows the whole row without scrolling sideways. */}
                  <td>
                    {formatDateTime(p.created_at, lang)}
                    <div className={styles.muted}>{providerLabel(t, p)}</div>
                  </td>
                  <td className={styles.num}>
                    {money(p.amount, p.currency)}
                    {p.refunded > 0 && (
                      <div className={styles.muted}>
                        {t('manage:online.refunded')}: {money(p.refunded, p.currency)}
                      </div>
                    )}
                    {p.refunded < p.amount && (
                      <div>
                        <Button size="sm" variant="secondary" onClick={() => setRefunding(p)} data-testid={`refund-${p.id}`}>
                          {t('manage:online.refund')}
                        </Button>
                      </div>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {refunding && <RefundSheet payment={refunding} onClose={() => setRefunding(null)} />}
    </section>
  );
}
