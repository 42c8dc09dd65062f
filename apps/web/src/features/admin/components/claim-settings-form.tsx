import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TClaimSettings } from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/feedback';
import { TextField } from '../../../components/ui/field';
import { useClaimSettingsQuery, useSaveClaimSettingsMutation } from '../api/admin-settings-api';
import { errorText } from '../model/api-error';
import adminStyles from '../admin.module.css';
import styles from './places.module.css';

const FIELDS = ['answer_hours', 'decision_days', 'damage_days', 'lost_after_days'] as const;
const whole = (v: string) => (/^\d+$/.test(v.trim()) ? Number(v) : NaN);

function Form({ initial }: { initial: TClaimSettings }) {
  const { t } = useTranslation();
  const [save, state] = useSaveClaimSettingsMutation();
  const [values, setValues] = useState<Record<(typeof FIELDS)[number], string>>(
    () => Object.fromEntries(FIELDS.map((f) => [f, String(initial[f])])) as Record<(typeof FIELDS)[number], string>,
  );
  const [done, setDone] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(false);
    setProblem(null);
    try {
      await save(Object.fromEntries(FIELDS.map((f) => [f, whole(values[f])])) as TClaimSettings).unwrap();
      setDone(true);
    } catch (error) {
      setProblem(errorText(error, t));
    }
  };
  return (
    <form className={styles.section} onSubmit={(e) => void submit(e)} noValidate data-testid="claim-settings">
      <h2 className={styles.sectionTitle}>{t('admin:settings.claims')}</h2>
      <p className={styles.hint}>{t('admin:settings.claims_hint')}</p>
      <div className={adminStyles.grid2}>
        {FIELDS.map((f) => (
          <TextField
            key={f}
            label={t(`admin:settings.claims_${f}`)}
            inputMode="numeric"
            value={values[f]}
            onChange={(e) => setValues((v) => ({ ...v, [f]: e.target.value }))}
          />
        ))}
      </div>
      {problem && <Alert>{problem}</Alert>}
      {done && <Alert kind="success">{t('admin:settings.saved')}</Alert>}
      <div className={adminStyles.row}>
        <Button type="submit" loading={state.isLoading} data-testid="claim-settings-save">
          {t('admin:save')}
        </Button>
      </div>
    </form>
  );
}

/** Claims' deadlines (issue 36, ADR 088): hours to the first answer, days to the decision, the windows of the kinds. */
export function ClaimSettingsForm() {
  const settings = useClaimSettingsQuery();
  return settings.data ? <Form initial={settings.data} /> : null;
}
