import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TImportSummary } from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/feedback';
import { useImportRejectedMutation, useUndoImportMutation } from '../api/manage-api';
import { errorText } from '../model/api-error';
import { formatCount, formatDateTime } from '../model/format';
import styles from '../manage.module.css';

/** The rejected rows (invalid and duplicate) as a file: the original cells and the reason in the clerk's language. */
export function RejectedRows({ summary }: { summary: TImportSummary }) {
  const { t, i18n } = useTranslation();
  const [fetchFile, fetching] = useImportRejectedMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const count = summary.counts.invalid + summary.counts.duplicate;
  if (!count) return null;
  const download = async (format: 'xlsx' | 'csv') => {
    setProblem(null);
    try {
      const url = await fetchFile({ id: summary.id, format }).unwrap();
      const a = document.createElement('a');
      a.href = url;
      a.download = `${summary.file_name.replace(/\.(xlsx|csv)$/i, '')}_rejected.${format}`;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      setProblem(errorText(error, t));
    }
  };
  return (
    <div className={styles.stackGap} data-testid="import-rejected">
      <div className={styles.actionsRow}>
        <span>{t('manage:import.rejected', { count: formatCount(count, i18n.language) })}</span>
        <Button
          size="sm"
          variant="secondary"
          loading={fetching.isLoading}
          onClick={() => void download('xlsx')}
          data-testid="import-rejected-xlsx"
        >
          {t('manage:import.rejected_xlsx')}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => void download('csv')} data-testid="import-rejected-csv">
          {t('manage:import.rejected_csv')}
        </Button>
      </div>
      {problem && <Alert kind="error">{problem}</Alert>}
    </div>
  );
}

/** Undo of a committed import within its hour, confirmed first; the API refuses it once a parcel has moved on. */
export function UndoImport({ summary, onDone }: { summary: TImportSummary; onDone: (s: TImportSummary) => void }) {
  const { t, i18n } = useTranslation();
  const [undo, undoing] = useUndoImportMutation();
  const [asking, setAsking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  if (summary.undone_at) return <Alert kind="success">{t('manage:import.undone')}</Alert>;
  if (!summary.result || !summary.undo_until || Date.parse(summary.undo_until) < Date.now()) return null;
  const received = summary.result.new_order + summary.result.unclaimed;
  const run = async () => {
    setProblem(null);
    try {
      onDone(await undo(summary.id).unwrap());
    } catch (error) {
      setProblem(errorText(error, t));
    }
    setAsking(false);
  };
  return (
    <div className={styles.stackGap} data-testid="import-undo">
      <p className={styles.muted}>{t('manage:import.undo_until', { time: formatDateTime(summary.undo_until, i18n.language) })}</p>
      {asking ? (
        <div className={styles.stackGap} role="alertdialog" aria-label={t('manage:import.undo')}>
          <Alert kind="info">{t('manage:import.undo_confirm', { count: received })}</Alert>
          <div className={styles.actionsRow}>
            <Button variant="danger" loading={undoing.isLoading} onClick={() => void run()} data-testid="import-undo-confirm">
              {t('manage:import.undo_yes')}
            </Button>
            <Button variant="ghost" onClick={() => setAsking(false)}>
              {t('manage:import.undo_no')}
            </Button>
          </div>
        </div>
      ) : (
        <div className={styles.actionsRow}>
          <Button variant="secondary" onClick={() => setAsking(true)} data-testid="import-undo-open">
            {t('manage:import.undo')}
          </Button>
        </div>
      )}
      {problem && <Alert kind="error">{problem}</Alert>}
    </div>
  );
}
