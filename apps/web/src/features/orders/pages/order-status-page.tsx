import { useTranslation } from 'react-i18next';
import { ORDER_EVENT_ACTIONS, type TOrderHistoryEvent } from '@portal/contract';
import { ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ErrorState, PageSpinner } from '../../../components/ui/feedback';
import { CheckIcon } from '../../../components/ui/icons';
import { describeApiError } from '../../../lib/api/errors';
import { useGetOrderTimelineQuery } from '../api/orders-api';
import { orderLinks } from '../components/order-card';
import { OrderNotFound } from '../components/order-not-found';
import { StatusChip } from '../components/status-chip';
import { useOrderIdParam } from '../model/use-order-id';
import { orderTitle, useOrderFormat } from '../model/use-order-format';
import stepStyles from '../../../components/ui/steps.module.css';
import styles from '../components/orders.module.css';

const KNOWN_ACTIONS: readonly string[] = ORDER_EVENT_ACTIONS;
const actionKey = (e: TOrderHistoryEvent) => `orders:timeline.action.${KNOWN_ACTIONS.includes(e.action) ? e.action : 'other'}`;

/** /orders/status?id=N: the order's timeline (spec: the pending-order view): steps done with when and where, steps to come. */
export default function OrderStatusPage() {
  const { t } = useTranslation();
  const f = useOrderFormat();
  const id = useOrderIdParam();
  const q = useGetOrderTimelineQuery(id ?? 0, { skip: id === null, refetchOnMountOrArgChange: true });

  if (id === null || (q.error && describeApiError(q.error, t).status === 404)) return <OrderNotFound />;
  if (q.isLoading) return <PageSpinner />;
  if (q.error || !q.data)
    return (
      <ErrorState level={1} title={t('orders:error_title')} text={describeApiError(q.error, t).message} onRetry={() => void q.refetch()} />
    );

  const { order, steps, history } = q.data;
  const links = orderLinks(order);
  return (
    <div className={styles.page} data-testid="order-timeline">
      <header>
        <div className={styles.infoHead}>
          <h1 className={styles.infoTitle}>{t('orders:timeline.title')}</h1>
          <StatusChip status={order.status} />
        </div>
        <span className={styles.note}>
          {orderTitle(order)} · <span className={styles.code}>{order.track_code}</span>
        </span>
      </header>
      <div className={styles.infoGrid}>
        <Card>
          <ol className={stepStyles.steps}>
            {steps.map((step) => (
              <li
                key={step.status.id}
                className={stepStyles.step}
                data-done={step.done}
                data-current={step.current}
                data-testid="timeline-step"
              >
                <span className={stepStyles.dot}>{step.done && <CheckIcon size={16} strokeWidth={2.6} />}</span>
                <div>
                  <div className={stepStyles.stepTitle}>
                    {step.status.name} {step.current && <span className={stepStyles.nowTag}>{t('orders:timeline.current')}</span>}
                  </div>
                  <div className={stepStyles.stepMeta}>
                    {step.at ? <time dateTime={step.at}>{f.dateTime(step.at)}</time> : <span>{t('orders:timeline.pending')}</span>}
                    {step.place && <span>{step.place}</span>}
                    {!step.done && step.status.code === 'at_branch' && q.data.expected_arrival && (
                      <span data-testid="timeline-expected">
                        {t('orders:card.expected_arrival')}: {f.day(q.data.expected_arrival)}
                      </span>
                    )}
                  </div>
                </div>
              </li>
            ))}
          </ol>
        </Card>
        <div className={styles.side}>
          <Card>
            <h2 className={styles.sectionTitle}>{t('orders:timeline.history')}</h2>
            <ul className={styles.history}>
              {[...history].reverse().map((e, i) => (
                <li key={`${e.at}-${i}`}>
                  <span>
                    {t(actionKey(e))}
                    {e.text && (
                      <span className={styles.historyText} data-testid="history-text">
                        {e.text}
                      </span>
                    )}
                  </span>
                  <time dateTime={e.at}>{f.dateTime(e.at)}</time>
                </li>
              ))}
            </ul>
          </Card>
          <div className={styles.actionsRow}>
            <ButtonLink variant="secondary" to={links.info} state={links.state}>
              {t('orders:card.details')}
            </ButtonLink>
          </div>
        </div>
      </div>
    </div>
  );
}
