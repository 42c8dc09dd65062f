import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Route, Routes, useParams } from 'react-router-dom';
import type { TWaitingAtBranch } from '@portal/contract';
import { i18next } from '../../../lib/i18n/i18n';
import { jsonResponse, renderWithStore } from '../../../test/render';
import en from '../locales/en/payments.json';
import PayStartPage from './pay-start-page';

beforeAll(() => {
  i18next.addResourceBundle('en', 'payments', en, true, true);
});
afterEach(() => vi.unstubAllGlobals());

const ROW = {
  branch_id: 3,
  branch: 'Almaty — Tole Bi',
  count: 2,
  total: 420_000,
  currency: 'KZT',
  debt: 0,
  storage_fee: 0,
  storage_fee_per_day: 0,
  to_pay: 420_000,
  storage_until: null,
  paid_online: 0,
  online_providers: ['kaspi'],
  open_request_id: null,
};

/** The waiting rows and what POST payments/requests answers. */
function api(rows: Record<string, unknown>[], created: () => Response) {
  const posted: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (req: Request) => {
      const path = new URL(req.url).pathname;
      if (path.endsWith('/orders/waiting')) return jsonResponse({ data: rows as TWaitingAtBranch[] });
      if (req.method === 'POST' && path.endsWith('/payments/requests')) {
        posted.push(await req.json());
        return created();
      }
      return jsonResponse({ code: 'not_found', message: 'Not found' }, 404);
    }),
  );
  return posted;
}

function Opened() {
  return <div data-testid="opened">{useParams().id}</div>;
}
const renderAt = (route: string) =>
  renderWithStore(
    <Routes>
      <Route path="/pay" element={<PayStartPage />} />
      <Route path="/pay/:id" element={<Opened />} />
    </Routes>,
    { route },
  );

describe('/pay?branch= (the buttons and the arrival message’s link)', () => {
  it('one provider: the request opens at once and the page moves to it', async () => {
    const posted = api([ROW], () => jsonResponse({ data: { id: 'req-1' } }, 201));
    renderAt('/pay?branch=3');
    expect((await screen.findByTestId('opened')).textContent).toBe('req-1');
    expect(posted).toEqual([{ branch_id: 3, provider: 'kaspi' }]);
  });

  it('several providers: the customer picks, Kaspi first', async () => {
    const posted = api([{ ...ROW, online_providers: ['freedompay', 'cloudpayments', 'kaspi'] }], () =>
      jsonResponse({ data: { id: 'req-2' } }, 201),
    );
    renderAt('/pay?branch=3');
    const picker = await screen.findByTestId('pay-providers');
    expect([...picker.querySelectorAll('button')].map((b) => b.dataset.testid)).toEqual([
      'pay-provider-kaspi',
      'pay-provider-cloudpayments',
      'pay-provider-freedompay',
    ]);
    expect(posted).toEqual([]);
    fireEvent.click(screen.getByTestId('pay-provider-cloudpayments'));
    expect((await screen.findByTestId('opened')).textContent).toBe('req-2');
    expect(posted).toEqual([{ branch_id: 3, provider: 'cloudpayments' }]);
  });

  it('an open request is reused, none is opened', async () => {
    const posted = api([{ ...ROW, open_request_id: 'req-open' }], () => jsonResponse({}, 500));
    renderAt('/pay?branch=3');
    expect((await screen.findByTestId('opened')).textContent).toBe('req-open');
    expect(posted).toEqual([]);
  });

  it('the provider away (502): its message in the caller’s language, and a retry that asks again', async () => {
    let n = 0;
    const posted = api([ROW], () =>
      n++ === 0
        ? jsonResponse({ code: 'payment_provider_failed', message: 'Kaspi does not answer. Try again in a minute.' }, 502)
        : jsonResponse({ data: { id: 'req-3' } }, 201),
    );
    renderAt('/pay?branch=3');
    const error = await screen.findByTestId('pay-start-error');
    expect(error.dataset.code).toBe('payment_provider_failed');
    expect(error.textContent).toContain('Kaspi does not answer. Try again in a minute.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findByTestId('opened')).textContent).toBe('req-3');
    expect(posted).toHaveLength(2);
  });

  it('nothing to pay, paid already, or a branch without online payment: said plainly, nothing opened', async () => {
    const posted = api([ROW], () => jsonResponse({}, 500));
    const a = renderAt('/pay?branch=9');
    expect(await screen.findByTestId('pay-start-nothing')).toBeTruthy();
    a.unmount();
    api([{ ...ROW, to_pay: 0, paid_online: 420_000 }], () => jsonResponse({}, 500));
    const b = renderAt('/pay?branch=3');
    expect((await screen.findByTestId('pay-start-paid')).textContent).toContain('Already paid online');
    b.unmount();
    api([{ ...ROW, online_providers: [] }], () => jsonResponse({}, 500));
    renderAt('/pay?branch=3');
    expect(await screen.findByTestId('pay-start-no-provider')).toBeTruthy();
    await waitFor(() => expect(posted).toEqual([]));
  });
});
