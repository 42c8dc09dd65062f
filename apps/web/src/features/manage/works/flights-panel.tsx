import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFlight } from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { Alert, PageSpinner } from '../../../components/ui/feedback';
import { TextField } from '../../../components/ui/field';
import { useDelayFlightMutation, useFlightDetailsQuery, useFlightsQuery } from '../api/manage-api';
import { ParcelSummary } from '../components/parcel-bits';
import { errorText } from '../model/api-error';
import { formatDate } from '../model/format';
import styles from '../manage.module.css';
import { CustomsHoldControl, CustomsManifestButtons } from './customs-box';
import { FlightArrivalClose } from './flight-arrival-close';
import { flightLabel } from './flight-picker';

/** While the arrival screen is open, the flights reload this often (another clerk's scans); each own scan reloads at once. */
const ARRIVAL_POLL_MS = 15_000;

/** Its parcels for one branch: which arrived and which are still missing. */
function FlightAtBranch({ flight, branchId }: { flight: TFlight; branchId: number }) {
  const { t } = useTranslation();
  const details = useFlightDetailsQuery({ id: flight.id, branch_id: branchId }, { pollingInterval: ARRIVAL_POLL_MS });
  const [closing, setClosing] = useState(false);
  if (closing) return <FlightArrivalClose flightId={flight.id} branchId={branchId} onBack={() => setClosing(false)} />;
  if (details.isLoading) return <PageSpinner />;
  if (details.error || !details.data) return <Alert kind="error">{errorText(details.error, t)}</Alert>;
  const { arrived, missing } = details.data;
  return (
    <div className={styles.stackGap} data-testid="flight-details">
      <div className={styles.actionsRow}>
        <Button size="sm" onClick={() => setClosing(true)} data-testid="flight-whole">
          {t('manage:flights.whole')}
        </Button>
      </div>
      <CustomsManifestButtons flightId={flight.id} branchId={branchId} />
      <h4 className={styles.subTitle}>{t('manage:flights.missing', { count: missing.length })}</h4>
      <ul className={styles.plainList} data-testid="flight-missing">
        {missing.map((p) => (
          <li key={p.id} className={styles.stackGap}>
            <ParcelSummary parcel={p} />
            <CustomsHoldControl parcel={p} />
          </li>
        ))}
      </ul>
      <h4 className={styles.subTitle}>{t('manage:flights.arrived', { count: arrived.length })}</h4>
      <ul className={styles.plainList} data-testid="flight-arrived">
        {arrived.map((p) => (
          <li key={p.id}>
            <ParcelSummary parcel={p} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Where the flight is planned: the broker's manifest, and its parcels still on the way, each to hold for customs or release. */
function FlightCustoms({ flight }: { flight: TFlight }) {
  const { t } = useTranslation();
  const details = useFlightDetailsQuery({ id: flight.id });
  const onWay = details.data?.missing ?? [];
  return (
    <div className={styles.stackGap} data-testid="flight-customs">
      <CustomsManifestButtons flightId={flight.id} />
      {details.error && <Alert kind="error">{errorText(details.error, t)}</Alert>}
      {onWay.length > 0 && (
        <>
          <h4 className={styles.subTitle}>{t('manage:customs.on_way', { count: onWay.length })}</h4>
          <ul className={styles.plainList} data-testid="flight-on-way">
            {onWay.map((p) => (
              <li key={p.id} className={styles.stackGap} data-testid="flight-parcel">
                <ParcelSummary parcel={p} />
                <CustomsHoldControl parcel={p} />
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** New expected dates for every destination of the flight, with the reason the customers are told. */
function DelayForm({ flight, onDone }: { flight: TFlight; onDone: () => void }) {
  const { t } = useTranslation();
  const [delay, delaying] = useDelayFlightMutation();
  const [dates, setDates] = useState<Record<number, string>>(
    Object.fromEntries(flight.arrivals.map((a) => [a.branch.id, a.expected_arrival])),
  );
  const [reason, setReason] = useState('');
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  return (
    <form
      className={styles.stackGap}
      data-testid="flight-delay-form"
      onSubmit={(e) => {
        e.preventDefault();
        setMessage(null);
        delay({
          id: flight.id,
          reason,
          arrivals: Object.entries(dates).map(([id, day]) => ({ branch_id: Number(id), expected_arrival: day })),
        })
          .unwrap()
          .then((r) => {
            setMessage({ kind: 'success', text: t('manage:flights.delayed', { count: r.notified }) });
            onDone();
          })
          .catch((error: unknown) => setMessage({ kind: 'error', text: errorText(error, t) }));
      }}
    >
      <div className={styles.twoCols}>
        {flight.arrivals.map((a) => (
          <TextField
            key={a.branch.id}
            label={a.branch.name}
            type="date"
            required
            value={dates[a.branch.id] ?? ''}
            onChange={(e) => setDates((d) => ({ ...d, [a.branch.id]: e.target.value }))}
            data-testid={`delay-arrival-${a.branch.id}`}
          />
        ))}
      </div>
      <TextField
        label={t('manage:flights.reason')}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        required
        minLength={3}
        maxLength={500}
        data-testid="delay-reason"
      />
      {message && <Alert kind={message.kind}>{message.text}</Alert>}
      <div className={styles.actionsRow}>
        <Button type="submit" loading={delaying.isLoading} data-testid="delay-submit">
          {t('manage:flights.delay_save')}
        </Button>
      </div>
    </form>
  );
}

/**
 * The latest flights. At a branch (branchId set) each opens to its parcels for that branch, arrived and missing;
 * where the flight is planned (canDelay) each can be given new expected dates with a reason.
 */
export function FlightsPanel({ branchId, canDelay }: { branchId?: number; canDelay: boolean }) {
  const { t, i18n } = useTranslation();
  // At a branch (the arrival screen) the counters stay live: each scan reloads them, and so does a timer.
  const flights = useFlightsQuery(undefined, { pollingInterval: branchId ? ARRIVAL_POLL_MS : 0 });
  const [open, setOpen] = useState<number | null>(null);
  const list = (flights.data ?? []).filter((f) => !branchId || f.arrivals.some((a) => a.branch.id === branchId));
  return (
    <section className={styles.panel} data-testid="flights-panel">
      <h2 className={styles.panelTitle}>{t('manage:flights.title')}</h2>
      {branchId && <p className={styles.hintText}>{t('manage:flights.live')}</p>}
      {flights.isLoading ? (
        <PageSpinner />
      ) : flights.error ? (
        <Alert kind="error">{errorText(flights.error, t)}</Alert>
      ) : !list.length ? (
        <p className={styles.muted}>{t('manage:flights.none')}</p>
      ) : (
        <ul className={styles.plainList} data-testid="flights-list">
          {list.map((f) => (
            <li key={f.id} className={styles.stackGap} data-testid="flight-row">
              <div className={styles.actionsRow}>
                <strong>{flightLabel(f, t, i18n.language)}</strong>
                <Button
                  variant="secondary"
                  size="sm"
                  aria-expanded={open === f.id}
                  onClick={() => setOpen(open === f.id ? null : f.id)}
                  data-testid="flight-open"
                >
                  {open === f.id ? t('manage:flights.close') : t(canDelay ? 'manage:flights.delay' : 'manage:flights.open')}
                </Button>
              </div>
              {/* One line per destination; where the flight is planned, those with none of its parcels only while none has any. */}
              <ul className={styles.plainList} data-testid="flight-arrivals">
                {f.arrivals
                  .filter((a) => (branchId ? a.branch.id === branchId : a.parcels > 0 || f.arrivals.every((b) => b.parcels === 0)))
                  .map((a) => (
                    <li key={a.branch.id} className={styles.muted} data-testid="flight-arrival-line">
                      {t('manage:flights.arrival_line', {
                        branch: a.branch.name,
                        date: formatDate(a.expected_arrival, i18n.language),
                        arrived: a.arrived,
                        parcels: a.parcels,
                      })}
                    </li>
                  ))}
              </ul>
              {open === f.id &&
                (canDelay ? (
                  <>
                    <DelayForm flight={f} onDone={() => undefined} />
                    <FlightCustoms flight={f} />
                  </>
                ) : branchId ? (
                  <FlightAtBranch flight={f} branchId={branchId} />
                ) : null)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
