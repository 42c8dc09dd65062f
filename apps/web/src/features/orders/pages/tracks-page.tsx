import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { TSavedTrack } from '@portal/contract';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card, PageHeader } from '../../../components/ui/card';
import { EmptyState, ErrorState, Skeleton } from '../../../components/ui/feedback';
import { Sheet } from '../../../components/ui/overlay';
import { describeApiError } from '../../../lib/api/errors';
import { notify } from '../../../lib/ui/toast';
import { useDeleteTrackMutation, useGetSavedTracksInfiniteQuery } from '../api/orders-api';
import { DeclarationEditor } from '../components/declaration-editor';
import { TagIcon, TrashIcon } from '../components/order-icons';
import { SaveTrackForm } from '../components/save-track-form';
import { StatusChip } from '../components/status-chip';
import { useOrderFormat } from '../model/use-order-format';
import styles from '../components/orders.module.css';

function TrackRow({ track, onDelete }: { track: TSavedTrack; onDelete: (track: TSavedTrack) => void }) {
  const { t } = useTranslation();
  const f = useOrderFormat();
  // A code not received yet: its contents and insurance are edited here, before the parcel exists (ADR 086).
  const [contentsOpen, setContentsOpen] = useState(false);
  const declarable = !track.order && !track.given_to_other;
  const title = track.name || track.track_code;
  return (
    <li className={styles.trackRow} data-testid="saved-track" data-track-code={track.track_code}>
      <div className={styles.trackMain}>
        {track.name ? (
          <>
            <span className={styles.trackName}>{track.name}</span>
            <span className={styles.code} data-testid="track-code">
              {track.track_code}
            </span>
          </>
        ) : (
          <span className={`${styles.trackName} ${styles.code}`} data-testid="track-code">
            {track.track_code}
          </span>
        )}
        <span className={styles.trackMeta}>
          {track.order ? (
            <StatusChip status={track.order.status} />
          ) : track.checking ? (
            <span className={styles.chip} data-status="checking" data-testid="track-checking">
              {t('orders:tracks.checking')}
            </span>
          ) : track.given_to_other ? (
            <span className={styles.chip} data-status="given_to_other" data-testid="track-given-to-other">
              {t('orders:tracks.given_to_other')}
            </span>
          ) : (
            <span className={styles.chip}>{t('orders:tracks.waiting')}</span>
          )}
          <span>{t('orders:tracks.saved_on', { date: f.date(track.created_at) })}</span>
        </span>
        {track.checking && !track.order && <span className={styles.trackHint}>{t('orders:tracks.checking_hint')}</span>}
        {track.given_to_other && <span className={styles.trackHint}>{t('orders:tracks.given_to_other_hint')}</span>}
      </div>
      <div className={styles.trackActions}>
        {track.order && (
          <Link className={styles.actionLink} to={{ pathname: '/orders/order', search: `?id=${track.order.id}` }} state={{ title }}>
            {t('orders:tracks.open_order')}
          </Link>
        )}
        {declarable && (
          <button
            type="button"
            className={styles.actionLink}
            aria-expanded={contentsOpen}
            onClick={() => setContentsOpen((open) => !open)}
            data-testid="track-contents"
          >
            {t('declarations:title')}
          </button>
        )}
        <button
          type="button"
          className={styles.iconButton}
          onClick={() => onDelete(track)}
          aria-label={`${t('orders:tracks.delete')} ${track.track_code}`}
          data-testid="delete-track"
        >
          <TrashIcon size={18} />
        </button>
      </div>
      {declarable && contentsOpen && (
        <div className={styles.trackEditor}>
          <DeclarationEditor trackCode={track.track_code} />
        </div>
      )}
    </li>
  );
}

/** /orders/tracks: the saved tracking codes, 10 at a time, with adding and deleting ('Failed to delete track code'). */
export default function TracksPage() {
  const { t } = useTranslation();
  const pages = useGetSavedTracksInfiniteQuery(undefined, { refetchOnMountOrArgChange: true });
  const [remove, removeState] = useDeleteTrackMutation();
  const [confirming, setConfirming] = useState<TSavedTrack | null>(null);

  const confirmDelete = async () => {
    if (!confirming) return;
    const result = await remove(confirming.id);
    setConfirming(null);
    if ('error' in result) notify.error(t('orders:tracks.delete_failed'));
    else notify.success(t('orders:tracks.deleted'));
  };

  const tracks = pages.data?.pages.flatMap((p) => p.data) ?? [];
  const total = pages.data?.pages[0]?.meta.total ?? tracks.length; // only the first page counts

  let body;
  if (pages.isLoading) {
    body = (
      <ul className={styles.stackList} aria-busy="true">
        {[0, 1, 2, 3].map((i) => (
          <li key={i} className={styles.trackRow}>
            <div className={styles.trackMain}>
              <Skeleton width="40%" height={16} />
              <Skeleton width="60%" height={14} />
            </div>
          </li>
        ))}
      </ul>
    );
  } else if (pages.error && !pages.data) {
    body = (
      <ErrorState
        title={t('orders:tracks.error_title')}
        text={describeApiError(pages.error, t).message}
        onRetry={() => void pages.refetch()}
      />
    );
  } else if (!tracks.length) {
    body = <EmptyState icon={<TagIcon size={30} />} title={t('orders:tracks.empty_title')} text={t('orders:tracks.empty_text')} />;
  } else {
    body = (
      <>
        <ul className={styles.stackList} data-testid="saved-tracks" aria-busy={pages.isFetching || undefined}>
          {tracks.map((track) => (
            <TrackRow key={track.id} track={track} onDelete={setConfirming} />
          ))}
        </ul>
        <div className={styles.more}>
          <span>{t('orders:shown', { shown: tracks.length, total })}</span>
          {pages.hasNextPage && (
            <Button
              variant="secondary"
              loading={pages.isFetchingNextPage}
              onClick={() => void pages.fetchNextPage()}
              data-testid="load-more"
            >
              {t('orders:load_more')}
            </Button>
          )}
        </div>
      </>
    );
  }

  return (
    <div className={styles.page} data-testid="tracks-page">
      <div className={styles.headRow}>
        <PageHeader title={t('orders:tracks.title')} lead={t('orders:tracks.lead')} />
        <div className={styles.headActions}>
          <ButtonLink variant="secondary" to="/orders">
            {t('orders:tracks.to_orders')}
          </ButtonLink>
        </div>
      </div>
      <Card>
        <h2 className={styles.sectionTitle}>{t('orders:track_form.title')}</h2>
        <SaveTrackForm />
      </Card>
      {body}
      <Sheet open={confirming !== null} onClose={() => setConfirming(null)} title={t('orders:tracks.delete_title')}>
        <p className={styles.sheetText}>{t('orders:tracks.delete_text', { code: confirming?.track_code ?? '' })}</p>
        <div className={styles.sheetActions}>
          <Button variant="ghost" onClick={() => setConfirming(null)}>
            {t('common:cancel')}
          </Button>
          <Button variant="danger" loading={removeState.isLoading} onClick={() => void confirmDelete()} data-testid="confirm-delete-track">
            <TrashIcon size={18} />
            {t('orders:tracks.delete')}
          </Button>
        </div>
      </Sheet>
    </div>
  );
}
