import { useTranslation } from 'react-i18next';
import { PARCEL_PHOTO_KINDS } from '@portal/contract';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Alert, ErrorState, PageSpinner } from '../../../components/ui/feedback';
import { describeApiError } from '../../../lib/api/errors';
import { WeightCheckCards } from '../../../components/weight-checks';
import { useGetOrderQuery } from '../api/orders-api';
import { CustomsHoldNote, orderLinks, StorageCountdown } from '../components/order-card';
import { ArchiveIcon, PencilIcon, RestoreIcon, RouteIcon } from '../components/order-icons';
import { useOrderActions } from '../components/order-list';
import { DeclarationEditor } from '../components/declaration-editor';
import { OrderNotFound } from '../components/order-not-found';
import { StatusChip } from '../components/status-chip';
import { useOrderIdParam } from '../model/use-order-id';
import { daysLabelKey, orderTitle, useOrderFormat } from '../model/use-order-format';
import styles from '../components/orders.module.css';
import { InsuranceNote } from '../components/insurance-note';
import { StorageExtensionCard } from '../components/storage-extension';
import { DoorDeliveryCard } from '../components/door-delivery-card';

/** /orders/order?id=N: everything about one parcel, its photos and receipt, and what can be done with it. */
export default function OrderInfoPage() {
  const { t } = useTranslation();
  const f = useOrderFormat();
  const id = useOrderIdParam();
  const q = useGetOrderQuery(id ?? 0, { skip: id === null, refetchOnMountOrArgChange: true });
  const { actions, sheet } = useOrderActions();

  if (id === null || (q.error && describeApiError(q.error, t).status === 404)) return <OrderNotFound />;
  if (q.isLoading) return <PageSpinner />;
  if (q.error || !q.data)
    return (
      <ErrorState level={1} title={t('orders:error_title')} text={describeApiError(q.error, t).message} onRetry={() => void q.refetch()} />
    );

  const order = q.data;
  const w = order.weights;
  const links = orderLinks(order);
  const busy = actions.busyId === order.id;
  const fact = (label: string, value: string | null | undefined, wide = false) =>
    value ? (
      <div className={wide ? styles.wide : undefined}>
        <dt>{label}</dt>
        <dd>{value}</dd>
      </div>
    ) : null;

  return (
    <div className={styles.page} data-testid="order-info">
      <header>
        <div className={styles.infoHead}>
          <h1 className={styles.infoTitle}>{orderTitle(order)}</h1>
          <StatusChip status={order.status} />
        </div>
        <span className={styles.code}>{order.track_code}</span>
      </header>
      {order.archived && <Alert kind="info">{t('orders:info.archived_note')}</Alert>}
      {order.status.code === 'at_branch' && <WeightCheckCards orderId={order.id} />}
      {order.status.code === 'at_branch' && order.storage_until && <StorageExtensionCard parcelId={order.id} />}
      <div className={styles.infoGrid}>
        <Card>
          <dl className={styles.details}>
            {fact(t('orders:card.weight'), f.weight(order.weight))}
            {order.boxes > 1 && fact(t('orders:card.boxes'), t('orders:card.boxes', { count: order.boxes }))}
            {fact(
              t('orders:weights.volumetric'),
              w.dimensions && w.volumetric_weight !== null
                ? t('orders:weights.volumetric_value', {
                    l: f.number(w.dimensions.length),
                    w: f.number(w.dimensions.width),
                    h: f.number(w.dimensions.height),
                    divisor: w.volumetric_divisor ?? '',
                    value: f.weight(w.volumetric_weight),
                  })
                : null,
              true,
            )}
            {fact(t(daysLabelKey(order)), f.days(order.days_in_transit))}
            {fact(t('orders:info.branch'), order.branch ? `${order.branch.name}, ${order.branch.address}` : null, true)}
            {fact(t('orders:info.received'), f.dateTime(order.received_at))}
            {fact(t('orders:info.dispatched'), order.dispatched_at && f.dateTime(order.dispatched_at))}
            {fact(t('orders:card.expected_arrival'), order.expected_arrival && f.day(order.expected_arrival))}
            {fact(t('orders:card.arrived'), order.arrived_at && f.dateTime(order.arrived_at))}
            {order.status.code === 'at_branch' && fact(t('orders:card.storage_until'), order.storage_until && f.day(order.storage_until))}
            {fact(t('orders:info.delivered'), order.delivered_at && f.dateTime(order.delivered_at))}
          </dl>
          <CustomsHoldNote order={order} />
          {order.status.code === 'at_branch' && order.storage_until && (
            <p className={styles.note}>
              <StorageCountdown order={order} />
            </p>
          )}
        </Card>
        <div className={styles.side}>
          <div className={styles.priceBox}>
            <span className={styles.muted}>{t('orders:card.price')}</span>
            <span className={styles.priceValue} data-testid="order-price">
              {order.price !== null ? f.money(order.price, order.currency) : t('orders:card.price_pending')}
            </span>
            {order.tariff !== null && (
              <span className={styles.note}>{t('orders:info.tariff_value', { value: f.money(order.tariff, order.currency) })}</span>
            )}
            {order.status.code === 'at_branch' && <span className={styles.note}>{t('orders:info.pay_note')}</span>}
            <InsuranceNote insurance={order.insurance} className={styles.note} />
          </div>
          <div className={styles.weightsBox} data-testid="order-weights">
            <span className={styles.muted}>{t('orders:weights.chargeable')}</span>
            <strong data-testid="order-chargeable">{f.weight(w.chargeable_weight)}</strong>
            <span className={styles.note} data-testid="order-charged-why">
              {w.charged_by === 'volumetric'
                ? t('orders:weights.why_volumetric', { volumetric: f.weight(w.chargeable_weight), actual: f.weight(order.weight) })
                : w.volumetric_weight !== null
                  ? t('orders:weights.why_actual', { actual: f.weight(order.weight), volumetric: f.weight(w.volumetric_weight) })
                  : t('orders:weights.why_no_dimensions')}
            </span>
          </div>
          <div className={styles.actionsRow}>
            <ButtonLink to={links.timeline} state={links.state} data-testid="to-timeline">
              <RouteIcon size={18} />
              {t('orders:card.timeline')}
            </ButtonLink>
            <Button variant="secondary" onClick={() => actions.onRename(order)}>
              <PencilIcon size={18} />
              {t('orders:card.rename')}
            </Button>
            {order.status.code !== 'china_warehouse' && (
              <ButtonLink
                variant="secondary"
                to={{ pathname: '/claims/new', search: `?order=${order.id}&code=${encodeURIComponent(order.track_code)}` }}
                data-testid="report-problem"
              >
                {t('claims:report')}
              </ButtonLink>
            )}
            {order.archived ? (
              <Button variant="secondary" loading={busy} onClick={() => actions.onRestore(order)}>
                <RestoreIcon size={18} />
                {t('orders:card.restore')}
              </Button>
            ) : (
              order.status.code === 'delivered' && (
                <Button variant="secondary" loading={busy} onClick={() => actions.onArchive(order)} data-testid="archive-order">
                  <ArchiveIcon size={18} />
                  {t('orders:card.archive')}
                </Button>
              )
            )}
          </div>
          {order.receipt_id !== null && (
            <Card>
              <h2 className={styles.sectionTitle}>{t('orders:info.receipt')}</h2>
              <ButtonLink variant="secondary" to={{ pathname: '/orders/receipt', search: `?id=${order.receipt_id}` }}>
                {t('orders:info.open_receipt', { id: order.receipt_id })}
              </ButtonLink>
            </Card>
          )}
        </div>
      </div>
      {(order.status.code === 'at_branch' || order.status.code === 'delivered') && (
        <DoorDeliveryCard orderId={order.id} waiting={order.status.code === 'at_branch' && !order.archived} />
      )}
      <DeclarationEditor trackCode={order.track_code} weightKg={order.weight} />
      {order.photos.length > 0 && (
        <Card>
          <h2 className={styles.sectionTitle}>{t('orders:info.photos')}</h2>
          <div className={styles.photoGroups} data-testid="order-photos">
            {PARCEL_PHOTO_KINDS.map((kind) => {
              const photos = order.photos.filter((p) => p.kind === kind);
              if (!photos.length) return null;
              const label = t(`orders:info.photo_kind.${kind}`);
              return (
                <section key={kind} data-testid={`order-photos-${kind}`}>
                  <h3 className={styles.photoKind}>{label}</h3>
                  <div className={styles.photos}>
                    {/* Thumbnails open the photo; both are signed addresses valid for minutes (ADR 081). */}
                    {photos.map((p, i) => (
                      <a key={p.id} href={p.url} target="_blank" rel="noreferrer">
                        <img src={p.thumb_url} alt={t('orders:info.photo_alt', { kind: label, n: i + 1 })} loading="lazy" />
                      </a>
                    ))}
                  </div>
                </section>
              );
            })}
          </div>
        </Card>
      )}
      {sheet}
    </div>
  );
}
