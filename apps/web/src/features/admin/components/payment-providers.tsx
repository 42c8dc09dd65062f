import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TAdminPaymentProvider } from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { Alert, Skeleton } from '../../../components/ui/feedback';
import { TextField } from '../../../components/ui/field';
import { Switch } from '../../../components/ui/switch';
import { describeApiError } from '../../../lib/api/errors';
import { useAdminPaymentProvidersQuery, useSaveAdminPaymentProviderMutation } from '../api/admin-branches-api';
import { CertificateField } from './certificate-field';
import { errorText } from '../model/api-error';
import adminStyles from '../admin.module.css';
import styles from './places.module.css';

/**
 * One provider's card: the switch, one password-type input per credential field saying whether it is set (a certificate:
 * a file or pasted PEM), the provider's own switches with a line of help each, save.
 */
function ProviderForm({ branchId, item }: { branchId: number; item: TAdminPaymentProvider }) {
  const { t } = useTranslation();
  const [enabled, setEnabled] = useState(item.enabled);
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [flags, setFlags] = useState<Record<string, boolean>>(() => Object.fromEntries(item.flags.map((f) => [f.name, f.value])));
  const [saved, setSaved] = useState(false);
  const [save, state] = useSaveAdminPaymentProviderMutation();
  const failure = state.error ? describeApiError(state.error as never, t) : null;
  const name = t(`admin:payment_providers.provider.${item.provider}`);
  const id = `provider-${item.provider}`;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    // Only what was typed: a blank field keeps the kept value (the form never has the secrets).
    const credentials = Object.fromEntries(Object.entries(typed).filter(([, v]) => v.trim() !== ''));
    const result = await save({ id: branchId, body: { provider: item.provider, enabled, credentials, flags } });
    if ('data' in result && result.data) {
      setTyped({});
      setSaved(true);
    }
  };

  return (
    <form className={styles.section} onSubmit={submit} noValidate data-testid={id}>
      <div className={adminStyles.row}>
        <h3 className={styles.sectionTitle} id={`${id}-title`}>
          {name}
        </h3>
        <Switch
          checked={enabled}
          onChange={(v) => {
            setSaved(false);
            setEnabled(v);
          }}
          label={t('admin:payment_providers.enabled', { provider: name })}
          id={`${id}-enabled`}
        />
        <span data-testid={`${id}-state`}>{t(enabled ? 'admin:payment_providers.on' : 'admin:payment_providers.off')}</span>
      </div>
      <div className={adminStyles.grid2}>
        {item.fields.map((f) => {
          const label = t(`admin:payment_providers.field.${f.name}`, { defaultValue: f.name });
          const onChange = (value: string) => {
            setSaved(false);
            setTyped((d) => ({ ...d, [f.name]: value }));
          };
          const error = failure?.fields?.[`credentials.${f.name}`]?.[0];
          if (f.kind === 'certificate')
            return (
              <CertificateField
                key={f.name}
                id={`${id}-${f.name}`}
                label={label}
                set={f.set}
                validTo={f.valid_to}
                value={typed[f.name] ?? ''}
                onChange={onChange}
                error={error}
              />
            );
          return (
            <TextField
              key={f.name}
              type="password"
              autoComplete="new-password"
              label={label}
              hint={t(f.set ? 'admin:payment_providers.set' : 'admin:payment_providers.not_set')}
              placeholder={f.set ? '••••••••' : ''}
              value={typed[f.name] ?? ''}
              onChange={(e) => onChange(e.target.value)}
              error={error}
              data-testid={`${id}-${f.name}`}
              data-set={f.set ? 'set' : 'not-set'}
            />
          );
        })}
      </div>
      {item.flags.map((f) => (
        <div key={f.name} className={styles.flag}>
          <div className={adminStyles.row}>
            <Switch
              checked={flags[f.name] ?? f.value}
              onChange={(v) => {
                setSaved(false);
                setFlags((d) => ({ ...d, [f.name]: v }));
              }}
              labelledBy={`${id}-${f.name}-label`}
              id={`${id}-${f.name}`}
            />
            <span id={`${id}-${f.name}-label`}>{t(`admin:payment_providers.flag.${f.name}`, { defaultValue: f.name })}</span>
          </div>
          <p className={styles.hint}>{t(`admin:payment_providers.flag_help.${f.name}`, { defaultValue: '' })}</p>
        </div>
      ))}
      {failure && <Alert>{failure.message}</Alert>}
      {saved && <Alert kind="success">{t('admin:payment_providers.saved')}</Alert>}
      <div className={adminStyles.row}>
        <Button type="submit" loading={state.isLoading} data-testid={`${id}-save`}>
          {t('admin:save')}
        </Button>
      </div>
    </form>
  );
}

/** The branch page's "Online payments" section (ADR 077): each provider the server has a driver for, per branch. */
export function PaymentProviders({ branchId }: { branchId: number }) {
  const { t } = useTranslation();
  const list = useAdminPaymentProvidersQuery(branchId);
  return (
    <div className={styles.section} data-testid="payment-providers">
      <h2 className={styles.sectionTitle}>{t('admin:payment_providers.title')}</h2>
      <p className={styles.hint}>{t('admin:payment_providers.hint')}</p>
      {list.isLoading && <Skeleton height={120} />}
      {list.isError && <Alert>{errorText(list.error, t)}</Alert>}
      {list.data && !list.data.available && (
        <Alert kind="info">
          <span data-testid="payment-providers-unavailable">{t('admin:payment_providers.unavailable')}</span>
        </Alert>
      )}
      {list.data?.providers.length === 0 && <p className={styles.hint}>{t('admin:payment_providers.none')}</p>}
      {list.data?.available && list.data.providers.map((item) => <ProviderForm key={item.provider} branchId={branchId} item={item} />)}
    </div>
  );
}
