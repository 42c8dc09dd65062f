import { WEEKDAYS, addDays, localDate, zonedClock, type TWorkingDay } from '@portal/contract';

/** One weekday's rule as the module keeps it (branch_slot_rules). */
export interface SlotRule {
  day: (typeof WEEKDAYS)[number];
  slotMinutes: number;
  capacity: number;
}

export interface SlotTime {
  start: Date;
  end: Date;
  capacity: number;
  minutes: number;
}

const MINUTE = 60_000;

function minutesOf(hhmm: string | null | undefined): number | null {
  const m = hhmm ? /^(\d{1,2}):(\d{2})$/.exec(hhmm) : null;
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/** The moment a wall-clock time of `date` (YYYY-MM-DD) is in `timeZone` (two passes: right across an offset change). */
export function zonedMoment(date: string, minutes: number, timeZone: string): Date {
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, mo - 1, d, 0, minutes);
  let at = wall;
  for (let i = 0; i < 2; i++) {
    const c = zonedClock(new Date(at), timeZone);
    if (!c) return new Date(wall);
    const shown = Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute);
    at += wall - shown;
  }
  return new Date(at);
}

/**
 * The slots of the next `days` days (today first) at a branch: each day's rule cut into slots of its length inside
 * the opening hours minus the break, in the branch's time zone; a slot must fit whole before the break or the close.
 * Slots starting before `notBefore` (now + the lead time) are left out. No rule or capacity 0 → no slots that day.
 */
export function slotTimes(
  branch: { timeZone: string; workingHours: TWorkingDay[] },
  rules: SlotRule[],
  now: Date,
  days: number,
  notBefore: Date,
): SlotTime[] {
  const today = localDate(now, branch.timeZone);
  const out: SlotTime[] = [];
  for (let i = 0; i < days; i++) {
    const date = addDays(today, i);
    const weekday = WEEKDAYS[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7]!;
    const rule = rules.find((r) => r.day === weekday);
    const hours = branch.workingHours.find((h) => h.day === weekday);
    const open = minutesOf(hours?.open);
    const close = minutesOf(hours?.close);
    if (!rule || rule.capacity <= 0 || open === null || close === null || close <= open) continue;
    const breakStart = minutesOf(hours?.break_start);
    const breakEnd = minutesOf(hours?.break_end);
    for (let m = open; m + rule.slotMinutes <= close; m += rule.slotMinutes) {
      if (breakStart !== null && breakEnd !== null && m < breakEnd && m + rule.slotMinutes > breakStart) {
        // Skip into the break's end (slots restart on the break's end, aligned to it).
        m = breakEnd - rule.slotMinutes;
        continue;
      }
      const start = zonedMoment(date, m, branch.timeZone);
      if (start < notBefore) continue;
      out.push({ start, end: new Date(start.getTime() + rule.slotMinutes * MINUTE), capacity: rule.capacity, minutes: rule.slotMinutes });
    }
  }
  return out;
}
