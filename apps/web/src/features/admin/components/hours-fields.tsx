import { useTranslation } from 'react-i18next';
import { WEEKDAYS, type TWorkingDay } from '@portal/contract';
import styles from './places.module.css';

export interface DayDraft {
  day: TWorkingDay['day'];
  closed: boolean;
  open: string;
  close: string;
  hasBreak: boolean;
  break_start: string;
  break_end: string;
}

export const draftWeek = (hours?: TWorkingDay[]): DayDraft[] =>
  WEEKDAYS.map((day) => {
    const d = hours?.find((h) => h.day === day);
    const closed = hours ? !d?.open || !d?.close : day === 'sun';
    return {
      day,
      closed,
      open: d?.open ?? '09:00',
      close: d?.close ?? '19:00',
      hasBreak: !!(d?.break_start && d?.break_end),
      break_start: d?.break_start ?? '13:00',
      break_end: d?.break_end ?? '14:00',
    };
  });

export const weekOf = (days: DayDraft[]) =>
  days.map((d) =>
    d.closed
      ? { day: d.day, open: null, close: null }
      : d.hasBreak
        ? { day: d.day, open: d.open, close: d.close, break_start: d.break_start, break_end: d.break_end }
        : { day: d.day, open: d.open, close: d.close },
  );

/** Working hours per weekday: open–close, an optional break, or closed. */
export function HoursFields({
  value,
  onChange,
  errors,
}: {
  value: DayDraft[];
  onChange: (value: DayDraft[]) => void;
  errors: Record<string, string[]>;
}) {
  const { t } = useTranslation();
  const set = (i: number, patch: Partial<DayDraft>) => onChange(value.map((d, j) => (j === i ? { ...d, ...patch } : d)));
  return (
    <div className={styles.scroll}>
      <table className={styles.hoursTable} data-testid="branch-hours">
        <thead>
          <tr>
            <th scope="col">{t('admin:branches.day')}</th>
            <th scope="col">{t('admin:branches.day_closed')}</th>
            <th scope="col">{t('admin:branches.opens')}</th>
            <th scope="col">{t('admin:branches.closes')}</th>
            <th scope="col">{t('admin:branches.break')}</th>
          </tr>
        </thead>
        <tbody>
          {value.map((d, i) => {
            const error = ['open', 'close', 'break_start', 'break_end'].map((f) => errors[`working_hours.${i}.${f}`]?.[0]).find(Boolean);
            const day = t(`content:weekday.${d.day}`);
            return (
              <tr key={d.day}>
                <th scope="row">
                  {day}
                  {error && (
                    <span role="alert" className={styles.closed}>
                      {' '}
                      {error}
                    </span>
                  )}
                </th>
                <td>
                  <input
                    type="checkbox"
                    aria-label={`${day}: ${t('admin:branches.day_closed')}`}
                    checked={d.closed}
                    onChange={(e) => set(i, { closed: e.target.checked })}
                  />
                </td>
                <td>
                  <input
                    type="time"
                    aria-label={`${day}: ${t('admin:branches.opens')}`}
                    value={d.open}
                    disabled={d.closed}
                    onChange={(e) => set(i, { open: e.target.value })}
                  />
                </td>
                <td>
                  <input
                    type="time"
                    aria-label={`${day}: ${t('admin:branches.closes')}`}
                    value={d.close}
                    disabled={d.closed}
                    onChange={(e) => set(i, { close: e.target.value })}
                  />
                </td>
                <td>
                  <span className={styles.check}>
                    <input
                      type="checkbox"
                      aria-label={`${day}: ${t('admin:branches.break')}`}
                      checked={d.hasBreak && !d.closed}
                      disabled={d.closed}
                      onChange={(e) => set(i, { hasBreak: e.target.checked })}
                    />
                    <input
                      type="time"
                      aria-label={`${day}: ${t('admin:branches.break_from')}`}
                      value={d.break_start}
                      disabled={d.closed || !d.hasBreak}
                      onChange={(e) => set(i, { break_start: e.target.value })}
                    />
                    –
                    <input
                      type="time"
                      aria-label={`${day}: ${t('admin:branches.break_to')}`}
                      value={d.break_end}
                      disabled={d.closed || !d.hasBreak}
                      onChange={(e) => set(i, { break_end: e.target.value })}
                    />
                  </span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
