import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTENT_IMAGE_MAX_BYTES, type TContentImageKind } from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/feedback';
import { useUploadContentImageMutation } from '../api/content-api';
import { errorText } from '../model/api-error';
import styles from './content.module.css';

/**
 * An image of a content item: upload (JPEG, PNG or WebP up to 2 MB, checked by the API by its bytes) and the
 * address the save then refers to; removable when the item may go without one.
 */
export function ImageField({
  label,
  kind,
  value,
  onChange,
  optional,
  error,
}: {
  label: string;
  kind: TContentImageKind;
  value: string;
  onChange: (url: string) => void;
  optional?: boolean;
  error?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [upload, state] = useUploadContentImageMutation();
  const pick = async (file: File | undefined) => {
    if (!file) return;
    const result = await upload({ kind, file });
    if ('data' in result && result.data) onChange(result.data);
    if (input.current) input.current.value = '';
  };
  return (
    <div className={styles.group}>
      <label className={styles.legend} htmlFor={id}>
        {label}
      </label>
      <div className={styles.image}>
        {value ? <img className={styles.thumb} src={value} alt="" /> : <span className={styles.thumb} aria-hidden />}
        <input
          ref={input}
          id={id}
          type="file"
          accept="image/png,image/jpeg,image/webp"
          hidden
          onChange={(e) => void pick(e.target.files?.[0])}
          data-testid={`image-input-${kind}`}
        />
        <Button variant="secondary" size="sm" loading={state.isLoading} onClick={() => input.current?.click()}>
          {value ? t('admin:content.image_replace') : t('admin:content.image_upload')}
        </Button>
        {optional && value && (
          <Button variant="ghost" size="sm" onClick={() => onChange('')}>
            {t('admin:content.image_remove')}
          </Button>
        )}
      </div>
      <span className={styles.complete}>{t('admin:content.image_hint', { size: CONTENT_IMAGE_MAX_BYTES / 1024 / 1024 })}</span>
      {state.isError && <Alert>{errorText(state.error, t)}</Alert>}
      {error && <Alert>{error}</Alert>}
    </div>
  );
}
