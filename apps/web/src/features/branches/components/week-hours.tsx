import { useTranslation } from 'react-i18next';
import { WEEKDAYS, type TBranch } from '@portal/contract';
import { dayBreak, dayHours } from '../../../lib/content/branch-hours';
import { useBranchToday } from '../../../components/content/branch-info';
import styles from './branches.module.css';

/** The week's opening hours, today highlighted (in the branch's time zone). */
export function WeekHours({ branch }: { branch: TBranch }) {
  const { t } = useTranslation();
  const { weekday } = useBranchToday(branch);
  return (
    <table className={styles.hours}>
      <caption className="visually-hidden">{t('branches:detail.hours')}</caption>
      <tbody>
        {WEEKDAYS.map((day) => {
          const hours = dayHours(branch.working_hours, day);
          const pause = dayBreak(hours);
          const today = day === weekday;
          return (
            <tr key={day} className={today ? styles.hoursToday : undefined} aria-current={today ? 'date' : undefined}>
              <th scope="row">
                {t(`content:weekday.${day}`)}
                {today && <span className={styles.todayMark}>{t('branches:detail.today')}</span>}
              </th>
              <td>
                {hours ? `${hours.open}–${hours.close}` : t('content:hours.day_off')}
                {pause && <span className={styles.hoursBreak}>{t('content:hours.break', { from: pause.start, to: pause.end })}</span>}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
