import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SETTINGS_LIMITS, type TAdminSettings, type TLang } from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/card';
import { Alert, ErrorState, PageSpinner } from '../../../components/ui/feedback';
import { TextField } from '../../../components/ui/field';
import { describeApiError } from '../../../lib/api/errors';
import { useAdminSettingsQuery, useSaveAdminSettingsMutation, useUploadLogoMutation } from '../api/admin-settings-api';
import { BagToleranceForm } from '../components/bag-tolerance-form';
import { WeightToleranceForm } from '../components/weight-tolerance-form';
import { ClaimSettingsForm } from '../components/claim-settings-form';
import { I18nFields } from '../components/i18n-fields';
import { errorText } from '../model/api-error';
import adminStyles from '../admin.module.css';
import styles from '../components/places.module.css';

type Fields = Record<string, string[]>;
const langErrors = (fields: Fields, name: string) =>
  Object.fromEntries((['kk', 'ru', 'en'] as TLang[]).map((l) => [l, fields[`${name}.${l}`]?.[0]])) as Partial<Record<TLang, string>>;

function LogoField({
  label,
  value,
  onChange,
  error,
  testId,
}: {
  label: string;
  value: string;
  onChange: (url: string) => void;
  error?: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const [upload, state] = useUploadLogoMutation();
  return (
    <div className={styles.section}>
      <strong>{label}</strong>
      {value && <img className={styles.logo} src={value} alt={label} data-testid={`${testId}-preview`} />}
      <label className={styles.fileField}>
        <input
          type="file"
          accept="image/png,image/webp,image/svg+xml"
          data-testid={`${testId}-file`}
          onChange={async (e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (!file) return;
            const result = await upload(file);
            if ('data' in result && result.data) onChange(result.data);
          }}
        />
        <span className={styles.hint}>{t('admin:settings.logo_hint')}</span>
      </label>
      {state.isLoading && <span className={styles.hint}>{t('admin:settings.uploading')}</span>}
      {(state.isError || error) && <Alert>{state.isError ? errorText(state.error, t) : error}</Alert>}
    </div>
  );
}

/**
 * The form of one version of the settings. Whether "saved" shows is kept by the page (onSaved), not here: a save
 * refetches the settings with their new version, which remounts this form, and the confirmation must stay.
 */
function SettingsForm({ initial, saved, onSaved }: { initial: TAdminSettings; saved: boolean; onSaved: (version: number | null) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(initial);
  const [save, state] = useSaveAdminSettingsMutation();
  const failure = state.error ? describeApiError(state.error as never, t) : null;
  const fields: Fields = failure?.fields ?? {};
  const err = (key: string) => fields[key]?.[0];
  const set = <K extends keyof TAdminSettings>(key: K, value: TAdminSettings[K]) => {
    onSaved(null);
    setDraft((d) => ({ ...d, [key]: value }));
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    onSaved(null);
    const result = await save(draft);
    if ('data' in result && result.data) {
      setDraft(result.data);
      onSaved(result.data.version);
    }
  };
  const text = (
    key:
      | 'site_name'
      | 'short_name'
      | 'phone'
      | 'email'
      | 'instagram_link'
      | 'telegram_link'
      | 'whatsapp_link'
      | 'map_tile_url'
      | 'map_attribution',
    extra = {},
  ) => (
    <TextField
      label={t(`admin:settings.${key}`)}
      value={draft[key]}
      onChange={(e) => set(key, e.target.value)}
      error={err(key)}
      data-testid={`settings-${key}`}
      {...extra}
    />
  );

  return (
    <form className={adminStyles.form} onSubmit={submit} noValidate data-testid="settings-form">
      <div className={styles.section}>
        <h2 className={styles.sectionTitle}>{t('admin:settings.brand')}</h2>
        <div className={adminStyles.grid2}>
          {text('site_name', { maxLength: SETTINGS_LIMITS.siteName })}
          {text('short_name', { maxLength: SETTINGS_LIMITS.shortName, hint: t('admin:settings.short_name_hint') })}
        </div>
        <I18nFields
          label={t('admin:settings.description')}
          value={draft.description}
          onChange={(v) => set('description', v)}
          errors={langErrors(fields, 'description')}
          maxLength={SETTINGS_LIMITS.description}
          testId="settings-description"
        />
        <p className={styles.hint}>{t('admin:settings.description_hint')}</p>
        <div className={adminStyles.grid2}>
          <LogoField
            label={t('admin:settings.logo')}
            value={draft.logo}
            onChange={(v) => set('logo', v)}
            error={err('logo')}
            testId="settings-logo"
          />
          <LogoField
            label={t('admin:settings.footer_logo')}
            value={draft.footer_logo}
            onChange={(v) => set('footer_logo', v)}
            error={err('footer_logo')}
            testId="settings-footer-logo"
          />
        </div>
        <I18nFields
          label={t('admin:settings.footer_text')}
          value={draft.footer_text}
          onChange={(v) => set('footer_text', v)}
          errors={langErrors(fields, 'footer_text')}
          multiline
          maxLength={500}
        />
      </div>
      <div className={styles.section}>
        <h2 className={styles.sectionTitle}>{t('admin:settings.contacts')}</h2>
        <div className={adminStyles.grid2}>
          {text('phone', { inputMode: 'tel' })}
          {text('email', { type: 'email' })}
          {text('instagram_link', { type: 'url', placeholder: 'https://instagram.com/…' })}
          {text('telegram_link', { type: 'url', placeholder: 'https://t.me/…' })}
          {text('whatsapp_link', { type: 'url', placeholder: 'https://wa.me/…' })}
        </div>
      </div>
      <div className={styles.section}>
        <h2 className={styles.sectionTitle}>{t('admin:settings.map')}</h2>
        <p className={styles.hint}>{t('admin:settings.map_hint')}</p>
        <div className={adminStyles.grid2}>
          {text('map_tile_url', { type: 'url' })}
          {text('map_attribution')}
        </div>
      </div>
      <div className={styles.section}>
        <h2 className={styles.sectionTitle}>{t('admin:settings.documents')}</h2>
        <p className={styles.hint}>{t('admin:settings.documents_hint')}</p>
        <p className={styles.hint}>{t('admin:settings.documents_placeholders')}</p>
        <I18nFields
          label={t('admin:settings.terms_text')}
          value={draft.terms_text}
          onChange={(v) => set('terms_text', v)}
          errors={langErrors(fields, 'terms_text')}
          multiline
        />
        <I18nFields
          label={t('admin:settings.privacy_text')}
          value={draft.privacy_text}
          onChange={(v) => set('privacy_text', v)}
          errors={langErrors(fields, 'privacy_text')}
          multiline
        />
      </div>
      {failure && <Alert>{failure.code === 'validation_failed' ? t('admin:branches.check_fields') : failure.message}</Alert>}
      {saved && <Alert kind="success">{t('admin:settings.saved')}</Alert>}
      <div className={adminStyles.row}>
        <Button type="submit" loading={state.isLoading} data-testid="settings-save">
          {t('admin:save')}
        </Button>
      </div>
    </form>
  );
}

/** /admin/settings: logos, site name, short name and description, footer, contacts, map tiles, terms of use and privacy policy. */
export default function SettingsPage() {
  const { t } = useTranslation();
  const settings = useAdminSettingsQuery();
  const [savedVersion, setSavedVersion] = useState<number | null>(null);
  if (settings.isLoading) return <PageSpinner />;
  if (!settings.data)
    return <ErrorState title={t('errors:unknown')} text={errorText(settings.error, t)} onRetry={() => void settings.refetch()} />;
  return (
    <section className={adminStyles.main} data-testid="admin-settings">
      <PageHeader title={t('admin:nav.settings')} lead={t('admin:settings.lead')} />
      {/* Keyed by version: what the server has after a save (or someone else's) replaces the form. */}
      <SettingsForm
        key={settings.data.version}
        initial={settings.data}
        saved={savedVersion === settings.data.version}
        onSaved={setSavedVersion}
      />
      <BagToleranceForm />
      <WeightToleranceForm />
      <ClaimSettingsForm />
    </section>
  );
}
