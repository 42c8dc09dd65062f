import { useTranslation } from 'react-i18next';
import { formatNumericDate, formatTime } from '@portal/contract/common/format';
import { isLang } from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/feedback';
import { usePreparedListQuery } from '../api/pickup-slots-api';
import { ShelfTag } from '../components/shelf-tag';
import { errorText } from '../model/api-error';
import manage from '../manage.module.css';
import styles from '../shelves.module.css';

/** The prepared list (ADR 092): each booked slot, its customers (prepaid marked) and all its parcels in shelf order. */
export function PickupSlotsWork({ branchId }: { branchId: number | undefined }) {
  const { t, i18n } = useTranslation();
  const lang = isLang(i18n.language) ? i18n.language : 'ru';
  const q = usePreparedListQuery(branchId ? { branch_id: branchId } : {}, { refetchOnMountOrArgChange: true });
  const tz = q.data?.branch.time_zone;
  const time = (iso: string) => formatTime(iso, lang, { timeZone: tz });
  return (
    <section className={manage.panel} data-testid="pickup-slots-work">
      <div className={manage.panelHead}>
        <h2 className={manage.panelTitle}>{t('manage:pickup_slots.title')}</h2>
        <Button size="sm" variant="secondary" onClick={() => void q.refetch()} data-testid="pickup-slots-refresh">
          {t('manage:pickup_slots.refresh')}
        </Button>
      </div>
      <p className={manage.muted}>{t('manage:pickup_slots.lead')}</p>
      {q.error && <Alert kind="error">{errorText(q.error, t)}</Alert>}
      {q.data?.slots.length === 0 && <p className={manage.muted}>{t('manage:pickup_slots.empty')}</p>}
      {q.data?.slots.map((slot) => (
        <div key={slot.start} className={manage.stackGap} data-testid="pickup-slot" data-start={slot.start}>
          <h3 className={manage.subTitle}>
            {formatNumericDate(slot.start, lang, { timeZone: tz })} · {time(slot.start)}–{time(slot.end)}
          </h3>
          <ul className={styles.rows} data-testid="pickup-slot-customers">
            {slot.customers.map((c) => (
              <li key={c.booking_id} className={styles.row} data-testid="pickup-slot-customer" data-client={c.customer.client_code}>
                <span className={styles.rowMain}>
                  <span className={styles.code}>{c.customer.client_code}</span>
                  <span className={styles.meta}>
                    {c.customer.name} · {c.customer.phone_number} · {t('manage:pickup_slots.parcels', { count: c.parcels })}
                  </span>
                </span>
                <span className={manage.badge} data-testid={c.prepaid ? 'pickup-prepaid' : 'pickup-to-pay'}>
                  {c.prepaid ? t('manage:pickup_slots.prepaid') : t('manage:pickup_slots.to_pay')}
                </span>
              </li>
            ))}
          </ul>
          <ol className={styles.rows} data-testid="pickup-slot-lines">
            {slot.lines.map((l) => (
              <li key={l.order_id} className={styles.row} data-testid="pickup-slot-line" data-code={l.track_code}>
                <ShelfTag shelf={l.shelf} />
                <span className={styles.rowMain}>
                  <span className={styles.code}>{l.track_code}</span>
                  <span className={styles.meta}>{l.client_code}</span>
                </span>
              </li>
            ))}
          </ol>
        </div>
      ))}
    </section>
  );
}
