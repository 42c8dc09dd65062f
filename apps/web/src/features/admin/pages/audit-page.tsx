import { useTranslation } from 'react-i18next';
import type { TAuditEntry } from '@portal/contract';
import { currentLang, formatDateTime } from '../../../lib/content/format';
import { ListExportButtons } from '../../../components/list-export-buttons';
import { PageHeader } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/field';
import { useAdminAuditQuery } from '../api/admin-api';
import { AdminFilters, AdminList, type AdminListColumn } from '../components/admin-list';
import { useListParams, asFilters } from '../model/use-list-params';
import styles from '../admin.module.css';

const FILTERS = ['actor', 'action', 'target_type', 'target_id', 'from', 'to'] as const;

const show = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value, null, 1));

/** A row's field changes as "field: before → after" lines, with the raw before/after JSON behind a disclosure. */
function AuditChanges({ row }: { row: TAuditEntry }) {
  const { t } = useTranslation();
  return (
    <>
      {row.changes.length > 0 && (
        <ul className={styles.changes} data-testid="audit-changes">
          {row.changes.map((c) => (
            <li key={c.field}>
              <span className={styles.muted}>{c.field}:</span>{' '}
              {c.before !== null && c.after !== null ? `${c.before} → ${c.after}` : (c.after ?? c.before)}
            </li>
          ))}
        </ul>
      )}
      <details className={styles.raw}>
        <summary>{t('admin:audit.raw')}</summary>
        <pre className={styles.pre}>
          {t('admin:audit.before')}: {show(row.before)}
          {'\n'}
          {t('admin:audit.after')}: {show(row.after)}
        </pre>
      </details>
    </>
  );
}

/** /admin/audit: every staff and admin write, newest first, searchable by actor, target, action and date. */
export default function AuditPage() {
  const { t, i18n } = useTranslation();
  const list = useListParams(FILTERS);
  const result = useAdminAuditQuery({ ...list.query, page: list.page });
  const columns: AdminListColumn<TAuditEntry>[] = [
    {
      key: 'time',
      header: t('admin:audit.time'),
      nowrap: true,
      cell: (row) => (
        <>
          {formatDateTime(row.created_at, currentLang(i18n))}
          <br />
          <span className={styles.muted}>{row.ip ?? ''}</span>
        </>
      ),
    },
    {
      key: 'actor',
      header: t('admin:audit.actor'),
      cell: (row) => (
        <>
          {row.actor_name ?? t('admin:audit.system')}
          <br />
          <span className={styles.muted}>
            {t(`admin:users.role_${row.actor_role}`, { defaultValue: row.actor_role })}
            {row.actor_place_name ? ` · ${row.actor_place_name}` : ''}
          </span>
        </>
      ),
    },
    {
      key: 'what',
      header: t('admin:audit.what'),
      cell: (row) => (
        <>
          <span data-testid="audit-summary">{row.summary}</span>
          <br />
          <span className={styles.muted}>
            {row.action_name} · {row.target_type} {row.target_id ?? ''}
          </span>
        </>
      ),
    },
    { key: 'changes', header: t('admin:audit.changes'), cell: (row) => <AuditChanges row={row} /> },
  ];

  return (
    <section className={styles.main} data-testid="admin-audit">
      <PageHeader title={t('admin:nav.audit')} lead={t('admin:audit.lead')} />
      <ListExportButtons url="admin/audit/export" params={asFilters(list.query)} name="audit" />
      <AdminList
        label={t('admin:nav.audit')}
        result={result}
        columns={columns}
        rowKey={(row) => row.id}
        rowTestId="audit-row"
        onPage={list.setPage}
        filters={
          <AdminFilters onSubmit={list.apply} onReset={list.reset}>
            {FILTERS.map((f) => (
              <TextField
                key={f}
                label={t(`admin:audit.${f}`)}
                type={f === 'from' || f === 'to' ? 'date' : 'text'}
                value={list.draft[f]}
                onChange={(e) => list.setDraft(f, e.target.value)}
                data-testid={`audit-${f}`}
              />
            ))}
          </AdminFilters>
        }
      />
    </section>
  );
}
