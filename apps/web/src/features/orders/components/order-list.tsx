import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import type { TCursorPageMeta, TOrder } from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { EmptyState, ErrorState } from '../../../components/ui/feedback';
import { BoxIcon } from '../../../components/ui/icons';
import { describeApiError } from '../../../lib/api/errors';
import { notify } from '../../../lib/ui/toast';
import { useArchiveOrderMutation, useUnarchiveOrderMutation } from '../api/orders-api';
import { OrderCard, OrderCardSkeleton, type OrderCardActions } from './order-card';
import { ArchiveIcon } from './order-icons';
import styles from './orders.module.css';

const RenameOrderSheet = lazy(() => import('./rename-order-sheet').then((m) => ({ default: m.RenameOrderSheet })));

/** What an RTK Query infinite query of order pages gives the list. */
export interface OrderPages {
  data?: { pages: { data: TOrder[]; meta: TCursorPageMeta }[] };
  isLoading: boolean;
  isFetching: boolean;
  isFetchingNextPage: boolean;
  hasNextPage: boolean;
  error?: FetchBaseQueryError | SerializedError;
  fetchNextPage: () => unknown;
  refetch: () => unknown;
}

/** Archive and restore with their toasts (spec: 'Failed to archive order' when it fails), and the rename sheet. */
export function useOrderActions() {
  const { t } = useTranslation();
  const [archive] = useArchiveOrderMutation();
  const [unarchive] = useUnarchiveOrderMutation();
  const [renaming, setRenaming] = useState<TOrder | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const actions: OrderCardActions = {
    busyId,
    onRename: setRenaming,
    onArchive: async (order) => {
      setBusyId(order.id);
      const result = await archive(order.id);
      setBusyId(null);
      if ('error' in result) notify.error(t('orders:archive_failed'));
      else notify.success(t('orders:archived'));
    },
    onRestore: async (order) => {
      setBusyId(order.id);
      const result = await unarchive(order.id);
      setBusyId(null);
      if ('error' in result) notify.error(t('orders:restore_failed'));
      else notify.success(t('orders:restored'));
    },
  };
  // The rename form (react-hook-form and the validation library) is fetched when a customer opens it.
  const sheet = renaming ? (
    <Suspense fallback={null}>
      <RenameOrderSheet order={renaming} onClose={() => setRenaming(null)} />
    </Suspense>
  ) : null;
  return { actions, sheet };
}

/** A status's (or the archive's) orders: skeletons, the cards, 'load more', and empty and error states. */
export function OrderList({ pages, kind }: { pages: OrderPages; kind: 'status' | 'archive' }) {
  const { t } = useTranslation();
  const { actions, sheet } = useOrderActions();

  if (pages.isLoading) {
    return (
      <ul className={styles.list} aria-busy="true">
        {[0, 1, 2].map((i) => (
          <li key={i}>
            <OrderCardSkeleton />
          </li>
        ))}
      </ul>
    );
  }
  if (pages.error && !pages.data) {
    return (
      <ErrorState title={t('orders:error_title')} text={describeApiError(pages.error, t).message} onRetry={() => void pages.refetch()} />
    );
  }
  const orders = pages.data?.pages.flatMap((p) => p.data) ?? [];
  // The first page counts; the pages after it (by cursor) do not.
  const total = pages.data?.pages[0]?.meta.total ?? orders.length;
  if (!orders.length) {
    return kind === 'archive' ? (
      <EmptyState icon={<ArchiveIcon size={30} />} title={t('orders:empty.archive_title')} text={t('orders:empty.archive_text')} />
    ) : (
      <EmptyState icon={<BoxIcon size={30} />} title={t('orders:empty.status_title')} text={t('orders:empty.status_text')} />
    );
  }
  return (
    <>
      <ul className={styles.list} data-testid="order-list" aria-busy={pages.isFetching || undefined}>
        {orders.map((order) => (
          <li key={order.id}>
            <OrderCard order={order} actions={actions} />
          </li>
        ))}
      </ul>
      <div className={styles.more}>
        <span data-testid="orders-shown">{t('orders:shown', { shown: orders.length, total })}</span>
        {pages.hasNextPage && (
          <Button variant="secondary" loading={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()} data-testid="load-more">
            {t('orders:load_more')}
          </Button>
        )}
      </div>
      {sheet}
    </>
  );
}
