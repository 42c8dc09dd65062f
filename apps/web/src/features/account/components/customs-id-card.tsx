import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isValidIin, isValidKgPersonalNumber, type TOwnUser } from '@portal/contract';
import { useCustomsNeed } from '../../../components/customs-need';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/field';
import { describeApiError } from '../../../lib/api/errors';
import { notify } from '../../../lib/ui/toast';
import { useUpdateUserMutation } from '../api/account-api';
import styles from './profile.module.css';

type Kind = 'iin' | 'personal_number';
const RULE: Record<Kind, { length: number; valid: (s: string) => boolean }> = {
  iin: { length: 12, valid: isValidIin },
  personal_number: { length: 14, valid: isValidKgPersonalNumber },
};

/** One number: digits only as typed, checked with the contract's rule once complete (or on leaving the field). */
function NumberField({ kind, user, required }: { kind: Kind; user: TOwnUser; required: boolean }) {
  const { t } = useTranslation();
  const saved = user[kind] ?? '';
  const [value, setValue] = useState(saved);
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [updateUser, state] = useUpdateUserMutation();
  const rule = RULE[kind];
  const complete = value.length >= rule.length;
  const invalid = value !== '' && (complete || touched) && !rule.valid(value);
  const error = serverError ?? (invalid ? t(`customs:errors.${kind}_invalid`) : undefined);

  const save = async (next: string | null) => {
    setServerError(null);
    const result = await updateUser({ [kind]: next });
    if ('data' in result && result.data) {
      setValue(result.data[kind] ?? '');
      setTouched(false);
      notify.success(t('common:saved'));
      return;
    }
    const info = describeApiError(result.error, t);
    setServerError(info.fields[kind]?.[0] ?? info.message);
  };

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setTouched(true);
        if (rule.valid(value)) void save(value);
      }}
    >
      <TextField
        label={t(`customs:${kind}`)}
        hint={`${t(`customs:${kind}_hint`)} · ${required ? t('customs:required') : t('customs:optional')}`}
        value={value}
        inputMode="numeric"
        autoComplete="off"
        error={error}
        onChange={(e) => {
          setServerError(null);
          setValue(e.target.value.replace(/\D/g, '').slice(0, rule.length));
        }}
        onBlur={() => setTouched(true)}
        data-testid={`customs-${kind}`}
      />
      <div className={styles.formActions}>
        <Button type="submit" loading={state.isLoading} disabled={value === saved || !value} data-testid={`customs-${kind}-save`}>
          {t('customs:save')}
        </Button>
        {saved && (
          <Button type="button" variant="ghost" onClick={() => void save(null)} data-testid={`customs-${kind}-remove`}>
            {t('customs:remove')}
          </Button>
        )}
      </div>
    </form>
  );
}

/**
 * The personal numbers customs need (ADR 084): the one the customer's branch country asks for, marked required, and
 * any other one they already gave; a customer of a country that needs none may give their IIN all the same.
 */
export function CustomsIdCard({ user }: { user: TOwnUser }) {
  const { t } = useTranslation();
  const need = useCustomsNeed(user.branch_id);
  const kinds: Kind[] = need === 'personal_number' ? ['personal_number'] : ['iin'];
  for (const k of ['iin', 'personal_number'] as const) if (user[k] && !kinds.includes(k)) kinds.push(k);
  return (
    <Card>
      <section id="customs" className={styles.customsCard} aria-labelledby="customs-title" data-testid="customs-card">
        <h2 id="customs-title" className={styles.cardTitle}>
          {t('customs:title')}
        </h2>
        <p className={styles.deleteLead}>{t('customs:lead')}</p>
        {kinds.map((kind) => (
          <NumberField key={`${kind}-${user[kind] ?? ''}`} kind={kind} user={user} required={need === kind} />
        ))}
      </section>
    </Card>
  );
}
