import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IMPORT_OUTCOMES, type TImportOutcome, type TImportSummary } from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { Alert, Spinner } from '../../../components/ui/feedback';
import { useCommitImportMutation, useImportDetailQuery, usePreviewImportMutation } from '../api/manage-api';
import { SheetIcon } from '../components/manage-icons';
import { Pager } from '../components/parcel-bits';
import { errorText } from '../model/api-error';
import { formatCount, formatWeight } from '../model/format';
import styles from '../manage.module.css';
import { RejectedRows, UndoImport } from './import-actions';
import { ImportMapping } from './import-mapping';

function Counts({ summary, of }: { summary: TImportSummary; of: 'counts' | 'result' }) {
  const { t, i18n } = useTranslation();
  const c = of === 'result' ? summary.result : summary.counts;
  if (!c) return null;
  return (
    <dl className={styles.counts} data-testid={`import-${of}`}>
      {(['total', ...IMPORT_OUTCOMES] as const).map((k) => (
        <div key={k} className={`${styles.countBox} ${styles[`outcome_${k}`] ?? ''}`}>
          <dt>{t(`manage:import.outcome.${k}`)}</dt>
          <dd data-testid={`import-${of}-${k}`}>{formatCount(c[k], i18n.language)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Import a partner's spreadsheet: upload → preview per row → apply every valid row at once. */
export function ImportWork() {
  const { t, i18n } = useTranslation();
  const [summary, setSummary] = useState<TImportSummary | null>(null);
  const [outcome, setOutcome] = useState<TImportOutcome | undefined>(undefined);
  const [page, setPage] = useState(1);
  const [problem, setProblem] = useState<string | null>(null);
  const [mapping, setMapping] = useState(false);
  const file = useRef<HTMLInputElement>(null);
  const [preview, previewing] = usePreviewImportMutation();
  const [commit, committing] = useCommitImportMutation();
  const detail = useImportDetailQuery(summary ? { id: summary.id, page, outcome } : { id: 0, page: 1 }, { skip: !summary });

  const onFile = async (chosen: File | undefined) => {
    if (!chosen) return;
    setProblem(null);
    setSummary(null);
    try {
      const s = await preview(chosen).unwrap();
      setSummary(s);
      setPage(1);
      setOutcome(undefined);
      // Headers not recognised: the mapping step opens by itself.
      setMapping(s.layout?.source === 'positional');
    } catch (error) {
      setProblem(errorText(error, t));
    } finally {
      if (file.current) file.current.value = '';
    }
  };

  const apply = async () => {
    if (!summary) return;
    setProblem(null);
    try {
      setSummary(await commit(summary.id).unwrap());
    } catch (error) {
      setProblem(errorText(error, t));
    }
  };

  const applicable = summary ? summary.counts.new_order + summary.counts.unclaimed : 0;
  const rows = detail.data?.data.rows ?? [];

  return (
    <div className={styles.stackGap}>
      <section className={styles.panel}>
        <h2 className={styles.panelTitle}>{t('manage:import.title')}</h2>
        <p className={styles.muted}>{t('manage:import.lead')}</p>
        <div className={styles.fileRow}>
          <label className={styles.photoButton}>
            <SheetIcon size={20} />
            <span>{t('manage:import.choose')}</span>
            <input
              ref={file}
              type="file"
              accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              onChange={(e) => void onFile(e.target.files?.[0])}
              data-testid="import-file"
            />
          </label>
          {previewing.isLoading && <Spinner size={22} />}
        </div>
        <p className={styles.hintText}>{t('manage:import.format')}</p>
        {problem && <Alert kind="error">{problem}</Alert>}
      </section>

      {summary && (
        <section className={styles.panel} data-testid="import-preview">
          <div className={styles.panelHead}>
            <h2 className={styles.panelTitle}>
              {summary.committed_at ? t('manage:import.applied_title') : t('manage:import.preview_title')} · {summary.file_name}
            </h2>
          </div>
          {summary.layout && !summary.committed_at && (
            <div className={styles.actionsRow}>
              <span className={styles.muted} data-testid="import-layout-source">
                {t(`manage:import.mapping.source.${summary.layout.source}`)}
              </span>
              {!mapping && (
                <Button size="sm" variant="secondary" onClick={() => setMapping(true)} data-testid="import-mapping-open">
                  {t('manage:import.mapping.change')}
                </Button>
              )}
            </div>
          )}
          {mapping && summary.layout && !summary.committed_at && (
            <ImportMapping
              summary={summary}
              onDone={(s) => {
                setSummary(s);
                setMapping(false);
                setPage(1);
              }}
              onCancel={() => setMapping(false)}
            />
          )}
          <Counts summary={summary} of={summary.result ? 'result' : 'counts'} />
          <RejectedRows summary={summary} />
          {summary.result ? (
            <>
              {!summary.undone_at && (
                <Alert kind="success">{t('manage:import.applied', { count: summary.result.new_order + summary.result.unclaimed })}</Alert>
              )}
              <UndoImport summary={summary} onDone={setSummary} />
            </>
          ) : (
            <div className={styles.actionsRow}>
              <Button onClick={() => void apply()} loading={committing.isLoading} disabled={applicable === 0} data-testid="import-commit">
                {t('manage:import.apply', { count: applicable })}
              </Button>
              <span className={styles.muted}>{t('manage:import.apply_note')}</span>
            </div>
          )}
          <div className={styles.chips} role="group" aria-label={t('manage:import.filter')}>
            {([undefined, ...IMPORT_OUTCOMES] as const).map((o) => (
              <button
                key={o ?? 'all'}
                type="button"
                className={[styles.chip, outcome === o && styles.chipOn].filter(Boolean).join(' ')}
                aria-pressed={outcome === o}
                onClick={() => {
                  setOutcome(o);
                  setPage(1);
                }}
              >
                {t(`manage:import.outcome.${o ?? 'all'}`)}
              </button>
            ))}
          </div>
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th>{t('manage:import.col.row')}</th>
                  <th>{t('manage:import.col.code')}</th>
                  <th>{t('manage:import.col.weight')}</th>
                  <th>{t('manage:import.col.result')}</th>
                </tr>
              </thead>
              <tbody data-testid="import-rows">
                {rows.map((r) => (
                  <tr key={r.row} data-outcome={r.outcome}>
                    <td>{r.row}</td>
                    <td className={styles.code}>{r.track_code || '—'}</td>
                    <td>
                      {r.weight !== null ? formatWeight(r.weight, i18n.language) : '—'}
                      {r.dimensions && (
                        <div className={styles.muted}>
                          {[r.dimensions.length, r.dimensions.width, r.dimensions.height]
                            .map((n) => formatWeight(n, i18n.language))
                            .join('×')}{' '}
                          {t('manage:import.col.dims_unit')}
                        </div>
                      )}
                      {r.chargeable_weight !== null && r.weight !== null && r.chargeable_weight > r.weight && (
                        <div className={styles.muted}>
                          {t('manage:import.chargeable', { weight: formatWeight(r.chargeable_weight, i18n.language) })}
                        </div>
                      )}
                    </td>
                    <td>
                      <span className={`${styles.badge} ${styles[`outcome_${r.outcome}`]}`}>{t(`manage:import.outcome.${r.outcome}`)}</span>{' '}
                      {r.customer && (
                        <span>
                          {r.customer.client_code} · {r.customer.name}
                        </span>
                      )}
                      {r.reason && <div className={styles.muted}>{r.reason}</div>}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {detail.data && <Pager page={detail.data.meta.current_page} lastPage={detail.data.meta.last_page} onPage={setPage} />}
        </section>
      )}
    </div>
  );
}
