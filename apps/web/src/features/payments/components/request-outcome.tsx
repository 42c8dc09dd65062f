import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toMajor, type TPaymentRequest } from '@portal/contract';
import { Button, ButtonLink } from '../../../components/ui/button';
import { CheckIcon } from '../../../components/ui/icons';
import { EmptyState } from '../../../components/ui/feedback';
import { currentLang, formatMoney } from '../../../lib/content/format';
import styles from './pay.module.css';

/** How a request ended: paid (nothing to pay at the counter), failed or expired (pay again), cancelled or refunded. */
export function RequestOutcome(props: { request: TPaymentRequest; onRetry: () => void; retrying: boolean }) {
  const { t, i18n } = useTranslation();
  const { request } = props;
  const amount = formatMoney(toMajor(request.amount), request.currency, currentLang(i18n));
  const again = (
    <Button onClick={props.onRetry} loading={props.retrying} data-testid="pay-retry">
      {t('payments:state.try_again')}
    </Button>
  );
  const toOrders = (
    <ButtonLink variant="secondary" to="/orders">
      {t('payments:state.to_orders')}
    </ButtonLink>
  );
  const state = (title: string, text: string, actions: ReactNode, icon?: ReactNode) => (
    <div data-testid={`pay-state-${request.status}`}>
      <EmptyState title={title} text={text} actions={actions} icon={icon} />
    </div>
  );
  switch (request.status) {
    case 'paid':
      return (
        <div className={styles.paid} data-testid="pay-state-paid">
          <span className={styles.paidIcon}>
            <CheckIcon size={36} />
          </span>
          <h2 className={styles.paidTitle}>{t('payments:state.paid_title')}</h2>
          <p className={styles.paidText}>{t('payments:state.paid_text', { amount })}</p>
          <div className={styles.actions}>
            <ButtonLink to="/qr" data-testid="pay-to-qr">
              {t('payments:state.to_qr')}
            </ButtonLink>
            {toOrders}
          </div>
        </div>
      );
    case 'failed':
      return state(t('payments:state.failed_title'), t('payments:state.failed_text'), again);
    case 'expired':
      return state(t('payments:state.expired_title'), t('payments:state.expired_text'), again);
    case 'refunded':
      return state(t('payments:state.refunded_title'), t('payments:state.refunded_text'), toOrders);
    default:
      return state(
        t('payments:state.cancelled_title'),
        t('payments:state.cancelled_text'),
        <>
          {again}
          {toOrders}
        </>,
      );
  }
}
