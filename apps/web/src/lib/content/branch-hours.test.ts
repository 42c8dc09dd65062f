import { describe, expect, it } from 'vitest';
import type { TWorkingDay } from '@portal/contract';
import { branchToday, toMinutes, zonedNow } from './branch-hours';

const WEEK: TWorkingDay[] = [
  { day: 'mon', open: '09:00', close: '19:00' },
  { day: 'tue', open: '09:00', close: '19:00' },
  { day: 'wed', open: '09:00', close: '19:00' },
  { day: 'thu', open: '09:00', close: '19:00' },
  { day: 'fri', open: '09:00', close: '19:00' },
  { day: 'sat', open: '10:00', close: '17:00' },
  { day: 'sun', open: null, close: null },
];

// 2026-11-21 is a Saturday.
const at = (iso: string) => new Date(iso);

describe('branch hours', () => {
  it('reads the weekday and time in the branch time zone, not the device one', () => {
    // 04:30 UTC is 09:30 in Almaty (UTC+5) and 10:30 in Bishkek (UTC+6).
    expect(zonedNow('Asia/Almaty', at('2026-11-20T04:30:00Z'))).toEqual({ weekday: 'fri', minutes: 9 * 60 + 30 });
    expect(zonedNow('Asia/Bishkek', at('2026-11-20T04:30:00Z'))).toEqual({ weekday: 'fri', minutes: 10 * 60 + 30 });
    // 20:00 UTC Saturday is already Sunday in Almaty.
    expect(zonedNow('Asia/Almaty', at('2026-11-21T20:00:00Z')).weekday).toBe('sun');
  });

  it('is closed during the break and opens again at its end', () => {
    const withBreak = WEEK.map((d) => (d.day === 'sat' ? { ...d, break_start: '13:00', break_end: '14:00' } : d));
    // Almaty is UTC+5: 08:30 UTC is 13:30 there, 09:00 UTC is 14:00.
    expect(branchToday(withBreak, 'Asia/Almaty', at('2026-11-21T08:30:00Z')).state).toEqual({
      kind: 'closed',
      opensAt: '14:00',
      opensDay: 'sat',
      today: true,
    });
    expect(branchToday(withBreak, 'Asia/Almaty', at('2026-11-21T09:00:00Z')).state).toEqual({ kind: 'open', closesAt: '17:00' });
    expect(branchToday(withBreak, 'Asia/Almaty', at('2026-11-21T07:59:00Z')).state).toEqual({ kind: 'open', closesAt: '17:00' });
  });

  it('falls back to the device zone for an unknown zone name', () => {
    expect(() => zonedNow('Mars/Olympus', at('2026-11-20T04:30:00Z'))).not.toThrow();
  });

  it('is open between opening and closing, closed at the closing minute', () => {
    expect(branchToday(WEEK, 'Asia/Almaty', at('2026-11-21T05:00:00Z')).state).toEqual({ kind: 'open', closesAt: '17:00' });
    expect(branchToday(WEEK, 'Asia/Almaty', at('2026-11-21T12:00:00Z')).state).toEqual({
      kind: 'closed',
      opensAt: '09:00',
      opensDay: 'mon',
      today: false,
    });
  });

  it('before opening says it opens today', () => {
    expect(branchToday(WEEK, 'Asia/Almaty', at('2026-11-20T03:00:00Z')).state).toEqual({
      kind: 'closed',
      opensAt: '09:00',
      opensDay: 'fri',
      today: true,
    });
  });

  it('on a day off has no hours today and names the next opening day', () => {
    const sunday = branchToday(WEEK, 'Asia/Almaty', at('2026-11-22T06:00:00Z'));
    expect(sunday.today).toBeNull();
    expect(sunday.state).toEqual({ kind: 'closed', opensAt: '09:00', opensDay: 'mon', today: false });
  });

  it('copes with a branch that never opens, and with hours past midnight', () => {
    const never = WEEK.map((d) => ({ ...d, open: null, close: null }));
    expect(branchToday(never, 'Asia/Almaty', at('2026-11-20T06:00:00Z')).state).toEqual({ kind: 'closed_unknown' });
    const late: TWorkingDay[] = WEEK.map((d) => ({ ...d, open: '18:00', close: '02:00' }));
    expect(branchToday(late, 'Asia/Almaty', at('2026-11-20T15:00:00Z')).state.kind).toBe('open');
  });

  it('parses HH:MM strictly', () => {
    expect(toMinutes('09:30')).toBe(570);
    expect(toMinutes('24:00')).toBe(1440);
    expect(toMinutes('24:30')).toBeNull();
    expect(toMinutes('9.30')).toBeNull();
    expect(toMinutes(null)).toBeNull();
  });
});
