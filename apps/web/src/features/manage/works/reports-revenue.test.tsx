import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TDashboard } from '@portal/contract';
import { i18next } from '../../../lib/i18n/i18n';
import { jsonResponse, renderWithStore } from '../../../test/render';
import en from '../locales/en/manage.json';
import ReportsWork from './reports-work';

// The chart draws on a canvas the test DOM has not: its series are what matters here.
vi.mock('../components/line-bar-chart', () => ({
  LineBarChart: (p: { testId: string; series: { label: string; data: number[] }[] }) => (
    <div data-testid={p.testId} data-series={JSON.stringify(p.series.map((s) => [s.label, s.data]))} />
  ),
}));

afterEach(() => vi.unstubAllGlobals());

const day = '2026-11-29';
const row = (method: string, provider: string | null, amount: number) => ({
  date: day,
  branch_id: 1,
  branch: 'Almaty',
  method,
  provider,
  currency: 'KZT',
  amount,
  count: 1,
});
const DASH = {
  period: { from: day, to: day },
  previous: { from: '2026-11-28', to: '2026-11-28' },
  branch_id: 1,
  parcels_by_status: [],
  flows: [{ date: day, received: 0, dispatched: 0, arrived: 0, delivered: 0 }],
  flows_total: { received: 0, dispatched: 0, arrived: 0, delivered: 0 },
  flows_previous: { received: 0, dispatched: 0, arrived: 0, delivered: 0 },
  revenue: [row('cash', null, 100_000), row('online', 'kaspi', 250_000), row('online', 'cloudpayments', 75_000)],
  revenue_total: [{ currency: 'KZT', amount: 425_000 }],
  revenue_previous: [],
} as TDashboard;

describe('reports: revenue', () => {
  it('shows online money per provider, apart from the counter’s methods, in the table and the chart', async () => {
    i18next.addResourceBundle('en', 'manage', en, true, true);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: Request) => {
        const path = new URL(input.url).pathname;
        if (path.endsWith('/manage/reports')) return jsonResponse({ data: DASH });
        if (path.endsWith('/manage/context'))
          return jsonResponse({ data: { role: 'staff', place: null, place_branch: null, works: [], capabilities: [], branches: [] } });
        return jsonResponse({ data: [] });
      }),
    );
    renderWithStore(<ReportsWork branchId={1} admin={false} />);
    const table = await screen.findByTestId('table-revenue');
    const methods = within(table)
      .getAllByTestId('revenue-row')
      .map((r) => r.querySelectorAll('td')[2]!.textContent);
    expect(methods).toEqual([en.payment.cash, 'Online: Kaspi', 'Online: Card (CloudPayments)']);
    const series = JSON.parse(screen.getByTestId('chart-revenue').getAttribute('data-series')!) as [string, number[]][];
    expect(series).toEqual(
      expect.arrayContaining([
        [en.payment.cash, [1000]],
        ['Online: Kaspi', [2500]],
        ['Online: Card (CloudPayments)', [750]],
        ['Online: Freedom Pay', [0]],
      ]),
    );
    // `online` is no longer one series of its own.
    expect(series.map(([label]) => label)).not.toContain(en.payment.online);
  });
});
