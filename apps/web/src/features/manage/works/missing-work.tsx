import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../model/format';
import { Alert } from '../../../components/ui/feedback';
import { useMissingParcelsQuery } from '../api/shelves-api';
import { ShelfTag } from '../components/shelf-tag';
import { errorText } from '../model/api-error';
import manage from '../manage.module.css';
import styles from '../shelves.module.css';

/** The Missing worklist (ADR 083): parcels marked missing after a count and not shelved since (claims take them later). */
export function MissingWork({ branchId }: { branchId: number | undefined }) {
  const { t, i18n } = useTranslation();
  const q = useMissingParcelsQuery({ branch_id: branchId });
  return (
    <section className={manage.panel} data-testid="missing-work">
      <div className={manage.panelHead}>
        <h2 className={manage.panelTitle}>{t('manage:missing.title')}</h2>
        {q.data && <span className={manage.placeTag}>{q.data.length}</span>}
      </div>
      <p className={manage.muted}>{t('manage:missing.lead')}</p>
      {q.error && <Alert kind="error">{errorText(q.error, t)}</Alert>}
      {q.data?.length === 0 && <p className={manage.muted}>{t('manage:missing.none')}</p>}
      <ul className={styles.rows} data-testid="missing-list">
        {q.data?.map((p) => (
          <li key={`${p.stock_take_id}-${p.order_id}`} className={styles.row} data-code={p.track_code}>
            <div className={styles.rowMain}>
              <span className={styles.code}>{p.track_code}</span>
              <span className={styles.meta}>
                {p.number}
                {p.client_code ? ` · ${p.client_code}` : ''} ·{' '}
                {t('manage:missing.marked', { at: formatDateTime(p.marked_at, i18n.language) })}
              </span>
            </div>
            <span className={styles.meta}>{t('manage:missing.last_shelf')}</span>
            <ShelfTag shelf={p.last_shelf} />
          </li>
        ))}
      </ul>
    </section>
  );
}
