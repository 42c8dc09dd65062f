import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IMPORT_FIELDS, type TImportColumns, type TImportLayout, type TImportSummary } from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/feedback';
import { SelectField } from '../../../components/ui/field';
import { useRemapImportMutation } from '../api/manage-api';
import { errorText } from '../model/api-error';
import styles from '../manage.module.css';

/** A column as a choice: its letter-free number, its header (or the first value), so staff recognise it. */
function columnLabel(c: TImportLayout['columns'][number], t: (k: string, o?: Record<string, unknown>) => string) {
  const name = c.header || c.sample;
  return name
    ? `${t('manage:import.mapping.column', { n: c.index + 1 })} · ${name}`
    : t('manage:import.mapping.column', { n: c.index + 1 });
}

/**
 * The mapping step (ADR 074): which column of the file holds each field. Opened by itself when the headers were not
 * recognised; otherwise on demand. With a header row the API keeps the choice for that layout.
 */
export function ImportMapping({
  summary,
  onDone,
  onCancel,
}: {
  summary: TImportSummary;
  onDone: (s: TImportSummary) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const layout = summary.layout!;
  // Headers not recognised usually means headers in other words: the first line is taken for one until unticked.
  const [header, setHeader] = useState(layout.header || layout.source === 'positional');
  const [columns, setColumns] = useState<TImportColumns>(layout.mapping);
  const [problem, setProblem] = useState<string | null>(null);
  const [remap, remapping] = useRemapImportMutation();

  const submit = async () => {
    setProblem(null);
    if (columns.track === null || columns.weight === null) return setProblem(t('manage:import.mapping.required'));
    const dims = [columns.length, columns.width, columns.height].filter((c) => c !== null).length;
    if (dims !== 0 && dims !== 3) return setProblem(t('manage:import.mapping.dims_all'));
    try {
      onDone(await remap({ id: summary.id, body: { header, columns } }).unwrap());
    } catch (error) {
      setProblem(errorText(error, t));
    }
  };

  // With the header switched on, columns are named by the first line; off, by their first value.
  const shown = layout.columns.map((c) => ({ ...c, header: header ? c.header || c.sample : null }));
  return (
    <form
      className={styles.stackGap}
      data-testid="import-mapping"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h3 className={styles.subTitle}>{t('manage:import.mapping.title')}</h3>
      <p className={styles.muted}>{t('manage:import.mapping.lead')}</p>
      <label className={styles.check}>
        <input type="checkbox" checked={header} onChange={(e) => setHeader(e.target.checked)} data-testid="import-mapping-header" />
        <span>{t('manage:import.mapping.header')}</span>
      </label>
      <div className={styles.threeCols}>
        {IMPORT_FIELDS.map((field) => (
          <SelectField
            key={field}
            label={t(`manage:import.mapping.field.${field}`)}
            value={columns[field] ?? ''}
            onChange={(e) => setColumns((c) => ({ ...c, [field]: e.target.value === '' ? null : Number(e.target.value) }))}
            data-testid={`import-map-${field}`}
          >
            <option value="">{t('manage:import.mapping.none')}</option>
            {shown.map((c) => (
              <option key={c.index} value={c.index}>
                {columnLabel(c, t)}
              </option>
            ))}
          </SelectField>
        ))}
      </div>
      {problem && <Alert kind="error">{problem}</Alert>}
      <div className={styles.actionsRow}>
        <Button type="submit" loading={remapping.isLoading} data-testid="import-mapping-apply">
          {t('manage:import.mapping.apply')}
        </Button>
        {onCancel && (
          <Button variant="ghost" type="button" onClick={onCancel}>
            {t('manage:import.mapping.cancel')}
          </Button>
        )}
      </div>
    </form>
  );
}
