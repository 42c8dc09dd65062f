import { useTranslation } from 'react-i18next';
import { toMajor, type THandoverLookup } from '@portal/contract';
import { Alert } from '../../../components/ui/feedback';
import { formatDateTime, formatMoney } from '../model/format';
import type { Handover } from '../model/use-handover';
import styles from '../manage.module.css';

/** Who is at the counter: the customer, a trusted person collecting, a booked slot, parcels elsewhere and debts. */
export function HandoverCustomer({ found, h }: { found: THandoverLookup; h: Handover }) {
  const { t, i18n } = useTranslation();
  const { debt, debtPaid, money } = h;
  return (
    <>
      <div className={styles.customerHead}>
        <div>
          <div className={styles.customerName}>
            {found.customer.first_name} {found.customer.last_name}
          </div>
          <div className={styles.muted}>
            <strong>{found.customer.client_code}</strong> · {found.customer.phone_number}
          </div>
        </div>
        <span className={styles.placeTag}>{found.branch.name}</span>
      </div>
      {found.trusted && (
        <div data-testid="handover-trusted">
          <Alert kind="info">
            {t('manage:handover.trusted', { name: found.trusted.name, phone: found.trusted.phone, customer: found.trusted.for_name })}
          </Alert>
        </div>
      )}
      {found.pickup_booking && (
        <Alert kind={found.pickup_booking.fast_lane ? 'success' : 'info'}>
          <span data-testid="handover-booking">
            {t('manage:handover.booked', { time: formatDateTime(found.pickup_booking.slot_start, i18n.language) })}
          </span>
          {found.pickup_booking.fast_lane && (
            <>
              {' · '}
              <strong data-testid="handover-fast-lane">{t('manage:handover.fast_lane')}</strong>
            </>
          )}
        </Alert>
      )}
      {found.elsewhere.length > 0 && (
        <Alert kind="info">
          {t('manage:handover.elsewhere', { list: found.elsewhere.map((e) => `${e.branch.name} (${e.count})`).join(', ') })}
        </Alert>
      )}
      {debt > 0 && (
        <div className={styles.debtBox} data-testid="handover-debt">
          <span>{t('manage:pay.open_debt')}</span>
          <strong>{money(debt)}</strong>
        </div>
      )}
      {debtPaid && <Alert kind="success">{t('manage:pay.debt_taken', { amount: debtPaid })}</Alert>}
      {found.other_balances
        .filter((b) => b.balance > 0)
        .map((b) => (
          <Alert key={b.currency} kind="info">
            {t('manage:pay.other_debt', { amount: formatMoney(toMajor(b.balance), b.currency, i18n.language) })}
          </Alert>
        ))}
    </>
  );
}
