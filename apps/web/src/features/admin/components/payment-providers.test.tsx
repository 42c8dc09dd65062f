import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TAdminPaymentProviders } from '@portal/contract';
import { i18next } from '../../../lib/i18n/i18n';
import { jsonResponse, renderWithStore } from '../../../test/render';
import en from '../locales/en/admin.json';
import { PaymentProviders } from './payment-providers';

const list = (set: boolean, enabled = false, available = true): TAdminPaymentProviders => ({
  available,
  providers: [
    {
      provider: 'kaspi',
      enabled,
      configured: set,
      updated_at: set ? '2026-11-29T10:00:00Z' : null,
      fields: [
        { name: 'device_token', set },
        { name: 'organization_bin', set },
      ],
    },
  ],
});

beforeEach(() => {
  i18next.addResourceBundle('en', 'admin', en, true, true);
});
afterEach(() => vi.unstubAllGlobals());

describe('PaymentProviders (the branch page’s online payments)', () => {
  it('shows which fields are set, sends only what was typed with the switch, and shows the saved state', async () => {
    const bodies: unknown[] = [];
    let current = list(false);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        if (request.method === 'PUT') {
          bodies.push(await request.json());
          current = list(true, true);
        }
        return jsonResponse({ data: current });
      }),
    );
    renderWithStore(<PaymentProviders branchId={3} />, { route: '/admin/branches/3' });
    const token = await screen.findByTestId('provider-kaspi-device_token');
    expect(token.getAttribute('type')).toBe('password');
    expect(token.getAttribute('data-set')).toBe('not-set');
    expect(screen.getAllByText(en.payment_providers.not_set)).toHaveLength(2);

    await userEvent.type(token, 'dev-123');
    await userEvent.click(screen.getByRole('switch'));
    await userEvent.click(screen.getByTestId('provider-kaspi-save'));
    await waitFor(() => expect(bodies).toEqual([{ provider: 'kaspi', enabled: true, credentials: { device_token: 'dev-123' } }]));
    expect(await screen.findByText(en.payment_providers.saved)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('provider-kaspi-device_token').getAttribute('data-set')).toBe('set'));
    expect((screen.getByTestId('provider-kaspi-device_token') as HTMLInputElement).value).toBe('');
    expect(screen.getByTestId('provider-kaspi-state').textContent).toContain(en.payment_providers.on);
  });

  it('says the server has no key and offers no form', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ data: list(false, false, false) })),
    );
    renderWithStore(<PaymentProviders branchId={3} />, { route: '/admin/branches/3' });
    expect((await screen.findByTestId('payment-providers-unavailable')).textContent).toContain('PAYMENTS_SECRET_KEY');
    expect(screen.queryByTestId('provider-kaspi')).toBeNull();
  });
});
