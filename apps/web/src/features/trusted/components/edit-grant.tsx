import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceDate, type TTrustedPerson } from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/feedback';
import { describeApiError } from '../../../lib/api/errors';
import { notify } from '../../../lib/ui/toast';
import { useGetTrustedChoicesQuery, useUpdateTrustedMutation } from '../api/trusted-api';
import styles from '../pages/trusted.module.css';
import { DayFields, ParcelChoices, toggled } from './grant-fields';

/**
 * Changes an active grant's parcels and days in place (PATCH trusted/{id}): only parcels of the grant's branch are
 * offered; a first day already past stays as it is. The person keeps their QR code; a later last day sends them a new
 * link, which the toast says.
 */
export function EditGrant({ person: p, onDone }: { person: TTrustedPerson; onDone: (saved: boolean) => void }) {
  const { t } = useTranslation();
  const choices = useGetTrustedChoicesQuery();
  const today = deviceDate();
  const [chosen, setChosen] = useState<Set<number>>(() => new Set(p.parcels.map((x) => x.id)));
  const [from, setFrom] = useState(p.valid_from);
  const [to, setTo] = useState(p.valid_to);
  const [problem, setProblem] = useState<string | null>(null);
  const [update, updating] = useUpdateTrustedMutation();
  const here = choices.data?.filter((c) => c.branch.id === p.branch.id);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (updating.isLoading) return;
    setProblem(null);
    const result = await update({ id: p.id, body: { order_ids: [...chosen], valid_from: from, valid_to: to } });
    if ('data' in result && result.data) {
      notify.success(to > p.valid_to ? t('trusted:saved_resent', { name: p.name }) : t('trusted:saved'));
      onDone(true);
    } else setProblem(describeApiError(result.error, t).message);
  };
  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate data-testid="trusted-edit-form">
      <ParcelChoices choices={here} chosen={chosen} onToggle={(id) => setChosen((s) => toggled(s, id))} />
      <DayFields from={from} to={to} min={from < today ? from : today} onFrom={setFrom} onTo={setTo} />
      {problem && <Alert kind="error">{problem}</Alert>}
      <div className={styles.actions}>
        <Button type="submit" size="sm" loading={updating.isLoading} disabled={chosen.size === 0} data-testid="trusted-edit-save">
          {t('trusted:save')}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => onDone(false)}>
          {t('common:cancel')}
        </Button>
      </div>
    </form>
  );
}
