import { useTranslation } from 'react-i18next';
import { useGetProhibitedItemsQuery } from '../../../lib/api/content-api';
import { describeApiError } from '../../../lib/api/errors';
import { ProhibitedIcon } from '../../../components/content/prohibited-icon';
import { Section } from '../../../components/content/section';
import { EmptyState, ErrorState, Skeleton } from '../../../components/ui/feedback';
import styles from './home.module.css';

const SHOWN = 8;

/** The first prohibited items as chips, with a link to the full list. */
export function ProhibitedBlock() {
  const { t } = useTranslation();
  const { data, error, isLoading, refetch } = useGetProhibitedItemsQuery();
  return (
    <Section
      id="prohibited"
      title={t('home:prohibited.title')}
      more={{ to: '/prohibited-items', label: t('home:prohibited.all', { count: data?.length ?? 0 }) }}
    >
      <p className={styles.sectionLead}>{t('home:prohibited.text')}</p>
      {isLoading && (
        <div className={styles.chips}>
          {Array.from({ length: SHOWN }, (_, i) => (
            <Skeleton key={i} width={150} height={44} radius={999} />
          ))}
        </div>
      )}
      {error && <ErrorState title={t('home:prohibited.error')} text={describeApiError(error, t).message} onRetry={() => void refetch()} />}
      {data && !data.length && <EmptyState title={t('home:prohibited.empty')} />}
      {data && data.length > 0 && (
        <ul className={styles.chips}>
          {data.slice(0, SHOWN).map((item) => (
            <li key={item.id} className={styles.chip}>
              <span className={styles.chipIcon}>
                <ProhibitedIcon name={item.icon} size={20} />
              </span>
              {item.title}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
