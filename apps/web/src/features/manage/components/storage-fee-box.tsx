import { useTranslation } from 'react-i18next';
import { STORAGE_WAIVER_REASON_MAX, toMajor } from '@portal/contract';
import { TextField } from '../../../components/ui/field';
import type { CounterStorage } from '../model/storage-at-counter';
import { WAIVER_REASON_MIN } from '../model/storage-at-counter';
import { formatDate, formatMoney } from '../model/format';
import styles from '../manage.module.css';

/** The hand-over's paid storage: one line per chosen parcel past its free days, the sum, and the waiver with its reason. */
export function StorageFeeBox({
  storage,
  currency,
  waive,
  reason,
  onWaive,
  onReason,
}: {
  storage: CounterStorage;
  currency: string;
  waive: boolean;
  reason: string;
  onWaive: (waive: boolean) => void;
  onReason: (reason: string) => void;
}) {
  const { t, i18n } = useTranslation();
  if (!storage.lines.length) return null;
  const money = (minor: number) => formatMoney(toMajor(minor), currency, i18n.language);
  const short = waive && reason.trim().length < WAIVER_REASON_MIN;
  return (
    <div className={styles.stackGap} data-testid="handover-storage">
      <ul className={styles.plainList}>
        {storage.lines.map((s) => (
          <li key={s.order_id} className={styles.totalBox}>
            <span>
              {t('manage:storage.line', {
                code: s.track_code,
                days: s.days,
                per_day: money(s.per_day),
                until: formatDate(s.storage_until, i18n.language),
              })}
            </span>
            <strong style={waive ? { textDecoration: 'line-through' } : undefined}>{money(s.fee)}</strong>
          </li>
        ))}
      </ul>
      <label className={styles.check}>
        <input type="checkbox" checked={waive} onChange={() => onWaive(!waive)} data-testid="handover-waive" />
        <span>{t('manage:storage.waive', { amount: money(storage.accrued) })}</span>
      </label>
      {waive && (
        <TextField
          label={t('manage:storage.reason')}
          value={reason}
          maxLength={STORAGE_WAIVER_REASON_MAX}
          onChange={(e) => onReason(e.target.value)}
          error={short && reason !== '' ? t('manage:storage.reason_short') : undefined}
          hint={t('manage:storage.reason_hint')}
          data-testid="handover-waive-reason"
        />
      )}
    </div>
  );
}
