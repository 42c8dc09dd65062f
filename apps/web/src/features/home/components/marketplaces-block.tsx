import { useTranslation } from 'react-i18next';
import { useGetMarketplacesQuery } from '../../../lib/api/content-api';
import { describeApiError } from '../../../lib/api/errors';
import { Section } from '../../../components/content/section';
import { ExternalIcon } from '../../../components/content/content-icons';
import { EmptyState, ErrorState, Skeleton } from '../../../components/ui/feedback';
import styles from './home.module.css';

/** Where to shop: each marketplace opens in a new tab. */
export function MarketplacesBlock() {
  const { t } = useTranslation();
  const { data, error, isLoading, refetch } = useGetMarketplacesQuery();
  return (
    <Section id="marketplaces" title={t('home:marketplaces.title')}>
      {isLoading && (
        <div className={styles.marketGrid}>
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} height={92} radius={16} />
          ))}
        </div>
      )}
      {error && (
        <ErrorState title={t('home:marketplaces.error')} text={describeApiError(error, t).message} onRetry={() => void refetch()} />
      )}
      {data && !data.length && <EmptyState title={t('home:marketplaces.empty')} />}
      {data && data.length > 0 && (
        <ul className={styles.marketGrid}>
          {data.map((m) => (
            <li key={m.id}>
              <a className={styles.market} href={m.url} target="_blank" rel="noopener noreferrer" data-testid="marketplace-link">
                <img className={styles.marketLogo} src={m.logo} alt="" width={56} height={56} />
                <span className={styles.marketBody}>
                  <span className={styles.marketName}>
                    {m.name}
                    <ExternalIcon size={14} />
                    <span className="visually-hidden"> ({t('content:new_tab')})</span>
                  </span>
                  <span className={styles.marketText}>{m.description}</span>
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
