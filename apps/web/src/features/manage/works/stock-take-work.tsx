import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STOCK_TAKE_DECISIONS, type TShelfRef, type TStockTake, type TStockTakeDifference } from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/feedback';
import { SelectField } from '../../../components/ui/field';
import {
  useDecideDifferenceMutation,
  useFinishStockTakeMutation,
  useStartStockTakeMutation,
  useStockTakeQuery,
  useStockTakeScanMutation,
  useStockTakesQuery,
} from '../api/shelves-api';
import { ScanInput, type ScanKind } from '../components/scan-input';
import { errorText } from '../model/api-error';
import manage from '../manage.module.css';
import styles from '../shelves.module.css';

type Branch = { branchId: number | undefined };

/** One difference with the buttons its kind allows (missing: mark missing / found; extra: place here; wrong shelf: move). */
function Difference({ d, countId, branchId }: { d: TStockTakeDifference; countId: number } & Branch) {
  const { t } = useTranslation();
  const [decide, state] = useDecideDifferenceMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const choose = async (decision: TStockTakeDifference['decision'] & string) => {
    try {
      await decide({ id: countId, differenceId: d.id, body: { decision, branch_id: branchId } }).unwrap();
      setProblem(null);
    } catch (error) {
      setProblem(errorText(error, t));
    }
  };
  return (
    <li className={`${styles.row} ${styles[`kind_${d.kind}`]}`} data-testid="difference" data-kind={d.kind} data-code={d.track_code}>
      <div className={styles.rowMain}>
        <strong>{t(`manage:stock.kind.${d.kind}`)}</strong>
        <span className={styles.code}>{d.track_code}</span>
        <span className={styles.meta}>
          {t('manage:stock.expected')}: {d.expected?.label ?? '—'} · {t('manage:stock.found')}: {d.found?.label ?? '—'}
          {d.not_here ? ` · ${t('manage:stock.not_here')}` : ''}
        </span>
        {problem && <span role="alert">{problem}</span>}
      </div>
      {d.decision ? (
        <span className={manage.placeTag} data-testid="decision">
          {t(`manage:stock.decision.${d.decision}`)}
        </span>
      ) : (
        <div className={manage.actionsRow}>
          {STOCK_TAKE_DECISIONS[d.kind].map((decision) => (
            <Button
              key={decision}
              size="sm"
              variant={decision === 'mark_missing' ? 'secondary' : 'primary'}
              loading={state.isLoading && state.originalArgs?.body.decision === decision}
              disabled={decision === 'place_here' && d.not_here}
              onClick={() => void choose(decision)}
              data-testid={`decide-${decision}`}
            >
              {t(`manage:stock.do.${decision}`)}
            </Button>
          ))}
        </div>
      )}
    </li>
  );
}

/** An open count: a big scan field (shelves and parcels), the current shelf, what was scanned so far, finish. */
function OpenCount({ count, branchId }: { count: TStockTake } & Branch) {
  const { t } = useTranslation();
  const [shelf, setShelf] = useState<TShelfRef | null>(null);
  const [counts, setCounts] = useState({ parcels: count.scanned_parcels, shelves: count.scanned_shelves });
  const [last, setLast] = useState<{ kind: ScanKind; text: string } | null>(null);
  const [scan] = useStockTakeScanMutation();
  const [finish, finishing] = useFinishStockTakeMutation();
  const onScan = useCallback(
    async (code: string): Promise<ScanKind> => {
      try {
        const r = await scan({ id: count.id, body: { code, shelf_id: shelf?.id, branch_id: branchId } }).unwrap();
        setCounts({ parcels: r.scanned_parcels, shelves: r.scanned_shelves });
        if (r.kind === 'shelf') setShelf(r.shelf);
        setLast({ kind: 'ok', text: r.kind === 'shelf' ? t('manage:stock.on_shelf', { shelf: r.shelf.label }) : (r.track_code ?? code) });
        return 'ok';
      } catch (error) {
        setLast({ kind: 'error', text: `${code}: ${errorText(error, t)}` });
        return 'error';
      }
    },
    [branchId, count.id, scan, shelf?.id, t],
  );
  return (
    <section className={manage.panel} data-testid="stock-open" data-zone={count.zone}>
      <div className={manage.panelHead}>
        <h2 className={manage.panelTitle}>{t('manage:stock.counting', { zone: count.zone })}</h2>
      </div>
      <p className={manage.muted}>{t('manage:stock.blind_lead')}</p>
      <div className={styles.current} data-testid="stock-shelf">
        <span>{t('manage:stock.current_shelf')}</span>
        <span className={styles.big}>{shelf?.label ?? '—'}</span>
      </div>
      <ScanInput
        label={shelf ? t('manage:stock.scan_parcel') : t('manage:stock.scan_shelf')}
        hint={t('manage:stock.hint')}
        onScan={onScan}
        testId="stock-scan"
      />
      {last && <Alert kind={last.kind === 'ok' ? 'success' : 'error'}>{last.text}</Alert>}
      <div className={styles.counts}>
        <div className={styles.count} data-testid="stock-count-parcels">
          <strong>{counts.parcels}</strong>
          {t('manage:stock.parcels')}
        </div>
        <div className={styles.count}>
          <strong>{counts.shelves}</strong>
          {t('manage:stock.shelves')}
        </div>
      </div>
      <Button
        block
        loading={finishing.isLoading}
        onClick={() => void finish({ id: count.id, branch_id: branchId })}
        data-testid="stock-finish"
      >
        {t('manage:stock.finish')}
      </Button>
    </section>
  );
}

function CountView({ id, branchId, onBack }: { id: number; onBack: () => void } & Branch) {
  const { t } = useTranslation();
  const q = useStockTakeQuery({ id, branch_id: branchId });
  if (!q.data) return q.error ? <Alert kind="error">{errorText(q.error, t)}</Alert> : null;
  const c = q.data;
  if (!c.finished_at) return <OpenCount count={c} branchId={branchId} />;
  return (
    <section className={manage.panel} data-testid="stock-differences">
      <div className={manage.panelHead}>
        <h2 className={manage.panelTitle}>{t('manage:stock.differences', { zone: c.zone })}</h2>
        <Button size="sm" variant="ghost" onClick={onBack}>
          {t('manage:stock.back')}
        </Button>
      </div>
      <p className={manage.muted}>{t('manage:stock.summary', { parcels: c.scanned_parcels, count: c.differences.length })}</p>
      {c.differences.length === 0 ? (
        <Alert kind="success">{t('manage:stock.none')}</Alert>
      ) : (
        <ul className={styles.rows}>
          {c.differences.map((d) => (
            <Difference key={d.id} d={d} countId={c.id} branchId={branchId} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** Stock-taking (ADR 083): a blind count per zone; the differences after the finish, each with its decision. */
export function StockTakeWork({ branchId }: Branch) {
  const { t } = useTranslation();
  const list = useStockTakesQuery({ branch_id: branchId });
  const [start, starting] = useStartStockTakeMutation();
  const [zone, setZone] = useState('');
  const [open, setOpen] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  if (open !== null) return <CountView id={open} branchId={branchId} onBack={() => setOpen(null)} />;
  const zones = list.data?.zones ?? [];
  const chosen = zone || zones[0] || '';
  const begin = async () => {
    try {
      setOpen((await start({ zone: chosen, branch_id: branchId }).unwrap()).id);
    } catch (error) {
      setProblem(errorText(error, t));
    }
  };
  return (
    <section className={manage.panel} data-testid="stock-take">
      <div className={manage.panelHead}>
        <h2 className={manage.panelTitle}>{t('manage:stock.title')}</h2>
      </div>
      <p className={manage.muted}>{t('manage:stock.lead')}</p>
      {zones.length === 0 ? (
        <Alert kind="info">{t('manage:stock.no_zones')}</Alert>
      ) : (
        <div className={styles.zones}>
          <SelectField label={t('manage:stock.zone')} value={chosen} onChange={(e) => setZone(e.target.value)} data-testid="stock-zone">
            {zones.map((z) => (
              <option key={z} value={z}>
                {z}
              </option>
            ))}
          </SelectField>
          <Button loading={starting.isLoading} onClick={() => void begin()} data-testid="stock-start">
            {t('manage:stock.start')}
          </Button>
        </div>
      )}
      {problem && <Alert kind="error">{problem}</Alert>}
      <ul className={styles.rows} data-testid="stock-list">
        {(list.data?.counts ?? []).map((c) => (
          <li key={c.id} className={styles.row}>
            <div className={styles.rowMain}>
              <strong>{t('manage:stock.zone_n', { zone: c.zone })}</strong>
              <span className={styles.meta}>
                {c.finished_at ? t('manage:stock.finished', { count: c.open_differences }) : t('manage:stock.open')} ·{' '}
                {t('manage:stock.scanned', { count: c.scanned_parcels })}
              </span>
            </div>
            <Button size="sm" variant="secondary" onClick={() => setOpen(c.id)} data-testid="stock-open-count">
              {c.finished_at ? t('manage:stock.view') : t('manage:stock.continue')}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
