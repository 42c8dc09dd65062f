import { useTranslation } from 'react-i18next';
import type { TCustomerFound } from '@portal/contract';
import { Alert, EmptyState, PageSpinner } from '../../../components/ui/feedback';
import { useStaffSearchQuery } from '../api/manage-api';
import { SearchIcon } from '../components/manage-icons';
import { ParcelSummary } from '../components/parcel-bits';
import { errorText } from '../model/api-error';
import styles from '../manage.module.css';

function CustomerRow({ c, onOpen }: { c: TCustomerFound; onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  return (
    <button type="button" className={`${styles.rowButton} ${styles.customerRow}`} onClick={() => onOpen(c.id)}>
      <span>
        <strong>{c.client_code}</strong> · {c.first_name} {c.last_name}
        <span className={styles.muted}> · {c.phone_number}</span>
      </span>
      <span className={styles.countsInline}>
        {Object.entries(c.parcel_counts).map(([status, n]) => (
          <span key={status} className={`${styles.badge} ${styles[`status_${status}`]}`}>
            {t(`manage:status.${status}`)}: {n}
          </span>
        ))}
      </span>
    </button>
  );
}

/**
 * What the one search box found: parcels and customers as one list grouped by kind, the group with the exact match
 * first (the server orders them), and what the term was read as.
 */
export function SearchResults({
  q,
  onCustomer,
  onParcel,
}: {
  q: string;
  onCustomer: (id: number) => void;
  onParcel: (code: string) => void;
}) {
  const { t } = useTranslation();
  const res = useStaffSearchQuery(q);
  if (res.isFetching && !res.data) return <PageSpinner />;
  if (res.error) return <Alert kind="error">{errorText(res.error, t)}</Alert>;
  if (!res.data) return null;
  const { groups, recognised } = res.data;
  const kinds = recognised.map((k) => t(`manage:find.kind.${k}`)).join(', ');
  if (!groups.length)
    return (
      <EmptyState
        icon={<SearchIcon size={30} />}
        title={t('manage:find.nothing')}
        text={kinds ? t('manage:find.recognised', { kinds }) : undefined}
      />
    );
  return (
    <div className={styles.stackGap} data-testid="find-results">
      {kinds && <p className={styles.muted}>{t('manage:find.recognised', { kinds })}</p>}
      {groups.map((g) => (
        <section key={g.kind} aria-labelledby={`find-group-${g.kind}`} data-testid={`find-group-${g.kind}`}>
          <h3 id={`find-group-${g.kind}`} className={styles.subTitle}>
            {t(`manage:find.groups.${g.kind}`)} <span className={styles.muted}>({g.items.length})</span>
          </h3>
          <ul className={styles.plainList}>
            {g.kind === 'parcels'
              ? g.items.map((p) => (
                  <li key={p.id}>
                    <button type="button" className={styles.rowButton} onClick={() => onParcel(p.track_code)}>
                      <ParcelSummary parcel={p} />
                    </button>
                  </li>
                ))
              : g.items.map((c) => (
                  <li key={c.id}>
                    <CustomerRow c={c} onOpen={onCustomer} />
                  </li>
                ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
