import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/card';
import { ErrorState, PageSpinner } from '../../../components/ui/feedback';
import { TextField } from '../../../components/ui/field';
import { useAdminAuditQuery } from '../api/admin-api';
import { Pager } from '../components/pager';
import { errorText } from '../model/api-error';
import styles from '../admin.module.css';

const FILTERS = ['actor', 'action', 'target_type', 'target_id', 'from', 'to'] as const;
type Filter = (typeof FILTERS)[number];

/** /admin/audit: every staff and admin write, newest first, searchable by actor, target, action and date. */
export default function AuditPage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const current = Object.fromEntries(FILTERS.map((f) => [f, params.get(f) ?? ''])) as Record<Filter, string>;
  const [form, setForm] = useState(current);
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = Object.fromEntries(FILTERS.filter((f) => current[f]).map((f) => [f, current[f]]));
  const list = useAdminAuditQuery({ ...query, page });
  const show = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value, null, 1));

  return (
    <section className={styles.main} data-testid="admin-audit">
      <PageHeader title={t('admin:nav.audit')} lead={t('admin:audit.lead')} />
      <form
        className={styles.toolbar}
        onSubmit={(e) => {
          e.preventDefault();
          setParams(() => {
            const p = new URLSearchParams();
            for (const f of FILTERS) if (form[f].trim()) p.set(f, form[f].trim());
            return p;
          });
        }}
      >
        {FILTERS.map((f) => (
          <TextField
            key={f}
            label={t(`admin:audit.${f}`)}
            type={f === 'from' || f === 'to' ? 'date' : 'text'}
            value={form[f]}
            onChange={(e) => setForm({ ...form, [f]: e.target.value })}
            data-testid={`audit-${f}`}
          />
        ))}
        <div>
          <Button type="submit">{t('admin:find')}</Button>
        </div>
      </form>
      {list.isLoading ? (
        <PageSpinner />
      ) : !list.data ? (
        <ErrorState title={t('errors:unknown')} text={errorText(list.error, t)} onRetry={() => void list.refetch()} />
      ) : (
        <>
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th>{t('admin:audit.time')}</th>
                  <th>{t('admin:audit.actor')}</th>
                  <th>{t('admin:audit.action')}</th>
                  <th>{t('admin:audit.target')}</th>
                  <th>{t('admin:audit.before')}</th>
                  <th>{t('admin:audit.after')}</th>
                </tr>
              </thead>
              <tbody>
                {list.data.data.map((row) => (
                  <tr key={row.id} data-testid="audit-row">
                    <td>
                      {new Date(row.created_at).toLocaleString(i18n.language)}
                      <br />
                      <span className={styles.muted}>{row.ip ?? ''}</span>
                    </td>
                    <td>
                      {row.actor_name ?? t('admin:audit.system')}
                      <br />
                      <span className={styles.muted}>
                        {row.actor_role}
                        {row.actor_place ? ` · ${row.actor_place}` : ''}
                      </span>
                    </td>
                    <td>{row.action}</td>
                    <td>
                      {row.target_type} {row.target_id ?? ''}
                    </td>
                    <td>
                      <pre className={styles.pre}>{show(row.before)}</pre>
                    </td>
                    <td>
                      <pre className={styles.pre}>{show(row.after)}</pre>
                    </td>
                  </tr>
                ))}
                {list.data.data.length === 0 && (
                  <tr>
                    <td colSpan={6} className={styles.muted}>
                      {t('admin:list.empty')}
                    </td>
                  </tr>
                )}
              </tbody>
            </table>
          </div>
          <Pager meta={list.data.meta} onPage={(p) => setParams((prev) => (prev.set('page', String(p)), prev))} />
        </>
      )}
    </section>
  );
}
