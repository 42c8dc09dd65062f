import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { TOrderStatusWithCount } from '@portal/contract';
import { PREFETCH_FRESH_S } from '../../../app/page-prefetch';
import { Button, ButtonLink } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/card';
import { ErrorState, Skeleton } from '../../../components/ui/feedback';
import { Sheet, Tabs } from '../../../components/ui/overlay';
import { describeApiError } from '../../../lib/api/errors';
import { WaitingSummary } from '../../../components/waiting-summary';
import { useGetArchivedOrdersInfiniteQuery, useGetOrdersByStatusInfiniteQuery, useGetOrderStatusesQuery } from '../api/orders-api';
import { PlusIcon, TagIcon } from '../components/order-icons';
import { DutyLimitCard } from '../components/duty-limit-notice';
import { OrderList } from '../components/order-list';
import { TrackSearchBox } from '../components/track-search-box';
import { chooseOrdersTab, type OrdersTab } from '../model/orders-tabs';
import styles from '../components/orders.module.css';

// The add-code form (react-hook-form, the validation library, its schema: ~40 KB gzipped) is fetched when the customer
// reaches for the button, not before the list: the page's first paint on a phone waits for none of it.
const loadSaveTrackForm = () => import('../components/save-track-form');
const SaveTrackForm = lazy(() => loadSaveTrackForm().then((m) => ({ default: m.SaveTrackForm })));

export { prefetchOrders as prefetch } from '../model/orders-prefetch';

// Asked anew on every visit (the queries keep no unused data), but what preloadPage fetched a moment ago is taken as is.
const FRESH = { refetchOnMountOrArgChange: PREFETCH_FRESH_S };

function StatusOrders({ statusId }: { statusId: number }) {
  const pages = useGetOrdersByStatusInfiniteQuery(statusId, FRESH);
  return <OrderList pages={pages} kind="status" />;
}

function ArchivedOrders() {
  const pages = useGetArchivedOrdersInfiniteQuery(undefined, FRESH);
  return <OrderList pages={pages} kind="archive" />;
}

const tabLabel = (name: string, count: number | undefined) => (
  <>
    {name}
    {count !== undefined && <span className={styles.tabCount}>{count}</span>}
  </>
);

/** /orders: a tab per status with the customer's counts, their orders 10 at a time, the archive, and adding a tracking code. */
export default function OrdersPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const statuses = useGetOrderStatusesQuery(undefined, FRESH);
  const archived = useGetArchivedOrdersInfiniteQuery(undefined, FRESH);
  const [adding, setAdding] = useState(false);
  const tabsRef = useRef<HTMLDivElement>(null);
  const trackParam = params.get('track')?.trim() ?? '';

  const list: TOrderStatusWithCount[] = statuses.data ?? [];
  const requested = params.get('tab');
  const tab = chooseOrdersTab(requested, list);
  const current = list.find((s) => s.code === tab);
  // On phones the tabs scroll sideways: keep the chosen one in view (the archive is last).
  useEffect(() => {
    tabsRef.current?.querySelector('[role=tab][aria-selected=true]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [tab, statuses.data]);

  const choose = (value: OrdersTab) => {
    const next = new URLSearchParams(params);
    next.set('tab', value);
    next.delete('track');
    setParams(next, { replace: true });
  };

  return (
    <div className={styles.page} data-testid="orders-page">
      <div className={styles.headRow}>
        <PageHeader title={t('orders:title')} lead={t('orders:lead')} />
        <div className={styles.headActions}>
          <ButtonLink variant="secondary" to="/orders/tracks" data-testid="to-tracks">
            <TagIcon size={18} />
            {t('orders:saved_tracks')}
          </ButtonLink>
          <ButtonLink variant="secondary" to="/claims" data-testid="to-claims">
            {t('claims:list_title')}
          </ButtonLink>
          <Button
            onClick={() => setAdding(true)}
            onPointerEnter={() => void loadSaveTrackForm()}
            onFocus={() => void loadSaveTrackForm()}
            data-testid="add-track"
          >
            <PlusIcon size={18} />
            {t('orders:add_track')}
          </Button>
        </div>
      </div>

      {/* What waits at a branch, with "Pay online" where the branch takes it (ADR 077). */}
      <WaitingSummary />
      <DutyLimitCard />

      {trackParam && <TrackSearchBox key={trackParam} initialCode={trackParam} />}

      {statuses.isLoading ? (
        <Skeleton height={46} radius={12} />
      ) : statuses.error ? (
        <ErrorState
          title={t('orders:error_title')}
          text={describeApiError(statuses.error, t).message}
          onRetry={() => void statuses.refetch()}
        />
      ) : (
        <>
          <div ref={tabsRef}>
            <Tabs
              label={t('orders:tabs_label')}
              value={tab}
              onChange={choose}
              options={[
                ...list.map((s) => ({ value: s.code as OrdersTab, label: tabLabel(s.name, s.count) })),
                { value: 'archive' as const, label: tabLabel(t('orders:archive_tab'), archived.data?.pages[0]?.meta.total) },
              ]}
            />
          </div>
          <div role="tabpanel" aria-label={tab === 'archive' ? t('orders:archive_tab') : current?.name} data-testid={`tab-${tab}`}>
            {tab === 'archive' ? <ArchivedOrders /> : current ? <StatusOrders key={current.id} statusId={current.id} /> : null}
          </div>
        </>
      )}

      <Sheet open={adding} onClose={() => setAdding(false)} title={t('orders:track_form.title')}>
        <p className={styles.sheetText}>{t('orders:track_form.lead')}</p>
        <Suspense fallback={<Skeleton height={132} />}>
          <SaveTrackForm stacked autoFocus onSaved={() => setAdding(false)} />
        </Suspense>
      </Sheet>
    </div>
  );
}
