import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { kgToGrams, type TBagDetails, type TBagScanResult, type TManageBranch } from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/feedback';
import { SelectField, TextField } from '../../../components/ui/field';
import { saveFile, useBagActionMutation, useBagFileMutation, useRemoveFromBagMutation, useScanIntoBagMutation } from '../api/bags-api';
import { ScanInput, type ScanKind } from '../components/scan-input';
import { ScanLog, type ScanEntry } from '../components/scan-log';
import { errorText } from '../model/api-error';
import { formatWeight } from '../model/format';
import styles from '../manage.module.css';
import { FlightPicker } from './flight-picker';

let seq = 0;
const kindOf = (outcome: TBagScanResult['outcome']): ScanKind =>
  outcome === 'added' ? 'ok' : outcome === 'already_in_bag' ? 'warn' : 'error';

/** grams → "1,250 kg" in the page's language. */
const kg = (grams: number, lang: string) => formatWeight(grams / 1000, lang);

/** The weighing check as the API will decide it: parcels + tare = expected ± allowed, and the scale's difference. */
function WeightCheck({ bag }: { bag: TBagDetails }) {
  const { t, i18n } = useTranslation();
  const c = bag.check;
  const lang = i18n.language;
  return (
    <div className={styles.stackGap} data-testid="bag-check" data-ok={c.ok}>
      <p className={styles.muted}>
        {t('manage:bags.check_line', {
          parcels: kg(c.parcels_grams, lang),
          tare: kg(c.tare_grams, lang),
          expected: kg(c.expected_grams, lang),
          allowed: kg(c.allowed_grams, lang),
        })}
      </p>
      {bag.weighed_grams !== null && c.difference_grams !== null && bag.status !== 'open' && (
        <p className={styles.muted}>{t('manage:bags.weighed', { weighed: kg(bag.weighed_grams, lang) })}</p>
      )}
      {bag.weighed_grams !== null && c.difference_grams !== null && bag.status === 'open' && (
        <Alert kind={c.ok ? 'success' : 'error'}>
          {t(c.ok ? 'manage:bags.check_ok' : 'manage:bags.check_bad', {
            weighed: kg(bag.weighed_grams, lang),
            difference: `${c.difference_grams > 0 ? '+' : c.difference_grams < 0 ? '−' : ''}${kg(Math.abs(c.difference_grams), lang)}`,
          })}
        </Alert>
      )}
    </div>
  );
}

/** One bag at the warehouse: scan parcels in, take them out, weigh, seal, print its label, put it on a flight. */
export function BagPanel({ bag, branches }: { bag: TBagDetails; branches: TManageBranch[] }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [scanIn] = useScanIntoBagMutation();
  const [remove] = useRemoveFromBagMutation();
  const [act, acting] = useBagActionMutation();
  const [fetchFile] = useBagFileMutation();
  const [log, setLog] = useState<ScanEntry[]>([]);
  const [weight, setWeight] = useState('');
  const [flightId, setFlightId] = useState<number | undefined>();
  const [size, setSize] = useState<'100x150' | '58x40'>('100x150');
  const [problem, setProblem] = useState<string | null>(null);
  const open = bag.status === 'open';

  const onScan = useCallback(
    async (code: string): Promise<ScanKind> => {
      try {
        const { results } = await scanIn({ id: bag.id, codes: [code] }).unwrap();
        const r = results[0]!;
        seq += 1;
        const entry: ScanEntry = {
          key: `${seq}`,
          code,
          kind: kindOf(r.outcome),
          title: t(`manage:bags.outcome.${r.outcome}`),
          text: r.message,
        };
        setLog((l) => [entry, ...l].slice(0, 60));
        return entry.kind;
      } catch (error) {
        seq += 1;
        setLog((l) => [{ key: `${seq}`, code, kind: 'error' as const, title: t('manage:outcome.error'), text: errorText(error, t) }, ...l]);
        return 'error';
      }
    },
    [bag.id, scanIn, t],
  );

  const run = async (action: 'weigh' | 'seal' | 'reopen' | 'dispatch', body?: object) => {
    setProblem(null);
    try {
      await act({ id: bag.id, action, body }).unwrap();
    } catch (error) {
      setProblem(errorText(error, t));
    }
  };
  const download = async (url: string, params: Record<string, string>, name: string) => {
    setProblem(null);
    try {
      saveFile(await fetchFile({ url, params }).unwrap(), name);
    } catch (error) {
      setProblem(errorText(error, t));
    }
  };
  const scaleKg = Number(weight.replace(',', '.'));

  return (
    <section className={styles.panel} data-testid="bag-panel" data-status={bag.status} data-bag={bag.number}>
      <div className={styles.panelHead}>
        <h2 className={styles.panelTitle}>
          <span className={styles.code}>{bag.number}</span>
        </h2>
        <span className={styles.placeTag}>
          {t(`manage:bags.status.${bag.status}`)} · {bag.branch.name}
        </span>
      </div>
      {open && (
        <>
          <ScanInput label={t('manage:bags.scan_label')} hint={t('manage:bags.scan_hint')} onScan={onScan} testId="bag-scan" />
          <ScanLog entries={log} testId="bag-log" />
        </>
      )}
      <p className={styles.tally} data-testid="bag-count">
        {t('manage:bags.count', { count: bag.parcels, weight: kg(bag.check.parcels_grams, lang) })}
      </p>
      {bag.items.length > 0 && (
        <div className={styles.tableWrap}>
          <table className={styles.table} data-testid="bag-items">
            <thead>
              <tr>
                <th>{t('manage:bags.col_number')}</th>
                <th>{t('manage:bags.col_track')}</th>
                <th>{t('manage:bags.col_client')}</th>
                <th>{t('manage:bags.col_weight')}</th>
                {open && <th aria-label={t('manage:bags.remove')} />}
              </tr>
            </thead>
            <tbody>
              {bag.items.map((p) => (
                <tr key={p.id} data-code={p.track_code}>
                  <td className={styles.code}>{p.number}</td>
                  <td className={styles.code}>{p.track_code}</td>
                  <td>{p.client_code ?? '—'}</td>
                  <td>{formatWeight(p.weight, lang)}</td>
                  {open && (
                    <td>
                      <Button size="sm" variant="ghost" onClick={() => void remove({ id: bag.id, orderId: p.id })}>
                        {t('manage:bags.remove')}
                      </Button>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <WeightCheck bag={bag} />
      {open && (
        <form
          className={styles.filterRow}
          onSubmit={(e) => {
            e.preventDefault();
            void run('weigh', { weight_grams: kgToGrams(scaleKg) });
          }}
        >
          <TextField
            label={t('manage:bags.weight_label')}
            inputMode="decimal"
            value={weight}
            onChange={(e) => setWeight(e.target.value)}
            data-testid="bag-weight"
          />
          <Button type="submit" variant="secondary" disabled={!(scaleKg > 0)} loading={acting.isLoading} data-testid="bag-weigh">
            {t('manage:bags.weigh')}
          </Button>
          <Button disabled={!bag.check.ok || !bag.parcels} onClick={() => void run('seal')} data-testid="bag-seal">
            {t('manage:bags.seal')}
          </Button>
        </form>
      )}
      {bag.status === 'sealed' && (
        <div className={styles.stackGap}>
          <FlightPicker branches={branches} value={flightId} onChange={setFlightId} />
          <div className={styles.actionsRow}>
            <Button
              disabled={!flightId}
              loading={acting.isLoading}
              onClick={() => void run('dispatch', { flight_id: flightId })}
              data-testid="bag-dispatch"
            >
              {t('manage:bags.dispatch')}
            </Button>
            <Button variant="ghost" onClick={() => void run('reopen')} data-testid="bag-reopen">
              {t('manage:bags.reopen')}
            </Button>
          </div>
        </div>
      )}
      {bag.flight && <p className={styles.muted}>{t('manage:bags.on_flight', { flight: bag.flight.carrier_ref })}</p>}
      <div className={styles.filterRow}>
        <SelectField label={t('manage:bags.label_size')} value={size} onChange={(e) => setSize(e.target.value as typeof size)}>
          <option value="100x150">100 × 150 mm</option>
          <option value="58x40">58 × 40 mm</option>
        </SelectField>
        <Button
          variant="secondary"
          onClick={() => void download(`manage/bags/${bag.id}/label`, { format: 'pdf', size }, `${bag.number}.pdf`)}
          data-testid="bag-label-pdf"
        >
          {t('manage:bags.label_pdf')}
        </Button>
        <Button variant="ghost" onClick={() => void download(`manage/bags/${bag.id}/label`, { format: 'zpl', size }, `${bag.number}.zpl`)}>
          {t('manage:bags.label_zpl')}
        </Button>
      </div>
      {problem && (
        <div data-testid="bag-problem">
          <Alert>{problem}</Alert>
        </div>
      )}
    </section>
  );
}
