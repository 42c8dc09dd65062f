import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TExportQuery } from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/feedback';
import { useExportTableMutation } from '../api/manage-api';
import { errorText } from '../model/api-error';
import styles from '../manage.module.css';

/** Buttons that download exactly the rows the table shows (same filters) as .xlsx or .csv. */
export function ExportButtons({ query, name }: { query: Omit<TExportQuery, 'format'>; name: string }) {
  const { t, i18n } = useTranslation();
  const [run, state] = useExportTableMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const go = async (format: 'xlsx' | 'csv') => {
    setProblem(null);
    try {
      const url = await run({ ...query, format, lang: i18n.language as 'kk' | 'ru' | 'en' }).unwrap();
      const a = document.createElement('a');
      a.href = url;
      a.download = `${name}.${format}`;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      setProblem(errorText(error, t));
    }
  };
  return (
    <div className={styles.actionsRow}>
      <Button
        size="sm"
        variant="secondary"
        loading={state.isLoading}
        onClick={() => void go('xlsx')}
        data-testid={`export-${query.table}-xlsx`}
      >
        {t('manage:reports.export_xlsx')}
      </Button>
      <Button size="sm" variant="ghost" onClick={() => void go('csv')} data-testid={`export-${query.table}-csv`}>
        {t('manage:reports.export_csv')}
      </Button>
      {problem && <Alert kind="error">{problem}</Alert>}
    </div>
  );
}
