import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { QRCodeSVG } from 'qrcode.react';
import { Button } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/card';
import { Alert, ErrorState, PageSpinner } from '../../../components/ui/feedback';
import { TextField } from '../../../components/ui/field';
import { useBranchLocationsQuery, useCreateLocationsMutation, useSetLocationActiveMutation } from '../api/admin-locations-api';
import { errorText } from '../model/api-error';
import adminStyles from '../admin.module.css';
import styles from './locations.module.css';

const num = (v: string) => (v.trim() === '' ? Number.NaN : Number(v));

/**
 * A branch's shelves (ADR 083): bulk create "zone A, racks 1–10, shelves 1–4", deactivate (never delete: parcels may
 * sit there), and print a sheet of labels (QR + code + name) from the browser.
 */
export default function BranchLocationsPage() {
  const { t } = useTranslation();
  const branchId = Number(useParams().id);
  const list = useBranchLocationsQuery(branchId);
  const [create, creating] = useCreateLocationsMutation();
  const [setActive] = useSetLocationActiveMutation();
  const [form, setForm] = useState({ zone: 'A', rackFrom: '1', rackTo: '10', shelfFrom: '1', shelfTo: '4' });
  const [note, setNote] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [printing, setPrinting] = useState(false);

  if (list.isLoading) return <PageSpinner />;
  if (!list.data) return <ErrorState title={t('errors:unknown')} text={errorText(list.error, t)} onRetry={() => void list.refetch()} />;
  const shelves = list.data;
  const active = shelves.filter((s) => s.active);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      const body = {
        zone: form.zone,
        racks: { from: num(form.rackFrom), to: num(form.rackTo) },
        shelves: { from: num(form.shelfFrom), to: num(form.shelfTo) },
      };
      const r = await create({ id: branchId, body }).unwrap();
      setNote({ kind: 'success', text: t('admin:locations.created', { created: r.created, reactivated: r.reactivated }) });
    } catch (error) {
      setNote({ kind: 'error', text: errorText(error, t) });
    }
  };
  const field = (key: keyof typeof form, label: string) => (
    <TextField
      label={label}
      value={form[key]}
      inputMode={key === 'zone' ? 'text' : 'numeric'}
      maxLength={key === 'zone' ? 3 : 2}
      onChange={(e) => setForm((f) => ({ ...f, [key]: e.target.value }))}
      data-testid={`locations-${key}`}
    />
  );

  return (
    <section className={adminStyles.main} data-testid="admin-locations">
      <div className={styles.noPrint}>
        <PageHeader title={t('admin:locations.title')} lead={t('admin:locations.lead')} />
        <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
          {field('zone', t('admin:locations.zone'))}
          {field('rackFrom', t('admin:locations.rack_from'))}
          {field('rackTo', t('admin:locations.rack_to'))}
          {field('shelfFrom', t('admin:locations.shelf_from'))}
          {field('shelfTo', t('admin:locations.shelf_to'))}
          <Button type="submit" loading={creating.isLoading} data-testid="locations-create">
            {t('admin:locations.create')}
          </Button>
        </form>
        {note && <Alert kind={note.kind}>{note.text}</Alert>}
        <div style={{ display: 'flex', gap: '0.5rem', margin: '1rem 0', flexWrap: 'wrap' }}>
          <Button variant="secondary" disabled={!active.length} onClick={() => setPrinting((p) => !p)} data-testid="locations-sheet">
            {printing ? t('admin:locations.hide_sheet') : t('admin:locations.show_sheet', { count: active.length })}
          </Button>
          {printing && (
            <Button onClick={() => window.print()} data-testid="locations-print">
              {t('admin:locations.print')}
            </Button>
          )}
        </div>
        {shelves.length === 0 ? (
          <p className={styles.muted}>{t('admin:locations.none')}</p>
        ) : (
          !printing && (
            <ul className={styles.list} data-testid="locations-list">
              {shelves.map((s) => (
                <li key={s.id} className={`${styles.item} ${s.active ? '' : styles.off}`} data-label={s.label}>
                  <div>
                    <div className={styles.name}>{s.label}</div>
                    <div className={styles.muted}>
                      {s.code} · {t('admin:locations.parcels', { count: s.parcels })}
                    </div>
                  </div>
                  <Button size="sm" variant="ghost" onClick={() => void setActive({ id: branchId, locationId: s.id, active: !s.active })}>
                    {s.active ? t('admin:locations.deactivate') : t('admin:locations.activate')}
                  </Button>
                </li>
              ))}
            </ul>
          )
        )}
      </div>
      {printing && (
        <div className={styles.sheet} data-testid="locations-labels">
          {active.map((s) => (
            <div key={s.id} className={styles.label}>
              <QRCodeSVG value={s.code} size={96} level="M" marginSize={1} />
              <span className={styles.labelName}>{s.label}</span>
              <span className={styles.labelCode}>{s.code}</span>
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
