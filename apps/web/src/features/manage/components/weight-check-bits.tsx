import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { parseWeightKg, weightVariance, type TManageParcel, type TWeightCheck } from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Alert } from '../../../components/ui/feedback';
import { useCounterConfirmMutation, useRecordBranchWeightMutation } from '../api/weights-api';
import { errorText } from '../model/api-error';
import { formatMoney, formatWeight } from '../model/format';
import styles from '../manage.module.css';

/** Both weights, both prices and the state of a parcel's branch weighing (ADR 089). */
export function WeightCheckFacts({ check }: { check: TWeightCheck }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <div className={styles.stackGap} data-testid="weight-check" data-state={check.state}>
      <div>
        <span className={`${styles.badge} ${check.state === 'pending' ? styles.status_in_transit : styles.status_at_branch}`}>
          {t(`manage:weights.state.${check.state}`)}
        </span>
      </div>
      <div className={styles.muted}>
        {t('manage:weights.both', {
          branch: formatWeight(check.branch_weight, lang),
          china: formatWeight(check.china_weight, lang),
          allowed: check.allowed_grams,
        })}
      </div>
      <div>
        {t('manage:weights.prices', {
          branch: formatMoney(check.branch_price, check.currency, lang),
          china: formatMoney(check.china_price, check.currency, lang),
        })}
      </div>
      {check.dispute_reason && <div className={styles.muted}>{t('manage:weights.reason', { reason: check.dispute_reason })}</div>}
    </div>
  );
}

/**
 * "Weight to confirm" at the counter: the counter takes no money for this parcel until the customer confirms (on
 * their phone, or aloud: the clerk records it, audited under the clerk's name). A clerk never disputes for them.
 */
export function WeightToConfirm({ check, branchId, onDone }: { check: TWeightCheck; branchId?: number; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const [confirm, state] = useCounterConfirmMutation();
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <div className={styles.stackGap} data-testid="weight-to-confirm">
      <Alert kind="info">
        {t('manage:weights.to_confirm', {
          branch: formatWeight(check.branch_weight, i18n.language),
          china: formatWeight(check.china_weight, i18n.language),
          price: formatMoney(check.branch_price, check.currency, i18n.language),
        })}
      </Alert>
      <Button
        variant="secondary"
        size="sm"
        loading={state.isLoading}
        onClick={async () => {
          setProblem(null);
          try {
            await confirm({ id: check.id, branch_id: branchId }).unwrap();
            onDone();
          } catch (error) {
            setProblem(errorText(error, t));
          }
        }}
        data-testid="weight-counter-confirm"
      >
        {t('manage:weights.counter_confirm')}
      </Button>
      {problem && <Alert kind="error">{problem}</Alert>}
    </div>
  );
}

/** The parcel view's weighing: the check when there is one, else the branch weight to record (a parcel waiting here). */
export function BranchWeightPanel({
  parcel,
  check,
  branchId,
}: {
  parcel: TManageParcel;
  check: TWeightCheck | null | undefined;
  branchId?: number;
}) {
  const { t } = useTranslation();
  const [record, state] = useRecordBranchWeightMutation();
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  if (!check && parcel.status !== 'at_branch') return null;
  const kg = parseWeightKg(value);
  // What will happen, by the same rule the API applies (the tolerance is the API's: shown after saving).
  const heavier = kg !== null && weightVariance(parcel.weight, kg, { tolerance_grams: 0, tolerance_percent: 0 }).outcome === 'heavier';
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (kg === null) return setProblem(t('manage:receive.weight_invalid'));
    setProblem(null);
    try {
      await record({ id: parcel.id, body: { weight: kg, branch_id: branchId } }).unwrap();
    } catch (error) {
      setProblem(errorText(error, t));
    }
  };
  return (
    <section className={styles.stackGap} data-testid="branch-weight">
      <h3 className={styles.subTitle}>{t('manage:weights.title')}</h3>
      {check ? (
        <WeightCheckFacts check={check} />
      ) : (
        <form className={styles.withButton} onSubmit={submit} noValidate>
          <TextField
            label={t('manage:weights.branch_weight')}
            hint={heavier ? t('manage:weights.heavier_hint') : undefined}
            value={value}
            inputMode="decimal"
            onChange={(e) => setValue(e.target.value)}
            data-testid="branch-weight-input"
          />
          <Button type="submit" loading={state.isLoading} data-testid="branch-weight-save">
            {t('manage:weights.save')}
          </Button>
        </form>
      )}
      {problem && <Alert kind="error">{problem}</Alert>}
    </section>
  );
}
