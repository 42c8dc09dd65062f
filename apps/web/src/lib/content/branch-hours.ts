import { deviceClock, WEEKDAYS, zonedClock, type TWorkingDay } from '@portal/contract';

export type TWeekday = (typeof WEEKDAYS)[number];

export interface ZonedNow {
  weekday: TWeekday;
  /** Minutes since midnight in the zone. */
  minutes: number;
}

/** Today's weekday and time of day in a time zone (the device's own zone when the name is unknown). */
export function zonedNow(timeZone: string, now: Date = new Date()): ZonedNow {
  const clock = zonedClock(now, timeZone) ?? deviceClock(now);
  // Date counts from Sunday, WEEKDAYS from Monday.
  return { weekday: WEEKDAYS[(clock.weekday + 6) % 7]!, minutes: clock.hour * 60 + clock.minute };
}

/** "09:30" → 570; null for anything else. "24:00" is the end of the day. */
export function toMinutes(hhmm: string | null): number | null {
  if (!hhmm) return null;
  const match = /^(\d{1,2}):(\d{2})$/.exec(hhmm.trim());
  if (!match) return null;
  const h = Number(match[1]);
  const m = Number(match[2]);
  if (h > 24 || m > 59 || (h === 24 && m > 0)) return null;
  return h * 60 + m;
}

export function dayHours(hours: TWorkingDay[], day: TWeekday): TWorkingDay | null {
  const found = hours.find((d) => d.day === day);
  return found && toMinutes(found.open) !== null && toMinutes(found.close) !== null ? found : null;
}

/** The day's break (break_start–break_end), when it has one. */
export function dayBreak(day: TWorkingDay | null): { start: string; end: string } | null {
  const start = toMinutes(day?.break_start ?? null);
  const end = toMinutes(day?.break_end ?? null);
  return start !== null && end !== null && end > start ? { start: day!.break_start!, end: day!.break_end! } : null;
}

function inBreak(day: TWorkingDay | null, minutes: number): boolean {
  const pause = dayBreak(day);
  return !!pause && minutes >= toMinutes(pause.start)! && minutes < toMinutes(pause.end)!;
}

function isOpenAt(day: TWorkingDay | null, minutes: number): boolean {
  const open = toMinutes(day?.open ?? null);
  const close = toMinutes(day?.close ?? null);
  if (open === null || close === null) return false;
  if (inBreak(day, minutes)) return false;
  if (close > open) return minutes >= open && minutes < close;
  // Past midnight (22:00–02:00): open from the opening time to the end of the day.
  return minutes >= open;
}

export type BranchState =
  { kind: 'open'; closesAt: string } | { kind: 'closed'; opensAt: string; opensDay: TWeekday; today: boolean } | { kind: 'closed_unknown' };

export interface BranchToday {
  weekday: TWeekday;
  /** Today's hours, or null when the branch does not open today. */
  today: TWorkingDay | null;
  state: BranchState;
}

/** Today's hours and whether the branch is open now, both in the branch's own time zone. */
export function branchToday(hours: TWorkingDay[], timeZone: string, now: Date = new Date()): BranchToday {
  const { weekday, minutes } = zonedNow(timeZone, now);
  const today = dayHours(hours, weekday);
  if (today && isOpenAt(today, minutes)) return { weekday, today, state: { kind: 'open', closesAt: today.close ?? '' } };
  if (today && inBreak(today, minutes)) {
    return { weekday, today, state: { kind: 'closed', opensAt: today.break_end ?? '', opensDay: weekday, today: true } };
  }
  if (today && minutes < (toMinutes(today.open) ?? 0)) {
    return { weekday, today, state: { kind: 'closed', opensAt: today.open ?? '', opensDay: weekday, today: true } };
  }
  const start = WEEKDAYS.indexOf(weekday);
  for (let i = 1; i <= 7; i++) {
    const day = WEEKDAYS[(start + i) % 7]!;
    const next = dayHours(hours, day);
    if (next) return { weekday, today, state: { kind: 'closed', opensAt: next.open ?? '', opensDay: day, today: false } };
  }
  return { weekday, today, state: { kind: 'closed_unknown' } };
}
