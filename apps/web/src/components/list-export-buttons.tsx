import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLang } from '@portal/contract';
import { describeApiError } from '../lib/api/errors';
import { useListExportMutation } from '../lib/api/list-export-api';
import { Button } from './ui/button';
import { Alert } from './ui/feedback';

/**
 * Download the list as .xlsx or .csv: the rows the screen shows for the same filters (`params`), in the page's
 * language, as the report blocks export them.
 */
export function ListExportButtons({
  url,
  params,
  name,
}: {
  url: string;
  params: Record<string, string | number | undefined>;
  name: string;
}) {
  const { t, i18n } = useTranslation();
  const [run, state] = useListExportMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const go = async (format: 'xlsx' | 'csv') => {
    setProblem(null);
    const answer = await run({ url, params: { ...params, format, lang: isLang(i18n.language) ? i18n.language : 'ru' } });
    if ('error' in answer) {
      setProblem(describeApiError(answer.error, t).message);
      return;
    }
    const a = document.createElement('a');
    a.href = answer.data;
    a.download = `${name}.${format}`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(answer.data), 10_000);
  };
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 'var(--space-2)', alignItems: 'center' }}>
      <Button size="sm" variant="secondary" loading={state.isLoading} onClick={() => void go('xlsx')} data-testid={`export-${name}-xlsx`}>
        {t('common:export_xlsx')}
      </Button>
      <Button size="sm" variant="ghost" onClick={() => void go('csv')} data-testid={`export-${name}-csv`}>
        {t('common:export_csv')}
      </Button>
      {problem && <Alert kind="error">{problem}</Alert>}
    </div>
  );
}
