import { useTranslation } from 'react-i18next';
import { useGetLessonsQuery } from '../../../lib/api/content-api';
import { describeApiError } from '../../../lib/api/errors';
import { LessonCard } from '../../../components/content/lesson-card';
import { BookIcon } from '../../../components/content/content-icons';
import { PageHeader } from '../../../components/ui/card';
import { EmptyState, ErrorState, Skeleton } from '../../../components/ui/feedback';
import styles from '../components/lessons.module.css';

/** /free-lessons: every free lesson as a card. */
export default function LessonsPage() {
  const { t } = useTranslation();
  const { data, error, isLoading, refetch } = useGetLessonsQuery();
  return (
    <div data-testid="lessons-page">
      <PageHeader title={t('lessons:title')} lead={t('lessons:lead')} />
      {isLoading && (
        <div className={styles.grid} aria-busy="true">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} height={320} radius={16} />
          ))}
        </div>
      )}
      {error && <ErrorState title={t('lessons:error')} text={describeApiError(error, t).message} onRetry={() => void refetch()} />}
      {data && !data.length && <EmptyState icon={<BookIcon size={30} />} title={t('lessons:empty')} />}
      {data && data.length > 0 && (
        <ul className={styles.grid}>
          {data.map((lesson, index) => (
            <li key={lesson.id}>
              <LessonCard lesson={lesson} index={index} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
