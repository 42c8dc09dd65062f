import { useTranslation } from 'react-i18next';
import type { THandoverLookup } from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/feedback';
import { PaidOnlineBox } from '../components/paid-online-box';
import { PaymentRows } from '../components/payment-rows';
import { StorageFeeBox } from '../components/storage-fee-box';
import { formatWeight } from '../model/format';
import type { Handover } from '../model/use-handover';
import styles from '../manage.module.css';

/** What the chosen parcels cost, storage, the credit paid online, the debt; the payment lines and the confirmation. */
export function HandoverPayment({ found, h }: { found: THandoverLookup; h: Handover }) {
  const { t, i18n } = useTranslation();
  const { chosen, weight, parcelsMinor, storage, credit, totalMinor, debt, due, paid, short, over, money } = h;
  return (
    <>
      <div className={styles.totalBox} data-testid="handover-total">
        <span>{t('manage:handover.selected', { count: chosen.length, weight: formatWeight(weight, i18n.language) })}</span>
        <strong>{money(parcelsMinor)}</strong>
      </div>
      <StorageFeeBox
        storage={storage}
        currency={found.currency}
        waive={h.waive}
        reason={h.waiveReason}
        onWaive={h.toggleWaive}
        onReason={h.setWaiveReason}
      />
      <PaidOnlineBox paid={credit.paid} payments={credit.payments} currency={found.currency} covered={totalMinor === 0} />
      {debt > 0 && (
        <label className={styles.check}>
          <input type="checkbox" checked={h.payDebtToo} onChange={h.toggleDebt} data-testid="handover-pay-debt" />
          <span>{t('manage:pay.with_debt', { amount: money(debt), due: money(totalMinor + debt) })}</span>
        </label>
      )}
      {due > 0 && (
        <>
          <h3 className={styles.panelTitle}>{t('manage:handover.payment')}</h3>
          <PaymentRows
            lines={h.lines}
            onChange={h.setLines}
            currency={found.currency}
            suggest={Math.max(due - paid, 0)}
            methods={h.methods}
          />
        </>
      )}
      {(due > 0 || paid > 0) && (
        <div className={styles.totalBox} data-testid="handover-paid">
          <span>{t('manage:pay.paid_of', { paid: money(paid), due: money(due) })}</span>
          {short && <strong data-testid="handover-remaining">{t('manage:pay.remaining', { amount: money(totalMinor - paid) })}</strong>}
        </div>
      )}
      {over && <Alert kind="error">{t('manage:pay.over', { amount: money(totalMinor + debt) })}</Alert>}
      {short && (
        <label className={styles.check}>
          <input type="checkbox" checked={h.acceptDebt} onChange={() => h.setAcceptDebt((v) => !v)} data-testid="handover-accept-debt" />
          <span>{t('manage:pay.accept_debt', { amount: money(totalMinor - paid) })}</span>
        </label>
      )}
      <Button block disabled={!h.canConfirm} loading={h.completing} onClick={() => void h.confirm()} data-testid="handover-confirm">
        {t('manage:handover.confirm', { total: money(paid) })}
      </Button>
    </>
  );
}

/** Nothing to hand over: an open debt can still be paid alone. */
export function HandoverDebtOnly({ found, h }: { found: THandoverLookup; h: Handover }) {
  const { t } = useTranslation();
  const { debt, paid, over, money } = h;
  return (
    <>
      <p className={styles.muted} data-testid="handover-nothing">
        {t('manage:handover.nothing')}
      </p>
      {debt > 0 && (
        <>
          <PaymentRows
            lines={h.lines}
            onChange={h.setLines}
            currency={found.currency}
            suggest={Math.max(debt - paid, 0)}
            methods={h.methods}
          />
          {over && <Alert kind="error">{t('manage:pay.over', { amount: money(debt) })}</Alert>}
          <Button
            block
            disabled={!h.payments?.length || over}
            loading={h.payingDebt}
            onClick={() => void h.takeDebtOnly()}
            data-testid="debt-pay"
          >
            {t('manage:pay.take_debt', { amount: money(paid) })}
          </Button>
        </>
      )}
    </>
  );
}
