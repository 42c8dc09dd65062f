import { useTranslation } from 'react-i18next';
import { toMajor } from '@portal/contract';
import { currentLang, formatDate, formatMoney } from '../../../lib/content/format';
import styles from './pay.module.css';

/** What the payment covers: the amount (the one money formatter), the branch, the parcels with their storage, the debt. */
export function PaySummary(props: {
  amount: number;
  currency: string;
  branch: string;
  parcels: number;
  debt: number;
  /** A storage extension (ADR 093): the parcel's new last free day. */
  extensionUntil?: string | undefined;
  /** What the amount is now: still to pay, paid, or (failed, expired, cancelled, refunded) just the amount asked. */
  state?: 'to_pay' | 'paid' | 'asked';
}) {
  const { t, i18n } = useTranslation();
  const lang = currentLang(i18n);
  const money = (minor: number) => formatMoney(toMajor(minor), props.currency, lang);
  return (
    <div className={styles.summary} data-testid="pay-summary">
      <span className={styles.label}>{t(`payments:amount.${props.state ?? 'to_pay'}`)}</span>
      <strong className={styles.amount} data-testid="pay-amount">
        {money(props.amount)}
      </strong>
      <span className={styles.muted}>{t('payments:at_branch', { branch: props.branch })}</span>
      <ul className={styles.covers} data-testid="pay-covers">
        {props.extensionUntil && <li>{t('payments:covers_extension', { date: formatDate(props.extensionUntil, lang) })}</li>}
        {props.parcels > 0 && !props.extensionUntil && <li>{t('payments:covers_parcels', { count: props.parcels })}</li>}
        {props.debt > 0 && <li>{t('payments:covers_debt', { amount: money(props.debt) })}</li>}
      </ul>
    </div>
  );
}
