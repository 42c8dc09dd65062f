import { useTranslation } from 'react-i18next';
import type { TAuditEntry } from '@portal/contract';
import { currentLang, formatDateTime } from '../../../lib/content/format';
import { PageHeader } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/field';
import { useAdminAuditQuery } from '../api/admin-api';
import { AdminFilters, AdminList, type AdminListColumn } from '../components/admin-list';
import { useListParams } from '../model/use-list-params';
import styles from '../admin.module.css';

const FILTERS = ['actor', 'action', 'target_type', 'target_id', 'from', 'to'] as const;

const show = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value, null, 1));

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
            {row.actor_role}
            {row.actor_place ? ` · ${row.actor_place}` : ''}
          </span>
        </>
      ),
    },
    { key: 'action', header: t('admin:audit.action'), cell: (row) => row.action, nowrap: true },
    { key: 'target', header: t('admin:audit.target'), cell: (row) => `${row.target_type} ${row.target_id ?? ''}`, nowrap: true },
    { key: 'before', header: t('admin:audit.before'), cell: (row) => <pre className={styles.pre}>{show(row.before)}</pre> },
    { key: 'after', header: t('admin:audit.after'), cell: (row) => <pre className={styles.pre}>{show(row.after)}</pre> },
  ];

  return (
    <section className={styles.main} data-testid="admin-audit">
      <PageHeader title={t('admin:nav.audit')} lead={t('admin:audit.lead')} />
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
