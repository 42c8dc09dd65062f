import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TBagSettings } from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/feedback';
import { TextField } from '../../../components/ui/field';
import { useBagSettingsQuery, useSaveBagSettingsMutation } from '../api/admin-settings-api';
import { errorText } from '../model/api-error';
import adminStyles from '../admin.module.css';
import styles from './places.module.css';

const whole = (v: string) => (/^\d+$/.test(v.trim()) ? Number(v) : NaN);

function Form({ initial }: { initial: TBagSettings }) {
  const { t } = useTranslation();
  const [save, state] = useSaveBagSettingsMutation();
  const [tare, setTare] = useState(String(initial.tare_grams));
  const [grams, setGrams] = useState(String(initial.tolerance_grams));
  const [percent, setPercent] = useState(String(initial.tolerance_bp / 100));
  const [done, setDone] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(false);
    setProblem(null);
    const bp = Math.round(Number(percent.replace(',', '.')) * 100);
    try {
      await save({ tare_grams: whole(tare), tolerance_grams: whole(grams), tolerance_bp: Number.isFinite(bp) ? bp : NaN }).unwrap();
      setDone(true);
    } catch (error) {
      setProblem(errorText(error, t));
    }
  };
  return (
    <form className={styles.section} onSubmit={(e) => void submit(e)} noValidate data-testid="bag-tolerance">
      <h2 className={styles.sectionTitle}>{t('admin:settings.bags')}</h2>
      <p className={styles.hint}>{t('admin:settings.bags_hint')}</p>
      <div className={adminStyles.grid2}>
        <TextField label={t('admin:settings.bag_tare')} inputMode="numeric" value={tare} onChange={(e) => setTare(e.target.value)} />
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
        <Button type="submit" loading={state.isLoading} data-testid="bag-tolerance-save">
          {t('admin:save')}
        </Button>
      </div>
    </form>
  );
}

/** The bag's weighing check (issue 35, ADR 082): the empty bag's tare, and the tolerance in grams and/or %. */
export function BagToleranceForm() {
  const settings = useBagSettingsQuery();
  return settings.data ? <Form initial={settings.data} /> : null;
}
