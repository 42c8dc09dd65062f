import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router-dom';
import type { TPaymentRequest } from '@portal/contract';
import { formatMoney } from '@portal/contract/common/format';
import { i18next } from '../../../lib/i18n/i18n';
import { jsonResponse, renderWithStore } from '../../../test/render';
import en from '../locales/en/payments.json';
import { emitLiveEvent } from '../../../lib/session/live-events';
import { resetTelegramDetection, setTelegramApp } from '../../../lib/telegram/detect';
import type { TelegramWebApp } from '../../../lib/telegram/types';
import PayPage from './pay-page';

beforeAll(() => {
  i18next.addResourceBundle('en', 'payments', en, true, true);
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetTelegramDetection();
});

const ID = '5b1f0c1e-0000-4000-8000-000000000001';
const request = (more: Partial<TPaymentRequest> = {}): TPaymentRequest => ({
  id: ID,
  status: 'open',
  provider: 'kaspi',
  branch: { id: 3, name: 'Almaty — Tole Bi' },
  currency: 'KZT',
  amount: 531_150,
  debt: 342_150,
  parcel_ids: [11, 12],
  pay_url: 'https://kaspi.example/pay/abc',
  qr_payload: 'https://qr.kaspi.example/abc',
  provider_ref: 'K-1',
  expires_at: new Date(Date.now() + 10 * 60_000).toISOString(),
  paid_at: null,
  payment_id: null,
  extension: null,
  created_at: new Date().toISOString(),
  ...more,
});

type Answer = (req: Request) => Response | undefined;
/** Serves the request (a list of answers in turn for GET), the waiting rows and whatever `more` answers. */
function api(gets: TPaymentRequest[], more: Answer = () => undefined) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  let n = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (req: Request) => {
      const path = new URL(req.url).pathname;
      calls.push({
        method: req.method,
        path,
        body:
          req.method === 'POST'
            ? await req
                .clone()
                .json()
                .catch(() => null)
            : null,
      });
      const answered = more(req);
      if (answered) return answered;
      if (path.endsWith(`/payments/requests/${ID}`)) return jsonResponse({ data: gets[Math.min(n++, gets.length - 1)] });
      if (path.endsWith('/orders/waiting')) return jsonResponse({ data: [] });
      return jsonResponse({ code: 'not_found', message: 'Not found' }, 404);
    }),
  );
  return calls;
}

const renderPage = () =>
  renderWithStore(
    <Routes>
      <Route path="/pay/:id" element={<PayPage />} />
    </Routes>,
    { route: `/pay/${ID}` },
  );

describe('/pay/:id', () => {
  it('Kaspi: the QR of the payload, the amount by the one formatter, what it covers and the time left', async () => {
    api([request()]);
    renderPage();
    const qr = await screen.findByTestId('pay-qr');
    expect(qr.getAttribute('data-payload')).toBe('https://qr.kaspi.example/abc');
    expect(qr.querySelector('svg')).toBeTruthy();
    expect(screen.getByTestId('pay-amount').textContent).toBe(formatMoney(5311.5, 'KZT', 'en'));
    expect(screen.getByTestId('pay-covers').textContent).toContain('2 parcels with their storage');
    expect(screen.getByTestId('pay-covers').textContent).toContain(`Debt: ${formatMoney(3421.5, 'KZT', 'en')}`);
    expect(screen.getByTestId('pay-open-kaspi').getAttribute('href')).toBe('https://kaspi.example/pay/abc');
    expect(screen.getByTestId('pay-expires').textContent).toMatch(/kept for (9:5\d|10:00)/);
  });

  it('inside Telegram, its MainButton opens Kaspi outside the Mini App and the page drops its own button', async () => {
    const main = { params: {} as Record<string, unknown>, clicks: [] as (() => void)[] };
    const openLink = vi.fn();
    setTelegramApp({
      openLink,
      MainButton: {
        setParams: (p: Record<string, unknown>) => Object.assign(main.params, p),
        show: vi.fn(),
        hide: vi.fn(),
        showProgress: vi.fn(),
        hideProgress: vi.fn(),
        onClick: (cb: () => void) => main.clicks.push(cb),
        offClick: vi.fn(),
      },
    } as unknown as TelegramWebApp);
    api([request()]);
    renderPage();
    await screen.findByTestId('pay-qr');
    await waitFor(() => expect(main.params.text).toBe(en.kaspi.open_app));
    expect(screen.queryByTestId('pay-open-kaspi')).toBeNull();
    main.clicks.at(-1)!();
    expect(openLink).toHaveBeenCalledWith('https://kaspi.example/pay/abc');
  });

  it('follows the status while open (every ~2 s) and shows the paid state, then stops asking', async () => {
    const calls = api([request(), request({ status: 'paid', paid_at: new Date().toISOString(), payment_id: 77 })]);
    renderPage();
    await screen.findByTestId('pay-open');
    const paid = await screen.findByTestId('pay-state-paid', undefined, { timeout: 4000 });
    expect(paid.textContent).toContain(`${formatMoney(5311.5, 'KZT', 'en')} paid online`);
    expect(screen.getByTestId('pay-to-qr').getAttribute('href')).toBe('/qr');
    const gets = () => calls.filter((c) => c.path.endsWith(`/payments/requests/${ID}`)).length;
    const after = gets();
    await new Promise((r) => setTimeout(r, 2300));
    expect(gets()).toBe(after);
  }, 10_000);

  it('cards: a button to the provider’s page, no QR', async () => {
    api([request({ provider: 'cloudpayments', qr_payload: null, pay_url: 'https://pay.example/widget/1' })]);
    renderPage();
    expect((await screen.findByTestId('pay-go')).getAttribute('href')).toBe('https://pay.example/widget/1');
    expect(screen.queryByTestId('pay-qr')).toBeNull();
  });

  it('cards: no 2 s poll; told through the live stream that its request changed, the page reads it at once', async () => {
    const card = { provider: 'cloudpayments' as const, qr_payload: null, pay_url: 'https://pay.example/widget/1' };
    const calls = api([request(card), request({ ...card, status: 'paid', paid_at: new Date().toISOString(), payment_id: 77 })]);
    renderPage();
    await screen.findByTestId('pay-go');
    const gets = () => calls.filter((c) => c.path.endsWith(`/payments/requests/${ID}`)).length;
    const first = gets();
    await new Promise((r) => setTimeout(r, 2300));
    expect(gets()).toBe(first);
    // Another request's event reads nothing; this one's reads it, and the page shows it paid well before any poll.
    act(() => emitLiveEvent('payment', { request_id: 'someone-else' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(gets()).toBe(first);
    act(() => emitLiveEvent('payment', { request_id: ID }));
    expect(await screen.findByTestId('pay-state-paid', undefined, { timeout: 1000 })).toBeTruthy();
    expect(gets()).toBe(first + 1);
  }, 10_000);

  it("told 'paid' by the live stream, the page shows it at once, before its read of the request returns", async () => {
    const card = { provider: 'cloudpayments' as const, qr_payload: null, pay_url: 'https://pay.example/widget/1' };
    api([request(card)]);
    // From the event on, the page's read of its request never returns.
    const stub = vi.mocked(globalThis.fetch as (req: Request) => Promise<Response>);
    const serve = stub.getMockImplementation()!;
    let hold = false;
    stub.mockImplementation((req: Request) =>
      hold && new URL(req.url).pathname.endsWith(ID) ? new Promise<Response>(() => {}) : serve(req),
    );
    renderPage();
    await screen.findByTestId('pay-go');
    hold = true;
    // Without a status the event is a hint: the page waits for its read.
    act(() => emitLiveEvent('payment', { request_id: ID }));
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByTestId('pay-state-paid')).toBeNull();
    act(() => emitLiveEvent('payment', { request_id: ID, status: 'paid' }));
    expect(await screen.findByTestId('pay-state-paid', undefined, { timeout: 1000 })).toBeTruthy();
  });

  it('when the live stream opens again (it may have missed a change), an open request is read again', async () => {
    const card = { provider: 'cloudpayments' as const, qr_payload: null, pay_url: 'https://pay.example/widget/1' };
    api([request(card), request({ ...card, status: 'failed' })]);
    renderPage();
    await screen.findByTestId('pay-go');
    act(() => emitLiveEvent('resync', undefined));
    expect(await screen.findByTestId('pay-state-failed', undefined, { timeout: 1000 })).toBeTruthy();
  });

  it('expired: pay again opens a new request for the same branch and provider and moves to it', async () => {
    const calls = api([request({ status: 'expired' })], (req) =>
      req.method === 'POST' && new URL(req.url).pathname.endsWith('/payments/requests')
        ? jsonResponse({ data: request({ id: 'new-one' }) }, 201)
        : undefined,
    );
    renderWithStore(
      <Routes>
        <Route path="/pay/:id" element={<PayPage />} />
      </Routes>,
      { route: `/pay/${ID}` },
    );
    expect((await screen.findByTestId('pay-state-expired')).textContent).toContain('Time is up');
    fireEvent.click(screen.getByTestId('pay-retry'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ branch_id: 3, provider: 'kaspi' });
  });

  it('refunded and cancelled are explained; failed offers to pay again', async () => {
    api([request({ status: 'refunded' })]);
    const { unmount } = renderPage();
    expect((await screen.findByTestId('pay-state-refunded')).textContent).toContain('returned to you');
    unmount();
    api([request({ status: 'cancelled' })]);
    const second = renderPage();
    expect((await screen.findByTestId('pay-state-cancelled')).textContent).toContain('No money was taken');
    second.unmount();
    api([request({ status: 'failed' })]);
    renderPage();
    expect((await screen.findByTestId('pay-state-failed')).textContent).toContain('did not go through');
    expect(screen.getByTestId('pay-retry')).toBeTruthy();
  });

  it('cancel: the request is cancelled and the page says so', async () => {
    api([request()], (req) =>
      req.method === 'POST' && new URL(req.url).pathname.endsWith('/cancel')
        ? jsonResponse({ data: request({ status: 'cancelled' }) })
        : undefined,
    );
    renderPage();
    fireEvent.click(await screen.findByTestId('pay-cancel'));
    expect(await screen.findByTestId('pay-state-cancelled')).toBeTruthy();
  });

  it('a request that cannot be read shows the API’s message with a retry', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ code: 'not_found', message: 'Payment not found' }, 404)),
    );
    renderPage();
    // Among the alerts (a previous test's toast may still be on screen), the page's own says what failed.
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContainEqual(
        expect.stringMatching(/Could not load the payment[\s\S]*Payment not found/),
      ),
    );
  });
});
