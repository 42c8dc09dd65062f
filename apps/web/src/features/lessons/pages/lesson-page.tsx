import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useParams, useSearchParams } from 'react-router-dom';
import type { TLesson } from '@portal/contract';
import { useGetLessonQuery } from '../../../lib/api/content-api';
import { describeApiError } from '../../../lib/api/errors';
import { paragraphs } from '../../../lib/content/format';
import { ArrowLeftIcon, ArrowRightIcon, ClockIcon, ListIcon } from '../../../components/content/content-icons';
import { ButtonLink } from '../../../components/ui/button';
import { EmptyState, ErrorState, Skeleton } from '../../../components/ui/feedback';
import { CheckIcon } from '../../../components/ui/icons';
import { LessonVideo } from '../components/lesson-video';
import styles from '../components/lessons.module.css';

function Steps({ lesson, current }: { lesson: TLesson; current: number }) {
  const { t } = useTranslation();
  return (
    <nav className={styles.outline} aria-label={t('lessons:steps_nav')}>
      <ol>
        {lesson.steps.map((step, index) => {
          const n = index + 1;
          const state = n === current ? styles.current : n < current ? styles.done : '';
          return (
            <li key={step.id} className={state}>
              <Link to={{ search: `?step=${n}` }} aria-current={n === current ? 'step' : undefined} data-testid={`step-link-${n}`}>
                <span className={styles.stepNumber} aria-hidden="true">
                  {n < current ? <CheckIcon size={14} /> : n}
                </span>
                <span>
                  <span className="visually-hidden">{t('lessons:step_n', { n })}: </span>
                  {step.title}
                </span>
              </Link>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** /free-lessons/{id}: the lesson's introduction, then its steps one by one (?step=N, shown in the breadcrumbs). */
export default function LessonPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const location = useLocation();
  const [params] = useSearchParams();
  const lessonId = Number(id);
  const valid = Number.isInteger(lessonId) && lessonId > 0;
  const { data: lesson, error, isLoading, refetch } = useGetLessonQuery(lessonId, { skip: !valid });
  const stepParam = params.get('step');
  const step = stepParam === null ? 0 : Number(stepParam);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (stepParam === null) return;
    window.scrollTo({ top: 0 });
    heading.current?.focus({ preventScroll: true });
  }, [stepParam]);

  if (!valid || (error && 'status' in error && error.status === 404)) {
    return (
      <EmptyState
        level={1}
        title={t('lessons:not_found')}
        text={t('lessons:not_found_text')}
        actions={<ButtonLink to="/free-lessons">{t('lessons:all')}</ButtonLink>}
      />
    );
  }
  if (isLoading) {
    return (
      <div className={styles.lesson} aria-busy="true">
        <Skeleton width="70%" height={36} />
        <Skeleton height={18} />
        <Skeleton height={280} radius={16} />
      </div>
    );
  }
  if (error || !lesson)
    return <ErrorState level={1} title={t('lessons:error_one')} text={describeApiError(error, t).message} onRetry={() => void refetch()} />;

  const total = lesson.steps.length;
  if (stepParam !== null && (!Number.isInteger(step) || step < 1 || step > total))
    return <Navigate to={{ pathname: location.pathname, search: '' }} replace />;
  const current = lesson.steps[step - 1];

  return (
    <article className={styles.lesson} data-testid="lesson-page">
      <header className={styles.lessonHead}>
        <h1 className={styles.lessonTitle}>{lesson.title}</h1>
        <div className={styles.meta}>
          <span>
            <ClockIcon size={16} />
            {t('content:lesson.minutes', { count: lesson.duration_minutes })}
          </span>
          <span>
            <ListIcon size={16} />
            {t('content:lesson.steps', { count: total })}
          </span>
        </div>
      </header>

      <div className={styles.layout}>
        <aside className={styles.aside}>{total > 0 && <Steps lesson={lesson} current={step} />}</aside>

        {!current ? (
          <section className={styles.main} aria-label={t('lessons:intro')}>
            {lesson.cover && !lesson.video_url && <img className={styles.cover} src={lesson.cover} alt="" width={320} height={180} />}
            {lesson.video_url && <LessonVideo url={lesson.video_url} title={lesson.title} />}
            <p className={styles.lead}>{lesson.description}</p>
            {total > 0 ? (
              <div className={styles.actions}>
                <ButtonLink to={{ search: '?step=1' }} data-testid="lesson-start">
                  {t('lessons:start')}
                  <ArrowRightIcon size={18} />
                </ButtonLink>
              </div>
            ) : (
              <p className={styles.lead}>{t('lessons:no_steps')}</p>
            )}
          </section>
        ) : (
          <section className={styles.main} aria-labelledby="step-title" data-testid="lesson-step">
            <div className={styles.progress}>
              <span className={styles.progressText}>{t('lessons:step_of', { n: step, total })}</span>
              <span
                className={styles.progressBar}
                role="progressbar"
                aria-valuemin={1}
                aria-valuemax={total}
                aria-valuenow={step}
                aria-label={t('lessons:progress')}
              >
                <span style={{ width: `${(step / total) * 100}%` }} />
              </span>
            </div>
            <h2 className={styles.stepTitle} id="step-title" ref={heading} tabIndex={-1}>
              {current.title}
            </h2>
            {current.video_url && <LessonVideo url={current.video_url} title={current.title} />}
            {current.image && <img className={styles.stepImage} src={current.image} alt="" />}
            <div className={styles.body}>
              {paragraphs(current.body).map((p, i) => (
                <p key={i}>{p}</p>
              ))}
            </div>
            <div className={styles.stepNav}>
              {step > 1 ? (
                <ButtonLink variant="secondary" to={{ search: `?step=${step - 1}` }}>
                  <ArrowLeftIcon size={18} />
                  {t('lessons:prev')}
                </ButtonLink>
              ) : (
                <ButtonLink variant="secondary" to={{ search: '' }}>
                  <ArrowLeftIcon size={18} />
                  {t('lessons:intro')}
                </ButtonLink>
              )}
              {step < total ? (
                <ButtonLink to={{ search: `?step=${step + 1}` }} data-testid="lesson-next">
                  {t('lessons:next')}
                  <ArrowRightIcon size={18} />
                </ButtonLink>
              ) : (
                <ButtonLink to="/free-lessons" data-testid="lesson-finish">
                  <CheckIcon size={18} />
                  {t('lessons:finish')}
                </ButtonLink>
              )}
            </div>
          </section>
        )}
      </div>
    </article>
  );
}
