import { useTranslation } from 'react-i18next';
import { ReceiptView } from '../../../components/receipt/receipt-view';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/feedback';
import { ScanInput } from '../components/scan-input';
import { useHandover } from '../model/use-handover';
import { HandoverCustomer } from './handover-customer';
import { HandoverParcels } from './handover-parcels';
import { HandoverDebtOnly, HandoverPayment } from './handover-payment';
import styles from '../manage.module.css';

/** Hand-over: scan the customer's QR (or type their client code or phone), choose parcels, record payment, get the receipt. */
export function HandoverWork({ branchId }: { branchId: number | undefined }) {
  const { t } = useTranslation();
  const h = useHandover(branchId);
  const { found, receipt, problem } = h;

  return (
    <div className={styles.stackGap}>
      <section className={styles.panel}>
        <h2 className={styles.panelTitle}>{t('manage:handover.title')}</h2>
        <ScanInput
          label={t('manage:handover.scan_label')}
          hint={t('manage:handover.scan_hint')}
          onScan={h.onScan}
          testId="handover-scan"
          placeholder={t('manage:handover.scan_label')}
          submitLabel={t('manage:handover.find')}
        />
        {problem && <Alert kind="error">{problem}</Alert>}
      </section>

      {receipt && (
        <section className={styles.panel} data-testid="handover-receipt">
          <Alert kind="success">{t('manage:handover.done', { count: receipt.items.length })}</Alert>
          <ReceiptView receipt={receipt} />
          <div className={styles.actionsRow}>
            <Button variant="secondary" onClick={() => window.print()}>
              {t('manage:handover.print')}
            </Button>
          </div>
        </section>
      )}

      {found && (
        <section className={styles.panel} data-testid="handover-customer">
          <HandoverCustomer found={found} h={h} />
          {found.parcels.length === 0 ? (
            <HandoverDebtOnly found={found} h={h} />
          ) : (
            <>
              <HandoverParcels found={found} h={h} branchId={branchId} />
              <HandoverPayment found={found} h={h} />
            </>
          )}
        </section>
      )}
    </div>
  );
}
