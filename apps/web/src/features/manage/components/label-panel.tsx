import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LABEL_SIZES, type TLabelSizeCode, type TManageParcel } from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/feedback';
import { SegmentedField } from '../../../components/ui/field';
import { useLabelPdfMutation, useLabelPrintersQuery, usePrintLabelMutation } from '../api/labels-api';
import { errorText } from '../model/api-error';
import styles from '../manage.module.css';

/**
 * A parcel's label (ADR 080): choose the size, print it on the place's default label printer, or open the PDF (the
 * browser prints it on any printer). One label per box. `reprint` names it for the parcel view.
 */
export function LabelPanel({ parcel, reprint = false }: { parcel: TManageParcel; reprint?: boolean }) {
  const { t } = useTranslation();
  const printers = useLabelPrintersQuery();
  const fallback = printers.data?.find((p) => p.is_default) ?? printers.data?.[0];
  const [chosen, setChosen] = useState<TLabelSizeCode | null>(null);
  const size = chosen ?? fallback?.default_size ?? '100x150';
  const [print, printing] = usePrintLabelMutation();
  const [pdf, opening] = useLabelPdfMutation();
  const [note, setNote] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  const onPrint = async () => {
    setNote(null);
    try {
      const done = await print({ id: parcel.id, body: { size } }).unwrap();
      setNote({ kind: 'success', text: t('manage:label.printed', { printer: done.printer.name, count: done.labels }) });
    } catch (error) {
      setNote({ kind: 'error', text: errorText(error, t) });
    }
  };

  const onPdf = async () => {
    setNote(null);
    // Opened now, while the click still counts, so no pop-up blocker stops it; filled when the file is here.
    const tab = window.open('', '_blank');
    try {
      const url = await pdf({ id: parcel.id, size }).unwrap();
      if (tab) tab.location.href = url;
      else {
        const a = document.createElement('a');
        a.href = url;
        a.download = `${parcel.number}-${size}.pdf`;
        a.click();
      }
      window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (error) {
      tab?.close();
      setNote({ kind: 'error', text: errorText(error, t) });
    }
  };

  return (
    <section
      className={styles.labelPanel}
      aria-label={t(reprint ? 'manage:label.reprint' : 'manage:label.title')}
      data-testid="label-panel"
    >
      <div className={styles.labelHead}>
        <strong>{t(reprint ? 'manage:label.reprint' : 'manage:label.title')}</strong>
        <span className={styles.code}>{parcel.number}</span>
        {parcel.boxes > 1 && <span className={styles.muted}>{t('manage:label.per_box', { count: parcel.boxes })}</span>}
      </div>
      <SegmentedField
        label={t('manage:label.size')}
        name={`label-size-${parcel.id}`}
        value={size}
        options={LABEL_SIZES.map((s) => ({ value: s, label: t(`manage:label.size_${s}`) }))}
        onChange={setChosen}
      />
      <div className={styles.actionsRow}>
        <Button
          size="sm"
          onClick={onPrint}
          loading={printing.isLoading}
          disabled={!fallback}
          title={fallback ? fallback.name : t('manage:label.no_printer')}
          data-testid="label-print"
        >
          {t('manage:label.print')}
        </Button>
        <Button size="sm" variant="secondary" onClick={onPdf} loading={opening.isLoading} data-testid="label-pdf">
          {t('manage:label.pdf')}
        </Button>
      </div>
      {printers.data && !fallback && <p className={styles.muted}>{t('manage:label.no_printer')}</p>}
      {note && <Alert kind={note.kind}>{note.text}</Alert>}
    </section>
  );
}
