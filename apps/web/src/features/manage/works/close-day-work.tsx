import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  parseAmount,
  PAYMENT_METHODS,
  toMajor,
  type TByMethod,
  type TDayClose,
  type TDayCloseView,
  type TPaymentMethod,
} from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { Alert, PageSpinner } from '../../../components/ui/feedback';
import { Sheet } from '../../../components/ui/overlay';
import { TextField } from '../../../components/ui/field';
import { useCloseDayMutation, useDayCloseQuery, useDayClosesQuery } from '../api/manage-api';
import { errorText } from '../model/api-error';
import { formatDate, formatMoney } from '../model/format';
import { OnlineDay } from './online-day';
import styles from '../manage.module.css';

type Texts = Record<TPaymentMethod, string>;
const emptyTexts = (): Texts => Object.fromEntries(PAYMENT_METHODS.map((m) => [m, ''])) as Texts;

/** The methods the close asks for: those the branch takes, and any other with money expected (a list changed mid-day). */
export function shownMethods(v: Pick<TDayCloseView, 'payment_methods' | 'expected'>): TPaymentMethod[] {
  return PAYMENT_METHODS.filter((m) => v.payment_methods.includes(m) || v.expected[m] !== 0);
}

/**
 * Close of day at a branch: what the journal expects per method, what staff counted, the difference. Once closed the
 * day is read-only; later payments and reversals count in the next day. Admins also see every branch's closes.
 */
export function CloseDayWork({ branchId, admin }: { branchId: number | undefined; admin: boolean }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const day = useDayCloseQuery({ branch_id: branchId });
  const closes = useDayClosesQuery(admin ? {} : { branch_id: branchId });
  const [closeDay, closing] = useCloseDayMutation();
  const [texts, setTexts] = useState<Texts>(emptyTexts);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [closed, setClosed] = useState<TDayClose | null>(null);
  const [confirming, setConfirming] = useState(false);

  if (day.isLoading) return <PageSpinner />;
  if (!day.data) return <Alert kind="error">{errorText(day.error, t)}</Alert>;
  const v = day.data;
  const money = (minor: number, currency = v.currency) => formatMoney(toMajor(minor), currency, lang);
  // A field left empty is not counted yet (no difference shown); a method nothing was expected in may stay empty (0).
  const typed = Object.fromEntries(PAYMENT_METHODS.map((m) => [m, texts[m].trim() === '' ? undefined : parseAmount(texts[m])])) as Record<
    TPaymentMethod,
    number | null | undefined
  >;
  const invalid = PAYMENT_METHODS.some((m) => typed[m] === null);
  const uncounted = PAYMENT_METHODS.filter((m) => typed[m] === undefined && v.expected[m] !== 0);
  const valid = !invalid && uncounted.length === 0;
  const counted = Object.fromEntries(PAYMENT_METHODS.map((m) => [m, typed[m] ?? 0])) as TByMethod;
  const total = (x: Record<TPaymentMethod, number>) => PAYMENT_METHODS.reduce((sum, m) => sum + x[m], 0);
  // Today is closed: the open day is tomorrow (in the branch's time zone), which is closed on its own day.
  const ahead = v.business_date > v.today;

  const submit = async () => {
    if (!valid || ahead) return;
    setConfirming(false);
    setProblem(null);
    try {
      const c = await closeDay({
        branch_id: branchId,
        date: v.business_date,
        counted,
        ...(note.trim() ? { note: note.trim() } : {}),
      }).unwrap();
      setClosed(c);
      setTexts(emptyTexts());
      setNote('');
    } catch (error) {
      setProblem(errorText(error, t));
    }
  };

  return (
    <div className={styles.stackGap}>
      <section className={styles.panel} data-testid="close-day">
        <h2 className={styles.panelTitle}>{t('manage:close.title', { date: formatDate(v.business_date, lang), branch: v.branch.name })}</h2>
        <p className={styles.muted}>{t('manage:close.lead', { count: v.payments_count })}</p>
        {closed && <Alert kind="success">{t('manage:close.done', { date: formatDate(closed.business_date, lang) })}</Alert>}
        {ahead && (
          <Alert kind="info">
            <span data-testid="close-ahead">
              {t('manage:close.ahead', { today: formatDate(v.today, lang), date: formatDate(v.business_date, lang) })}
            </span>
          </Alert>
        )}
        {problem && <Alert kind="error">{problem}</Alert>}
        <div className={styles.tableScroll}>
          <table className={`${styles.moneyTable} ${styles.closeTable}`} data-testid="close-table">
            <thead>
              <tr>
                <th>{t('manage:pay.method')}</th>
                <th className={styles.num}>{t('manage:close.expected')}</th>
                <th className={styles.num}>{t('manage:close.counted')}</th>
                <th className={styles.num}>{t('manage:close.difference')}</th>
              </tr>
            </thead>
            <tbody>
              {shownMethods(v).map((m) => {
                const c = typed[m];
                const diff = c === null || c === undefined ? null : c - v.expected[m];
                return (
                  <tr key={m} data-testid={`close-row-${m}`}>
                    <td>{t(`manage:payment.${m}`)}</td>
                    <td className={styles.num} data-label={t('manage:close.expected')} data-testid={`close-expected-${m}`}>
                      {money(v.expected[m])}
                    </td>
                    <td className={styles.num} data-label={t('manage:close.counted')}>
                      <TextField
                        label={t('manage:close.counted_of', { method: t(`manage:payment.${m}`) })}
                        className={styles.cellField}
                        inputMode="decimal"
                        autoComplete="off"
                        value={texts[m]}
                        placeholder={toMajor(v.expected[m]).toString()}
                        error={c === null ? t('manage:pay.amount_invalid') : undefined}
                        onChange={(e) => setTexts((s) => ({ ...s, [m]: e.target.value }))}
                        data-testid={`close-counted-${m}`}
                      />
                    </td>
                    <td className={styles.num} data-label={t('manage:close.difference')} data-testid={`close-diff-${m}`}>
                      {diff === null ? '—' : money(diff)}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <TextField
          label={t('manage:close.note')}
          value={note}
          maxLength={500}
          onChange={(e) => setNote(e.target.value)}
          data-testid="close-note"
        />
        {uncounted.length > 0 && !ahead && (
          <p className={styles.muted} data-testid="close-uncounted">
            {t('manage:close.count_all', { methods: uncounted.map((m) => t(`manage:payment.${m}`)).join(', ') })}
          </p>
        )}
        <Button block disabled={!valid || ahead} loading={closing.isLoading} onClick={() => setConfirming(true)} data-testid="close-submit">
          {t('manage:close.submit', { date: formatDate(v.business_date, lang) })}
        </Button>
        <Sheet
          open={confirming}
          onClose={() => setConfirming(false)}
          title={t('manage:close.confirm_title', { date: formatDate(v.business_date, lang) })}
        >
          <div className={styles.stackGap} data-testid="close-confirm-sheet">
            <dl className={styles.confirmFacts}>
              <dt>{t('manage:close.expected')}</dt>
              <dd data-testid="close-confirm-expected">{money(total(v.expected))}</dd>
              <dt>{t('manage:close.counted')}</dt>
              <dd data-testid="close-confirm-counted">{money(total(counted))}</dd>
              <dt>{t('manage:close.difference')}</dt>
              <dd data-testid="close-confirm-difference">{money(total(counted) - total(v.expected))}</dd>
            </dl>
            <p className={styles.muted}>{t('manage:close.immutable')}</p>
            <Button block loading={closing.isLoading} onClick={() => void submit()} data-testid="close-confirm">
              {t('manage:close.confirm', { date: formatDate(v.business_date, lang) })}
            </Button>
            <Button block variant="secondary" onClick={() => setConfirming(false)}>
              {t('common:cancel')}
            </Button>
          </div>
        </Sheet>
        <p className={styles.muted}>{t('manage:close.immutable')}</p>
      </section>

      <OnlineDay view={v} branchId={branchId} />

      <section className={styles.panel} data-testid="close-list">
        <h2 className={styles.panelTitle}>{admin ? t('manage:close.all_title') : t('manage:close.list_title')}</h2>
        {closes.data && closes.data.length === 0 && <p className={styles.muted}>{t('manage:close.none')}</p>}
        {closes.data && closes.data.length > 0 && (
          <div className={styles.tableScroll}>
            <table className={styles.moneyTable}>
              <thead>
                <tr>
                  <th>{t('manage:close.date')}</th>
                  {admin && <th>{t('manage:close.branch')}</th>}
                  <th className={styles.num}>{t('manage:close.expected')}</th>
                  <th className={styles.num}>{t('manage:close.counted')}</th>
                  <th className={styles.num}>{t('manage:close.difference')}</th>
                  <th>{t('manage:close.by')}</th>
                </tr>
              </thead>
              <tbody>
                {closes.data.map((c) => {
                  const sum = total;
                  return (
                    <tr key={c.id} data-testid="close-list-row">
                      <td>{formatDate(c.business_date, lang)}</td>
                      {admin && <td>{c.branch.name}</td>}
                      <td className={styles.num}>{money(sum(c.expected), c.currency)}</td>
                      <td className={styles.num}>{money(sum(c.counted), c.currency)}</td>
                      <td className={styles.num}>{money(sum(c.difference), c.currency)}</td>
                      <td>
                        {c.staff.name}
                        {c.note ? <div className={styles.muted}>{c.note}</div> : null}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
