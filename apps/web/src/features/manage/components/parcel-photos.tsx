import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MAX_PARCEL_PHOTOS,
  MAX_PHOTO_BYTES,
  PARCEL_PHOTO_KINDS,
  PHOTO_ACCEPT,
  PHOTO_MIME_TYPES,
  type TParcelPhoto,
  type TParcelPhotoKind,
  type TPhotoMime,
} from '@portal/contract';
import { Alert } from '../../../components/ui/feedback';
import { useAddParcelPhotosMutation } from '../api/manage-api';
import { errorText } from '../model/api-error';
import { formatDateTime } from '../model/format';
import styles from '../manage.module.css';
import { PhotoIcon } from './manage-icons';

/**
 * A parcel's photos grouped by kind (intake, damage, hand-over; ADR 081): thumbnails opening the photo, each by the
 * signed address the API answered (valid for minutes, so the view is reloaded rather than kept).
 */
export function ParcelPhotoGroups({ photos, code }: { photos: TParcelPhoto[]; code: string }) {
  const { t, i18n } = useTranslation();
  if (!photos.length) return null;
  return (
    <div className={styles.photoGroups} data-testid="parcel-photos">
      {PARCEL_PHOTO_KINDS.map((kind) => {
        const mine = photos.filter((p) => p.kind === kind);
        if (!mine.length) return null;
        return (
          <section key={kind} className={styles.photoGroup} data-testid={`photos-${kind}`}>
            <h4 className={styles.photoGroupTitle}>{t(`manage:photos.kind.${kind}`)}</h4>
            <div className={styles.photos}>
              {mine.map((p, i) => (
                <a key={p.id} href={p.url} target="_blank" rel="noreferrer" className={styles.photoLink}>
                  <img
                    src={p.thumb_url}
                    alt={t('manage:photos.alt', { kind: t(`manage:photos.kind.${kind}`), n: i + 1, code })}
                    className={styles.photo}
                    loading="lazy"
                  />
                  <span className={styles.photoCaption}>
                    {formatDateTime(p.taken_at, i18n.language)}
                    {p.taken_by && ` · ${p.taken_by}`}
                  </span>
                </a>
              ))}
            </div>
          </section>
        );
      })}
    </div>
  );
}

/** A button that takes or picks photos of one kind and adds them to the parcel (checked here, decided by the API). */
export function AddPhotoButton({ parcelId, kind, have }: { parcelId: number; kind: TParcelPhotoKind; have: number }) {
  const { t } = useTranslation();
  const [add, state] = useAddParcelPhotosMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const [added, setAdded] = useState(0);
  const left = MAX_PARCEL_PHOTOS - have;

  const onPick = async (e: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(e.target.files ?? []);
    e.target.value = '';
    if (!files.length) return;
    if (files.length > left || files.some((f) => f.size > MAX_PHOTO_BYTES || !PHOTO_MIME_TYPES.includes(f.type as TPhotoMime))) {
      setProblem(t('manage:photos.invalid', { max: MAX_PARCEL_PHOTOS }));
      return;
    }
    setProblem(null);
    try {
      await add({ id: parcelId, kind, files }).unwrap();
      setAdded((n) => n + files.length);
    } catch (error) {
      setProblem(errorText(error, t));
    }
  };

  return (
    <div className={styles.photoPick}>
      <label className={styles.photoButton} aria-disabled={left <= 0 || state.isLoading}>
        <PhotoIcon size={20} />
        <span>{state.isLoading ? t('manage:photos.uploading') : t(`manage:photos.add.${kind}`)}</span>
        <input
          type="file"
          accept={PHOTO_ACCEPT}
          capture="environment"
          multiple
          disabled={left <= 0 || state.isLoading}
          onChange={(e) => void onPick(e)}
          data-testid={`add-photo-${kind}`}
        />
      </label>
      {added > 0 && !problem && (
        <span className={styles.muted} data-testid={`added-photo-${kind}`}>
          {t('manage:photos.added', { count: added })}
        </span>
      )}
      {problem && <Alert kind="error">{problem}</Alert>}
    </div>
  );
}
