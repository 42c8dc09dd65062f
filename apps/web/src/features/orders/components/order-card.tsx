import { useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { TOrder } from '@portal/contract';
import { Skeleton } from '../../../components/ui/feedback';
import { Popover, useDismiss } from '../../../components/ui/overlay';
import { chargedByVolume } from '../../../lib/content/charged-weight';
import { InsuranceNote } from './insurance-note';
import { daysLabelKey, orderTitle, storageDaysLeft, storageFeeNote, useOrderFormat } from '../model/use-order-format';
import { ArchiveIcon, MoreIcon, PencilIcon, RestoreIcon, RouteIcon } from './order-icons';
import { StatusChip } from './status-chip';
import styles from './orders.module.css';

export interface OrderCardActions {
  onRename: (order: TOrder) => void;
  onArchive: (order: TOrder) => void;
  onRestore: (order: TOrder) => void;
  /** The order whose archive/restore call is running. */
  busyId?: number | null;
}

/** Where the order's own pages go, with its title for the breadcrumb. */
export const orderLinks = (order: Pick<TOrder, 'id' | 'name' | 'track_code'>) => ({
  info: { pathname: '/orders/order', search: `?id=${order.id}` },
  timeline: { pathname: '/orders/status', search: `?id=${order.id}` },
  state: { title: orderTitle(order) },
});

/** "N days left to collect" for a parcel at its branch; red on the last free day and after. */
export function StorageCountdown({ order }: { order: Pick<TOrder, 'storage_until' | 'storage_fee_per_day' | 'currency'> }) {
  const { t } = useTranslation();
  const f = useOrderFormat();
  const until = order.storage_until!;
  const urgent = storageDaysLeft(until) <= 0;
  const fee = storageFeeNote(order);
  return (
    <>
      <strong className={urgent ? styles.countdownUrgent : styles.countdown} data-testid="storage-countdown">
        {f.storageLeft(until)}
      </strong>
      {fee && (
        <>
          <br />
          <span className={fee.kind === 'accrued' ? styles.countdownUrgent : undefined} data-testid="storage-fee">
            {fee.kind === 'from'
              ? t('orders:card.storage_fee_from', { fee: f.money(fee.perDay, order.currency), date: f.day(fee.from) })
              : t('orders:card.storage_fee_accrued', {
                  amount: f.money(fee.amount, order.currency),
                  fee: f.money(fee.perDay, order.currency),
                })}
          </span>
        </>
      )}
    </>
  );
}

/** One parcel: item name, tracking code, weight, price, days in transit and status, with its actions. */
export function OrderCard({ order, actions }: { order: TOrder; actions: OrderCardActions }) {
  const { t } = useTranslation();
  const f = useOrderFormat();
  const [menuOpen, setMenuOpen] = useState(false);
  const wrap = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const close = useCallback(() => setMenuOpen(false), []);
  useDismiss(wrap, menuOpen, close);
  const links = orderLinks(order);
  // Beside money the weight shown is the one paid for; why, when it is not the real one.
  const byVolume = chargedByVolume(t, order.weights, f.lang);
  const canArchive = order.status.code === 'delivered' && !order.archived;
  const busy = actions.busyId === order.id;
  const run = (fn: (o: TOrder) => void) => () => {
    setMenuOpen(false);
    fn(order);
  };

  return (
    <article className={styles.card} data-testid="order-card" data-order-id={order.id} aria-labelledby={`order-${order.id}-title`}>
      <div className={styles.cardTop}>
        <div>
          <h2 className={styles.cardTitle} id={`order-${order.id}-title`}>
            <Link to={links.info} state={links.state}>
              {order.name.trim() ? order.name : <span className={styles.unnamed}>{t('orders:card.no_name')}</span>}
            </Link>
          </h2>
          <span className={styles.code} data-testid="order-track-code">
            {order.track_code}
          </span>
        </div>
        <StatusChip status={order.status} />
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>{t(byVolume ? 'orders:card.chargeable_weight' : 'orders:card.weight')}</dt>
          <dd data-testid="order-weight">{f.weight(order.weights.chargeable_weight)}</dd>
        </div>
        {order.boxes > 1 && (
          <div>
            <dt>{t('orders:card.boxes')}</dt>
            <dd data-testid="order-boxes">{t('orders:card.boxes', { count: order.boxes })}</dd>
          </div>
        )}
        <div>
          <dt>{t('orders:card.price')}</dt>
          <dd>
            {order.price !== null ? (
              f.money(order.price, order.currency)
            ) : (
              <span className={styles.muted}>{t('orders:card.price_pending')}</span>
            )}
          </dd>
        </div>
        <div>
          <dt>{t(daysLabelKey(order))}</dt>
          <dd>{f.days(order.days_in_transit)}</dd>
        </div>
      </dl>
      {byVolume && (
        <p className={styles.note} data-testid="order-charged-by-volume">
          {byVolume} · {t('common:actual_weight', { value: f.kg(order.weight) })}
        </p>
      )}
      <CustomsHoldNote order={order} />
      <InsuranceNote insurance={order.insurance} className={styles.note} />
      {order.expected_arrival && (
        <p className={styles.note} data-testid="order-expected">
          {t('orders:card.expected_arrival')}: <strong>{f.day(order.expected_arrival)}</strong>
        </p>
      )}
      {order.status.code === 'at_branch' && order.storage_until && (
        <p className={styles.note}>
          <StorageCountdown order={order} />
          <br />
          {t('orders:card.storage_until')}: <strong>{f.day(order.storage_until)}</strong>
        </p>
      )}
      <div className={styles.cardActions}>
        <Link className={styles.actionLink} to={links.timeline} state={links.state}>
          <RouteIcon size={18} />
          {t('orders:card.timeline')}
        </Link>
        <Link className={styles.actionLink} to={links.info} state={links.state}>
          {t('orders:card.details')}
        </Link>
        {order.archived && (
          <button type="button" className={styles.actionLink} onClick={run(actions.onRestore)} disabled={busy} data-testid="order-restore">
            <RestoreIcon size={18} />
            {t('orders:card.restore')}
          </button>
        )}
        <div className={styles.menuWrap} ref={wrap}>
          <button
            type="button"
            className={styles.iconButton}
            aria-label={t('orders:card.more')}
            aria-haspopup="menu"
            aria-expanded={menuOpen}
            aria-controls={menuOpen ? menuId : undefined}
            onClick={() => setMenuOpen((v) => !v)}
            disabled={busy}
            data-testid="order-menu"
          >
            <MoreIcon size={20} />
          </button>
          {menuOpen && (
            <Popover id={menuId} label={t('orders:card.more')}>
              <div className={styles.menu} role="menu">
                <button type="button" role="menuitem" className={styles.menuItem} onClick={run(actions.onRename)}>
                  <PencilIcon size={18} />
                  {t('orders:card.rename')}
                </button>
                {canArchive && (
                  <button type="button" role="menuitem" className={styles.menuItem} onClick={run(actions.onArchive)}>
                    <ArchiveIcon size={18} />
                    {t('orders:card.archive')}
                  </button>
                )}
              </div>
            </Popover>
          )}
        </div>
      </div>
    </article>
  );
}

/** A placeholder card while a page of orders loads. */
export function OrderCardSkeleton() {
  return (
    <div className={styles.skeleton} aria-hidden="true">
      <Skeleton width="60%" height={18} />
      <Skeleton width="40%" height={14} />
      <Skeleton height={52} radius={8} />
      <Skeleton width="50%" height={28} radius={8} />
    </div>
  );
}

/** "Held by customs: <reason>" (issue 36): shown on the card and the info page while customs hold the parcel. */
export function CustomsHoldNote({ order }: { order: Pick<TOrder, 'customs_hold'> }) {
  const { t } = useTranslation();
  if (!order.customs_hold) return null;
  return (
    <p className={styles.customsHold} role="status" data-testid="order-customs-hold">
      {t('orders:customs_held', { reason: order.customs_hold.text })}
    </p>
  );
}
