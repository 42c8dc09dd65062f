import { useTranslation } from 'react-i18next';
import { toMajor, type TOnlineProvider } from '@portal/contract';
import { formatMoney } from '../model/format';
import styles from '../manage.module.css';

/** One online payment the customer's credit is made of, as the hand-over lookup lists it (ADR 077). */
export interface OnlinePaymentSummary {
  provider: TOnlineProvider;
  provider_ref: string | null;
  amount: number;
  paid_at: string;
}

/** The lookup's credit paid ahead online (`paid_online`, `online_payments`); 0 and none when it carries none. */
export function onlineCredit(found: object | null): { paid: number; payments: OnlinePaymentSummary[] } {
  const f = (found ?? {}) as { paid_online?: number; online_payments?: OnlinePaymentSummary[] };
  return { paid: f.paid_online ?? 0, payments: f.online_payments ?? [] };
}

/** "Paid online: 5 000 ₸ (Kaspi · ref QR-1)" at the counter, and "nothing to take" when it covers the hand-over. */
export function PaidOnlineBox({
  paid,
  payments,
  currency,
  covered,
}: {
  paid: number;
  payments: OnlinePaymentSummary[];
  currency: string;
  covered: boolean;
}) {
  const { t, i18n } = useTranslation();
  if (paid <= 0) return null;
  const refs = payments
    .map((p) => `${t(`manage:online.provider.${p.provider}`)}${p.provider_ref ? ` · ${t('manage:online.ref')} ${p.provider_ref}` : ''}`)
    .join(', ');
  return (
    <div className={styles.totalBox} data-testid="handover-paid-online">
      <span>
        {t('manage:online.paid_online', { amount: formatMoney(toMajor(paid), currency, i18n.language) })}
        {refs ? ` (${refs})` : ''}
      </span>
      {covered && <strong data-testid="handover-nothing-to-take">{t('manage:online.nothing_to_take')}</strong>}
    </div>
  );
}
