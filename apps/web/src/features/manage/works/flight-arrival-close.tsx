import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TManageParcel } from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { Alert, PageSpinner } from '../../../components/ui/feedback';
import { useCloseFlightArrivalMutation, useFlightArrivalQuery } from '../api/manage-api';
import { ParcelSummary } from '../components/parcel-bits';
import { errorText } from '../model/api-error';
import { formatDateTime } from '../model/format';
import styles from '../manage.module.css';

function ParcelList({ parcels, empty, testId }: { parcels: TManageParcel[]; empty: string; testId: string }) {
  if (!parcels.length) return <p className={styles.muted}>{empty}</p>;
  return (
    <ul className={styles.plainList} data-testid={testId}>
      {parcels.map((p) => (
        <li key={p.id}>
          <ParcelSummary parcel={p} />
        </li>
      ))}
    </ul>
  );
}

/**
 * "The whole flight arrived" (ADR 074): the clerk sees what is missing (expected on the flight, not scanned) and what
 * came unexpectedly (scanned here, on another flight or none), then confirms. Missing parcels stay in transit,
 * flagged missing; the close is audited and happens once.
 */
export function FlightArrivalClose({ flightId, branchId, onBack }: { flightId: number; branchId: number; onBack: () => void }) {
  const { t, i18n } = useTranslation();
  const check = useFlightArrivalQuery({ id: flightId, branch_id: branchId });
  const [close, closing] = useCloseFlightArrivalMutation();
  const [problem, setProblem] = useState<string | null>(null);
  if (check.isLoading) return <PageSpinner />;
  if (check.error || !check.data) return <Alert kind="error">{errorText(check.error, t)}</Alert>;
  const c = check.data;
  const confirm = async () => {
    setProblem(null);
    try {
      await close({ id: flightId, branch_id: branchId, missing: c.missing.length, unexpected: c.unexpected.length }).unwrap();
    } catch (error) {
      setProblem(errorText(error, t));
      void check.refetch();
    }
  };
  return (
    <section className={styles.stackGap} data-testid="flight-close" aria-label={t('manage:flights.whole')}>
      <h3 className={styles.subTitle}>{t('manage:flights.whole')}</h3>
      {c.closed_at ? (
        <Alert kind="success">
          {t('manage:flights.closed', { when: formatDateTime(c.closed_at, i18n.language), who: c.closed_by ?? '—' })}
        </Alert>
      ) : (
        <p className={styles.muted}>{t('manage:flights.whole_lead')}</p>
      )}
      <p className={styles.tally} data-testid="flight-close-progress">
        {t('manage:flights.progress', { arrived: c.arrived.length, parcels: c.expected })}
      </p>
      <h4 className={styles.subTitle}>{t('manage:flights.missing', { count: c.missing.length })}</h4>
      {c.missing.length > 0 && <p className={styles.hintText}>{t('manage:flights.missing_note')}</p>}
      <ParcelList parcels={c.missing} empty={t('manage:flights.none_missing')} testId="flight-close-missing" />
      <h4 className={styles.subTitle}>{t('manage:flights.unexpected', { count: c.unexpected.length })}</h4>
      {c.unexpected.length > 0 && <p className={styles.hintText}>{t('manage:flights.unexpected_note')}</p>}
      <ParcelList parcels={c.unexpected} empty={t('manage:flights.none_unexpected')} testId="flight-close-unexpected" />
      {problem && <Alert kind="error">{problem}</Alert>}
      <div className={styles.actionsRow}>
        {!c.closed_at && (
          <Button loading={closing.isLoading} onClick={() => void confirm()} data-testid="flight-close-confirm">
            {t('manage:flights.confirm')}
          </Button>
        )}
        <Button variant="ghost" onClick={onBack}>
          {t('manage:flights.cancel')}
        </Button>
      </div>
    </section>
  );
}
