import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLang, formatDateTime } from '../../../lib/content/format';
import {
  BROADCAST_LIMITS,
  LANGUAGES,
  ORDER_STATUS_CODES,
  pickText,
  type TBroadcast,
  type TBroadcastSegment,
  type TLang,
  type TOrderStatusCode,
} from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { Card, PageHeader } from '../../../components/ui/card';
import { Alert } from '../../../components/ui/feedback';
import { describedBy, FieldShell, fieldStyles, SelectField, TextField } from '../../../components/ui/field';
import {
  useBroadcastRecipientsQuery,
  useBroadcastsQuery,
  useCancelBroadcastMutation,
  useCreateBroadcastMutation,
  useTestBroadcastMutation,
} from '../api/broadcasts-api';
import { AdminList, type AdminListColumn } from '../components/admin-list';
import { BranchSelect } from '../components/branch-options';
import { errorText } from '../model/api-error';
import { useListParams } from '../model/use-list-params';
import adminStyles from '../admin.module.css';
import styles from './broadcasts.module.css';

type Texts = Record<'title' | 'body', Record<TLang, string>>;
const EMPTY: Texts = { title: { kk: '', ru: '', en: '' }, body: { kk: '', ru: '', en: '' } };
const NO_FILTERS = [] as const;

/** Seconds until `iso` (never below 0), ticking each second. */
function useSecondsUntil(iso: string): number {
  const left = () => Math.max(0, Math.ceil((Date.parse(iso) - Date.now()) / 1000));
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    const timer = setInterval(() => setSeconds(left()), 1000);
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `left` reads only `iso`
  }, [iso]);
  return seconds;
}

function StateCell({ row }: { row: TBroadcast }) {
  const { t } = useTranslation();
  const seconds = useSecondsUntil(row.send_at);
  const [cancel, cancelling] = useCancelBroadcastMutation();
  if (row.state === 'scheduled')
    return (
      <div className={styles.state}>
        <span data-testid="broadcast-countdown">{t('admin:broadcasts.state_scheduled', { seconds })}</span>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => void cancel(row.id)}
          disabled={cancelling.isLoading}
          data-testid="broadcast-cancel"
        >
          {t('admin:broadcasts.cancel')}
        </Button>
      </div>
    );
  return <span>{t(`admin:broadcasts.state_${row.state}`)}</span>;
}

/** /admin/broadcasts: a message to all customers or a segment, in kk/ru/en, with a 60 s window to cancel. */
export default function BroadcastsPage() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const lang = (LANGUAGES as readonly string[]).includes(i18n.language) ? (i18n.language as TLang) : 'ru';
  const list = useListParams(NO_FILTERS);
  const [segment, setSegment] = useState<{ branch_id: number | null; status: TOrderStatusCode | null; language: TLang | null }>({
    branch_id: null,
    status: null,
    language: null,
  });
  const [texts, setTexts] = useState<Texts>(EMPTY);
  const [notice, setNotice] = useState<string | null>(null);
  const recipients = useBroadcastRecipientsQuery(segment as TBroadcastSegment);
  const [sendTest, testing] = useTestBroadcastMutation();
  const [create, creating] = useCreateBroadcastMutation();
  const result = useBroadcastsQuery({ page: list.page }, { pollingInterval: 2000 });
  const error = testing.error ?? creating.error;

  const setText = (field: 'title' | 'body', l: TLang, value: string) => setTexts((s) => ({ ...s, [field]: { ...s[field], [l]: value } }));
  const missing = (['title', 'body'] as const).some((f) => LANGUAGES.some((l) => !texts[f][l].trim()));

  const onTest = async () => {
    setNotice(null);
    testing.reset();
    creating.reset();
    const res = await sendTest(texts);
    if (!('error' in res)) setNotice(t('admin:broadcasts.test_sent'));
  };
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setNotice(null);
    testing.reset();
    const res = await create({ ...texts, segment });
    if (!('error' in res) && res.data) {
      setNotice(t('admin:broadcasts.scheduled', { count: res.data.recipients }));
      setTexts(EMPTY);
    }
  };

  const segmentText = (row: TBroadcast) =>
    [
      row.segment.branch_id !== null ? t('admin:broadcasts.segment_branch', { id: row.segment.branch_id }) : null,
      row.segment.status ? t(`admin:broadcasts.status_${row.segment.status}`) : null,
      row.segment.language ? t(`admin:broadcasts.lang_${row.segment.language}`) : null,
    ]
      .filter(Boolean)
      .join(' · ') || t('admin:broadcasts.everyone');

  const columns: AdminListColumn<TBroadcast>[] = [
    {
      key: 'created',
      header: t('admin:broadcasts.created'),
      nowrap: true,
      cell: (row) => formatDateTime(row.created_at, currentLang(i18n)),
    },
    {
      key: 'message',
      header: t('admin:broadcasts.message'),
      cell: (row) => (
        <>
          <strong>{pickText(row.title, lang)}</strong>
          <br />
          <span className={adminStyles.muted}>{segmentText(row)}</span>
        </>
      ),
    },
    { key: 'state', header: t('admin:broadcasts.state'), cell: (row) => <StateCell row={row} /> },
    {
      key: 'progress',
      header: t('admin:broadcasts.progress'),
      numeric: true,
      nowrap: true,
      cell: (row) => (
        <span data-testid="broadcast-progress">{t('admin:broadcasts.progress_value', { done: row.progress, total: row.recipients })}</span>
      ),
    },
    {
      key: 'channels',
      header: t('admin:broadcasts.channels'),
      nowrap: true,
      cell: (row) => t('admin:broadcasts.channels_value', { sent: row.sent, failed: row.failed, queued: row.queued }),
    },
  ];

  return (
    <section className={adminStyles.main} data-testid="admin-broadcasts">
      <PageHeader title={t('admin:nav.broadcasts')} lead={t('admin:broadcasts.lead')} />
      <Card>
        <form className={styles.form} onSubmit={(e) => void onSubmit(e)} noValidate>
          <fieldset className={styles.segment}>
            <legend className={styles.legend}>{t('admin:broadcasts.who')}</legend>
            <BranchSelect
              label={t('admin:broadcasts.branch')}
              value={segment.branch_id ?? ''}
              onChange={(e) => setSegment((s) => ({ ...s, branch_id: e.target.value ? Number(e.target.value) : null }))}
              data-testid="broadcast-branch"
            >
              <option value="">{t('admin:broadcasts.any_branch')}</option>
            </BranchSelect>
            <SelectField
              label={t('admin:broadcasts.parcel_status')}
              value={segment.status ?? ''}
              onChange={(e) => setSegment((s) => ({ ...s, status: (e.target.value || null) as TOrderStatusCode | null }))}
              data-testid="broadcast-status"
            >
              <option value="">{t('admin:broadcasts.any_status')}</option>
              {ORDER_STATUS_CODES.map((code) => (
                <option key={code} value={code}>
                  {t(`admin:broadcasts.status_${code}`)}
                </option>
              ))}
            </SelectField>
            <SelectField
              label={t('admin:broadcasts.language')}
              value={segment.language ?? ''}
              onChange={(e) => setSegment((s) => ({ ...s, language: (e.target.value || null) as TLang | null }))}
              data-testid="broadcast-language"
            >
              <option value="">{t('admin:broadcasts.any_language')}</option>
              {LANGUAGES.map((l) => (
                <option key={l} value={l}>
                  {t(`admin:broadcasts.lang_${l}`)}
                </option>
              ))}
            </SelectField>
            {/* currentData: the count of the segment chosen now, never the previous segment's while the new one loads. */}
            <p className={styles.recipients} aria-live="polite" data-testid="broadcast-recipients" data-lang={segment.language ?? ''}>
              {recipients.currentData === undefined ? '…' : t('admin:broadcasts.recipients', { count: recipients.currentData })}
            </p>
          </fieldset>
          <div className={styles.languages}>
            {LANGUAGES.map((l) => (
              <fieldset key={l} className={styles.language}>
                <legend className={styles.legend}>{t(`admin:broadcasts.lang_${l}`)}</legend>
                <TextField
                  label={t('admin:broadcasts.title')}
                  value={texts.title[l]}
                  maxLength={BROADCAST_LIMITS.title}
                  onChange={(e) => setText('title', l, e.target.value)}
                  data-testid={`broadcast-title-${l}`}
                />
                <FieldShell id={`${id}-${l}-body`} label={t('admin:broadcasts.body')}>
                  <div className={`${fieldStyles.control} ${styles.textareaControl}`}>
                    <textarea
                      id={`${id}-${l}-body`}
                      className={`${fieldStyles.input} ${styles.textarea}`}
                      rows={4}
                      maxLength={BROADCAST_LIMITS.body}
                      value={texts.body[l]}
                      aria-describedby={describedBy(`${id}-${l}-body`)}
                      onChange={(e) => setText('body', l, e.target.value)}
                      data-testid={`broadcast-body-${l}`}
                    />
                  </div>
                </FieldShell>
              </fieldset>
            ))}
          </div>
          {error ? <Alert>{errorText(error, t)}</Alert> : null}
          {notice && <Alert kind="success">{notice}</Alert>}
          <div className={styles.actions}>
            <Button
              type="button"
              variant="secondary"
              onClick={() => void onTest()}
              disabled={missing || testing.isLoading}
              data-testid="broadcast-test"
            >
              {t('admin:broadcasts.test')}
            </Button>
            <Button type="submit" disabled={missing || creating.isLoading || !recipients.currentData} data-testid="broadcast-send">
              {t('admin:broadcasts.send', { count: recipients.currentData ?? 0 })}
            </Button>
          </div>
          <p className={adminStyles.muted}>{t('admin:broadcasts.send_hint')}</p>
        </form>
      </Card>
      <AdminList
        label={t('admin:broadcasts.history')}
        result={result}
        columns={columns}
        rowKey={(row) => row.id}
        rowTestId="broadcast-row"
        onPage={list.setPage}
        emptyText={t('admin:broadcasts.empty')}
      />
    </section>
  );
}
