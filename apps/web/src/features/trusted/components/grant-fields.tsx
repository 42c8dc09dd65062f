import { useTranslation } from 'react-i18next';
import { addDays, TRUSTED_MAX_DAYS, type TTrustedChoice } from '@portal/contract';
import { TextField } from '../../../components/ui/field';
import { currentLang, formatDayRange } from '../../../lib/content/format';
import styles from '../pages/trusted.module.css';

/** A set of parcel ids with one toggled (the checkboxes' state). */
export function toggled(set: Set<number>, id: number): Set<number> {
  const next = new Set(set);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/** The parcels a grant may name, as checkboxes: code, name, where it is and its branch. */
export function ParcelChoices(props: { choices: TTrustedChoice[] | undefined; chosen: Set<number>; onToggle: (id: number) => void }) {
  const { t } = useTranslation();
  return (
    <fieldset className={styles.choices} data-testid="trusted-parcels">
      <legend>{t('trusted:parcels')}</legend>
      {props.choices?.length === 0 && <p className={styles.muted}>{t('trusted:no_parcels')}</p>}
      {props.choices?.map((c) => (
        <label key={c.id} className={styles.choice}>
          <input
            type="checkbox"
            checked={props.chosen.has(c.id)}
            onChange={() => props.onToggle(c.id)}
            data-testid="trusted-parcel"
            data-code={c.track_code}
          />
          <span>
            <strong>{c.track_code}</strong> {c.name}
            <span className={styles.muted}>
              {' '}
              · {t(`trusted:status.${c.status}`)} · {c.branch.name}
            </span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** The grant's first and last day (at most TRUSTED_MAX_DAYS), and the span in words. */
export function DayFields(props: { from: string; to: string; min: string; onFrom: (day: string) => void; onTo: (day: string) => void }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <div className={styles.days}>
        <TextField
          type="date"
          label={t('trusted:from')}
          value={props.from}
          min={props.min}
          onChange={(e) => props.onFrom(e.target.value)}
          data-testid="trusted-from"
        />
        <TextField
          type="date"
          label={t('trusted:to')}
          value={props.to}
          min={props.from}
          max={addDays(props.from, TRUSTED_MAX_DAYS - 1)}
          onChange={(e) => props.onTo(e.target.value)}
          data-testid="trusted-to"
        />
      </div>
      <p className={styles.muted}>{formatDayRange(props.from, props.to, currentLang(i18n))}</p>
    </>
  );
}
