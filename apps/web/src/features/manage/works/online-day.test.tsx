import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TDayCloseView, TPayment } from '@portal/contract';
import { i18next } from '../../../lib/i18n/i18n';
import { jsonResponse, renderWithStore } from '../../../test/render';
import en from '../locales/en/manage.json';
import { OnlineDay } from './online-day';

afterEach(() => vi.unstubAllGlobals());

const VIEW = {
  branch: { id: 1, name: 'Almaty' },
  business_date: '2026-11-29',
  open_date: '2026-11-29',
  today: '2026-11-29',
  currency: 'KZT',
  payment_methods: ['cash'],
  expected: { cash: 0, card: 0, transfer: 0, kaspi_qr: 0, elsom: 0, mbank: 0, o_dengi: 0 },
  payments_count: 0,
  close: null,
  online: [{ provider: 'kaspi', count: 1, amount: 500_000 }],
} as TDayCloseView;

const PAID: TPayment = {
  id: 41,
  kind: 'payment',
  method: 'online',
  amount: 500_000,
  currency: 'KZT',
  branch: { id: 1, name: 'Almaty' },
  customer_id: 5,
  staff: null,
  provider: 'kaspi',
  provider_ref: 'QR-1',
  receipt_id: null,
  business_date: '2026-11-29',
  reverses_id: null,
  reversed_by_id: null,
  refunds_id: null,
  refunded: 100_000,
  reason: null,
  created_at: '2026-11-29T09:00:00.000Z',
};

describe('close of day: online money apart from the drawer', () => {
  it('lists it per provider and refunds part of a payment through its provider', async () => {
    i18next.addResourceBundle('en', 'manage', en, true, true);
    const posted: { url: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: Request) => {
        if (input.method === 'POST') {
          posted.push({ url: new URL(input.url).pathname, body: await input.json() });
          return jsonResponse({ data: { ...PAID, id: 42, kind: 'refund', amount: -150_000, refunds_id: 41, refunded: 0 } });
        }
        return jsonResponse({ data: [PAID, { ...PAID, id: 40, method: 'cash', provider: null }] });
      }),
    );
    renderWithStore(<OnlineDay view={VIEW} branchId={1} />);
    expect(screen.getByTestId('close-online-amount-kaspi').textContent?.replace(/\s/g, ' ')).toBe('5,000 ₸');
    const rows = await screen.findAllByTestId('online-payment-row');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.textContent).toContain('Kaspi · ref QR-1');
    fireEvent.click(screen.getByTestId('refund-41'));
    // What is left to refund is offered: 5 000 − 1 000.
    expect((screen.getByTestId('refund-amount') as HTMLInputElement).value).toBe('4000');
    expect((screen.getByTestId('refund-submit') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByTestId('refund-amount'), { target: { value: '1 500' } });
    fireEvent.change(screen.getByTestId('refund-reason'), { target: { value: 'one parcel stayed' } });
    fireEvent.click(screen.getByTestId('refund-submit'));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({ url: '/api/manage/payments/41/refund', body: { amount: 150_000, reason: 'one parcel stayed' } });
  });

  it('shows nothing on a day without online money', () => {
    vi.stubGlobal('fetch', vi.fn());
    const { container } = renderWithStore(<OnlineDay view={{ ...VIEW, online: [] }} branchId={1} />);
    expect(container.textContent).toBe('');
  });
});
