import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addDays, deviceDate, type TWaitingAtBranch } from '@portal/contract';
import { formatMoney } from '@portal/contract/common/format';
import { jsonResponse, renderWithStore } from '../test/render';
import { WaitingSummary } from './waiting-summary';

afterEach(() => {
  vi.unstubAllGlobals();
});

const today = deviceDate(new Date());

function answer(rows: TWaitingAtBranch[]) {
  const fetch = vi.fn(async () => jsonResponse({ data: rows }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('WaitingSummary (home and /qr at a glance)', () => {
  it('says how many parcels wait at which branch, their total and the days left to collect', async () => {
    const fetch = answer([
      { branch_id: 1, branch: 'Almaty — Tole Bi', count: 3, total: 831_600, currency: 'KZT', storage_until: addDays(today, 4) },
      { branch_id: 2, branch: 'Astana — Mangilik El', count: 1, total: 125_050, currency: 'KZT', storage_until: addDays(today, -2) },
    ]);
    renderWithStore(<WaitingSummary />);
    expect(await screen.findByText('3 parcels wait at Almaty — Tole Bi')).toBeTruthy();
    expect(screen.getByText('1 parcel waits at Astana — Mangilik El')).toBeTruthy();
    const totals = screen.getAllByTestId('waiting-total').map((e) => e.textContent);
    // The amounts are minor units: 831,600 tiyn is 8,316 ₸, written by the app's one money formatter.
    expect(totals).toEqual([`To pay: ${formatMoney(8316, 'KZT', 'en')}`, `To pay: ${formatMoney(1250.5, 'KZT', 'en')}`]);
    const left = screen.getAllByTestId('waiting-left');
    expect(left.map((e) => e.textContent)).toEqual(['4 days left to collect', 'Free storage ended 2 days ago']);
    expect(left[1]!.className).toMatch(/urgent/);
    expect(
      String((fetch.mock.calls[0] as unknown[])[0] instanceof Request ? ((fetch.mock.calls[0] as unknown[])[0] as Request).url : ''),
    ).toMatch(/\/api\/orders\/waiting$/);
  });

  it('shows nothing when nothing waits', async () => {
    const fetch = answer([]);
    const { container } = renderWithStore(<WaitingSummary />);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(container.querySelector('[data-testid=waiting-summary]')).toBeNull();
  });
});
