import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { SUPPORT_CATEGORIES, SUPPORT_STATES, type TAdminSupportSummary } from '@portal/contract';
import { ListExportButtons } from '../../../components/list-export-buttons';
import { PageHeader } from '../../../components/ui/card';
import { SelectField, TextField } from '../../../components/ui/field';
import { currentLang, formatDateTime } from '../../../lib/content/format';
import { useAdminSupportsQuery } from '../api/supports-api';
import { AdminFilters, AdminList, type AdminListColumn } from '../components/admin-list';
import { useListParams, asFilters } from '../model/use-list-params';
import styles from '../admin.module.css';
import inbox from '../components/supports.module.css';

const FILTERS = ['state', 'category', 'from', 'to', 'search'] as const;

export function StateBadge({ state }: { state: string }) {
  const { t } = useTranslation();
  return (
    <span className={inbox.state} data-state={state} data-testid="support-state">
      {t(`admin:supports.state_${state}`)}
    </span>
  );
}

/** /admin/supports: the support inbox, filtered by state, category, days and text; newest first. */
export default function SupportsPage() {
  const { t, i18n } = useTranslation();
  const lang = currentLang(i18n);
  const list = useListParams(FILTERS);
  const result = useAdminSupportsQuery({ ...list.query, page: list.page });
  const columns: AdminListColumn<TAdminSupportSummary>[] = [
    {
      key: 'id',
      header: '№',
      nowrap: true,
      cell: (r) => (
        <Link to={`/admin/supports/${r.id}`} data-testid="support-open">
          №{r.id}
        </Link>
      ),
    },
    { key: 'state', header: t('admin:supports.state'), nowrap: true, cell: (r) => <StateBadge state={r.state} /> },
    {
      key: 'message',
      header: t('admin:supports.message'),
      cell: (r) => (
        <span className={inbox.cellText}>
          <strong>{t(`admin:supports.category_${r.category}`)}</strong> · {r.message}
        </span>
      ),
    },
    {
      key: 'from',
      header: t('admin:supports.from_who'),
      cell: (r) =>
        r.customer ? (
          <Link to={`/admin/users/${r.customer.id}`}>
            {r.customer.name} · {r.customer.client_code}
          </Link>
        ) : (
          <span className={styles.muted}>
            {r.name ?? t('admin:supports.guest')} · {r.contact}
          </span>
        ),
    },
    { key: 'assignee', header: t('admin:supports.assignee'), cell: (r) => r.assignee?.name ?? <span className={styles.muted}>—</span> },
    { key: 'replies', header: t('admin:supports.replies'), numeric: true, cell: (r) => r.messages_count },
    { key: 'created', header: t('admin:supports.created'), nowrap: true, cell: (r) => formatDateTime(r.created_at, lang) },
  ];
  return (
    <section className={styles.main} data-testid="admin-supports">
      <PageHeader title={t('admin:nav.supports')} lead={t('admin:supports.lead')} />
      <ListExportButtons url="admin/supports/export" params={asFilters(list.query)} name="supports" />
      <AdminList
        label={t('admin:nav.supports')}
        result={result}
        columns={columns}
        rowKey={(r) => r.id}
        rowTestId="support-row"
        onPage={list.setPage}
        filters={
          <AdminFilters onSubmit={list.apply} onReset={list.reset}>
            <TextField
              label={t('admin:supports.search')}
              placeholder={t('admin:supports.search_placeholder')}
              type="search"
              value={list.draft.search}
              onChange={(e) => list.setDraft('search', e.target.value)}
              data-testid="supports-search"
            />
            <SelectField label={t('admin:supports.state')} value={list.values.state} onChange={(e) => list.setNow('state', e.target.value)}>
              <option value="">{t('admin:supports.any')}</option>
              {SUPPORT_STATES.map((s) => (
                <option key={s} value={s}>
                  {t(`admin:supports.state_${s}`)}
                </option>
              ))}
            </SelectField>
            <SelectField
              label={t('admin:supports.category')}
              value={list.values.category}
              onChange={(e) => list.setNow('category', e.target.value)}
            >
              <option value="">{t('admin:supports.any')}</option>
              {SUPPORT_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {t(`admin:supports.category_${c}`)}
                </option>
              ))}
            </SelectField>
            <TextField
              label={t('admin:audit.from')}
              type="date"
              value={list.draft.from}
              onChange={(e) => list.setDraft('from', e.target.value)}
            />
            <TextField
              label={t('admin:audit.to')}
              type="date"
              value={list.draft.to}
              onChange={(e) => list.setDraft('to', e.target.value)}
            />
          </AdminFilters>
        }
      />
    </section>
  );
}
