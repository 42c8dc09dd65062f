import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ZSaveTrackRequest, type TSaveTrackResponse } from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { translateFieldMessage } from '../../../lib/api/errors';
import { applyFieldErrors } from '../../../lib/forms/api-errors';
import { notify } from '../../../lib/ui/toast';
import { TRACK_FIELD_CODES, useSaveTrack } from '../model/save-track';
import { BulkTrackForm } from './bulk-track-form';
import { PlusIcon } from './order-icons';
import styles from './orders.module.css';
import { useSubmitOnce } from '../../../lib/forms/use-submit-once';
import { ItemLinesEditor } from '../../../components/declarations/item-lines-editor';
import { emptyLine, parseLines, type DraftLine, type LineErrors } from '../../../components/declarations/item-lines-model';
import { Alert } from '../../../components/ui/feedback';
import { useSaveItemsAfterCode } from '../model/save-items';

type FormIn = z.input<typeof ZSaveTrackRequest>;
type FormOut = z.output<typeof ZSaveTrackRequest>;
const FIELDS = ['track_code', 'name'] as const;

/**
 * Tracking code and an optional name; the code is normalised (spaces, dashes, case) the way the API does it. A toggle
 * switches to pasting many codes at once (BulkTrackForm).
 */
export function SaveTrackForm(props: Parameters<typeof OneTrackForm>[0]) {
  const { t } = useTranslation();
  const [bulk, setBulk] = useState(false);
  return (
    <div className={styles.form}>
      {bulk ? <BulkTrackForm /> : <OneTrackForm {...props} />}
      <Button variant="ghost" size="sm" className={styles.modeToggle} onClick={() => setBulk((b) => !b)} data-testid="track-mode-toggle">
        {bulk ? t('orders:bulk.toggle_one') : t('orders:bulk.toggle_bulk')}
      </Button>
    </div>
  );
}

function OneTrackForm({
  onSaved,
  autoFocus,
  initialCode = '',
  stacked,
}: {
  onSaved?: (result: TSaveTrackResponse['data']) => void;
  autoFocus?: boolean;
  initialCode?: string;
  /** One field under another (in a sheet), instead of a row on wide screens. */
  stacked?: boolean;
}) {
  const { t } = useTranslation();
  const [saveTrack] = useSaveTrack();
  const saveItems = useSaveItemsAfterCode();
  const [inside, setInside] = useState(false);
  const [lines, setLines] = useState<DraftLine[]>(() => [emptyLine()]);
  const [lineErrors, setLineErrors] = useState<LineErrors>({});
  const [linesProblem, setLinesProblem] = useState(false);
  const { register, handleSubmit, reset, setError, formState } = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(ZSaveTrackRequest),
    defaultValues: { track_code: initialCode, name: '' },
  });

  const onSubmit = useSubmitOnce(
    handleSubmit(async (values) => {
      // The items are checked before the code is saved, by the contract's rule, so both land or neither is tried.
      const parsed = inside ? parseLines(lines) : null;
      setLineErrors(parsed?.errors ?? {});
      setLinesProblem(Boolean(parsed && !parsed.ok));
      if (parsed && !parsed.ok) return;
      const result = await saveTrack(values);
      if ('data' in result) {
        if (parsed && parsed.items.length > 0) await saveItems(result.data.saved_track.track_code, parsed.items);
        reset({ track_code: '', name: '' });
        setLines([emptyLine()]);
        setInside(false);
        onSaved?.(result.data);
        return;
      }
      const info = result.error;
      if (TRACK_FIELD_CODES.includes(info.code)) {
        setError('track_code', { type: 'server', message: info.message }, { shouldFocus: true });
        return;
      }
      const rest = applyFieldErrors(info, setError, FIELDS);
      if (!Object.keys(info.fields).length || rest.length) notify.error(info.message);
    }),
  );

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate data-testid="save-track-form">
      <div className={stacked ? styles.formStack : styles.formRow}>
        <TextField
          label={t('orders:track_form.code')}
          placeholder={t('orders:track_form.code_placeholder')}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          autoFocus={autoFocus}
          maxLength={64}
          error={translateFieldMessage(formState.errors.track_code?.message, t)}
          {...register('track_code')}
        />
        <TextField
          label={t('orders:track_form.name')}
          placeholder={t('orders:track_form.name_placeholder')}
          autoComplete="off"
          maxLength={100}
          error={translateFieldMessage(formState.errors.name?.message, t)}
          {...register('name')}
        />
        <Button type="submit" loading={formState.isSubmitting}>
          <PlusIcon size={18} />
          {t('orders:track_form.submit')}
        </Button>
      </div>
      <details className={styles.inside} open={inside} onToggle={(e) => setInside(e.currentTarget.open)} data-testid="whats-inside">
        <summary>{t('declarations:whats_inside')}</summary>
        <p className={styles.note}>{t('declarations:whats_inside_hint')}</p>
        {inside && <ItemLinesEditor lines={lines} onChange={setLines} errors={lineErrors} idPrefix="track" />}
        {linesProblem && <Alert kind="error">{t('declarations:check_lines')}</Alert>}
      </details>
    </form>
  );
}
