import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TPaymentDifference } from '@portal/contract';
import { i18next } from '../../../lib/i18n/i18n';
import { jsonResponse, renderWithStore } from '../../../test/render';
import en from '../locales/en/manage.json';
import { PaymentDifferencesWork } from './payment-differences-work';

afterEach(() => vi.unstubAllGlobals());

const DIFF: TPaymentDifference = {
  id: 7,
  request_id: '0b5c3c2e-0000-4000-8000-000000000001',
  branch: { id: 1, name: 'Almaty' },
  provider: 'kaspi',
  kind: 'paid_not_settled',
  detail: { our_status: 'expired', our_amount: 250_000, journal_amount: null, provider_state: 'paid', provider_amount: 250_000 },
  currency: 'KZT',
  customer: { id: 5, name: 'Aruzhan S.', client_code: 'KZ1234' },
  found_at: '2026-11-29T02:30:00.000Z',
  resolved_at: null,
  resolution: null,
};

describe('payment differences work', () => {
  it('lists differences in words, checks now, and resolves one with a note', async () => {
    i18next.addResourceBundle('en', 'manage', en, true, true);
    const posted: { url: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: Request) => {
        const url = new URL(input.url).pathname;
        if (input.method === 'POST') {
          posted.push({ url, body: await input.json() });
          return jsonResponse({ data: url.endsWith('/check') ? { found: 2 } : { ...DIFF, resolved_at: 'x', resolution: 'ok' } });
        }
        return jsonResponse({ data: [DIFF] });
      }),
    );
    renderWithStore(<PaymentDifferencesWork branchId={1} />);
    const row = await screen.findByTestId('difference-row');
    expect(row.textContent).toContain(en.differences.kind.paid_not_settled);
    expect(row.textContent).toContain('KZ1234');
    expect(row.textContent?.replace(/\s/g, ' ')).toContain('paid · 2,500 ₸');
    fireEvent.click(screen.getByTestId('differences-check'));
    expect((await screen.findByTestId('differences-found')).textContent).toContain('2');
    fireEvent.click(screen.getByTestId('resolve-7'));
    fireEvent.change(screen.getByTestId('resolve-note'), { target: { value: 'settled by hand' } });
    fireEvent.click(screen.getByTestId('resolve-submit'));
    await waitFor(() => expect(posted.map((p) => p.url)).toContain('/api/manage/payment-differences/7/resolve'));
    expect(posted.find((p) => p.url.endsWith('/resolve'))!.body).toEqual({ note: 'settled by hand' });
    expect(posted.find((p) => p.url.endsWith('/check'))!.body).toEqual({ branch_id: 1 });
  });
});
