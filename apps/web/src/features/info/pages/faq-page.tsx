import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FAQ_SEARCH_MAX_LENGTH } from '@portal/contract';
import { useGetFaqsQuery } from '../../../lib/api/content-api';
import { describeApiError } from '../../../lib/api/errors';
import { paragraphs } from '../../../lib/content/format';
import { SearchIcon } from '../../../components/content/content-icons';
import { ButtonLink } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/card';
import { EmptyState, ErrorState, Skeleton, Spinner } from '../../../components/ui/feedback';
import { ChevronDownIcon } from '../../../components/ui/icons';
import styles from '../components/info.module.css';

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** /faq: questions with answers that open in place, searchable (the API searches in the reader's language). */
export default function FaqPage() {
  const { t } = useTranslation();
  const id = useId();
  const [query, setQuery] = useState('');
  const search = useDebounced(query.trim(), 300);
  const { data, error, isLoading, isFetching, refetch } = useGetFaqsQuery(search);

  return (
    <div className={styles.page} data-testid="faq-page">
      <PageHeader title={t('info:faq.title')} lead={t('info:faq.lead')} />
      <div className={styles.search} role="search">
        <label htmlFor={`${id}-q`} className="visually-hidden">
          {t('info:faq.search')}
        </label>
        <SearchIcon size={20} className={styles.searchIcon} />
        <input
          id={`${id}-q`}
          type="search"
          className={styles.searchInput}
          placeholder={t('info:faq.search_placeholder')}
          value={query}
          maxLength={FAQ_SEARCH_MAX_LENGTH}
          onChange={(e) => setQuery(e.target.value)}
          aria-describedby={`${id}-count`}
        />
        {isFetching && !isLoading && <Spinner size={18} />}
      </div>
      <p id={`${id}-count`} className={styles.count} aria-live="polite">
        {data ? (search ? t('info:faq.found', { count: data.length }) : t('info:faq.total', { count: data.length })) : ''}
      </p>

      {isLoading && (
        <div className={styles.faqList} aria-busy="true">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} height={60} radius={12} />
          ))}
        </div>
      )}
      {error && !data && (
        <ErrorState title={t('info:faq.error')} text={describeApiError(error, t).message} onRetry={() => void refetch()} />
      )}
      {data && !data.length && (
        <EmptyState
          title={search ? t('info:faq.nothing', { query: search }) : t('info:faq.empty')}
          text={t('info:faq.nothing_text')}
          actions={<ButtonLink to="/support">{t('info:faq.ask')}</ButtonLink>}
        />
      )}
      {data && data.length > 0 && (
        <div className={styles.faqList}>
          {data.map((faq) => (
            <details key={faq.id} className={styles.faq} data-testid="faq-item">
              <summary>
                <span>{faq.question}</span>
                <ChevronDownIcon size={20} className={styles.faqChevron} />
              </summary>
              <div className={styles.faqAnswer}>
                {paragraphs(faq.answer).map((p, i) => (
                  <p key={i}>{p}</p>
                ))}
              </div>
            </details>
          ))}
        </div>
      )}
    </div>
  );
}
