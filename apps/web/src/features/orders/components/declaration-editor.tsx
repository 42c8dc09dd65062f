import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  insurancePremiumMinor,
  parseAmount,
  suggestedDeclaredValue,
  uninsuredLimitMinor,
  type TDeclarationView,
  type TInsuranceTermsView,
} from '@portal/contract';
import { ItemLinesEditor, useMinorMoney } from '../../../components/declarations/item-lines-editor';
import { fromItems, parseLines, priceText, type DraftLine, type LineErrors } from '../../../components/declarations/item-lines-model';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Alert, Spinner } from '../../../components/ui/feedback';
import { TextField } from '../../../components/ui/field';
import { Switch } from '../../../components/ui/switch';
import { describeApiError } from '../../../lib/api/errors';
import { notify } from '../../../lib/ui/toast';
import { useGetDeclarationQuery, useSaveDeclarationMutation } from '../api/declarations-api';
import { DutyLimitNotice } from './duty-limit-notice';
import styles from './declaration-editor.module.css';

/** No lines passed: the duty notice reads the saved declaration (a locked one). */
const NO_ITEMS: [] = [];

/** What the insurance switch shows for a typed value: the premium (THE contract rule) or why it cannot be insured. */
export function insuranceQuote(
  valueText: string,
  terms: TInsuranceTermsView | null,
): { kind: 'premium'; premium: number; value: number } | { kind: 'needs_value' | 'above_cap' | 'invalid' | 'no_branch' } {
  if (!terms) return { kind: 'no_branch' };
  if (!valueText.trim()) return { kind: 'needs_value' };
  const value = parseAmount(valueText);
  if (value === null) return { kind: 'invalid' };
  if (value <= 0) return { kind: 'needs_value' };
  if (terms.max_value > 0 && value > terms.max_value) return { kind: 'above_cap' };
  return {
    kind: 'premium',
    value,
    premium: insurancePremiumMinor(value, { rateBp: terms.rate_bp, minPremium: terms.min_premium }, terms.currency),
  };
}

/**
 * "Contents & insurance" of one code (issue 36, ADR 086): the item lines, the declared value (the items' total
 * offered when all are in the branch's currency), the insurance switch with the premium as typed and the uninsured
 * limit shown before deciding. Read only once the parcel is dispatched, with the reason.
 */
export function DeclarationEditor({ trackCode, weightKg }: { trackCode: string; weightKg?: number }) {
  const { t } = useTranslation();
  const q = useGetDeclarationQuery(trackCode, { refetchOnMountOrArgChange: true });
  if (q.isLoading) return <Spinner />;
  if (q.error || !q.data) return <Alert kind="error">{describeApiError(q.error, t).message}</Alert>;
  return <Form key={q.data.updated_at ?? 'new'} view={q.data} weightKg={weightKg} onStale={() => void q.refetch()} />;
}

function Form({ view, weightKg, onStale }: { view: TDeclarationView; weightKg?: number; onStale: () => void }) {
  const { t } = useTranslation();
  const money = useMinorMoney();
  const [lines, setLines] = useState<DraftLine[]>(() => fromItems(view.items));
  const [value, setValue] = useState(view.declared_value !== null ? priceText(view.declared_value) : '');
  const [insured, setInsured] = useState(view.insured);
  const [errors, setErrors] = useState<LineErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [save, saving] = useSaveDeclarationMutation();
  useEffect(() => setProblem(null), [lines, value, insured]);

  const terms = view.terms;
  const currency = terms?.currency ?? view.declared_currency ?? '';
  const parsed = parseLines(lines);
  const suggested = terms && parsed.items.length > 0 ? suggestedDeclaredValue(parsed.items, terms.currency) : null;
  const quote = insuranceQuote(value, terms);
  const weight = terms?.weight_kg ?? weightKg ?? null;
  const dutyItems = parsed.items.map((i) => ({ quantity: i.quantity, unitPrice: i.unit_price, currency: i.currency }));
  const uninsured =
    terms && weight !== null ? uninsuredLimitMinor(weight, { uninsuredPerKg: terms.uninsured_per_kg }, terms.currency) : null;
  const valueError =
    value.trim() && parseAmount(value) === null
      ? t('declarations:value_invalid')
      : insured && quote.kind === 'needs_value'
        ? t('declarations:value_needed')
        : insured && quote.kind === 'above_cap' && terms
          ? t('declarations:value_above_cap', { max: money(terms.max_value, terms.currency) })
          : undefined;

  const onSave = async () => {
    setErrors(parsed.errors);
    if (!parsed.ok || valueError) {
      setProblem(t('declarations:check_lines'));
      return;
    }
    const declared = value.trim() ? parseAmount(value) : null;
    const result = await save({
      code: view.track_code,
      body: { items: parsed.items, declared_value: declared, insured, updated_at: view.updated_at },
    });
    if ('data' in result) {
      notify.success(t('declarations:saved'));
      return;
    }
    const info = describeApiError(result.error, t);
    setProblem(info.message);
    if (info.code === 'stale_write' || info.code === 'declaration_locked') onStale();
  };

  if (!view.editable) {
    return (
      <Card className={styles.card} data-testid="declaration">
        <h2 className={styles.title}>{t('declarations:title')}</h2>
        <Alert kind="info">{t('declarations:locked_dispatched')}</Alert>
        {view.corrected_by_warehouse && <p className={styles.corrected}>{t('declarations:corrected')}</p>}
        <ItemLinesEditor lines={lines} onChange={() => undefined} readOnly />
        <DutyLimitNotice trackCode={view.track_code} items={NO_ITEMS} weightKg={weightKg} />
        <p className={styles.summary}>
          {view.declared_value !== null && (
            <span>{t('declarations:declared_value_is', { amount: money(view.declared_value, view.declared_currency) })}</span>
          )}
          <strong>
            {view.insured && view.premium !== null
              ? t('declarations:premium', { amount: money(view.premium, view.premium_currency) })
              : t('declarations:not_insured')}
          </strong>
        </p>
      </Card>
    );
  }

  return (
    <Card className={styles.card} data-testid="declaration">
      <h2 className={styles.title}>{t('declarations:title')}</h2>
      {view.corrected_by_warehouse && (
        <Alert kind="info">
          <span data-testid="declaration-corrected">{t('declarations:corrected')}</span>
        </Alert>
      )}
      <ItemLinesEditor lines={lines} onChange={setLines} errors={errors} defaultCurrency={currency || undefined} />
      {/* The duty-free limit as the lines are typed (ADR 087): the warning comes before the parcel would cross it. */}
      <DutyLimitNotice trackCode={view.track_code} items={dutyItems} weightKg={weight ?? undefined} />
      <div className={styles.value}>
        <TextField
          label={t('declarations:declared_value', { currency })}
          hint={t('declarations:declared_value_hint')}
          inputMode="decimal"
          maxLength={16}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          error={valueError}
          data-testid="declared-value"
        />
        {suggested !== null && parseAmount(value) !== suggested && (
          <Button variant="ghost" size="sm" onClick={() => setValue(priceText(suggested))} data-testid="use-total">
            {t('declarations:use_total', { amount: money(suggested, currency) })}
          </Button>
        )}
      </div>
      <div className={styles.insurance} data-testid="insurance">
        {terms ? (
          <>
            <p className={styles.note} data-testid="uninsured-limit">
              {uninsured !== null
                ? t('declarations:uninsured_limit', { amount: money(uninsured, currency), perKg: money(terms.uninsured_per_kg, currency) })
                : t('declarations:uninsured_per_kg', { perKg: money(terms.uninsured_per_kg, currency) })}
            </p>
            <div className={styles.switchRow}>
              <span id="insure-label">{t('declarations:insure')}</span>
              <Switch checked={insured} onChange={setInsured} labelledBy="insure-label" id="insure-switch" />
            </div>
            <p className={styles.note}>
              {terms.min_premium > 0
                ? t('declarations:premium_rule', { rate: terms.rate_bp / 100, min: money(terms.min_premium, currency) })
                : t('declarations:premium_rule_rate', { rate: terms.rate_bp / 100 })}
              {terms.max_value > 0 && ` ${t('declarations:cap', { max: money(terms.max_value, currency) })}`}
            </p>
            {quote.kind === 'premium' && (
              <p className={insured ? styles.premium : styles.note} data-testid="premium">
                {t('declarations:premium', { amount: money(quote.premium, currency) })}
              </p>
            )}
          </>
        ) : (
          <p className={styles.note}>{t('declarations:no_branch')}</p>
        )}
      </div>
      {problem && <Alert kind="error">{problem}</Alert>}
      <Button onClick={() => void onSave()} loading={saving.isLoading} data-testid="declaration-save">
        {t('declarations:save')}
      </Button>
    </Card>
  );
}
