import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TCustomerSummary, TManageParcel, TOrderStatusCode } from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { formatDate, formatMoney, formatWeight } from '../model/format';
import styles from '../manage.module.css';

export function StatusBadge({ status, label }: { status: TOrderStatusCode; label: string }) {
  return <span className={`${styles.badge} ${styles[`status_${status}`]}`}>{label}</span>;
}

export function CustomerLine({ customer, disputed = false }: { customer: TCustomerSummary | null; disputed?: boolean }) {
  const { t } = useTranslation();
  if (!customer && disputed) return <span className={styles.disputedTag}>{t('manage:parcel.disputed')}</span>;
  if (!customer) return <span className={styles.unclaimedTag}>{t('manage:parcel.unclaimed')}</span>;
  return (
    <span>
      <strong>{customer.client_code}</strong> · {customer.first_name} {customer.last_name}
    </span>
  );
}

/** One parcel in a list: code, status, customer, branch, weight and price. */
export function ParcelSummary({
  parcel,
  start,
  end,
  showOwner = true,
}: {
  parcel: TManageParcel;
  start?: ReactNode;
  end?: ReactNode;
  showOwner?: boolean;
}) {
  const { t, i18n } = useTranslation();
  return (
    <div className={styles.parcel} data-testid="parcel-row">
      {start}
      <div className={styles.parcelMain}>
        <div className={styles.parcelTop}>
          <span className={styles.code}>{parcel.track_code}</span>
          <span className={styles.ourNumber} title={t('manage:label.number')} data-testid="parcel-number">
            {parcel.number}
          </span>
          <StatusBadge status={parcel.status} label={parcel.status_name} />
        </div>
        <div className={styles.parcelMeta}>
          {showOwner && <CustomerLine customer={parcel.customer} disputed={parcel.disputed} />}
          {showOwner && !parcel.customer && parcel.label_client_code && (
            <span>{t('manage:unclaimed.label', { code: parcel.label_client_code })}</span>
          )}
          {showOwner && parcel.branch && <span>→ {parcel.branch.name}</span>}
          {parcel.name && <span className={styles.muted}>«{parcel.name}»</span>}
        </div>
        {parcel.customs_hold && (
          <div className={styles.customsHold} data-testid="parcel-customs-hold">
            {t('manage:customs.held', { reason: parcel.customs_hold.text })}
          </div>
        )}
      </div>
      <div className={styles.parcelNumbers}>
        <span>{t('manage:parcel.kg', { value: formatWeight(parcel.weight, i18n.language) })}</span>
        {parcel.boxes > 1 && <span data-testid="parcel-boxes">{t('manage:parcel.boxes', { count: parcel.boxes })}</span>}
        {parcel.weights.charged_by === 'volumetric' && (
          <span className={styles.muted} data-testid="parcel-chargeable">
            {t('manage:parcel.chargeable', { value: formatWeight(parcel.weights.chargeable_weight, i18n.language) })}
          </span>
        )}
        {parcel.price !== null && <strong>{formatMoney(parcel.price, parcel.currency, i18n.language)}</strong>}
        {parcel.insurance_premium > 0 && (
          <span data-testid="parcel-insurance">
            {t('manage:parcel.insurance', { value: formatMoney(parcel.insurance_premium, parcel.currency, i18n.language) })}
          </span>
        )}
        {parcel.storage_until && parcel.status === 'at_branch' && (
          <span className={styles.muted}>
            {t('manage:parcel.storage_until', { date: formatDate(parcel.storage_until, i18n.language) })}
          </span>
        )}
      </div>
      {end}
    </div>
  );
}

export function Pager({ page, lastPage, onPage }: { page: number; lastPage: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  if (lastPage <= 1) return null;
  return (
    <nav className={styles.pager} aria-label={t('manage:pager.label')}>
      <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('manage:pager.prev')}
      </Button>
      <span className={styles.muted}>{t('manage:pager.of', { page, last: lastPage })}</span>
      <Button size="sm" variant="secondary" disabled={page >= lastPage} onClick={() => onPage(page + 1)}>
        {t('manage:pager.next')}
      </Button>
    </nav>
  );
}
