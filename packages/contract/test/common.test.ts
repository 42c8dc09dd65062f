import { describe, expect, it } from 'vitest';
import {
  LANGUAGES,
  MSG,
  langFromHeader,
  normalizePhone,
  pickText,
  VALIDATION_MESSAGES,
  ZCalendarDay,
  ZPageQuery,
  ZRegisterRequest,
} from '../src';

describe('normalizePhone', () => {
  it.each([
    ['+7 701 000 00 01', '+77010000001'],
    ['87010000001', '+77010000001'],
    ['7010000001', '+77010000001'],
    ['+7 (701) 000-00-01', '+77010000001'],
    ['+996 555 808 080', '+996555808080'],
  ])('%s → %s', (input, e164) => expect(normalizePhone(input)).toBe(e164));

  it.each(['', '12', 'abc', '+7 701', '1'.repeat(40)])('refuses %j', (input) => expect(normalizePhone(input)).toBeNull());
});

describe('languages', () => {
  it('reads Accept-Language with q-values and falls back to ru', () => {
    expect(langFromHeader('en-US,en;q=0.9')).toBe('en');
    expect(langFromHeader('de-DE, kk;q=0.5, en;q=0.4')).toBe('kk');
    expect(langFromHeader('fr')).toBe('ru');
    expect(langFromHeader(undefined)).toBe('ru');
  });
  it('picks a text, falling back to ru', () => {
    expect(pickText({ kk: '', ru: 'Привет', en: 'Hi' }, 'kk')).toBe('Привет');
    expect(pickText({ kk: 'Сәлем', ru: 'Привет', en: 'Hi' }, 'kk')).toBe('Сәлем');
  });
  it('has every validation message in kk, ru and en', () => {
    const keys = Object.keys(VALIDATION_MESSAGES.en).sort();
    for (const lang of LANGUAGES) expect(Object.keys(VALIDATION_MESSAGES[lang]).sort()).toEqual(keys);
    expect(VALIDATION_MESSAGES.en['validation.code_incomplete']).toBe('Enter the full code!');
  });
});

describe('schemas', () => {
  it('pages default to 10 per page, page 1, at most 100', () => {
    expect(ZPageQuery.parse({})).toEqual({ 'filters[per_page]': 10, 'filters[page]': 1 });
    expect(ZPageQuery.safeParse({ 'filters[per_page]': '101' }).success).toBe(false);
    expect(ZPageQuery.safeParse({ 'filters[page]': '0' }).success).toBe(false);
  });
  it('register wants matching passwords', () => {
    const base = {
      phone_number: '+77010000009',
      verification_token: 't',
      password: 'Steppe-Fox-42',
      first_name: 'A',
      last_name: 'B',
      branch_id: 1,
      gender: 'male',
      date_of_birth: '1990-01-01',
    };
    expect(ZRegisterRequest.safeParse({ ...base, password_confirmation: 'Steppe-Fox-42' }).success).toBe(true);
    const bad = ZRegisterRequest.safeParse({ ...base, password_confirmation: 'nope' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('validation.passwords_must_match');
  });
});

describe('free storage days', () => {
  it('counts the last free day in the branch time zone and goes negative when overdue', async () => {
    const { daysLeftToCollect, localDate, storageUntilFor } = await import('../src/orders/storage');
    // 20:30 UTC on 1 March is already 2 March in Almaty (UTC+5).
    const now = new Date('2026-03-01T20:30:00Z');
    expect(localDate(now, 'Asia/Almaty')).toBe('2026-03-02');
    expect(storageUntilFor(now, 'Asia/Almaty', 14)).toBe('2026-03-16');
    expect(daysLeftToCollect('2026-03-16', '2026-03-13')).toBe(3);
    expect(daysLeftToCollect('2026-03-16', '2026-03-16')).toBe(0);
    expect(daysLeftToCollect('2026-03-16', '2026-03-18')).toBe(-2);
    expect(localDate(now, 'Not/AZone')).toBe('2026-03-01');
    expect(localDate(now, 'UTC')).toBe('2026-03-01');
  });

  it("counts the customer's today in the device's zone, as Intl reads that zone", async () => {
    const { deviceDate, localDate } = await import('../src/orders/storage');
    // eslint-disable-next-line no-restricted-syntax -- asks Intl for the device's zone name (formats nothing)
    const zone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
    for (let hour = 0; hour < 48; hour += 1) {
      const at = new Date(Date.UTC(2026, 11, 31, hour, 30));
      expect(deviceDate(at), at.toISOString()).toBe(localDate(at, zone));
    }
    expect(deviceDate(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});

describe('calendar days', () => {
  it.each(['2026-01-15', '2024-02-29', '1900-01-01', '9999-12-31'])('takes %s', (day) =>
    expect(ZCalendarDay.safeParse(day).success).toBe(true),
  );
  // Each of these once reached `new Date(…).toISOString()` or PostgreSQL and answered 500 (found by the API fuzz test).
  it.each([
    '',
    ' ',
    '-0',
    'null',
    '%zz',
    '2026-13-45',
    '0000-00-00',
    '2026-02-30',
    '2023-02-29',
    '1899-12-31',
    '99999-01-01',
    '2026-1-5',
    5,
  ])('refuses %j with the date message', (day) => {
    const r = ZCalendarDay.safeParse(day);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(MSG.invalidDate);
  });
});
