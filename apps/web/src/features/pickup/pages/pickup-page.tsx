import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TPickupPlace } from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { Card, PageHeader } from '../../../components/ui/card';
import { Alert, EmptyState, ErrorState, PageSpinner } from '../../../components/ui/feedback';
import { describeApiError } from '../../../lib/api/errors';
import { currentLang, formatDayMonth, formatTime } from '../../../lib/content/format';
import { useFeatureTexts, type FeatureTextLoaders } from '../../../lib/i18n/use-feature-texts';
import { useBookPickupMutation, useCancelPickupMutation, usePickupPlacesQuery } from '../api/pickup-api';
import styles from './pickup-page.module.css';

const TEXTS: FeatureTextLoaders = {
  kk: () => import('../locales/kk/pickup.json'),
  ru: () => import('../locales/ru/pickup.json'),
  en: () => import('../locales/en/pickup.json'),
};

/** /pickup: book a time to collect what waits at a branch (ADR 092); the branch prepares the parcels for it. */
export default function PickupPage() {
  const { t } = useTranslation();
  const ready = useFeatureTexts('pickup', TEXTS);
  const q = usePickupPlacesQuery();
  if (!ready || q.isLoading) return <PageSpinner />;
  if (q.error || !q.data)
    return (
      <ErrorState level={1} title={t('pickup:error_title')} text={describeApiError(q.error, t).message} onRetry={() => void q.refetch()} />
    );
  return (
    <div className={styles.page} data-testid="pickup-page">
      <PageHeader title={t('pickup:title')} lead={t('pickup:lead')} />
      {q.data.length === 0 ? (
        <EmptyState level={2} title={t('pickup:nothing_title')} text={t('pickup:nothing_text')} />
      ) : (
        q.data.map((place) => <PlaceCard key={place.branch.id} place={place} />)
      )}
    </div>
  );
}

function PlaceCard({ place }: { place: TPickupPlace }) {
  const { t, i18n } = useTranslation();
  const lang = currentLang(i18n);
  const timeZone = place.branch.time_zone;
  const [chosen, setChosen] = useState<string | null>(null);
  const [book, booking] = useBookPickupMutation();
  const [cancel, cancelling] = useCancelPickupMutation();
  const error = booking.error ?? cancelling.error;
  const time = (iso: string) => formatTime(iso, lang, { timeZone });
  const day = (iso: string) => formatDayMonth(iso, lang, { timeZone });
  const days = new Map<string, TPickupPlace['slots']>();
  for (const s of place.slots) days.set(day(s.start), [...(days.get(day(s.start)) ?? []), s]);
  const mine = place.booking;
  return (
    <Card className={styles.card} data-testid="pickup-place" data-branch={place.branch.id}>
      <div className={styles.head}>
        <h2 className={styles.branch}>{place.branch.name}</h2>
        <span className={styles.muted}>{place.branch.address}</span>
        <span className={styles.waiting}>{t('pickup:waiting', { count: place.waiting })}</span>
      </div>
      {mine && (
        <div className={styles.booked} data-testid="pickup-booked">
          <span>
            {t('pickup:your_time')}{' '}
            <strong data-testid="pickup-booked-time">
              {day(mine.slot_start)}, {time(mine.slot_start)}–{time(mine.slot_end)}
            </strong>
          </span>
          <span className={styles.muted}>{t('pickup:booked_hint')}</span>
          <Button
            size="sm"
            variant="secondary"
            loading={cancelling.isLoading}
            onClick={() => void cancel(mine.id)}
            data-testid="pickup-cancel"
          >
            {t('pickup:cancel')}
          </Button>
        </div>
      )}
      {error && <Alert kind="error">{describeApiError(error, t).message}</Alert>}
      {place.slots.length === 0 ? (
        <p className={styles.muted} data-testid="pickup-no-slots">
          {t('pickup:no_slots')}
        </p>
      ) : (
        <>
          <h3 className={styles.subTitle}>{mine ? t('pickup:change') : t('pickup:choose')}</h3>
          {[...days].map(([label, slots]) => (
            <fieldset key={label} className={styles.day}>
              <legend className={styles.dayLabel}>{label}</legend>
              <div className={styles.slots} role="radiogroup" aria-label={label}>
                {slots.map((s) => {
                  const full = s.left === 0;
                  const isMine = mine?.slot_start === s.start;
                  return (
                    <button
                      key={s.start}
                      type="button"
                      role="radio"
                      aria-checked={chosen === s.start}
                      disabled={full || isMine}
                      className={styles.slot}
                      data-mine={isMine || undefined}
                      onClick={() => setChosen(s.start)}
                      data-testid="pickup-slot"
                      data-start={s.start}
                    >
                      <span>{time(s.start)}</span>
                      <span className={styles.left}>
                        {full ? t('pickup:full') : isMine ? t('pickup:yours') : t('pickup:left', { count: s.left })}
                      </span>
                    </button>
                  );
                })}
              </div>
            </fieldset>
          ))}
          <Button
            block
            disabled={!chosen}
            loading={booking.isLoading}
            onClick={() => chosen && void book({ branch_id: place.branch.id, slot_start: chosen }).then(() => setChosen(null))}
            data-testid="pickup-book"
          >
            {chosen ? t('pickup:book_at', { time: `${day(chosen)}, ${time(chosen)}` }) : t('pickup:book')}
          </Button>
        </>
      )}
    </Card>
  );
}
