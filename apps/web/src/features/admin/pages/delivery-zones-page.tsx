import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount, parseAmount, type TDeliveryZone } from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/card';
import { Alert, ErrorState, PageSpinner } from '../../../components/ui/feedback';
import { TextField } from '../../../components/ui/field';
import { Switch } from '../../../components/ui/switch';
import { describeApiError } from '../../../lib/api/errors';
import { useDeliveryZonesQuery, useSaveDeliveryZoneMutation } from '../api/delivery-zones-api';
import { BranchSelect } from '../components/branch-options';
import { errorText } from '../model/api-error';
import adminStyles from '../admin.module.css';
import styles from '../components/places.module.css';

/** One zone's form: a new one (zone null) or an existing one. Prices typed in major units, kept in minor units. */
function ZoneForm({ zone }: { zone: TDeliveryZone | null }) {
  const { t } = useTranslation();
  const [branch, setBranch] = useState(zone ? String(zone.branch_id) : '');
  const [name, setName] = useState(zone?.name ?? '');
  const [postcodes, setPostcodes] = useState(zone?.postcodes.join(', ') ?? '');
  const [base, setBase] = useState(zone ? formatAmount(zone.base_price) : '');
  const [perKg, setPerKg] = useState(zone ? formatAmount(zone.per_kg_price) : '');
  const [active, setActive] = useState(zone?.active ?? true);
  const [save, state] = useSaveDeliveryZoneMutation();
  const [saved, setSaved] = useState(false);
  const failure = state.error ? describeApiError(state.error as never, t) : null;
  const id = zone ? `zone-${zone.id}` : 'zone-new';
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    const body = {
      branch_id: Number(branch),
      name,
      postcodes: postcodes
        .split(/[\s,;]+/)
        .map((p) => p.trim())
        .filter(Boolean),
      base_price: parseAmount(base) ?? -1,
      per_kg_price: parseAmount(perKg) ?? -1,
      active,
    };
    const result = await save({ id: zone?.id ?? null, body });
    if ('data' in result) setSaved(true);
  };
  return (
    <form className={adminStyles.form} onSubmit={submit} noValidate data-testid={id}>
      <h2 className={styles.sectionTitle}>{zone ? zone.name : t('admin:zones.add')}</h2>
      <div className={adminStyles.grid2}>
        <BranchSelect
          label={t('admin:zones.branch')}
          value={branch}
          onChange={(e) => setBranch(e.target.value)}
          data-testid={`${id}-branch`}
        >
          <option value="">—</option>
        </BranchSelect>
        <TextField
          label={t('admin:zones.name')}
          value={name}
          maxLength={80}
          onChange={(e) => setName(e.target.value)}
          error={failure?.fields.name?.[0]}
          data-testid={`${id}-name`}
        />
        <TextField
          label={t('admin:zones.base_price', { currency: zone?.currency ?? '' })}
          value={base}
          inputMode="decimal"
          onChange={(e) => setBase(e.target.value)}
          error={failure?.fields.base_price?.[0]}
          data-testid={`${id}-base`}
        />
        <TextField
          label={t('admin:zones.per_kg_price', { currency: zone?.currency ?? '' })}
          value={perKg}
          inputMode="decimal"
          onChange={(e) => setPerKg(e.target.value)}
          error={failure?.fields.per_kg_price?.[0]}
          data-testid={`${id}-per-kg`}
        />
      </div>
      <TextField
        label={t('admin:zones.postcodes')}
        hint={t('admin:zones.postcodes_hint')}
        value={postcodes}
        onChange={(e) => setPostcodes(e.target.value)}
        error={failure?.fields.postcodes?.[0]}
        data-testid={`${id}-postcodes`}
      />
      <div className={adminStyles.row}>
        <Switch checked={active} onChange={setActive} label={t('admin:zones.active')} id={`${id}-active`} />
        <span>{t('admin:zones.active')}</span>
      </div>
      {failure && <Alert>{failure.code === 'validation_failed' ? t('admin:branches.check_fields') : failure.message}</Alert>}
      {saved && <Alert kind="success">{t('admin:users.saved')}</Alert>}
      <Button type="submit" loading={state.isLoading} data-testid={`${id}-save`}>
        {zone ? t('admin:save') : t('admin:zones.add')}
      </Button>
    </form>
  );
}

/** /admin/delivery-zones: each branch's door delivery zones (postcodes, base + per-kg price, active) (ADR 094). */
export default function DeliveryZonesPage() {
  const { t } = useTranslation();
  const zones = useDeliveryZonesQuery();
  if (zones.isLoading) return <PageSpinner />;
  if (!zones.data) return <ErrorState title={t('errors:unknown')} text={errorText(zones.error, t)} onRetry={() => void zones.refetch()} />;
  return (
    <section className={adminStyles.main} data-testid="admin-zones">
      <PageHeader title={t('admin:zones.title')} lead={t('admin:zones.lead')} />
      {zones.data.map((z) => (
        <ZoneForm key={`${z.id}-${z.name}-${z.base_price}-${z.per_kg_price}-${z.active}-${z.postcodes.join()}`} zone={z} />
      ))}
      <ZoneForm key={`new-${zones.data.length}`} zone={null} />
    </section>
  );
}
