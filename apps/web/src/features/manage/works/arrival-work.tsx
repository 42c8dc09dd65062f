import { useCallback, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { READDRESS_REASON_LENGTH, type TManageBranch, type TScanResult } from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { useArriveParcelsMutation } from '../api/manage-api';
import { ScanInput, type ScanKind } from '../components/scan-input';
import { ScanLog, type ScanEntry } from '../components/scan-log';
import { errorInfo, errorText } from '../model/api-error';
import { entryOf, errorEntry, kindOf } from '../model/scan-entries';
import { scanFeedback } from '../model/scan-feedback';
import styles from '../manage.module.css';
import { FlightsPanel } from './flights-panel';
import { ShelvePanel } from './shelve-panel';

/**
 * "Accept here" for a parcel addressed to another branch: staff say why (3–500 characters; that branch reads it in its
 * worklist and the customer is told their pickup branch changed), then it is re-addressed here. `accept` answers the
 * problem to show at the field, or null when done.
 */
function AcceptHere({ accept }: { accept: (reason: string) => Promise<string | null> }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!open)
    return (
      <Button size="sm" variant="secondary" data-testid="arrival-accept-other" onClick={() => setOpen(true)}>
        {t('manage:arrival.accept_here')}
      </Button>
    );
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = reason.trim();
    if (text.length < READDRESS_REASON_LENGTH.min) return setProblem(t('manage:arrival.reason_short'));
    setBusy(true);
    const failed = await accept(text);
    setBusy(false);
    setProblem(failed);
  };
  return (
    <form className={styles.acceptForm} onSubmit={(e) => void submit(e)} noValidate data-testid="arrival-accept-form">
      <TextField
        label={t('manage:arrival.reason')}
        hint={t('manage:arrival.reason_hint')}
        value={reason}
        maxLength={READDRESS_REASON_LENGTH.max}
        autoFocus
        error={problem ?? undefined}
        onChange={(e) => setReason(e.target.value)}
        data-testid="arrival-reason"
      />
      <div className={styles.actionsRow}>
        <Button size="sm" type="submit" loading={busy} data-testid="arrival-accept-confirm">
          {t('manage:arrival.accept_confirm')}
        </Button>
        <Button size="sm" variant="ghost" type="button" onClick={() => setOpen(false)}>
          {t('manage:arrival.cancel')}
        </Button>
      </div>
    </form>
  );
}

/**
 * Arrival at a branch: scan each parcel off the truck. It gets its price and last free storage day; a parcel addressed
 * to another branch is flagged and stays in transit unless staff accept it here with a reason (then it is re-addressed
 * here, that branch and the customer are told).
 */
export function ArrivalWork({ branch, branchId }: { branch: TManageBranch | null; branchId: number | undefined }) {
  const { t } = useTranslation();
  const [log, setLog] = useState<ScanEntry[]>([]);
  const [arrive] = useArriveParcelsMutation();

  const push = useCallback((entry: ScanEntry) => setLog((l) => [entry, ...l].slice(0, 60)), []);

  const send = useCallback(
    async (code: string): Promise<TScanResult | null> => {
      try {
        const result = await arrive({ track_codes: [code], branch_id: branchId }).unwrap();
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
      const accept = async (reason: string): Promise<string | null> => {
        try {
          const result = await arrive({ track_codes: [r.track_code], branch_id: branchId, accept_other_branch: true, reason }).unwrap();
          const again = result.results[0];
          if (again) {
            scanFeedback(kindOf(again.outcome));
            setLog((l) => [entryOf(again, t), ...l.filter((e) => e.key !== entry.key)]);
          }
          return null;
        } catch (error) {
          const info = errorInfo(error, t);
          return info.fields.reason?.[0] ?? info.message;
        }
      };
      return { ...entry, action: <AcceptHere accept={accept} /> };
    },
    [arrive, branchId, t],
  );

  const onScan = useCallback(
    async (code: string): Promise<ScanKind> => {
      const r = await send(code);
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
      {/* Shelving right after arrival (ADR 083): each parcel's suggested shelf, confirmed by scanning the shelf. */}
      <ShelvePanel branchId={branchId} compact />
      {branch && <FlightsPanel branchId={branch.id} canDelay={false} />}
    </div>
  );
}
