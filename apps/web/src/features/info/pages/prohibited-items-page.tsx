import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useGetProhibitedItemsQuery } from '../../../lib/api/content-api';
import { describeApiError } from '../../../lib/api/errors';
import { ProhibitedIcon } from '../../../components/content/prohibited-icon';
import { PageHeader } from '../../../components/ui/card';
import { Alert, EmptyState, ErrorState, Skeleton } from '../../../components/ui/feedback';
import styles from '../components/info.module.css';

/** /prohibited-items: what the carrier does not ship, and why. */
export default function ProhibitedItemsPage() {
  const { t } = useTranslation();
  const { data, error, isLoading, refetch } = useGetProhibitedItemsQuery();
  return (
    <div className={styles.page} data-testid="prohibited-page">
      <PageHeader title={t('info:prohibited.title')} lead={t('info:prohibited.lead')} />
      {isLoading && (
        <div className={styles.itemGrid} aria-busy="true">
          {Array.from({ length: 9 }, (_, i) => (
            <Skeleton key={i} height={150} radius={16} />
          ))}
        </div>
      )}
      {error && <ErrorState title={t('info:prohibited.error')} text={describeApiError(error, t).message} onRetry={() => void refetch()} />}
      {data && !data.length && <EmptyState title={t('info:prohibited.empty')} />}
      {data && data.length > 0 && (
        <ul className={styles.itemGrid}>
          {data.map((item) => (
            <li key={item.id} className={styles.item} data-testid="prohibited-item">
              <span className={styles.itemIcon}>
                <ProhibitedIcon name={item.icon} size={26} />
              </span>
              <div>
                <h2 className={styles.itemTitle}>{item.title}</h2>
                <p className={styles.itemText}>{item.description}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
      {data && data.length > 0 && (
        <Alert kind="info">
          {t('info:prohibited.doubt')} <Link to="/support">{t('info:prohibited.ask')}</Link>
        </Alert>
      )}
    </div>
  );
}
