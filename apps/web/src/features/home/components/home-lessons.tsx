import { useTranslation } from 'react-i18next';
import { useGetLessonsQuery } from '../../../lib/api/content-api';
import { describeApiError } from '../../../lib/api/errors';
import { LessonCard } from '../../../components/content/lesson-card';
import { Section } from '../../../components/content/section';
import { EmptyState, ErrorState, Skeleton } from '../../../components/ui/feedback';
import styles from './home.module.css';

/** Free lessons as a row of cards (scrolls sideways on phones). */
export function HomeLessons() {
  const { t } = useTranslation();
  const { data, error, isLoading, refetch } = useGetLessonsQuery();
  return (
    <Section id="lessons" title={t('home:lessons.title')} more={{ to: '/free-lessons', label: t('home:lessons.all') }}>
      {isLoading && (
        <div className={styles.scroller}>
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} height={300} radius={16} className={styles.scrollItem} />
          ))}
        </div>
      )}
      {error && <ErrorState title={t('home:lessons.error')} text={describeApiError(error, t).message} onRetry={() => void refetch()} />}
      {data && !data.length && <EmptyState title={t('home:lessons.empty')} />}
      {data && data.length > 0 && (
        <ul className={styles.scroller}>
          {data.map((lesson, index) => (
            <li key={lesson.id} className={styles.scrollItem}>
              <LessonCard lesson={lesson} index={index} headingLevel={3} />
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
