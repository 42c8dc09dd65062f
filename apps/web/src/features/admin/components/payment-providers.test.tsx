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
        { name: 'device_token', set, kind: 'secret' },
        { name: 'organization_bin', set, kind: 'secret' },
      ],
      flags: [],
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
    await waitFor(() =>
      expect(bodies).toEqual([{ provider: 'kaspi', enabled: true, credentials: { device_token: 'dev-123' }, flags: {} }]),
    );
    expect(await screen.findByText(en.payment_providers.saved)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('provider-kaspi-device_token').getAttribute('data-set')).toBe('set'));
    expect((screen.getByTestId('provider-kaspi-device_token') as HTMLInputElement).value).toBe('');
    expect(screen.getByTestId('provider-kaspi-state').textContent).toContain(en.payment_providers.on);
  });

  it('Kaspi’s remote invoice and payment link are switches with a line of help; the certificate is a file sent in base64', async () => {
    const bodies: { flags: Record<string, boolean>; credentials: Record<string, string> }[] = [];
    const kaspi = (certificateSet: boolean, flags: Record<string, boolean>): TAdminPaymentProviders => ({
      available: true,
      providers: [
        {
          provider: 'kaspi',
          enabled: true,
          configured: true,
          updated_at: '2026-11-29T10:00:00Z',
          fields: [
            { name: 'device_token', set: true, kind: 'secret' },
            { name: 'client_certificate', set: certificateSet, kind: 'certificate' },
            { name: 'client_certificate_password', set: certificateSet, kind: 'secret' },
          ],
          flags: Object.entries(flags).map(([name, value]) => ({ name, value })),
        },
      ],
    });
    let current = kaspi(false, { remote_invoice: false, payment_link: true });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        if (request.method === 'PUT') {
          const body = (await request.json()) as (typeof bodies)[number];
          bodies.push(body);
          current = kaspi(true, body.flags);
        }
        return jsonResponse({ data: current });
      }),
    );
    renderWithStore(<PaymentProviders branchId={3} />, { route: '/admin/branches/3' });
    const remote = await screen.findByRole('switch', { name: en.payment_providers.flag.remote_invoice });
    const link = screen.getByRole('switch', { name: en.payment_providers.flag.payment_link });
    expect([remote.getAttribute('aria-checked'), link.getAttribute('aria-checked')]).toEqual(['false', 'true']);
    expect(screen.getByText(en.payment_providers.flag_help.remote_invoice)).toBeTruthy();
    expect(screen.getByText(en.payment_providers.flag_help.payment_link)).toBeTruthy();
    // No text field asks for "true / false" any more.
    expect(screen.queryByTestId('provider-kaspi-remote_invoice')?.tagName).not.toBe('INPUT');

    await userEvent.click(remote);
    await userEvent.click(link);
    // A .pfx is binary: sent as base64, never shown.
    const pfx = new Uint8Array([0x30, 0x82, 0x0a, 0xff, 0x00, 0x01]);
    await userEvent.upload(screen.getByTestId('provider-kaspi-client_certificate-file'), new File([pfx], 'shop.pfx'));
    expect(await screen.findByText(/shop\.pfx/)).toBeTruthy();
    await userEvent.type(screen.getByTestId('provider-kaspi-client_certificate_password'), 'pass-1');
    await userEvent.click(screen.getByTestId('provider-kaspi-save'));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      provider: 'kaspi',
      enabled: true,
      credentials: { client_certificate: 'MIIK/wAB', client_certificate_password: 'pass-1' },
      flags: { remote_invoice: true, payment_link: false },
    });
    await waitFor(() => expect(screen.getByTestId('provider-kaspi-client_certificate').getAttribute('data-set')).toBe('set'));
    expect(screen.getByText(en.payment_providers.certificate_kept)).toBeTruthy();
    expect((screen.getByTestId('provider-kaspi-client_certificate') as HTMLTextAreaElement).value).toBe('');
  });

  it('says until when the kept certificate is valid, and warns a month ahead and once it has expired', async () => {
    const day = 86_400_000;
    const withCertificate = (validTo: string | null): TAdminPaymentProviders => ({
      available: true,
      providers: [
        {
          provider: 'kaspi',
          enabled: true,
          configured: true,
          updated_at: '2026-11-29T10:00:00Z',
          fields: [
            { name: 'device_token', set: true, kind: 'secret' },
            { name: 'client_certificate', set: true, kind: 'certificate', valid_to: validTo },
          ],
          flags: [],
        },
      ],
    });
    const cases: [string | null, RegExp][] = [
      [new Date(Date.now() + 200 * day).toISOString(), /^A certificate valid until .+ is kept/],
      [new Date(Date.now() + 10 * day).toISOString(), /^The kept certificate ends on .+: ask Kaspi for a new one/],
      [new Date(Date.now() - day).toISOString(), /^The kept certificate expired on .+: Kaspi refuses every call/],
      [null, /^A certificate is kept/],
    ];
    for (const [validTo, hint] of cases) {
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => jsonResponse({ data: withCertificate(validTo) })),
      );
      const view = renderWithStore(<PaymentProviders branchId={3} />, { route: '/admin/branches/3' });
      expect(await screen.findByText(hint)).toBeTruthy();
      view.unmount();
    }
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
