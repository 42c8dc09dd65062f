import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { TLessonSummary } from '@portal/contract';
import { ClockIcon, ListIcon, PlayIcon } from './content-icons';
import styles from './lesson-card.module.css';

/** A free lesson as a card: cover, title, description, length and steps; opens the lesson. */
export function LessonCard({ lesson, index, headingLevel = 2 }: { lesson: TLessonSummary; index: number; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className={styles.card} data-testid="lesson-card">
      <div className={styles.cover} aria-hidden="true">
        {lesson.cover ? (
          <img src={lesson.cover} alt="" loading="lazy" width={320} height={180} />
        ) : (
          <span className={styles.coverNumber}>{index + 1}</span>
        )}
        {lesson.video_url && (
          <span className={styles.video}>
            <PlayIcon size={16} />
          </span>
        )}
      </div>
      <div className={styles.body}>
        <span className={styles.kicker}>{t('content:lesson.number', { n: index + 1 })}</span>
        <Heading className={styles.title}>
          <Link to={`/free-lessons/${lesson.id}`} state={{ title: lesson.title }} className={styles.link}>
            {lesson.title}
          </Link>
        </Heading>
        <p className={styles.text}>{lesson.description}</p>
        <div className={styles.meta}>
          <span>
            <ClockIcon size={15} />
            {t('content:lesson.minutes', { count: lesson.duration_minutes })}
          </span>
          <span>
            <ListIcon size={15} />
            {t('content:lesson.steps', { count: lesson.steps_count })}
          </span>
        </div>
      </div>
    </article>
  );
}
