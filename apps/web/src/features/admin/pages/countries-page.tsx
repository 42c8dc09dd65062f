import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ADMIN_ADDRESS_LINES,
  CUSTOMS_IDS,
  fillAddressPlaceholders,
  isLang,
  type TAdminCountry,
  type TCustomsId,
  type TLang,
} from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/card';
import { Alert, ErrorState, PageSpinner } from '../../../components/ui/feedback';
import { SelectField, TextField } from '../../../components/ui/field';
import { describeApiError } from '../../../lib/api/errors';
import { useAdminCountriesQuery, useSaveChinaAddressMutation, useSaveCountryCustomsMutation } from '../api/admin-countries-api';
import { errorText } from '../model/api-error';
import adminStyles from '../admin.module.css';
import styles from '../components/places.module.css';

/** Which personal number the country's customs need before its parcels are dispatched (ADR 084): saved on change. */
function CountryCustoms({ country }: { country: TAdminCountry }) {
  const { t } = useTranslation();
  const [save, state] = useSaveCountryCustomsMutation();
  const failure = state.error ? describeApiError(state.error as never, t) : null;
  return (
    <div data-testid={`country-customs-${country.code}`}>
      <SelectField
        label={t('admin:countries.customs_id')}
        hint={t('admin:countries.customs_hint')}
        value={country.customs_id}
        disabled={state.isLoading}
        error={failure?.message}
        onChange={(e) => void save({ id: country.id, body: { customs_id: e.target.value as TCustomsId } })}
      >
        {CUSTOMS_IDS.map((id) => (
          <option key={id} value={id}>
            {t(`admin:countries.customs_${id}`)}
          </option>
        ))}
      </SelectField>
    </div>
  );
}

type Lines = Record<(typeof ADMIN_ADDRESS_LINES)[number], string>;
const empty = (): Lines => Object.fromEntries(ADMIN_ADDRESS_LINES.map((l) => [l, ''])) as Lines;

function CountryAddress({ country, lang }: { country: TAdminCountry; lang: TLang }) {
  const { t } = useTranslation();
  const [lines, setLines] = useState<Lines>(() => (country.address ? { ...empty(), ...country.address } : empty()));
  const [save, state] = useSaveChinaAddressMutation();
  const [saved, setSaved] = useState(false);
  const failure = state.error ? describeApiError(state.error as never, t) : null;
  // What a customer of this country sees: an example client code and phone filled in.
  const sample = {
    clientCode: `${country.client_code_prefix}-10457`,
    phone: country.phone_prefix === '+7' ? '+77011234567' : `${country.phone_prefix}555123456`,
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    const result = await save({ id: country.id, body: { ...lines, updated_at: country.address?.updated_at ?? null } });
    if ('data' in result) setSaved(true);
  };
  return (
    <form className={adminStyles.form} onSubmit={submit} noValidate data-testid={`country-${country.code}`}>
      <h2 className={styles.sectionTitle}>
        {country.flag} {country.name[lang] || country.name.ru}
      </h2>
      <CountryCustoms country={country} />
      <p className={styles.hint}>{t('admin:countries.placeholders')}</p>
      <div className={adminStyles.grid2}>
        {ADMIN_ADDRESS_LINES.map((line) => (
          <TextField
            key={line}
            label={t(`admin:countries.line_${line}`)}
            value={lines[line]}
            maxLength={200}
            onChange={(e) => {
              setSaved(false);
              setLines({ ...lines, [line]: e.target.value });
            }}
            error={failure?.fields[line]?.[0]}
            data-testid={`address-${line}`}
          />
        ))}
      </div>
      <div className={styles.preview} data-testid="address-preview">
        <strong>{t('admin:countries.preview', { code: sample.clientCode })}</strong>
        {ADMIN_ADDRESS_LINES.map((line) => (
          <div key={line} className={styles.previewLine}>
            <span>{t(`admin:countries.line_${line}`)}</span>
            <strong>{fillAddressPlaceholders(lines[line], sample)}</strong>
          </div>
        ))}
      </div>
      {failure && <Alert>{failure.code === 'validation_failed' ? t('admin:branches.check_fields') : failure.message}</Alert>}
      {saved && <Alert kind="success">{t('admin:users.saved')}</Alert>}
      <div className={adminStyles.row}>
        <Button type="submit" loading={state.isLoading} data-testid="address-save">
          {t('admin:save')}
        </Button>
      </div>
    </form>
  );
}

/** /admin/countries: each country's China warehouse address, with the customer's view beside the templates. */
export default function CountriesPage() {
  const { t, i18n } = useTranslation();
  const lang: TLang = isLang(i18n.language) ? i18n.language : 'ru';
  const countries = useAdminCountriesQuery();
  if (countries.isLoading) return <PageSpinner />;
  if (!countries.data)
    return <ErrorState title={t('errors:unknown')} text={errorText(countries.error, t)} onRetry={() => void countries.refetch()} />;
  return (
    <section className={adminStyles.main} data-testid="admin-countries">
      <PageHeader title={t('admin:nav.countries')} lead={t('admin:countries.lead')} />
      {countries.data.map((c) => (
        <CountryAddress key={`${c.id}-${c.address?.updated_at ?? ''}`} country={c} lang={lang} />
      ))}
    </section>
  );
}
