import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { daysLeftToCollect, deviceDate, toMajor, type TWaitingAtBranch } from '@portal/contract';
import { useGetWaitingQuery } from '../lib/api/waiting-api';
import { currentLang, formatMoney } from '../lib/content/format';
import styles from './waiting-summary.module.css';

function Row({ row }: { row: TWaitingAtBranch }) {
  const { t, i18n } = useTranslation();
  const lang = currentLang(i18n);
  const left = row.storage_until ? daysLeftToCollect(row.storage_until, deviceDate()) : null;
  return (
    <li>
      <Link to="/orders" className={styles.item} data-testid="waiting-row">
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
    </li>
  );
}

/**
 * At a glance, on home and /qr: how many parcels wait at which branch, what to bring (their price, the paid storage
 * they have accrued and the open debt in that currency, saying how much of it is storage and debt) and how many days are left to collect them. Nothing when nothing waits (or while it loads: the page does not jump for it).
 */
export function WaitingSummary() {
  const { t } = useTranslation();
  const waiting = useGetWaitingQuery();
  // A summary beside the page's own content: anything but a list (an odd answer, offline) shows nothing rather than
  // taking the QR code down with it.
  if (!Array.isArray(waiting.data) || waiting.data.length === 0) return null;
  return (
    <section aria-label={t('orders:waiting.label')} data-testid="waiting-summary">
      <ul className={styles.list}>
        {waiting.data.map((row) => (
          <Row key={`${row.branch_id}-${row.currency}`} row={row} />
        ))}
      </ul>
    </section>
  );
}
