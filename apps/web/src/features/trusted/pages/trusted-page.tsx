import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { addDays, deviceDate, type TTrustedPerson } from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { Card, PageHeader } from '../../../components/ui/card';
import { Alert, EmptyState, ErrorState, PageSpinner } from '../../../components/ui/feedback';
import { TextField } from '../../../components/ui/field';
import { PhoneField } from '../../../components/ui/phone-field';
import { describeApiError } from '../../../lib/api/errors';
import { currentLang, formatDayRange } from '../../../lib/content/format';
import { useFeatureTexts } from '../../../lib/i18n/use-feature-texts';
import { notify } from '../../../lib/ui/toast';
import {
  useCreateTrustedMutation,
  useGetTrustedChoicesQuery,
  useGetTrustedQuery,
  useResendTrustedMutation,
  useRevokeTrustedMutation,
} from '../api/trusted-api';
import { EditGrant } from '../components/edit-grant';
import { DayFields, ParcelChoices, toggled } from '../components/grant-fields';
import { TRUSTED_TEXTS } from './texts';
import styles from './trusted.module.css';

/**
 * /orders/trusted (issue 37, ADR 091): the customer names a trusted person (name, phone) for chosen parcels and days;
 * the person gets their own QR code by SMS. The list shows each one with change (parcels and days), revoke (at once)
 * and re-send.
 */
export default function TrustedPage() {
  const { t } = useTranslation();
  const ready = useFeatureTexts('trusted', TRUSTED_TEXTS);
  const list = useGetTrustedQuery();
  if (!ready) return <PageSpinner />;
  return (
    <div className={styles.page} data-testid="trusted-page">
      <PageHeader title={t('trusted:title')} lead={t('trusted:lead')} />
      <NewTrusted onCreated={() => void list.refetch()} />
      <Card>
        <h2>{t('trusted:list_title')}</h2>
        {list.error ? (
          <ErrorState title={t('trusted:list_title')} text={describeApiError(list.error, t).message} onRetry={() => void list.refetch()} />
        ) : !list.data ? (
          <PageSpinner />
        ) : list.data.length === 0 ? (
          <EmptyState title={t('trusted:empty')} />
        ) : (
          <ul className={styles.list} data-testid="trusted-list">
            {list.data.map((p) => (
              <Person key={p.id} person={p} onChange={() => void list.refetch()} />
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

function NewTrusted({ onCreated }: { onCreated: () => void }) {
  const { t } = useTranslation();
  const choices = useGetTrustedChoicesQuery();
  const today = deviceDate();
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [from, setFrom] = useState(today);
  const [to, setTo] = useState(addDays(today, 2));
  const [problem, setProblem] = useState<{ message: string; fields?: Record<string, string[]> } | null>(null);
  const [create, creating] = useCreateTrustedMutation();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (creating.isLoading) return;
    setProblem(null);
    const result = await create({ name, phone, order_ids: [...chosen], valid_from: from, valid_to: to });
    if ('data' in result && result.data) {
      notify.success(t('trusted:sent', { name: result.data.name }));
      setName('');
      setPhone('');
      setChosen(new Set());
      onCreated();
    } else {
      const err = describeApiError(result.error, t);
      setProblem({ message: err.message, fields: err.fields });
    }
  };
  const field = (key: string) => problem?.fields?.[key]?.[0];
  return (
    <Card>
      <h2>{t('trusted:new_title')}</h2>
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate data-testid="trusted-form">
        <TextField
          label={t('trusted:name')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={field('name')}
          data-testid="trusted-name"
        />
        <PhoneField label={t('trusted:phone')} name="trusted_phone" value={phone} onChange={setPhone} error={field('phone')} />
        <ParcelChoices choices={choices.data} chosen={chosen} onToggle={(id) => setChosen((s) => toggled(s, id))} />
        <DayFields from={from} to={to} min={today} onFrom={setFrom} onTo={setTo} />
        {problem && <Alert kind="error">{problem.message}</Alert>}
        <Button type="submit" loading={creating.isLoading} disabled={chosen.size === 0} data-testid="trusted-submit">
          {t('trusted:submit')}
        </Button>
      </form>
    </Card>
  );
}

function Person({ person: p, onChange }: { person: TTrustedPerson; onChange: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = currentLang(i18n);
  const [confirming, setConfirming] = useState(false);
  const [editing, setEditing] = useState(false);
  const [revoke, revoking] = useRevokeTrustedMutation();
  const [resend, resending] = useResendTrustedMutation();
  const act = async (run: () => Promise<{ data?: unknown; error?: unknown }>, done: string) => {
    const result = await run();
    if ('data' in result && result.data) {
      notify.success(done);
      onChange();
    } else notify.error(describeApiError(result.error as Parameters<typeof describeApiError>[0], t).message);
  };
  return (
    <li className={styles.person} data-testid="trusted-person" data-state={p.state}>
      <div className={styles.personHead}>
        <strong>{p.name}</strong>
        <span className={styles.muted}>{t(`trusted:state.${p.state}`)}</span>
      </div>
      <span className={styles.muted}>
        {p.phone} · {p.branch.name} · {formatDayRange(p.valid_from, p.valid_to, lang, { short: true })}
      </span>
      <span className={styles.codes}>{p.parcels.map((x) => x.track_code).join(', ')}</span>
      {p.state === 'active' && editing && (
        <EditGrant
          person={p}
          onDone={(saved) => {
            setEditing(false);
            if (saved) onChange();
          }}
        />
      )}
      {p.state === 'active' && !editing && (
        <div className={styles.actions}>
          {confirming ? (
            <>
              <span className={styles.muted}>{t('trusted:revoke_confirm')}</span>
              <Button
                size="sm"
                variant="danger"
                loading={revoking.isLoading}
                onClick={() => void act(() => revoke(p.id), t('trusted:revoked'))}
                data-testid="trusted-revoke-yes"
              >
                {t('trusted:revoke')}
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
                {t('common:cancel')}
              </Button>
            </>
          ) : (
            <>
              <Button
                size="sm"
                variant="secondary"
                loading={resending.isLoading}
                onClick={() => void act(() => resend(p.id), t('trusted:resent'))}
              >
                {t('trusted:resend')}
              </Button>
              <Button size="sm" variant="secondary" onClick={() => setEditing(true)} data-testid="trusted-edit">
                {t('trusted:edit')}
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setConfirming(true)} data-testid="trusted-revoke">
                {t('trusted:revoke')}
              </Button>
            </>
          )}
        </div>
      )}
    </li>
  );
}
