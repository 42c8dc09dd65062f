import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TManageBranch, TScanResult } from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { useArriveParcelsMutation } from '../api/manage-api';
import { ScanInput, type ScanKind } from '../components/scan-input';
import { ScanLog, type ScanEntry } from '../components/scan-log';
import { errorText } from '../model/api-error';
import { entryOf, errorEntry, kindOf } from '../model/scan-entries';
import { scanFeedback } from '../model/scan-feedback';
import styles from '../manage.module.css';
import { FlightsPanel } from './flights-panel';

/**
 * Arrival at a branch: scan each parcel off the truck. It gets its price and last free storage day; a parcel addressed
 * to another branch is flagged and stays in transit unless staff press "accept here" (then it is re-addressed here).
 */
export function ArrivalWork({ branch, branchId }: { branch: TManageBranch | null; branchId: number | undefined }) {
  const { t } = useTranslation();
  const [log, setLog] = useState<ScanEntry[]>([]);
  const [arrive] = useArriveParcelsMutation();

  const push = useCallback((entry: ScanEntry) => setLog((l) => [entry, ...l].slice(0, 60)), []);

  const send = useCallback(
    async (code: string, acceptOther: boolean): Promise<TScanResult | null> => {
      try {
        const result = await arrive({
          track_codes: [code],
          branch_id: branchId,
          ...(acceptOther ? { accept_other_branch: true } : {}),
        }).unwrap();
        return result.results[0] ?? null;
      } catch (error) {
        push(errorEntry(code, errorText(error, t), t));
        return null;
      }
    },
    [arrive, branchId, push, t],
  );

  const withAction = useCallback(
    (r: TScanResult): ScanEntry => {
      const entry = entryOf(r, t);
      if (r.outcome !== 'other_branch') return entry;
      return {
        ...entry,
        action: (
          <Button
            size="sm"
            variant="secondary"
            data-testid="arrival-accept-other"
            onClick={async () => {
              const again = await send(r.track_code, true);
              if (again) {
                scanFeedback(kindOf(again.outcome));
                setLog((l) => [entryOf(again, t), ...l.filter((e) => e.key !== entry.key)]);
              }
            }}
          >
            {t('manage:arrival.accept_here')}
          </Button>
        ),
      };
    },
    [send, t],
  );

  const onScan = useCallback(
    async (code: string): Promise<ScanKind> => {
      const r = await send(code, false);
      if (!r) return 'error';
      push(withAction(r));
      return kindOf(r.outcome);
    },
    [push, send, withAction],
  );

  const arrived = log.filter((e) => e.outcome === 'moved').length;
  return (
    <div className={styles.workGrid}>
      <section className={styles.panel}>
        <div className={styles.panelHead}>
          <h2 className={styles.panelTitle}>{t('manage:arrival.title')}</h2>
          {branch && (
            <span className={styles.placeTag}>
              {t('manage:arrival.at', { branch: branch.name, tariff: branch.tariff, currency: branch.currency })}
            </span>
          )}
        </div>
        <p className={styles.muted}>{t('manage:arrival.lead')}</p>
        <ScanInput label={t('manage:arrival.scan_label')} hint={t('manage:scan.hint')} onScan={onScan} testId="arrival-scan" />
        {arrived > 0 && <p className={styles.tally}>{t('manage:arrival.tally', { count: arrived })}</p>}
        <ScanLog entries={log} testId="arrival-log" />
      </section>
      {branch && <FlightsPanel branchId={branch.id} canDelay={false} />}
    </div>
  );
}
