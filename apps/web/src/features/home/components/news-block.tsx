import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { TNewsSummary } from '@portal/contract';
import { useGetNewsItemQuery, useGetNewsQuery } from '../../../lib/api/content-api';
import { describeApiError } from '../../../lib/api/errors';
import { currentLang, formatDate } from '../../../lib/content/format';
import { RichText } from '../../../components/content/rich-text';
import { Section } from '../../../components/content/section';
import { Button } from '../../../components/ui/button';
import { EmptyState, ErrorState, Skeleton, Spinner } from '../../../components/ui/feedback';
import { Sheet } from '../../../components/ui/overlay';
import { NewsIcon } from '../../../components/content/content-icons';
import styles from './home.module.css';

const PAGE = 3;

/** One news item read in a sheet; its id is in the address (?news=…), so it can be shared and closed with Back. */
function NewsReader({ id, preview, onClose }: { id: number; preview: TNewsSummary | undefined; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = currentLang(i18n);
  const { data, error, isFetching, refetch } = useGetNewsItemQuery(id);
  const title = data?.title ?? preview?.title ?? t('home:news.title');
  return (
    <Sheet open onClose={onClose} title={title}>
      <article className={styles.reader} data-testid="news-reader">
        {(data ?? preview) && (
          <time className={styles.newsDate} dateTime={(data ?? preview)!.published_at}>
            {formatDate((data ?? preview)!.published_at, lang)}
          </time>
        )}
        {data?.image && <img className={styles.readerImage} src={data.image} alt="" loading="lazy" decoding="async" />}
        {data && <RichText text={data.body} />}
        {!data && isFetching && <Spinner />}
        {!data && error && (
          <ErrorState title={t('home:news.item_error')} text={describeApiError(error, t).message} onRetry={() => void refetch()} />
        )}
      </article>
    </Sheet>
  );
}

/** The latest news, newest first; more on request; each opens to read in full. */
export function NewsBlock() {
  const { t, i18n } = useTranslation();
  const lang = currentLang(i18n);
  const [shown, setShown] = useState(PAGE);
  const { data, error, isLoading, isFetching, refetch } = useGetNewsQuery({ page: 1, perPage: shown });
  const [params, setParams] = useSearchParams();
  const openId = Number(params.get('news')) || null;
  const items = data?.data ?? [];
  const hasMore = data ? data.meta.total > items.length : false;

  const open = (id: number) =>
    setParams((p) => {
      p.set('news', String(id));
      return p;
    });
  const close = () =>
    setParams(
      (p) => {
        p.delete('news');
        return p;
      },
      { replace: true },
    );

  return (
    <Section id="news" title={t('home:news.title')}>
      {isLoading && (
        <div className={styles.newsGrid}>
          {Array.from({ length: PAGE }, (_, i) => (
            <Skeleton key={i} height={170} radius={16} />
          ))}
        </div>
      )}
      {error && !data && (
        <ErrorState title={t('home:news.error')} text={describeApiError(error, t).message} onRetry={() => void refetch()} />
      )}
      {data && !items.length && <EmptyState icon={<NewsIcon size={30} />} title={t('home:news.empty')} />}
      {items.length > 0 && (
        <ul className={styles.newsGrid}>
          {items.map((item) => (
            <li key={item.id}>
              <article className={styles.news} data-testid="news-card">
                <time className={styles.newsDate} dateTime={item.published_at}>
                  {formatDate(item.published_at, lang)}
                </time>
                <h3 className={styles.newsTitle}>
                  <button type="button" className={styles.newsButton} onClick={() => open(item.id)}>
                    {item.title}
                  </button>
                </h3>
                <p className={styles.newsText}>{item.summary}</p>
                <span className={styles.newsMore} aria-hidden="true">
                  {t('home:news.read')}
                </span>
              </article>
            </li>
          ))}
        </ul>
      )}
      {hasMore && (
        <div className={styles.center}>
          <Button variant="secondary" loading={isFetching} onClick={() => setShown((n) => n + PAGE)}>
            {t('home:news.more')}
          </Button>
        </div>
      )}
      {openId && <NewsReader id={openId} preview={items.find((n) => n.id === openId)} onClose={close} />}
    </Section>
  );
}
