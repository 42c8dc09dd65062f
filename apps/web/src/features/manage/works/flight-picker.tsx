import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FLIGHT_MODES, type TFlight, type TFlightMode, type TManageBranch } from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/feedback';
import { SelectField, TextField } from '../../../components/ui/field';
import { useCreateFlightMutation, useFlightsQuery } from '../api/manage-api';
import { errorText } from '../model/api-error';
import { formatDate } from '../model/format';
import styles from '../manage.module.css';

/** One line naming a flight: mode, carrier reference and departure day. */
export function flightLabel(f: TFlight, t: (k: string) => string, lang: string) {
  return `${t(`manage:flights.mode_${f.mode}`)} · ${f.carrier_ref} · ${formatDate(f.departure_date, lang)}`;
}

/** The flight dispatched parcels go on: pick one of the latest, or create it here (mode, reference, dates per branch). */
export function FlightPicker({
  branches,
  value,
  onChange,
}: {
  branches: TManageBranch[];
  value: number | undefined;
  onChange: (id: number | undefined) => void;
}) {
  const { t, i18n } = useTranslation();
  const flights = useFlightsQuery();
  const [create, creating] = useCreateFlightMutation();
  const [open, setOpen] = useState(false);
  const [mode, setMode] = useState<TFlightMode>('truck');
  const [ref, setRef] = useState('');
  const [departure, setDeparture] = useState('');
  const [arrivals, setArrivals] = useState<Record<number, string>>({});
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    setError(null);
    try {
      const flight = await create({
        mode,
        carrier_ref: ref,
        departure_date: departure,
        arrivals: Object.entries(arrivals)
          .filter(([, day]) => day)
          .map(([id, day]) => ({ branch_id: Number(id), expected_arrival: day })),
      }).unwrap();
      onChange(flight.id);
      setOpen(false);
      setRef('');
      setArrivals({});
    } catch (e) {
      setError(errorText(e, t));
    }
  };

  return (
    <div className={styles.stackGap} data-testid="flight-picker">
      <div className={styles.filterRow}>
        <SelectField
          label={t('manage:flights.flight')}
          value={value ?? ''}
          onChange={(e) => onChange(e.target.value ? Number(e.target.value) : undefined)}
          data-testid="dispatch-flight"
        >
          <option value="">{t('manage:flights.no_flight')}</option>
          {(flights.data ?? []).map((f) => (
            <option key={f.id} value={f.id}>
              {flightLabel(f, t, i18n.language)}
            </option>
          ))}
        </SelectField>
        <Button variant="secondary" onClick={() => setOpen((o) => !o)} aria-expanded={open} data-testid="flight-new">
          {t('manage:flights.new')}
        </Button>
      </div>
      {open && (
        <form
          className={styles.stackGap}
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
          data-testid="flight-form"
        >
          <div className={styles.threeCols}>
            <SelectField
              label={t('manage:flights.mode')}
              value={mode}
              onChange={(e) => setMode(e.target.value as TFlightMode)}
              data-testid="flight-mode"
            >
              {FLIGHT_MODES.map((m) => (
                <option key={m} value={m}>
                  {t(`manage:flights.mode_${m}`)}
                </option>
              ))}
            </SelectField>
            <TextField
              label={t('manage:flights.carrier_ref')}
              value={ref}
              onChange={(e) => setRef(e.target.value)}
              maxLength={60}
              required
              autoComplete="off"
              data-testid="flight-ref"
            />
            <TextField
              label={t('manage:flights.departure')}
              type="date"
              value={departure}
              onChange={(e) => setDeparture(e.target.value)}
              required
              data-testid="flight-departure"
            />
          </div>
          <fieldset className={styles.dimsField}>
            <legend className={styles.dimsLegend}>{t('manage:flights.arrivals')}</legend>
            <p className={styles.hintText}>{t('manage:flights.arrivals_hint')}</p>
            <div className={styles.twoCols}>
              {branches.map((b) => (
                <TextField
                  key={b.id}
                  label={b.name}
                  type="date"
                  min={departure || undefined}
                  value={arrivals[b.id] ?? ''}
                  onChange={(e) => setArrivals((a) => ({ ...a, [b.id]: e.target.value }))}
                  data-testid={`flight-arrival-${b.id}`}
                />
              ))}
            </div>
          </fieldset>
          {error && <Alert kind="error">{error}</Alert>}
          <div className={styles.actionsRow}>
            <Button type="submit" loading={creating.isLoading} data-testid="flight-create">
              {t('manage:flights.create')}
            </Button>
            <Button variant="ghost" onClick={() => setOpen(false)}>
              {t('common:cancel')}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
