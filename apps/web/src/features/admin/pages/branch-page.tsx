import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { BRANCH_CURRENCIES, isLang, type TAdminBranch, type TLang } from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/card';
import { Alert, ErrorState, PageSpinner, Skeleton } from '../../../components/ui/feedback';
import { SelectField, TextField } from '../../../components/ui/field';
import { useGetCountriesQuery, useGetSettingsQuery } from '../../../lib/api/common-api';
import { describeApiError } from '../../../lib/api/errors';
import {
  useAdminBranchQuery,
  useCreateAdminBranchMutation,
  useSetAdminBranchOpenMutation,
  useUpdateAdminBranchMutation,
} from '../api/admin-branches-api';
import { HoursFields } from '../components/hours-fields';
import { LangTextFields } from '../components/lang-text-fields';
import { methodsShown, PaymentMethodsField } from '../components/payment-methods-field';
import { PaymentProviders } from '../components/payment-providers';
import { draftOf, num, requestOf, type Draft } from '../model/branch-draft';
import { SlotRulesSection } from '../components/slot-rules-section';
import { errorText } from '../model/api-error';
import adminStyles from '../admin.module.css';
import styles from '../components/places.module.css';

const MapPicker = lazy(() => import('../components/map-picker'));

/** Time zones of the countries served, offered in the field (any IANA name is accepted). */
const TIME_ZONES = [
  'Asia/Almaty',
  'Asia/Bishkek',
  'Asia/Aqtobe',
  'Asia/Aqtau',
  'Asia/Oral',
  'Asia/Qyzylorda',
  'Asia/Bishkek',
  'Asia/Tashkent',
  'Asia/Shanghai',
];

/**
 * The form of a new branch or of one version of a branch. Whether "saved" shows is kept by the page (onSaved): a save
 * refetches the branch with its new version, which remounts this form, and the confirmation must stay.
 */
function BranchForm({
  branch,
  saved = false,
  onSaved,
}: {
  branch?: TAdminBranch;
  saved?: boolean;
  onSaved?: (version: number | null) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const countries = useGetCountriesQuery();
  const settings = useGetSettingsQuery();
  const [draft, setDraft] = useState<Draft>(() => draftOf(branch));
  const [create, creating] = useCreateAdminBranchMutation();
  const [update, updating] = useUpdateAdminBranchMutation();
  const state = branch ? updating : creating;
  const failure = state.error ? describeApiError(state.error as never, t) : null;
  const errors = failure?.fields ?? {};
  const err = (field: string) => errors[field]?.[0];
  const countryCode = countries.data?.find((c) => String(c.id) === draft.country_id)?.code;
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    onSaved?.(null);
    setDraft((d) => ({ ...d, [key]: value }));
  };

  useEffect(() => {
    if (!branch && !draft.country_id && countries.data?.[0]) setDraft((d) => ({ ...d, country_id: String(countries.data![0]!.id) }));
  }, [branch, countries.data, draft.country_id]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    onSaved?.(null);
    const body = requestOf(draft, countryCode);
    if (branch) {
      const result = await update({ id: branch.id, body: { ...body, version: branch.version } });
      if ('data' in result && result.data) onSaved?.(result.data.version);
    } else {
      const result = await create(body);
      if ('data' in result && result.data) navigate(`/admin/branches/${result.data.id}?created=1`, { replace: true });
    }
  };

  const lat = num(draft.latitude);
  const lng = num(draft.longitude);
  return (
    <form className={adminStyles.form} onSubmit={submit} noValidate data-testid="branch-form">
      <div className={styles.section}>
        <h2 className={styles.sectionTitle}>{t('admin:branches.about')}</h2>
        <div className={adminStyles.grid2}>
          <SelectField
            label={t('admin:branches.country')}
            value={draft.country_id}
            onChange={(e) => set('country_id', e.target.value)}
            error={err('country_id')}
            data-testid="branch-country"
          >
            {(countries.data ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </SelectField>
        </div>
        <LangTextFields
          name="name"
          label={t('admin:branches.name')}
          value={draft.name}
          onChange={(v) => set('name', v)}
          errors={errors}
          maxLength={100}
        />
        <LangTextFields
          name="city"
          label={t('admin:branches.city')}
          value={draft.city}
          onChange={(v) => set('city', v)}
          errors={errors}
          maxLength={100}
        />
        <LangTextFields
          name="address"
          label={t('admin:branches.address')}
          value={draft.address}
          onChange={(v) => set('address', v)}
          errors={errors}
          maxLength={300}
        />
      </div>

      <div className={styles.section}>
        <h2 className={styles.sectionTitle}>{t('admin:branches.location')}</h2>
        <p className={styles.hint}>{t('admin:branches.location_hint')}</p>
        <div className={styles.grid3}>
          <TextField
            label={t('admin:branches.latitude')}
            value={draft.latitude}
            inputMode="decimal"
            onChange={(e) => set('latitude', e.target.value)}
            error={err('latitude')}
            data-testid="branch-latitude"
          />
          <TextField
            label={t('admin:branches.longitude')}
            value={draft.longitude}
            inputMode="decimal"
            onChange={(e) => set('longitude', e.target.value)}
            error={err('longitude')}
            data-testid="branch-longitude"
          />
          <TextField
            label={t('admin:branches.map_link')}
            value={draft.map_link}
            type="url"
            placeholder="https://2gis.kz/…"
            onChange={(e) => set('map_link', e.target.value)}
            error={err('map_link')}
          />
        </div>
        <Suspense fallback={<Skeleton height={320} />}>
          <MapPicker
            latitude={Number.isFinite(lat) ? lat : null}
            longitude={Number.isFinite(lng) ? lng : null}
            onPick={(latitude, longitude) => {
              onSaved?.(null);
              setDraft((d) => ({ ...d, latitude: String(latitude), longitude: String(longitude) }));
            }}
            tileUrl={settings.data?.map_tile_url ?? ''}
            attribution={settings.data?.map_attribution ?? ''}
            texts={{ label: t('admin:branches.map_label'), tilesFailed: t('admin:branches.map_tiles_failed') }}
          />
        </Suspense>
      </div>

      <div className={styles.section}>
        <h2 className={styles.sectionTitle}>{t('admin:branches.prices')}</h2>
        <div className={styles.grid3}>
          <TextField
            label={t('admin:branches.tariff')}
            value={draft.tariff}
            inputMode="decimal"
            onChange={(e) => set('tariff', e.target.value)}
            error={err('tariff')}
            data-testid="branch-tariff"
          />
          <SelectField
            label={t('admin:branches.currency')}
            value={draft.currency}
            onChange={(e) => set('currency', e.target.value)}
            error={err('currency')}
          >
            {BRANCH_CURRENCIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </SelectField>
          <TextField
            label={t('admin:branches.storage_days')}
            value={draft.storage_days}
            inputMode="numeric"
            onChange={(e) => set('storage_days', e.target.value)}
            error={err('storage_days')}
          />
          <TextField
            label={t('admin:branches.storage_fee', { currency: draft.currency })}
            value={draft.storage_fee_per_day}
            inputMode="decimal"
            hint={t('admin:branches.storage_fee_hint')}
            onChange={(e) => set('storage_fee_per_day', e.target.value)}
            error={err('storage_fee_per_day')}
            data-testid="branch-storage-fee"
          />
          <TextField
            label={t('admin:branches.storage_extension_max_days')}
            value={draft.storage_extension_max_days}
            inputMode="numeric"
            hint={t('admin:branches.storage_extension_max_days_hint')}
            onChange={(e) => set('storage_extension_max_days', e.target.value)}
            error={err('storage_extension_max_days')}
          />
        </div>
        <PaymentMethodsField
          value={methodsShown(draft.payment_methods, countryCode)}
          onChange={(v) => set('payment_methods', v)}
          error={err('payment_methods')}
        />
      </div>

      <div className={styles.section} data-testid="branch-insurance">
        <h2 className={styles.sectionTitle}>{t('admin:branches.insurance')}</h2>
        <p className={styles.hint}>{t('admin:branches.insurance_note')}</p>
        <div className={styles.grid3}>
          <TextField
            label={t('admin:branches.insurance_rate')}
            value={draft.insurance_rate}
            inputMode="decimal"
            onChange={(e) => set('insurance_rate', e.target.value)}
            error={err('insurance_rate')}
            data-testid="branch-insurance-rate"
          />
          <TextField
            label={t('admin:branches.insurance_min', { currency: draft.currency })}
            value={draft.insurance_min_premium}
            inputMode="decimal"
            onChange={(e) => set('insurance_min_premium', e.target.value)}
            error={err('insurance_min_premium')}
            data-testid="branch-insurance-min"
          />
          <TextField
            label={t('admin:branches.insurance_cap', { currency: draft.currency })}
            value={draft.insurance_max_value}
            inputMode="decimal"
            hint={t('admin:branches.insurance_cap_hint')}
            onChange={(e) => set('insurance_max_value', e.target.value)}
            error={err('insurance_max_value')}
            data-testid="branch-insurance-cap"
          />
          <TextField
            label={t('admin:branches.uninsured_per_kg', { currency: draft.currency })}
            value={draft.uninsured_per_kg}
            inputMode="decimal"
            onChange={(e) => set('uninsured_per_kg', e.target.value)}
            error={err('uninsured_per_kg')}
            data-testid="branch-uninsured"
          />
        </div>
      </div>

      <div className={styles.section}>
        <h2 className={styles.sectionTitle}>{t('admin:branches.hours')}</h2>
        <div className={styles.grid3}>
          <TextField
            label={t('admin:branches.time_zone')}
            value={draft.time_zone}
            list="branch-time-zones"
            onChange={(e) => set('time_zone', e.target.value)}
            error={err('time_zone')}
          />
          <datalist id="branch-time-zones">
            {TIME_ZONES.map((z) => (
              <option key={z} value={z} />
            ))}
          </datalist>
        </div>
        <HoursFields value={draft.hours} onChange={(v) => set('hours', v)} errors={errors} />
      </div>

      <div className={styles.section}>
        <h2 className={styles.sectionTitle}>{t('admin:branches.contacts')}</h2>
        <div className={adminStyles.grid2}>
          <TextField
            label={t('admin:branches.phones')}
            hint={t('admin:branches.phones_hint')}
            value={draft.phones}
            inputMode="tel"
            onChange={(e) => set('phones', e.target.value)}
            error={Object.entries(errors).find(([k]) => k.startsWith('phones'))?.[1][0]}
          />
          <TextField
            label="Instagram"
            value={draft.instagram}
            type="url"
            placeholder="https://instagram.com/…"
            onChange={(e) => set('instagram', e.target.value)}
            error={err('instagram')}
          />
          <TextField
            label="WhatsApp"
            value={draft.whatsapp}
            type="url"
            placeholder="https://wa.me/…"
            onChange={(e) => set('whatsapp', e.target.value)}
            error={err('whatsapp')}
          />
          <TextField
            label="Telegram"
            value={draft.telegram}
            type="url"
            placeholder="https://t.me/…"
            onChange={(e) => set('telegram', e.target.value)}
            error={err('telegram')}
          />
        </div>
      </div>

      {failure && <Alert>{failure.code === 'validation_failed' ? t('admin:branches.check_fields') : failure.message}</Alert>}
      {saved && <Alert kind="success">{t('admin:users.saved')}</Alert>}
      <div className={adminStyles.row}>
        <Button type="submit" loading={state.isLoading} data-testid="branch-save">
          {branch ? t('admin:save') : t('admin:branches.create')}
        </Button>
      </div>
    </form>
  );
}

function OpenOrClose({ branch }: { branch: TAdminBranch }) {
  const { t } = useTranslation();
  const [setOpen, state] = useSetAdminBranchOpenMutation();
  return (
    <div className={styles.danger} data-testid="branch-state">
      <h2 className={styles.sectionTitle}>{branch.is_active ? t('admin:branches.close_title') : t('admin:branches.closed_title')}</h2>
      <p className={styles.hint}>
        {branch.is_active
          ? t('admin:branches.close_hint', { parcels: branch.open_parcels, customers: branch.customers })
          : t('admin:branches.closed_hint')}
      </p>
      {state.isError && <Alert>{errorText(state.error, t)}</Alert>}
      <div className={adminStyles.row}>
        <Button
          variant={branch.is_active ? 'danger' : 'secondary'}
          loading={state.isLoading}
          onClick={() => void setOpen({ id: branch.id, version: branch.version, open: !branch.is_active })}
          data-testid="branch-toggle"
        >
          {branch.is_active ? t('admin:branches.close') : t('admin:branches.reopen')}
        </Button>
      </div>
    </div>
  );
}

/** /admin/branches/new and /admin/branches/:id: every field of a branch; close or open it again. */
export default function BranchPage() {
  const { t, i18n } = useTranslation();
  const lang: TLang = isLang(i18n.language) ? i18n.language : 'ru';
  const param = useParams().id;
  const isNew = param === 'new';
  const id = Number(param);
  const detail = useAdminBranchQuery(id, { skip: isNew || !Number.isInteger(id) || id <= 0 });
  const created = new URLSearchParams(window.location.search).has('created');
  const [savedVersion, setSavedVersion] = useState<number | null>(null);

  if (isNew) {
    return (
      <section className={adminStyles.main} data-testid="admin-branch">
        <PageHeader title={t('admin:branches.new')} lead={t('admin:branches.new_lead')} />
        <BranchForm />
      </section>
    );
  }
  if (detail.isLoading) return <PageSpinner />;
  const branch = detail.data;
  if (!branch) return <ErrorState title={t('errors:unknown')} text={errorText(detail.error, t)} onRetry={() => void detail.refetch()} />;
  return (
    <section className={adminStyles.main} data-testid="admin-branch">
      <PageHeader
        title={branch.name[lang] || branch.name.ru}
        lead={`${branch.city[lang] || branch.city.ru} · ${branch.address[lang] || branch.address.ru}`}
      />
      {!branch.is_active && <span className={styles.closed}>{t('admin:branches.state_closed')}</span>}
      {created && <Alert kind="success">{t('admin:branches.created')}</Alert>}
      {/* Keyed by version: a save or close reloads the form with what the server has. */}
      <BranchForm key={branch.version} branch={branch} saved={savedVersion === branch.version} onSaved={setSavedVersion} />
      <p>
        <Link to={`/admin/branches/${branch.id}/locations`} data-testid="branch-locations-link">
          {t('admin:locations.link')}
        </Link>
      </p>
      <SlotRulesSection branchId={branch.id} />
      <PaymentProviders branchId={branch.id} />
      <OpenOrClose branch={branch} />
    </section>
  );
}
