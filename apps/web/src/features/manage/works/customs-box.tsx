import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CUSTOMS_HOLD_REASONS, isLang, type TCustomsHoldReason, type TManageParcel } from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/feedback';
import { SelectField, TextField } from '../../../components/ui/field';
import { saveFile } from '../api/bags-api';
import { useCustomsHoldMutation, useCustomsManifestMutation, useCustomsReleaseMutation } from '../api/customs-api';
import { errorText } from '../model/api-error';
import styles from '../manage.module.css';

/**
 * Customs on flights (issue 36, ADR 085): the broker's manifest of a flight (xlsx with its summary, or CSV) in the
 * page's language; a branch's staff get their branch's share.
 */
export function CustomsManifestButtons({ flightId, branchId }: { flightId: number; branchId?: number }) {
  const { t, i18n } = useTranslation();
  const [fetchFile, fetching] = useCustomsManifestMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const lang = isLang(i18n.language) ? i18n.language : 'ru';
  const go = async (format: 'xlsx' | 'csv') => {
    setProblem(null);
    try {
      saveFile(await fetchFile({ flightId, format, lang, branchId }).unwrap(), `customs-manifest-${flightId}.${format}`);
    } catch (error) {
      setProblem(errorText(error, t));
    }
  };
  return (
    <div className={styles.stackGap} data-testid="customs-manifest">
      <div className={styles.actionsRow}>
        <strong>{t('manage:customs.manifest')}</strong>
        <Button
          variant="secondary"
          size="sm"
          loading={fetching.isLoading}
          onClick={() => void go('xlsx')}
          data-testid="customs-manifest-xlsx"
        >
          xlsx
        </Button>
        <Button variant="secondary" size="sm" onClick={() => void go('csv')} data-testid="customs-manifest-csv">
          CSV
        </Button>
      </div>
      {problem && <Alert>{problem}</Alert>}
    </div>
  );
}

/**
 * A parcel's hold for customs (reason from the short list, a note) or, while held, its release (the parcel's summary
 * above it says why it is held).
 */
export function CustomsHoldControl({ parcel }: { parcel: TManageParcel }) {
  const { t } = useTranslation();
  const [holdParcel, holding] = useCustomsHoldMutation();
  const [releaseParcel, releasing] = useCustomsReleaseMutation();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<TCustomsHoldReason | ''>('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const held = parcel.customs_hold;
  const fail = (error: unknown) => setProblem(errorText(error, t));
  if (held)
    return (
      <div className={styles.stackGap} data-testid="customs-held" data-reason={held.reason}>
        <div className={styles.actionsRow}>
          <Button
            size="sm"
            variant="secondary"
            loading={releasing.isLoading}
            onClick={() => void releaseParcel(parcel.id).unwrap().catch(fail)}
            data-testid="customs-release"
          >
            {t('manage:customs.release')}
          </Button>
        </div>
        {problem && <Alert>{problem}</Alert>}
      </div>
    );
  if (parcel.status !== 'in_transit') return null;
  if (!open)
    return (
      <div className={styles.actionsRow}>
        <Button size="sm" variant="secondary" onClick={() => setOpen(true)} data-testid="customs-hold-open">
          {t('manage:customs.hold')}
        </Button>
      </div>
    );
  return (
    <form
      className={styles.stackGap}
      data-testid="customs-hold-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (!reason) return;
        setProblem(null);
        holdParcel({ id: parcel.id, body: { reason, note } })
          .unwrap()
          .then(() => setOpen(false))
          .catch(fail);
      }}
    >
      <div className={styles.twoCols}>
        <SelectField
          label={t('manage:customs.reason')}
          value={reason}
          required
          onChange={(e) => setReason(e.target.value as TCustomsHoldReason)}
          data-testid="customs-reason"
        >
          <option value="">—</option>
          {CUSTOMS_HOLD_REASONS.map((r) => (
            <option key={r} value={r}>
              {t(`manage:customs.reasons.${r}`)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('manage:customs.note')}
          value={note}
          required={reason === 'other'}
          maxLength={300}
          onChange={(e) => setNote(e.target.value)}
          data-testid="customs-note"
        />
      </div>
      {problem && <Alert>{problem}</Alert>}
      <div className={styles.actionsRow}>
        <Button type="submit" size="sm" loading={holding.isLoading} data-testid="customs-hold-submit">
          {t('manage:customs.hold_save')}
        </Button>
        <Button type="button" size="sm" variant="secondary" onClick={() => setOpen(false)}>
          {t('manage:flights.cancel')}
        </Button>
      </div>
    </form>
  );
}
