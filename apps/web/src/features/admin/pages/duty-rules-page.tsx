import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DUTY_PERIODS, formatAmount, parseAmount, toMajor, type TDutyPeriod, type TDutyRule, type TExchangeRates } from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/card';
import { Alert, ErrorState, PageSpinner } from '../../../components/ui/feedback';
import { SelectField, TextField } from '../../../components/ui/field';
import { describeApiError } from '../../../lib/api/errors';
import { currentLang, formatDate, formatDateTime, formatMoney, formatNumber } from '../../../lib/content/format';
import {
  useAdminDutyRulesQuery,
  useAdminExchangeRatesQuery,
  useEndDutyRuleMutation,
  useFetchExchangeRatesMutation,
  useSaveDutyRuleMutation,
} from '../api/admin-duties-api';
import { emptyI18n, I18nFields, type I18nValue } from '../components/i18n-fields';
import { errorText } from '../model/api-error';
import adminStyles from '../admin.module.css';
import styles from '../components/places.module.css';

const COUNTRIES = ['KZ', 'KG'];

function useFmt() {
  const { t, i18n } = useTranslation();
  const lang = currentLang(i18n);
  return {
    t,
    lang,
    eur: (minor: number) => formatMoney(toMajor(minor), 'EUR', lang),
    day: (day: string) => formatDate(`${day}T12:00:00Z`, lang),
    num: (n: number, digits = 3) => formatNumber(n, lang, digits),
  };
}

/** A rule's form: a new rule (rule null) or a change of one, saved with its version; "End on" for an open one. */
function RuleForm({ rule, onDone }: { rule: TDutyRule | null; onDone?: () => void }) {
  const { t } = useTranslation();
  const [country, setCountry] = useState(rule?.country_code ?? 'KZ');
  const [from, setFrom] = useState(rule?.effective_from ?? '');
  const [to, setTo] = useState(rule?.effective_to ?? '');
  const [period, setPeriod] = useState<TDutyPeriod>(rule?.period ?? 'parcel');
  const [value, setValue] = useState(rule ? formatAmount(rule.value_threshold) : '200.00');
  const [kg, setKg] = useState(String(rule?.weight_threshold_kg ?? 31));
  const [rate, setRate] = useState(rule ? String(rule.rate_bp / 100) : '15');
  const [minPerKg, setMinPerKg] = useState(rule ? formatAmount(rule.min_per_kg) : '2.00');
  const [name, setName] = useState<I18nValue>(rule?.name ?? emptyI18n());
  const [save, state] = useSaveDutyRuleMutation();
  const failure = state.error ? describeApiError(state.error as never, t) : null;
  const id = rule ? `duty-rule-${rule.id}` : 'duty-rule-new';
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = {
      country_code: country,
      effective_from: from,
      effective_to: to.trim() === '' ? null : to,
      period,
      value_threshold: parseAmount(value) ?? -1,
      weight_threshold_kg: Number(kg.replace(',', '.')),
      rate_bp: Math.round(Number(rate.replace(',', '.')) * 100),
      min_per_kg: parseAmount(minPerKg) ?? -1,
      name,
      ...(rule ? { version: rule.version } : {}),
    };
    const result = await save({ id: rule?.id ?? null, body });
    if ('data' in result) onDone?.();
  };
  const err = (field: string) => failure?.fields[field]?.[0];
  return (
    <form className={adminStyles.form} onSubmit={submit} noValidate data-testid={id}>
      <h2 className={styles.sectionTitle}>{rule ? t('admin:duties.edit') : t('admin:duties.add')}</h2>
      <div className={adminStyles.grid2}>
        <SelectField label={t('admin:duties.country')} value={country} onChange={(e) => setCountry(e.target.value)}>
          {COUNTRIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('admin:duties.period')} value={period} onChange={(e) => setPeriod(e.target.value as TDutyPeriod)}>
          {DUTY_PERIODS.map((p) => (
            <option key={p} value={p}>
              {t(`admin:duties.period_${p}`)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('admin:duties.from')}
          type="date"
          value={from}
          onChange={(e) => setFrom(e.target.value)}
          error={err('effective_from')}
          data-testid={`${id}-from`}
        />
        <TextField
          label={t('admin:duties.to')}
          hint={t('admin:duties.to_hint')}
          type="date"
          value={to}
          onChange={(e) => setTo(e.target.value)}
          error={err('effective_to')}
        />
        <TextField
          label={t('admin:duties.value')}
          inputMode="decimal"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          error={err('value_threshold')}
        />
        <TextField
          label={t('admin:duties.weight')}
          inputMode="decimal"
          value={kg}
          onChange={(e) => setKg(e.target.value)}
          error={err('weight_threshold_kg')}
        />
        <TextField
          label={t('admin:duties.rate')}
          inputMode="decimal"
          value={rate}
          onChange={(e) => setRate(e.target.value)}
          error={err('rate_bp')}
        />
        <TextField
          label={t('admin:duties.min_per_kg')}
          inputMode="decimal"
          value={minPerKg}
          onChange={(e) => setMinPerKg(e.target.value)}
          error={err('min_per_kg')}
        />
      </div>
      <I18nFields label={t('admin:duties.name')} value={name} onChange={setName} maxLength={200} />
      {failure && <Alert>{failure.code === 'validation_failed' ? t('admin:branches.check_fields') : failure.message}</Alert>}
      <div className={adminStyles.row}>
        <Button type="submit" loading={state.isLoading} data-testid={`${id}-save`}>
          {rule ? t('admin:save') : t('admin:duties.add')}
        </Button>
        {onDone && rule && (
          <Button type="button" variant="secondary" onClick={onDone}>
            {t('admin:cancel')}
          </Button>
        )}
      </div>
    </form>
  );
}

function EndRule({ rule }: { rule: TDutyRule }) {
  const { t } = useTranslation();
  const [day, setDay] = useState('');
  const [end, state] = useEndDutyRuleMutation();
  const failure = state.error ? describeApiError(state.error as never, t) : null;
  return (
    <div className={adminStyles.toolbar}>
      <TextField
        label={t('admin:duties.end_on')}
        type="date"
        value={day}
        onChange={(e) => setDay(e.target.value)}
        error={failure?.fields.effective_to?.[0]}
      />
      <Button
        type="button"
        variant="secondary"
        disabled={!day}
        loading={state.isLoading}
        onClick={() => void end({ id: rule.id, body: { effective_to: day, version: rule.version } })}
      >
        {t('admin:duties.end')}
      </Button>
      {failure && failure.code !== 'validation_failed' && <Alert>{failure.message}</Alert>}
    </div>
  );
}

function RulesTable({ rules }: { rules: TDutyRule[] }) {
  const f = useFmt();
  const [editing, setEditing] = useState<number | null>(null);
  return (
    <>
      <div className={adminStyles.tableWrap}>
        <table className={adminStyles.table} data-testid="duty-rules">
          <thead>
            <tr>
              <th>{f.t('admin:duties.name')}</th>
              <th>{f.t('admin:duties.dates')}</th>
              <th>{f.t('admin:duties.limit')}</th>
              <th>{f.t('admin:duties.duty')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {rules.map((r) => (
              <tr key={r.id}>
                <td>
                  <strong>{r.country_code}</strong> · {r.name[f.lang]}
                  <div className={adminStyles.muted}>{f.t(`admin:duties.period_${r.period}`)}</div>
                </td>
                <td>
                  {f.day(r.effective_from)} — {r.effective_to ? f.day(r.effective_to) : f.t('admin:duties.open')}
                </td>
                <td>
                  {f.eur(r.value_threshold)} · {f.t('admin:duties.kg', { value: f.num(r.weight_threshold_kg) })}
                </td>
                <td>{f.t('admin:duties.duty_value', { rate: f.num(r.rate_bp / 100, 2), min: f.eur(r.min_per_kg) })}</td>
                <td>
                  <Button
                    variant="secondary"
                    onClick={() => setEditing(editing === r.id ? null : r.id)}
                    data-testid={`duty-rule-${r.id}-edit`}
                  >
                    {f.t('admin:duties.edit')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {rules
        .filter((r) => r.id === editing)
        .map((r) => (
          <div key={`${r.id}-${r.version}`} className={adminStyles.form}>
            <RuleForm rule={r} onDone={() => setEditing(null)} />
            {r.effective_to === null && <EndRule rule={r} />}
          </div>
        ))}
    </>
  );
}

function RatesTable({ data }: { data: TExchangeRates }) {
  const f = useFmt();
  const [fetchNow, state] = useFetchExchangeRatesMutation();
  const days = [...new Set(data.rates.map((r) => r.day))];
  const currencies = [...new Set(data.rates.map((r) => r.currency))].sort();
  const last = state.data ?? data.fetches[0];
  return (
    <section className={adminStyles.form} data-testid="exchange-rates">
      <h2 className={styles.sectionTitle}>{f.t('admin:duties.rates_title')}</h2>
      <p className={adminStyles.muted}>{f.t('admin:duties.rates_lead')}</p>
      {last && (
        <Alert kind={last.status === 'ok' ? 'success' : 'error'}>
          <span data-testid="rates-fetch-status">
            {last.status === 'ok'
              ? f.t('admin:duties.fetch_ok', { day: f.day(last.day), at: formatDateTime(last.attempted_at, f.lang), count: last.stored })
              : f.t('admin:duties.fetch_failed', {
                  day: f.day(last.day),
                  at: formatDateTime(last.attempted_at, f.lang),
                  error: last.error ?? '',
                })}
          </span>
        </Alert>
      )}
      <div className={adminStyles.row}>
        <Button loading={state.isLoading} onClick={() => void fetchNow()} data-testid="rates-fetch-now">
          {f.t('admin:duties.fetch_now')}
        </Button>
      </div>
      {days.length === 0 ? (
        <p className={adminStyles.muted}>{f.t('admin:duties.no_rates')}</p>
      ) : (
        <div className={adminStyles.tableWrap}>
          <table className={adminStyles.table}>
            <thead>
              <tr>
                <th>{f.t('admin:duties.day')}</th>
                {currencies.map((c) => (
                  <th key={c}>{c}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {days.map((d) => (
                <tr key={d}>
                  <td>{f.day(d)}</td>
                  {currencies.map((c) => {
                    const r = data.rates.find((x) => x.day === d && x.currency === c);
                    return <td key={c}>{r ? `${f.num(Number(r.rate), 4)} ₸` : '—'}</td>;
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** /admin/duties: the duty-free limit's rules by country and date, and the NBK's exchange rates (ADR 087). */
export default function DutyRulesPage() {
  const { t } = useTranslation();
  const rules = useAdminDutyRulesQuery();
  const rates = useAdminExchangeRatesQuery();
  if (rules.isLoading || rates.isLoading) return <PageSpinner />;
  if (!rules.data || !rates.data)
    return <ErrorState title={t('errors:unknown')} text={errorText(rules.error ?? rates.error, t)} onRetry={() => void rules.refetch()} />;
  return (
    <section className={adminStyles.main} data-testid="admin-duties">
      <PageHeader title={t('admin:duties.title')} lead={t('admin:duties.lead')} />
      <RulesTable rules={rules.data} />
      <RuleForm key={`new-${rules.data.length}`} rule={null} />
      <RatesTable data={rates.data} />
    </section>
  );
}
