import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { daysLeftToCollect, deviceDate, STORAGE_EXTENSION_OFFER_DAYS, toMajor, type TWaitingAtBranch } from '@portal/contract';
import { useGetWaitingQuery } from '../lib/api/waiting-api';
import { currentLang, formatMoney } from '../lib/content/format';
import { ButtonLink } from './ui/button';
import { CheckIcon } from './ui/icons';
import styles from './waiting-summary.module.css';
import { WeightCheckCards } from './weight-checks';

/** Where "Pay online" goes: the open request, or the pay page that opens one for this branch (also the SMS's link). */
export function payPath(row: TWaitingAtBranch): string | null {
  if (row.open_request_id) return `/pay/${encodeURIComponent(row.open_request_id)}`;
  if (row.branch_id === null || !row.online_providers.length || row.to_pay <= 0) return null;
  return `/pay?branch=${row.branch_id}`;
}

/** The parcels are paid ahead: online credit covers all that waits, so the counter takes nothing. */
export const paidOnline = (row: TWaitingAtBranch): boolean => row.paid_online > 0 && row.to_pay <= 0 && row.count > 0;

function PayAction({ row }: { row: TWaitingAtBranch }) {
  const { t } = useTranslation();
  if (paidOnline(row))
    return (
      <span className={styles.paid} data-testid="waiting-paid-online">
        <CheckIcon size={16} />
        {t('orders:waiting.paid_online')}
        <span className={styles.paidHint}>{t('orders:waiting.paid_online_hint')}</span>
      </span>
    );
  const to = row.to_pay > 0 ? payPath(row) : null;
  if (!to) return null;
  return (
    <ButtonLink to={to} size="sm" className={styles.pay} data-testid="waiting-pay">
      {row.open_request_id ? t('orders:waiting.continue_payment') : t('orders:waiting.pay_online')}
    </ButtonLink>
  );
}

/**
 * Where "Keep longer" goes (ADR 093): the parcel that runs out first, from STORAGE_EXTENSION_OFFER_DAYS before its last
 * free day, where the branch keeps it for nothing or takes the fee online; null otherwise.
 */
export function keepLongerPath(row: TWaitingAtBranch, left: number | null): string | null {
  if (left === null || left > STORAGE_EXTENSION_OFFER_DAYS || row.storage_until_order_id === null) return null;
  if (row.storage_fee_per_day > 0 && !row.online_providers.length) return null;
  return `/orders/order?id=${row.storage_until_order_id}`;
}

function Row({ row }: { row: TWaitingAtBranch }) {
  const { t, i18n } = useTranslation();
  const lang = currentLang(i18n);
  const left = row.storage_until ? daysLeftToCollect(row.storage_until, deviceDate()) : null;
  const keep = keepLongerPath(row, left);
  return (
    <li className={styles.item} data-testid="waiting-row" data-branch={row.branch_id ?? undefined}>
      <Link to="/orders" className={styles.summary}>
        <span className={styles.title}>{t('orders:waiting.title', { count: row.count, branch: row.branch })}</span>
        <span className={styles.total} data-testid="waiting-total">
          {t('orders:waiting.total', { amount: formatMoney(toMajor(row.to_pay), row.currency ?? '', lang) })}
        </span>
        {row.storage_fee > 0 && (
          <span className={styles.debt} data-testid="waiting-storage">
            {t('orders:waiting.including_storage', { amount: formatMoney(toMajor(row.storage_fee), row.currency ?? '', lang) })}
          </span>
        )}
        {row.debt > 0 && (
          <span className={styles.debt} data-testid="waiting-debt">
            {t('orders:waiting.including_debt', { amount: formatMoney(toMajor(row.debt), row.currency ?? '', lang) })}
          </span>
        )}
        {left !== null && (
          <span className={`${styles.left} ${left <= 0 ? styles.urgent : ''}`} data-testid="waiting-left">
            {left > 0
              ? t('orders:card.storage_left', { count: left })
              : left === 0
                ? t('orders:card.storage_last_day')
                : t('orders:card.storage_overdue', { count: -left })}
          </span>
        )}
      </Link>
      <PayAction row={row} />
      {keep && (
        <ButtonLink to={keep} variant="secondary" size="sm" className={styles.pay} data-testid="waiting-keep-longer">
          {t('orders:waiting.keep_longer')}
        </ButtonLink>
      )}
    </li>
  );
}

/**
 * At a glance, on home, /qr and /orders: how many parcels wait at which branch, what to bring (their price, the paid
 * storage they have accrued and the open debt in that currency, saying how much of it is storage and debt) and how
 * many days are left to collect them; "Pay online" where the branch takes money online, "Paid online" once the credit
 * covers it; "Keep longer" when the first parcel's free days run out (its page, ADR 093); "Book a pickup time"
 * (/pickup, ADR 092) under them. Nothing when nothing waits (or while it loads: the page does not jump for it).
 */
export function WaitingSummary() {
  const { t } = useTranslation();
  const waiting = useGetWaitingQuery();
  // A summary beside the page's own content: anything but a list (an odd answer, offline) shows nothing rather than
  // taking the QR code down with it.
  if (!Array.isArray(waiting.data) || waiting.data.length === 0) return null;
  return (
    <section aria-label={t('orders:waiting.label')} data-testid="waiting-summary">
      {/* Parcels weighed heavier at the branch: confirm or dispute before paying (ADR 089). */}
      <WeightCheckCards />
      <ul className={styles.list}>
        {waiting.data.map((row) => (
          <Row key={`${row.branch_id}-${row.currency}`} row={row} />
        ))}
      </ul>
      {/* Book a time to collect (ADR 092): the branch prepares the parcels; a plain route link, no feature imported. */}
      <ButtonLink to="/pickup" variant="secondary" size="sm" className={styles.book} data-testid="waiting-book-pickup">
        {t('orders:waiting.book_pickup')}
      </ButtonLink>
    </section>
  );
}
