import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { TCountry } from '@portal/contract';
import { Skeleton } from '../../../components/ui/feedback';
import { SelectField, TextField } from '../../../components/ui/field';
import { useGetSettingsQuery } from '../../../lib/api/common-api';
import { num } from '../model/branch-draft';
import type { BranchFields } from '../model/use-branch-form';
import { HoursFields } from './hours-fields';
import { LangTextFields } from './lang-text-fields';
import adminStyles from '../admin.module.css';
import styles from './places.module.css';

const MapPicker = lazy(() => import('./map-picker'));

/** Time zones of the countries served, offered in the field (any IANA name is accepted). */
const TIME_ZONES = [
  'Asia/Almaty',
  'Asia/Bishkek',
  'Asia/Aqtobe',
  'Asia/Aqtau',
  'Asia/Oral',
  'Asia/Qyzylorda',
  'Asia/Tashkent',
  'Asia/Shanghai',
];

/** The branch form's sections on where and when the branch is: country, names and address; the map; hours; contacts. */
export function AboutSection({ draft, set, errors, err, countries }: BranchFields & { countries: TCountry[] }) {
  const { t } = useTranslation();
  return (
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
          {countries.map((c) => (
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
  );
}

export function LocationSection({ draft, set, err, onPick }: BranchFields & { onPick: (latitude: number, longitude: number) => void }) {
  const { t } = useTranslation();
  const settings = useGetSettingsQuery();
  const lat = num(draft.latitude);
  const lng = num(draft.longitude);
  return (
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
          onPick={onPick}
          tileUrl={settings.data?.map_tile_url ?? ''}
          attribution={settings.data?.map_attribution ?? ''}
          texts={{ label: t('admin:branches.map_label'), tilesFailed: t('admin:branches.map_tiles_failed') }}
        />
      </Suspense>
    </div>
  );
}

export function HoursSection({ draft, set, errors, err }: BranchFields) {
  const { t } = useTranslation();
  return (
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
  );
}

export function ContactsSection({ draft, set, errors, err }: BranchFields) {
  const { t } = useTranslation();
  return (
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
  );
}
