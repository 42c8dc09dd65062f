import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { SUPPORT_REPLY_MAX_LENGTH, type TSupportState } from '@portal/contract';
import { useGetMySupportQuery, useGetMySupportsQuery, useReplyMySupportMutation } from '../../../lib/api/content-api';
import { describeApiError } from '../../../lib/api/errors';
import { currentLang, formatDateTime } from '../../../lib/content/format';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Alert, ErrorState, Skeleton } from '../../../components/ui/feedback';
import { describedBy, FieldShell, fieldStyles } from '../../../components/ui/field';
import styles from './support.module.css';

export function SupportState({ state }: { state: TSupportState }) {
  const { t } = useTranslation();
  return (
    <span className={styles.state} data-state={state} data-testid="support-state">
      {t(`info:support.state.${state}`)}
    </span>
  );
}

/** "My requests": the signed-in customer's requests, the latest activity first; each opens its thread. */
export function MyRequests() {
  const { t, i18n } = useTranslation();
  const lang = currentLang(i18n);
  const [page, setPage] = useState(1);
  const { data, error, isLoading, refetch } = useGetMySupportsQuery({ page });
  if (isLoading) return <Skeleton height={72} />;
  if (error || !data)
    return <ErrorState title={t('info:support.my_error')} text={describeApiError(error, t).message} onRetry={() => void refetch()} />;
  if (!data.data.length) return null;
  return (
    <section className={styles.section} data-testid="my-requests">
      <h2 className={styles.sectionTitle}>{t('info:support.my_requests')}</h2>
      <ul className={styles.list}>
        {data.data.map((r) => (
          <li key={r.id}>
            <Link to={`/support?request=${r.id}`} className={styles.request} data-testid="my-request">
              <span className={styles.requestHead}>
                <span>
                  {t('info:support.request_no', { id: r.id })} · {t(`info:support.categories.${r.category}`)}
                </span>
                <SupportState state={r.state} />
              </span>
              <span className={styles.requestText}>{r.message}</span>
              <span className={styles.requestText}>
                {formatDateTime(r.last_message_at, lang)} · {t('info:support.replies', { count: r.messages_count })}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {data.meta.last_page > 1 && (
        <div>
          <Button variant="secondary" size="sm" disabled={page >= data.meta.last_page} onClick={() => setPage(page + 1)}>
            {t('info:support.older')}
          </Button>
        </div>
      )}
    </section>
  );
}

/** One request's thread: the customer's message, the office's replies and theirs, and an answer box while it is open. */
export function SupportThreadView({ id }: { id: number }) {
  const { t, i18n } = useTranslation();
  const lang = currentLang(i18n);
  const formId = useId();
  // A reply may come while the page is open: look again every half minute.
  const { data, error, isLoading } = useGetMySupportQuery(id, { pollingInterval: 30_000 });
  const [reply, replying] = useReplyMySupportMutation();
  const [text, setText] = useState('');
  const [failure, setFailure] = useState<string | null>(null);

  if (isLoading) return <Skeleton height={160} />;
  if (error || !data)
    return (
      <ErrorState
        title={t('info:support.thread_error')}
        text={describeApiError(error, t).message}
        actions={<ButtonLink to="/support">{t('info:support.back')}</ButtonLink>}
      />
    );

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    if (!text.trim()) {
      setFailure(t('validation:required'));
      return;
    }
    const result = await reply({ id, body: { body: text } });
    if ('data' in result) setText('');
    else setFailure(describeApiError(result.error, t).message);
  };

  return (
    <Card className={styles.section} data-testid="support-thread">
      <div className={styles.requestHead}>
        <h2 className={styles.sectionTitle}>
          {t('info:support.request_no', { id: data.id })} · {t(`info:support.categories.${data.category}`)}
        </h2>
        <SupportState state={data.state} />
      </div>
      <ol className={styles.thread}>
        <li className={styles.bubble} data-side="customer">
          <span className={styles.meta}>
            {t('info:support.you')} · {formatDateTime(data.created_at, lang)}
          </span>
          {data.message}
        </li>
        {data.messages.map((m) => (
          <li key={m.id} className={styles.bubble} data-side={m.side} data-testid="support-message">
            <span className={styles.meta}>
              {m.side === 'office' ? t('info:support.office', { name: m.author_name ?? '' }) : t('info:support.you')} ·{' '}
              {formatDateTime(m.created_at, lang)}
            </span>
            {m.body}
          </li>
        ))}
      </ol>
      {data.state === 'closed' ? (
        <Alert kind="info">{t('info:support.closed')}</Alert>
      ) : (
        <form className={styles.replyForm} onSubmit={(e) => void submit(e)} noValidate>
          <FieldShell id={formId} label={t('info:support.answer')} error={failure ?? undefined}>
            <div className={fieldStyles.control}>
              <textarea
                id={formId}
                className={`${fieldStyles.input} ${styles.textarea}`}
                value={text}
                maxLength={SUPPORT_REPLY_MAX_LENGTH}
                onChange={(e) => setText(e.target.value)}
                aria-invalid={failure ? true : undefined}
                aria-describedby={describedBy(formId, failure ?? undefined)}
                data-testid="support-answer"
              />
            </div>
          </FieldShell>
          <div>
            <Button type="submit" loading={replying.isLoading} data-testid="support-answer-send">
              {t('info:support.answer_send')}
            </Button>
          </div>
        </form>
      )}
      <div>
        <ButtonLink variant="ghost" to="/support">
          {t('info:support.back')}
        </ButtonLink>
      </div>
    </Card>
  );
}
