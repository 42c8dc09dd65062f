import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ONLINE_PROVIDERS,
  PAYMENT_METHODS,
  sumMinor,
  toMajor,
  type TOnlineProvider,
  type TPaymentMethod,
  type TRevenueRow,
} from '@portal/contract';
import { Alert, PageSpinner } from '../../../components/ui/feedback';
import { SelectField, TextField } from '../../../components/ui/field';
import { useDashboardQuery, useManageContextQuery } from '../api/manage-api';
import { ExportButtons } from '../components/export-buttons';
import { LineBarChart } from '../components/line-bar-chart';
import { WorklistsPanel } from '../components/worklists-panel';
import { errorText } from '../model/api-error';
import { formatCount, formatDate, formatMoney } from '../model/format';
import styles from '../manage.module.css';

const METHOD_COLORS: Record<TPaymentMethod, string> = {
  cash: '#2e7d32',
  card: '#1565c0',
  transfer: '#ef6c00',
  kaspi_qr: '#c62828',
  elsom: '#6a1b9a',
  mbank: '#00838f',
  o_dengi: '#ad1457',
};
/** Online money, one series per provider (ADR 077), apart from the counter's methods. */
const PROVIDER_COLORS: Record<TOnlineProvider, string> = { kaspi: '#f14635', cloudpayments: '#455a64', freedompay: '#00695c' };
const FLOW_COLORS = { received: '#6a1b9a', dispatched: '#1565c0', arrived: '#ef6c00', delivered: '#2e7d32' } as const;
const FLOWS = ['received', 'dispatched', 'arrived', 'delivered'] as const;
/** Read on a replica this far behind or more, the screen says so (ADR 095); below it the figures are as good as live. */
const REPLICA_LAG_SHOWN_S = 30;

function Change({ now, before }: { now: number; before: number }) {
  const { t } = useTranslation();
  if (before === 0) return <span className={styles.muted}>{t('manage:reports.prev_none')}</span>;
  const pct = Math.round(((now - before) / before) * 100);
  return <span className={styles.muted}>{t('manage:reports.vs_prev', { pct: `${pct > 0 ? '+' : ''}${pct}` })}</span>;
}

/** The dashboard (admins: every branch or one; branch staff: their own) and the worklists, each table exportable. */
export default function ReportsWork({ branchId, admin }: { branchId: number | undefined; admin: boolean }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const ctx = useManageContextQuery();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [scope, setScope] = useState<string>(admin ? 'all' : String(branchId ?? ''));
  const chosenBranch = admin ? (scope === 'all' ? undefined : Number(scope)) : branchId;
  const filters = { ...(from ? { from } : {}), ...(to ? { to } : {}), ...(chosenBranch ? { branch_id: chosenBranch } : {}) };
  const dash = useDashboardQuery(filters);
  const d = dash.data;

  const flowLabels = useMemo(() => d?.flows.map((f) => formatDate(f.date, lang).slice(0, 5)) ?? [], [d, lang]);
  const flowSeries = useMemo(
    () => FLOWS.map((k) => ({ label: t(`manage:reports.flow.${k}`), data: d?.flows.map((f) => f[k]) ?? [], color: FLOW_COLORS[k] })),
    [d, t],
  );
  const revenueSeries = useMemo(() => {
    if (!d) return [];
    const days = d.flows.map((f) => f.date);
    // A day's minor-unit amounts added as integers (the contract's sumMinor), shown in major units.
    const perDay = (keep: (r: TRevenueRow) => boolean) =>
      days.map((day) => toMajor(sumMinor(d.revenue.filter((r) => r.date === day && keep(r)).map((r) => r.amount))));
    return [
      ...PAYMENT_METHODS.map((m) => ({ label: t(`manage:payment.${m}`), data: perDay((r) => r.method === m), color: METHOD_COLORS[m] })),
      ...ONLINE_PROVIDERS.map((p) => ({
        label: t('manage:reports.online_by', { provider: t(`manage:online.provider.${p}`) }),
        data: perDay((r) => r.method === 'online' && r.provider === p),
        color: PROVIDER_COLORS[p],
      })),
    ];
  }, [d, t]);

  return (
    <div className={styles.stackGap} data-testid="reports">
      <section className={styles.panel}>
        <h2 className={styles.panelTitle}>{t('manage:reports.title')}</h2>
        <div className={styles.filterRow}>
          <TextField
            type="date"
            label={t('manage:reports.from')}
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            data-testid="reports-from"
          />
          <TextField
            type="date"
            label={t('manage:reports.to')}
            value={to}
            onChange={(e) => setTo(e.target.value)}
            data-testid="reports-to"
          />
          {admin && (
            <SelectField
              label={t('manage:close.branch')}
              value={scope}
              onChange={(e) => setScope(e.target.value)}
              data-testid="reports-branch"
            >
              <option value="all">{t('manage:reports.all_branches')}</option>
              {ctx.data?.branches.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.name}
                </option>
              ))}
            </SelectField>
          )}
        </div>
        {dash.isError && <Alert kind="error">{errorText(dash.error, t)}</Alert>}
        {d && (
          <p className={styles.muted} data-testid="reports-period">
            {t('manage:reports.period', {
              from: formatDate(d.period.from, lang),
              to: formatDate(d.period.to, lang),
              pfrom: formatDate(d.previous.from, lang),
              pto: formatDate(d.previous.to, lang),
            })}
          </p>
        )}
        {d?.replica_lag_seconds !== undefined && d.replica_lag_seconds >= REPLICA_LAG_SHOWN_S && (
          <div data-testid="reports-replica-lag">
            <Alert kind="info">{t('manage:reports.replica_lag', { n: formatCount(Math.round(d.replica_lag_seconds), lang) })}</Alert>
          </div>
        )}
      </section>

      {dash.isLoading && <PageSpinner />}
      {d && (
        <>
          <section className={styles.kpis} data-testid="reports-kpis">
            {FLOWS.map((k) => (
              <div key={k} className={styles.kpi}>
                <span>{t(`manage:reports.flow.${k}`)}</span>
                <strong>{formatCount(d.flows_total[k], lang)}</strong>
                <Change now={d.flows_total[k]} before={d.flows_previous[k]} />
              </div>
            ))}
            {(d.revenue_total.length ? d.revenue_total : [{ currency: '', amount: 0 }]).map((r) => (
              <div key={r.currency} className={styles.kpi} data-testid="reports-revenue-total">
                <span>{t('manage:reports.revenue')}</span>
                <strong>{formatMoney(toMajor(r.amount), r.currency, lang)}</strong>
                <Change now={r.amount} before={d.revenue_previous.find((p) => p.currency === r.currency)?.amount ?? 0} />
              </div>
            ))}
          </section>

          <section className={styles.panel}>
            <h3 className={styles.panelTitle}>{t('manage:reports.flows_title')}</h3>
            <LineBarChart
              kind="line"
              labels={flowLabels}
              series={flowSeries}
              label={t('manage:reports.flows_title')}
              testId="chart-flows"
            />
            <details>
              <summary>{t('manage:reports.as_table')}</summary>
              <div className={styles.tableScroll}>
                <table className={styles.moneyTable} data-testid="table-flows">
                  <thead>
                    <tr>
                      <th>{t('manage:close.date')}</th>
                      {FLOWS.map((k) => (
                        <th key={k} className={styles.num}>
                          {t(`manage:reports.flow.${k}`)}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {d.flows.map((f) => (
                      <tr key={f.date}>
                        <td>{formatDate(f.date, lang)}</td>
                        {FLOWS.map((k) => (
                          <td key={k} className={styles.num}>
                            {f[k]}
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </details>
            <ExportButtons query={{ table: 'flows', ...filters }} name="flows" />
          </section>

          <section className={styles.panel}>
            <h3 className={styles.panelTitle}>{t('manage:reports.revenue_title')}</h3>
            <LineBarChart
              kind="bar"
              labels={flowLabels}
              series={revenueSeries}
              label={t('manage:reports.revenue_title')}
              testId="chart-revenue"
            />
            <div className={styles.tableScroll}>
              <table className={styles.moneyTable} data-testid="table-revenue">
                <thead>
                  <tr>
                    <th>{t('manage:close.date')}</th>
                    <th>{t('manage:close.branch')}</th>
                    <th>{t('manage:pay.method')}</th>
                    <th className={styles.num}>{t('manage:reports.amount')}</th>
                  </tr>
                </thead>
                <tbody>
                  {d.revenue.map((r) => (
                    <tr key={`${r.date}-${r.branch_id}-${r.method}-${r.provider ?? ''}-${r.currency}`} data-testid="revenue-row">
                      <td>{formatDate(r.date, lang)}</td>
                      <td>{r.branch}</td>
                      <td data-provider={r.provider ?? undefined}>
                        {r.provider
                          ? t('manage:reports.online_by', { provider: t(`manage:online.provider.${r.provider}`) })
                          : t(`manage:payment.${r.method}`)}
                      </td>
                      <td className={styles.num}>{formatMoney(toMajor(r.amount), r.currency, lang)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {d.revenue.length === 0 && <p className={styles.muted}>{t('manage:reports.no_rows')}</p>}
            <ExportButtons query={{ table: 'revenue', ...filters }} name="revenue" />
          </section>

          <section className={styles.panel}>
            <h3 className={styles.panelTitle}>{t('manage:reports.status_title')}</h3>
            <div className={styles.tableScroll}>
              <table className={styles.moneyTable} data-testid="table-status">
                <thead>
                  <tr>
                    <th>{t('manage:close.branch')}</th>
                    <th>{t('manage:reports.status')}</th>
                    <th className={styles.num}>{t('manage:reports.count')}</th>
                  </tr>
                </thead>
                <tbody>
                  {d.parcels_by_status.map((r) => (
                    <tr key={`${r.branch_id}-${r.status}`}>
                      <td>{r.branch || t('manage:reports.no_branch')}</td>
                      <td>{t(`manage:reports.status_name.${r.status}`)}</td>
                      <td className={styles.num}>{formatCount(r.count, lang)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <ExportButtons query={{ table: 'status', ...filters }} name="parcels" />
          </section>
        </>
      )}

      <WorklistsPanel branchId={chosenBranch} />
    </div>
  );
}
