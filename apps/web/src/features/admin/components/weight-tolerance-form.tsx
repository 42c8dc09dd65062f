import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TWeightSettings } from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/feedback';
import { TextField } from '../../../components/ui/field';
import { useSaveWeightSettingsMutation, useWeightSettingsQuery } from '../api/admin-settings-api';
import { errorText } from '../model/api-error';
import adminStyles from '../admin.module.css';
import styles from './places.module.css';

const whole = (v: string) => (/^\d+$/.test(v.trim()) ? Number(v) : NaN);

function Form({ initial }: { initial: TWeightSettings }) {
  const { t } = useTranslation();
  const [save, state] = useSaveWeightSettingsMutation();
  const [grams, setGrams] = useState(String(initial.tolerance_grams));
  const [percent, setPercent] = useState(String(initial.tolerance_percent));
  const [done, setDone] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(false);
    setProblem(null);
    const p = percent.trim() ? Number(percent.replace(',', '.')) : NaN;
    try {
      await save({ tolerance_grams: whole(grams), tolerance_percent: p }).unwrap();
      setDone(true);
    } catch (error) {
      setProblem(errorText(error, t));
    }
  };
  return (
    <form className={styles.section} onSubmit={(e) => void submit(e)} noValidate data-testid="weight-tolerance">
      <h2 className={styles.sectionTitle}>{t('admin:settings.weights')}</h2>
      <p className={styles.hint}>{t('admin:settings.weights_hint')}</p>
      <div className={adminStyles.grid2}>
        <TextField label={t('admin:settings.bag_grams')} inputMode="numeric" value={grams} onChange={(e) => setGrams(e.target.value)} />
        <TextField
          label={t('admin:settings.bag_percent')}
          inputMode="decimal"
          value={percent}
          onChange={(e) => setPercent(e.target.value)}
        />
      </div>
      {problem && <Alert>{problem}</Alert>}
      {done && <Alert kind="success">{t('admin:settings.saved')}</Alert>}
      <div className={adminStyles.row}>
        <Button type="submit" loading={state.isLoading} data-testid="weight-tolerance-save">
          {t('admin:save')}
        </Button>
      </div>
    </form>
  );
}

/** The branch weighing's tolerance (issue 36, ADR 089): grams and % of the China weight, the larger wins. */
export function WeightToleranceForm() {
  const settings = useWeightSettingsQuery();
  return settings.data ? <Form initial={settings.data} /> : null;
}
