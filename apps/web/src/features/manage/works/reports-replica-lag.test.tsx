import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TDashboard } from '@portal/contract';
import { i18next } from '../../../lib/i18n/i18n';
import { jsonResponse, renderWithStore } from '../../../test/render';
import en from '../locales/en/manage.json';
import ReportsWork from './reports-work';

vi.mock('../components/line-bar-chart', () => ({ LineBarChart: () => <div /> }));

afterEach(() => vi.unstubAllGlobals());

const day = '2026-11-29';
const zero = { received: 0, dispatched: 0, arrived: 0, delivered: 0 };
const dash = (lag?: number) =>
  ({
    period: { from: day, to: day },
    previous: { from: '2026-11-28', to: '2026-11-28' },
    branch_id: 1,
    ...(lag === undefined ? {} : { replica_lag_seconds: lag }),
    parcels_by_status: [],
    flows: [{ date: day, ...zero }],
    flows_total: zero,
    flows_previous: zero,
    revenue: [],
    revenue_total: [],
    revenue_previous: [],
  }) as TDashboard;

async function render(lag?: number) {
  i18next.addResourceBundle('en', 'manage', en, true, true);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const path = new URL(input.url).pathname;
      if (path.endsWith('/manage/reports')) return jsonResponse({ data: dash(lag) });
      if (path.endsWith('/manage/context'))
        return jsonResponse({ data: { role: 'staff', place: null, place_branch: null, works: [], capabilities: [], branches: [] } });
      return jsonResponse({ data: [] });
    }),
  );
  renderWithStore(<ReportsWork branchId={1} admin={false} />);
  await screen.findByTestId('reports-period');
}

// The first render loads the work's module and texts: slow on a busy machine.
describe('reports: read replica lag (ADR 095)', { timeout: 30_000 }, () => {
  it('says how far behind the figures are when the replica lags 30 s or more', async () => {
    await render(95.4);
    expect(screen.getByTestId('reports-replica-lag').textContent).toBe(en.reports.replica_lag.replace('{{n}}', '95'));
  });

  it('says nothing when read on the primary or a replica that keeps up', async () => {
    await render(2);
    expect(screen.queryByTestId('reports-replica-lag')).toBeNull();
  });
});
