import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TAdminStatus } from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/card';
import { Alert, ErrorState, Skeleton } from '../../../components/ui/feedback';
import { describeApiError } from '../../../lib/api/errors';
import { useAdminStatusesQuery, useUpdateStatusMutation } from '../api/content-api';
import { ContentTabs } from '../components/content-tabs';
import { I18nFields, MissingLanguages, type I18nValue } from '../components/i18n-fields';
import { errorText } from '../model/api-error';
import styles from '../components/content.module.css';
import adminStyles from '../admin.module.css';

function StatusForm({ status }: { status: TAdminStatus }) {
  const { t } = useTranslation();
  const [name, setName] = useState<I18nValue>(status.name);
  const [update, state] = useUpdateStatusMutation();
  const [result, setResult] = useState<{ ok: boolean; message: string; fields: Record<string, string[]> } | null>(null);
  return (
    <form
      className={`${adminStyles.form} ${styles.statusRow}`}
      data-testid="status-row"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setResult(null);
        void update({ id: status.id, body: { name, version: status.version } }).then((r) => {
          if ('data' in r) setResult({ ok: true, message: t('admin:content.saved'), fields: {} });
          else {
            const info = describeApiError(r.error, t);
            setResult({ ok: false, message: info.message, fields: info.fields });
          }
        });
      }}
    >
      <div className={styles.statusHead}>
        <strong>
          {status.position}. <span className={styles.code}>{status.code}</span>
        </strong>
        <span className={adminStyles.muted}>{t('admin:content.orders_count', { count: status.orders_count })}</span>
        <MissingLanguages missing={status.missing_languages} />
      </div>
      <I18nFields
        label={t('admin:content.field.name')}
        value={name}
        onChange={setName}
        maxLength={60}
        errors={Object.fromEntries((['kk', 'ru', 'en'] as const).map((l) => [l, result?.fields[`name.${l}`]?.[0]]).filter(([, m]) => m))}
      />
      {result && <Alert kind={result.ok ? 'success' : 'error'}>{result.message}</Alert>}
      <div>
        <Button type="submit" loading={state.isLoading}>
          {t('admin:save')}
        </Button>
      </div>
    </form>
  );
}

/** /admin/content/statuses: the four order statuses' names in kk, ru and en (codes and order are fixed). */
export default function StatusesPage() {
  const { t } = useTranslation();
  const statuses = useAdminStatusesQuery();
  return (
    <section className={adminStyles.main} data-testid="admin-content-statuses">
      <PageHeader title={t('admin:nav.content')} lead={t('admin:content.statuses_lead')} />
      <ContentTabs />
      {statuses.isLoading && <Skeleton height={160} />}
      {statuses.isError && (
        <ErrorState title={t('admin:list.error')} text={errorText(statuses.error, t)} onRetry={() => void statuses.refetch()} />
      )}
      {statuses.data?.map((status) => (
        <StatusForm key={`${status.id}-${status.version}`} status={status} />
      ))}
    </section>
  );
}
