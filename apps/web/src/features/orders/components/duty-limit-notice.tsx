import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DUTY_CURRENCIES, toMajor, type TDutyCurrency, type TDutyEstimate, type TDutyRule } from '@portal/contract';
import { currentLang, formatDate, formatMoney, formatNumber } from '../../../lib/content/format';
import { useGetDutyEstimateQuery, useGetDutyLimitQuery } from '../api/duties-api';
import styles from './duty-limit.module.css';

export interface DutyLimitNoticeProps {
  trackCode: string;
  /** Item lines as edited; `unitPrice` in minor units of `currency`. None: the parcel's saved declaration is used. */
  items: { quantity: number; unitPrice: number; currency: string }[];
  weightKg?: number;
}

const DEBOUNCE_MS = 400;
const isCurrency = (c: string): c is TDutyCurrency => (DUTY_CURRENCIES as readonly string[]).includes(c);

/** Texts and money of the duty notice in the current language. */
function useDutyFormat() {
  const { t, i18n } = useTranslation();
  const lang = currentLang(i18n);
  return {
    t,
    eur: (minor: number) => formatMoney(toMajor(minor), 'EUR', lang),
    money: (minor: number, currency: string) => formatMoney(toMajor(minor), currency, lang),
    kg: (kg: number) => t('duties:kg', { value: formatNumber(kg, lang, 3) }),
    date: (day: string) => formatDate(`${day}T12:00:00Z`, lang),
    percent: (bp: number) => `${formatNumber(bp / 100, lang, 2)} %`,
  };
}

/** A value that follows `value` once it stopped changing for `ms`. */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return settled;
}

function Meter({ used, limit }: { used: number; limit: number }) {
  const share = limit > 0 ? Math.min(100, Math.round((used / limit) * 100)) : 0;
  return (
    <div className={styles.meter} role="presentation">
      <div className={styles.meterFill} style={{ width: `${share}%` }} />
    </div>
  );
}

/** The lines' message when no estimate can be made (a rate missing, no rule), else null. */
function Unavailable({ estimate }: { estimate: TDutyEstimate }) {
  const { t } = useDutyFormat();
  if (estimate.status === 'rate_unavailable')
    return (
      <p className={styles.muted} data-testid="duty-rate-unavailable">
        {t('duties:rate_unavailable', { currencies: estimate.rate_unavailable.join(', ') })}
      </p>
    );
  return <p className={styles.muted}>{t('duties:no_rule')}</p>;
}

/**
 * The duty-free limit against this parcel (issue 36, ADR 087): "X of 200 EUR used", a warning with the estimated duty
 * (EUR and the branch's currency) when it would cross, and the day of the NBK rates used. Asks the API (debounced)
 * as the items change; the rule itself is the contract's (customs/duty.ts), applied by the server.
 */
export function DutyLimitNotice({ trackCode, items, weightKg }: DutyLimitNoticeProps) {
  const f = useDutyFormat();
  const { t } = f;
  const body = useMemo(() => {
    const lines = items
      .filter(
        (i) =>
          Number.isInteger(i.quantity) && i.quantity > 0 && Number.isInteger(i.unitPrice) && i.unitPrice >= 0 && isCurrency(i.currency),
      )
      .map((i) => ({ quantity: i.quantity, unit_price: i.unitPrice, currency: i.currency as TDutyCurrency }));
    return {
      track_code: trackCode,
      ...(lines.length ? { items: lines } : {}),
      ...(weightKg !== undefined && Number.isFinite(weightKg) && weightKg >= 0 ? { weight_kg: weightKg } : {}),
    };
  }, [trackCode, items, weightKg]);
  const settled = useDebounced(body, DEBOUNCE_MS);
  const q = useGetDutyEstimateQuery(settled);
  const e = q.data;
  if (!e) return null;
  const rule = e.rule;
  const ratesDay = e.rates.reduce<string | null>((d, r) => (d === null || r.day < d ? r.day : d), null);
  return (
    <section className={`${styles.notice} ${e.crosses ? styles.crosses : ''}`} data-testid="duty-limit-notice" aria-live="polite">
      <h2 className={styles.title}>{t('duties:title')}</h2>
      {e.status !== 'ok' || !rule || e.used === null ? (
        <Unavailable estimate={e} />
      ) : (
        <>
          <Meter used={e.used} limit={rule.value_threshold} />
          <span className={styles.used} data-testid="duty-used">
            {t(rule.period === 'month' ? 'duties:used_month' : 'duties:used', { used: f.eur(e.used), limit: f.eur(rule.value_threshold) })}
          </span>
          {e.crosses ? (
            <p className={styles.warning} role="alert" data-testid="duty-warning">
              {t('duties:crosses', {
                duty: e.duty_branch !== null ? f.money(e.duty_branch, e.branch_currency) : f.eur(e.duty_eur ?? 0),
                duty_eur: f.eur(e.duty_eur ?? 0),
              })}
            </p>
          ) : (
            <p className={styles.muted} data-testid="duty-within">
              {t('duties:within', { remaining: f.eur(e.remaining ?? 0), kg: f.kg(rule.weight_threshold_kg) })}
            </p>
          )}
          <RuleLine rule={rule} />
        </>
      )}
      {ratesDay && (
        <p className={styles.muted} data-testid="duty-rates-day">
          {t('duties:rates_of', { date: f.date(ratesDay) })}
        </p>
      )}
    </section>
  );
}

function RuleLine({ rule }: { rule: TDutyRule }) {
  const f = useDutyFormat();
  return (
    <p className={styles.muted}>
      {f.t('duties:rule_line', {
        limit: f.eur(rule.value_threshold),
        kg: f.kg(rule.weight_threshold_kg),
        rate: f.percent(rule.rate_bp),
        min: f.eur(rule.min_per_kg),
      })}
    </p>
  );
}

/** The orders list's compact card: the rule in force and, for a monthly rule, the month's total so far. */
export function DutyLimitCard() {
  const f = useDutyFormat();
  const q = useGetDutyLimitQuery();
  const limit = q.data;
  if (!limit?.rule) return null;
  const rule = limit.rule;
  return (
    <section className={styles.notice} data-testid="duty-limit-card">
      <h2 className={styles.title}>{f.t('duties:title')}</h2>
      {rule.period === 'month' && (
        <>
          <Meter used={limit.used} limit={rule.value_threshold} />
          <span className={styles.used}>{f.t('duties:used_month', { used: f.eur(limit.used), limit: f.eur(rule.value_threshold) })}</span>
        </>
      )}
      <RuleLine rule={rule} />
      <p className={styles.muted}>{f.t('duties:card_hint')}</p>
    </section>
  );
}
