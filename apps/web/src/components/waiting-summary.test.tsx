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
  // The waiting rows for orders/waiting; the weight checks the card also asks for: none.
  const fetch = vi.fn(async (request: Request | string) =>
    jsonResponse({ data: String(typeof request === 'string' ? request : request.url).includes('orders/waiting') ? rows : [] }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** A row without debt: to_pay is the parcels' total. */
const row = (
  r: Omit<
    TWaitingAtBranch,
    | 'currency'
    | 'debt'
    | 'to_pay'
    | 'storage_fee'
    | 'storage_fee_per_day'
    | 'paid_online'
    | 'online_providers'
    | 'open_request_id'
    | 'insurance'
    | 'storage_until_order_id'
  > &
    Partial<TWaitingAtBranch>,
): TWaitingAtBranch => ({
  currency: 'KZT',
  debt: 0,
  insurance: 0,
  storage_fee: 0,
  storage_fee_per_day: 0,
  paid_online: 0,
  online_providers: [],
  open_request_id: null,
  storage_until_order_id: null,
  to_pay: r.total + (r.debt ?? 0) + (r.storage_fee ?? 0),
  ...r,
});

describe('WaitingSummary (home and /qr at a glance)', () => {
  it('says how many parcels wait at which branch, their total and the days left to collect', async () => {
    const fetch = answer([
      row({ branch_id: 1, branch: 'Almaty — Tole Bi', count: 3, total: 831_600, storage_until: addDays(today, 4) }),
      row({ branch_id: 2, branch: 'Astana — Mangilik El', count: 1, total: 125_050, storage_until: addDays(today, -2) }),
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

  it('"to pay" includes the open debt, and says how much of it is debt', async () => {
    answer([row({ branch_id: 1, branch: 'Almaty — Tole Bi', count: 1, total: 189_000, debt: 342_150, storage_until: addDays(today, 4) })]);
    renderWithStore(<WaitingSummary />);
    expect((await screen.findByTestId('waiting-total')).textContent).toBe(`To pay: ${formatMoney(5311.5, 'KZT', 'en')}`);
    expect(screen.getByTestId('waiting-debt').textContent).toBe(`including debt ${formatMoney(3421.5, 'KZT', 'en')}`);
  });

  it('"to pay" includes the storage the parcels accrued, and says so', async () => {
    answer([
      row({ branch_id: 1, branch: 'Almaty — Tole Bi', count: 1, total: 189_000, storage_fee: 30_000, storage_until: addDays(today, -3) }),
    ]);
    renderWithStore(<WaitingSummary />);
    expect((await screen.findByTestId('waiting-total')).textContent).toBe(`To pay: ${formatMoney(2190, 'KZT', 'en')}`);
    expect(screen.getByTestId('waiting-storage').textContent).toBe(`including storage ${formatMoney(300, 'KZT', 'en')}`);
  });

  it('says nothing of debt when there is none', async () => {
    answer([row({ branch_id: 1, branch: 'Almaty — Tole Bi', count: 1, total: 189_000, storage_until: null })]);
    renderWithStore(<WaitingSummary />);
    expect((await screen.findByTestId('waiting-total')).textContent).toBe(`To pay: ${formatMoney(1890, 'KZT', 'en')}`);
    expect(screen.queryByTestId('waiting-debt')).toBeNull();
  });

  it('shows nothing when nothing waits', async () => {
    const fetch = answer([]);
    const { container } = renderWithStore(<WaitingSummary />);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(container.querySelector('[data-testid=waiting-summary]')).toBeNull();
  });

  describe('booking a pickup time (ADR 092)', () => {
    it('offers "Book a pickup time" (/pickup) when parcels wait', async () => {
      answer([row({ branch_id: 1, branch: 'Almaty — Tole Bi', count: 2, total: 189_000, storage_until: null })]);
      renderWithStore(<WaitingSummary />);
      const book = await screen.findByTestId('waiting-book-pickup');
      expect(book.textContent).toBe('Book a pickup time');
      expect(book.getAttribute('href')).toBe('/pickup');
    });

    it('offers no booking when nothing waits', async () => {
      const fetch = answer([]);
      renderWithStore(<WaitingSummary />);
      await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
      await new Promise((r) => setTimeout(r, 20));
      expect(screen.queryByTestId('waiting-book-pickup')).toBeNull();
    });
  });

  describe('keeping parcels longer (ADR 093)', () => {
    const lastDayIn = (days: number, more: Partial<TWaitingAtBranch> = {}) =>
      row({
        branch_id: 1,
        branch: 'Almaty — Tole Bi',
        count: 2,
        total: 189_000,
        storage_until: addDays(today, days),
        storage_until_order_id: 41,
        ...more,
      });

    it('from three days before the last free day, "Keep longer" opens the parcel that runs out first', async () => {
      answer([lastDayIn(3), { ...lastDayIn(-2), branch_id: 2, storage_until_order_id: 42 }]);
      renderWithStore(<WaitingSummary />);
      const keep = await screen.findAllByTestId('waiting-keep-longer');
      expect(keep.map((k) => [k.textContent, k.getAttribute('href')])).toEqual([
        ['Keep longer', '/orders/order?id=41'],
        ['Keep longer', '/orders/order?id=42'],
      ]);
    });

    it('not earlier, and not where the fee is due but the branch takes no money online', async () => {
      const fetch = answer([
        lastDayIn(4),
        { ...lastDayIn(1, { storage_fee_per_day: 50_000 }), branch_id: 2 },
        { ...lastDayIn(1, { storage_fee_per_day: 50_000, online_providers: ['kaspi'] }), branch_id: 3, storage_until_order_id: 43 },
      ]);
      renderWithStore(<WaitingSummary />);
      await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
      const keep = await screen.findAllByTestId('waiting-keep-longer');
      expect(keep.map((k) => k.getAttribute('href'))).toEqual(['/orders/order?id=43']);
    });
  });

  describe('paying online (ADR 077)', () => {
    const waitingAt = (more: Record<string, unknown>) =>
      ({
        ...row({ branch_id: 3, branch: 'Almaty — Tole Bi', count: 2, total: 420_000, storage_until: null }),
        ...more,
      }) as TWaitingAtBranch;

    it('offers "Pay online" where the branch takes it and something is to pay: the pay page opens the request', async () => {
      answer([waitingAt({ online_providers: ['kaspi'], paid_online: 0, open_request_id: null })]);
      renderWithStore(<WaitingSummary />);
      const pay = await screen.findByTestId('waiting-pay');
      expect(pay.textContent).toBe('Pay online');
      expect(pay.getAttribute('href')).toBe('/pay?branch=3');
      expect(screen.queryByTestId('waiting-paid-online')).toBeNull();
    });

    it('an open request is continued, not opened again', async () => {
      answer([waitingAt({ online_providers: ['kaspi', 'cloudpayments'], open_request_id: '5b1f0c1e-0000-4000-8000-000000000001' })]);
      renderWithStore(<WaitingSummary />);
      const pay = await screen.findByTestId('waiting-pay');
      expect(pay.textContent).toBe('Continue payment');
      expect(pay.getAttribute('href')).toBe('/pay/5b1f0c1e-0000-4000-8000-000000000001');
    });

    it('no button where the branch takes money at the counter only', async () => {
      answer([waitingAt({ online_providers: [] })]);
      renderWithStore(<WaitingSummary />);
      await screen.findByTestId('waiting-row');
      expect(screen.queryByTestId('waiting-pay')).toBeNull();
    });

    it('"Paid online" once the credit covers what waits: nothing to pay at the counter, no button', async () => {
      answer([waitingAt({ online_providers: ['kaspi'], paid_online: 420_000, to_pay: 0, total: 420_000 })]);
      renderWithStore(<WaitingSummary />);
      const badge = await screen.findByTestId('waiting-paid-online');
      expect(badge.textContent).toContain('Paid online');
      expect(screen.getByTestId('waiting-total').textContent).toBe(`To pay: ${formatMoney(0, 'KZT', 'en')}`);
      expect(screen.queryByTestId('waiting-pay')).toBeNull();
    });
  });
});
