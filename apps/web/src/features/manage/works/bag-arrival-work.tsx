import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TBagArrival, TBagParcel, TManageBranch } from '@portal/contract';
import { Alert } from '../../../components/ui/feedback';
import { useArriveBagMutation, useScanFoundInBagMutation } from '../api/bags-api';
import { ScanInput, type ScanKind } from '../components/scan-input';
import { ScanLog, type ScanEntry } from '../components/scan-log';
import { errorText } from '../model/api-error';
import styles from '../manage.module.css';
import { ShelvePanel } from './shelve-panel';

let seq = 0;
const FOUND_KIND: Record<TBagArrival['results'][number]['outcome'], ScanKind> = {
  found: 'ok',
  already_found: 'warn',
  extra: 'warn',
  not_found: 'error',
  invalid_number: 'error',
};

function ParcelList({ title, parcels, testId }: { title: string; parcels: { key: string; text: string }[]; testId: string }) {
  const { t } = useTranslation();
  return (
    <section data-testid={testId} data-count={parcels.length}>
      <h3 className={styles.panelTitle}>{title}</h3>
      {parcels.length === 0 ? (
        <p className={styles.muted}>{t('manage:bag_arrival.none')}</p>
      ) : (
        <ul>
          {parcels.map((p) => (
            <li key={p.key} className={styles.code}>
              {p.text}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const line = (p: TBagParcel) => `${p.track_code} · ${p.number}${p.client_code ? ` · ${p.client_code}` : ''}`;

/**
 * A bag's arrival at the branch (issue 35, ADR 082): scan the bag's number and all its parcels arrive at once; then
 * scan the parcels found in it: the screen lists what is missing (in the bag, not scanned) and extra (not in it).
 */
export function BagArrivalWork({ branch, branchId }: { branch: TManageBranch | null; branchId: number | undefined }) {
  const { t } = useTranslation();
  const [arrive] = useArriveBagMutation();
  const [scanFound] = useScanFoundInBagMutation();
  const [state, setState] = useState<TBagArrival | null>(null);
  const [log, setLog] = useState<ScanEntry[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const push = (entry: Omit<ScanEntry, 'key'>) => {
    seq += 1;
    setLog((l) => [{ ...entry, key: `${seq}` }, ...l].slice(0, 60));
  };

  const onBag = useCallback(
    async (code: string): Promise<ScanKind> => {
      setProblem(null);
      try {
        const answer = await arrive({ code, branch_id: branchId }).unwrap();
        setState(answer);
        setLog([]);
        return answer.outcome === 'arrived' ? 'ok' : 'warn';
      } catch (error) {
        setProblem(errorText(error, t));
        return 'error';
      }
    },
    [arrive, branchId, t],
  );

  const onParcel = useCallback(
    async (code: string): Promise<ScanKind> => {
      if (!state) return 'error';
      try {
        const answer = await scanFound({ id: state.bag.id, body: { codes: [code], branch_id: branchId } }).unwrap();
        setState((s) => (s ? { ...answer, outcome: s.outcome, message: s.message, arrived_now: s.arrived_now } : answer));
        const r = answer.results[0]!;
        push({ code, kind: FOUND_KIND[r.outcome], title: t(`manage:bag_arrival.outcome.${r.outcome}`), text: r.message });
        return FOUND_KIND[r.outcome];
      } catch (error) {
        push({ code, kind: 'error', title: t('manage:outcome.error'), text: errorText(error, t) });
        return 'error';
      }
    },
    [branchId, scanFound, state, t],
  );

  return (
    <div className={styles.workGrid}>
      <section className={styles.panel}>
        <div className={styles.panelHead}>
          <h2 className={styles.panelTitle}>{t('manage:bag_arrival.title')}</h2>
          {branch && <span className={styles.placeTag}>{branch.name}</span>}
        </div>
        <p className={styles.muted}>{t('manage:bag_arrival.lead')}</p>
        <ScanInput
          label={t('manage:bag_arrival.bag_label')}
          hint={t('manage:bag_arrival.bag_hint')}
          placeholder={t('manage:bag_arrival.bag_placeholder')}
          onScan={onBag}
          testId="bag-arrival-scan"
        />
        {problem && (
          <div data-testid="bag-arrival-problem">
            <Alert>{problem}</Alert>
          </div>
        )}
        {state && (
          <div data-testid="bag-arrival-state" data-bag={state.bag.number} data-outcome={state.outcome}>
            <Alert kind={state.outcome === 'arrived' ? 'success' : 'info'}>{state.message}</Alert>
            <p className={styles.tally} data-testid="bag-arrival-count">
              {t('manage:bag_arrival.count', {
                bag: state.bag.number,
                found: state.found.length,
                total: state.found.length + state.missing.length,
              })}
            </p>
          </div>
        )}
      </section>
      {state && (
        <section className={styles.panel}>
          <ScanInput
            label={t('manage:bag_arrival.parcel_label')}
            hint={t('manage:scan.hint')}
            onScan={onParcel}
            testId="bag-found-scan"
            autoFocus={false}
          />
          <ScanLog entries={log} testId="bag-found-log" />
          <div className={styles.bagLists}>
            <ParcelList
              title={t('manage:bag_arrival.missing', { count: state.missing.length })}
              parcels={state.missing.map((p) => ({ key: String(p.id), text: line(p) }))}
              testId="bag-missing"
            />
            <ParcelList
              title={t('manage:bag_arrival.extra', { count: state.extra.length })}
              parcels={state.extra.map((e) => ({ key: e.code, text: e.parcel ? line(e.parcel) : e.code }))}
              testId="bag-extra"
            />
          </div>
        </section>
      )}
      {/* The bag's parcels go on shelves next (ADR 083): each one's suggested shelf, confirmed by scanning the shelf. */}
      <ShelvePanel branchId={branchId} compact />
    </div>
  );
}
