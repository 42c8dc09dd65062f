import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLang } from '@portal/contract';
import { useSearchParams } from 'react-router-dom';
import { ReceiptView } from '../../../components/receipt/receipt-view';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card, PageHeader } from '../../../components/ui/card';
import { Alert, EmptyState, ErrorState, PageSpinner } from '../../../components/ui/feedback';
import { describeApiError } from '../../../lib/api/errors';
import { useGetReceiptQuery, useReceiptPdfMutation } from '../api/receipts-api';

/** /orders/receipt?id=N: the receipt of a hand-over (opened from the "parcels handed over" notification). */
export default function ReceiptPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const [downloadPdf, pdfState] = useReceiptPdfMutation();
  const [pdfProblem, setPdfProblem] = useState<string | null>(null);
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const q = useGetReceiptQuery(id, { skip: !valid });
  if (!valid || (q.error && describeApiError(q.error, t).status === 404)) {
    return (
      <EmptyState
        level={1}
        title={t('receipts:not_found')}
        text={t('receipts:not_found_text')}
        actions={<ButtonLink to="/orders">{t('receipts:to_orders')}</ButtonLink>}
      />
    );
  }
  if (q.isLoading) return <PageSpinner />;
  if (q.error || !q.data)
    return (
      <ErrorState level={1} title={t('errors:unknown')} text={describeApiError(q.error, t).message} onRetry={() => void q.refetch()} />
    );
  const download = async () => {
    setPdfProblem(null);
    const answer = await downloadPdf({ id, lang: isLang(i18n.language) ? i18n.language : 'ru' });
    if ('error' in answer) {
      setPdfProblem(describeApiError(answer.error, t).message);
      return;
    }
    const url = answer.data;
    const a = document.createElement('a');
    a.href = url;
    a.download = `${t('receipts:file_name', { id })}.pdf`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };
  return (
    <section>
      <PageHeader title={t('receipts:page_title')} />
      <Card>
        <ReceiptView receipt={q.data} />
      </Card>
      {/* The print stylesheet leaves the site's header, navigation and footer out (layout.module.css). */}
      <div className="no-print" style={{ marginTop: 'var(--space-4)', display: 'flex', flexWrap: 'wrap', gap: 'var(--space-3)' }}>
        <Button variant="secondary" onClick={() => window.print()} data-testid="receipt-print">
          {t('receipts:print')}
        </Button>
        <Button variant="secondary" loading={pdfState.isLoading} onClick={() => void download()} data-testid="receipt-pdf">
          {t('receipts:download_pdf')}
        </Button>
        {pdfProblem && <Alert kind="error">{pdfProblem}</Alert>}
      </div>
    </section>
  );
}
