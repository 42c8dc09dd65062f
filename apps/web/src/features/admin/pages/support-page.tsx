import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { SUPPORT_REPLY_MAX_LENGTH } from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/card';
import { Alert, ErrorState, PageSpinner } from '../../../components/ui/feedback';
import { describedBy, FieldShell, fieldStyles, SelectField } from '../../../components/ui/field';
import { currentLang, formatDate, formatDateTime } from '../../../lib/content/format';
import { useAdminSupportQuery, useAssignSupportMutation, useCloseSupportMutation, useReplySupportMutation } from '../api/supports-api';
import { errorText } from '../model/api-error';
import { StateBadge } from './supports-page';
import styles from '../admin.module.css';
import inbox from '../components/supports.module.css';

/** /admin/supports/:id: the thread with a reply box, beside the customer's account and parcels; assign and close. */
export default function SupportPage() {
  const { t, i18n } = useTranslation();
  const lang = currentLang(i18n);
  const formId = useId();
  const id = Number(useParams().id);
  const detail = useAdminSupportQuery(id, { skip: !Number.isInteger(id) || id <= 0 });
  const [reply, replying] = useReplySupportMutation();
  const [assign, assigning] = useAssignSupportMutation();
  const [close, closing] = useCloseSupportMutation();
  const [text, setText] = useState('');
  const [done, setDone] = useState<string | null>(null);

  if (detail.isLoading) return <PageSpinner />;
  if (!detail.data)
    return <ErrorState title={t('admin:list.error')} text={errorText(detail.error, t)} onRetry={() => void detail.refetch()} />;
  const { request, customer, assignees } = detail.data;
  const error = replying.error ?? assigning.error ?? closing.error;
  const closed = request.state === 'closed';

  const send = async (e: FormEvent) => {
    e.preventDefault();
    setDone(null);
    const result = await reply({ id, body: text });
    if ('data' in result) {
      setText('');
      setDone(t('admin:supports.replied'));
    }
  };

  return (
    <section className={styles.main} data-testid="admin-support">
      <PageHeader
        title={`${t('admin:supports.request_no', { id: request.id })} · ${t(`admin:supports.category_${request.category}`)}`}
        lead={formatDateTime(request.created_at, lang)}
      />
      <div className={styles.row}>
        <StateBadge state={request.state} />
        {request.assignee && <span className={styles.muted}>{t('admin:supports.assigned_to', { name: request.assignee.name })}</span>}
      </div>
      <div className={inbox.layout}>
        <div className={styles.form}>
          <ol className={inbox.thread}>
            <li className={inbox.bubble} data-side="customer">
              <span className={inbox.meta}>
                {customer ? `${customer.first_name} ${customer.last_name}` : (request.name ?? t('admin:supports.guest'))} ·{' '}
                {formatDateTime(request.created_at, lang)}
              </span>
              {request.message}
            </li>
            {request.messages.map((m) => (
              <li key={m.id} className={inbox.bubble} data-side={m.side} data-testid="admin-support-message">
                <span className={inbox.meta}>
                  {m.side === 'office' ? (m.author_name ?? t('admin:supports.office')) : t('admin:supports.customer')} ·{' '}
                  {formatDateTime(m.created_at, lang)}
                </span>
                {m.body}
              </li>
            ))}
          </ol>
          {error && <Alert>{errorText(error, t)}</Alert>}
          {done && <Alert kind="success">{done}</Alert>}
          {closed ? (
            <Alert kind="info">{t('admin:supports.closed_note')}</Alert>
          ) : (
            <form onSubmit={(e) => void send(e)} noValidate className={inbox.side}>
              <FieldShell id={formId} label={t('admin:supports.reply')} hint={t('admin:supports.reply_hint')}>
                <div className={fieldStyles.control}>
                  <textarea
                    id={formId}
                    className={`${fieldStyles.input} ${inbox.textarea}`}
                    value={text}
                    maxLength={SUPPORT_REPLY_MAX_LENGTH}
                    onChange={(e) => setText(e.target.value)}
                    aria-describedby={describedBy(formId, undefined, t('admin:supports.reply_hint'))}
                    data-testid="admin-support-reply"
                  />
                </div>
              </FieldShell>
              <div className={styles.row}>
                <Button type="submit" loading={replying.isLoading} data-testid="admin-support-send">
                  {t('admin:supports.send')}
                </Button>
                <Button
                  variant="secondary"
                  loading={closing.isLoading}
                  onClick={() => {
                    if (window.confirm(t('admin:supports.close_confirm'))) void close(id).then(() => setDone(null));
                  }}
                  data-testid="admin-support-close"
                >
                  {t('admin:supports.close')}
                </Button>
              </div>
            </form>
          )}
        </div>
        <aside className={inbox.side}>
          <div className={styles.form}>
            <strong>{t('admin:supports.assignee')}</strong>
            <SelectField
              label={t('admin:supports.assign_to')}
              value={request.assignee ? String(request.assignee.id) : ''}
              disabled={closed || assigning.isLoading}
              onChange={(e) => void assign({ id, userId: e.target.value ? Number(e.target.value) : null })}
              data-testid="admin-support-assign"
            >
              <option value="">{t('admin:supports.nobody')}</option>
              {assignees.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name} · {t(`admin:users.role_${a.role}`)}
                </option>
              ))}
            </SelectField>
          </div>
          <div className={styles.form} data-testid="admin-support-customer">
            <strong>{t('admin:supports.customer')}</strong>
            {customer ? (
              <>
                <dl className={inbox.facts}>
                  <dt>{t('admin:users.name')}</dt>
                  <dd>
                    <Link to={`/admin/users/${customer.id}`}>
                      {customer.first_name} {customer.last_name}
                    </Link>
                  </dd>
                  <dt>{t('admin:users.phone')}</dt>
                  <dd>{customer.phone_number}</dd>
                  <dt>{t('admin:users.client_code')}</dt>
                  <dd>{customer.client_code}</dd>
                  <dt>{t('admin:supports.contact')}</dt>
                  <dd>{request.contact}</dd>
                </dl>
                {customer.blocked && <span className={`${styles.badge} ${styles.badgeDanger}`}>{t('admin:users.blocked')}</span>}
                <strong>{t('admin:users.parcels', { count: customer.parcel_count })}</strong>
                <ul className={inbox.parcels}>
                  {customer.parcels.map((p) => (
                    <li key={p.id}>
                      <span className={styles.nowrap}>{p.track_code}</span> · {p.name}{' '}
                      <span className={`${styles.muted} ${styles.nowrap}`}>{formatDate(p.created_at, lang)}</span>
                    </li>
                  ))}
                </ul>
              </>
            ) : (
              <dl className={inbox.facts}>
                <dt>{t('admin:supports.guest')}</dt>
                <dd>{request.name ?? '—'}</dd>
                <dt>{t('admin:supports.contact')}</dt>
                <dd>{request.contact}</dd>
              </dl>
            )}
          </div>
        </aside>
      </div>
    </section>
  );
}
