import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TDutyEstimate } from '@portal/contract';
import { formatMoney } from '@portal/contract/common/format';
import { jsonResponse, renderWithStore } from '../../../test/render';
import { DutyLimitNotice } from './duty-limit-notice';

afterEach(() => {
  vi.unstubAllGlobals();
});

const rule = {
  id: 1,
  country_code: 'KZ',
  effective_from: '2020-01-01',
  effective_to: null,
  period: 'parcel' as const,
  value_threshold: 20_000,
  value_currency: 'EUR' as const,
  weight_threshold_kg: 31,
  rate_bp: 1500,
  min_per_kg: 200,
  name: { kk: 'ЕАЭО', ru: 'ЕАЭС', en: 'EAEU' },
  version: 1,
};
const estimate = (e: Partial<TDutyEstimate>): TDutyEstimate => ({
  status: 'ok',
  rule,
  day: '2026-11-29',
  value_eur: 24_139,
  weight_kg: 2.35,
  previous_eur: 0,
  used: 24_139,
  remaining: 0,
  crosses: true,
  duty_eur: 621,
  duty_branch: 318_100,
  branch_currency: 'KZT',
  rates: [
    { currency: 'CNY', rate: '65.12', day: '2026-11-29' },
    { currency: 'EUR', rate: '512.3', day: '2026-11-28' },
  ],
  rate_unavailable: [],
  ...e,
});

function answer(e: TDutyEstimate) {
  const fetch = vi.fn(async () => jsonResponse({ data: e }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const items = [{ quantity: 1, unitPrice: 189_900, currency: 'CNY' }];

describe('DutyLimitNotice', () => {
  it('warns before a parcel crosses the limit, with the estimated duty and the rates’ date', async () => {
    const fetch = answer(estimate({}));
    renderWithStore(<DutyLimitNotice trackCode="ZTO78015562341" items={items} weightKg={2.35} />);
    const warning = await screen.findByTestId('duty-warning');
    expect(warning.textContent).toBe(
      `This parcel goes over the duty-free limit. Estimated duty: ${formatMoney(3181, 'KZT', 'en')} (${formatMoney(6.21, 'EUR', 'en')}), paid at customs`,
    );
    expect(screen.getByTestId('duty-used').textContent).toBe(
      `${formatMoney(241.39, 'EUR', 'en')} of ${formatMoney(200, 'EUR', 'en')} used by this parcel`,
    );
    // The oldest day of the rates used.
    expect(screen.getByTestId('duty-rates-day').textContent).toMatch(/^Converted at the National Bank of Kazakhstan's rates of 28 /);
    const request = fetch.mock.calls[0] as unknown as [Request];
    expect(await request[0].clone().json()).toEqual({
      track_code: 'ZTO78015562341',
      items: [{ quantity: 1, unit_price: 189_900, currency: 'CNY' }],
      weight_kg: 2.35,
    });
  });

  it('within the limit: what is used and what is left; half-typed lines are not sent', async () => {
    const fetch = answer(estimate({ value_eur: 5_000, used: 5_000, remaining: 15_000, crosses: false, duty_eur: 0, duty_branch: 0 }));
    renderWithStore(<DutyLimitNotice trackCode="ZTO1" items={[...items.slice(0, 0), { quantity: 0, unitPrice: 1, currency: 'CNY' }]} />);
    expect((await screen.findByTestId('duty-within')).textContent).toMatch(/^Within the limit: .*150.* left/);
    expect(screen.queryByTestId('duty-warning')).toBeNull();
    const request = fetch.mock.calls[0] as unknown as [Request];
    expect(await request[0].clone().json()).toEqual({ track_code: 'ZTO1' });
  });

  it('a missing rate: says so, no guess', async () => {
    answer(
      estimate({
        status: 'rate_unavailable',
        value_eur: null,
        used: null,
        remaining: null,
        crosses: false,
        duty_eur: null,
        duty_branch: null,
        rate_unavailable: ['RUB'],
      }),
    );
    renderWithStore(<DutyLimitNotice trackCode="ZTO1" items={items} />);
    expect((await screen.findByTestId('duty-rate-unavailable')).textContent).toBe(
      "Rate unavailable (RUB): the duty can't be estimated yet",
    );
    expect(screen.queryByTestId('duty-warning')).toBeNull();
  });
});
