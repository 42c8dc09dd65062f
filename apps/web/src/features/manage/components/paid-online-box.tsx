import { useTranslation } from 'react-i18next';
import { toMajor, type THandoverLookup, type TOnlinePaymentSummary } from '@portal/contract';
import { formatMoney } from '../model/format';
import styles from '../manage.module.css';

/** The lookup's credit paid ahead online (ADR 077) and the online payments it is made of; 0 and none without a lookup. */
export function onlineCredit(found: THandoverLookup | null): { paid: number; payments: TOnlinePaymentSummary[] } {
  return { paid: found?.paid_online ?? 0, payments: found?.online_payments ?? [] };
}

/** "Paid online: 5 000 ₸ (Kaspi · ref QR-1)" at the counter, and "nothing to take" when it covers the hand-over. */
export function PaidOnlineBox({
  paid,
  payments,
  currency,
  covered,
}: {
  paid: number;
  payments: TOnlinePaymentSummary[];
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
