import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TUser } from '@portal/contract';
import { initialAuthState, loggedOut } from '../../../lib/session/auth-slice';
import { jsonResponse, renderWithStore } from '../../../test/render';
import { keptQrIsStale, QR_CACHE_KEY, readCachedQr, writeCachedQr } from '../model/qr-cache';
import { notify } from '../../../lib/ui/toast';
import type * as ToastModule from '../../../lib/ui/toast';
import QrPage from './qr-page';

vi.mock('../../../lib/ui/toast', async (importOriginal) => ({
  ...(await importOriginal<typeof ToastModule>()),
  notify: { success: vi.fn(), error: vi.fn(), warn: vi.fn() },
}));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  localStorage.clear();
});

const USER: TUser = {
  id: 7,
  phone_number: '+77010000001',
  first_name: 'Aigerim',
  last_name: 'Sadykova',
  branch_id: 1,
  gender: 'female',
  date_of_birth: '1994-03-12',
  client_code: 'KZ-10001',
  role: 'customer',
  language: 'en',
  place: null,
  created_at: '2026-01-01T00:00:00Z',
  iin: null,
  personal_number: null,
  notifications: {},
};
const signedIn = { auth: { ...initialAuthState(null), token: 'tok', user: USER, isAuthenticated: true, isInitialized: true } };
const QR = {
  token: 'QR1.header.payload.sig',
  client_code: 'KZ-10001',
  first_name: 'Aigerim',
  last_name: 'Sadykova',
  full_name: 'Aigerim Sadykova',
  version: 1,
  expires_at: '2026-12-20T10:00:00.000Z',
};

describe('QrPage', () => {
  it('shows the code with client code and name, and keeps it on the device', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ data: QR })),
    );
    renderWithStore(<QrPage />, { route: '/qr', preloadedState: signedIn });
    expect((await screen.findByTestId('qr-client-code')).textContent).toBe('KZ-10001');
    expect(screen.getByTestId('qr-name').textContent).toBe('Aigerim Sadykova');
    expect(screen.getByRole('img', { name: 'QR code of client KZ-10001' })).toBeTruthy();
    expect(readCachedQr(7)?.token).toBe(QR.token);
  });

  it('with no network shows the code kept on the device, saying so', async () => {
    localStorage.setItem(QR_CACHE_KEY, JSON.stringify({ ...QR, user_id: 7, saved_at: '2026-11-20T10:00:00Z' }));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderWithStore(<QrPage />, { route: '/qr', preloadedState: signedIn });
    expect((await screen.findByTestId('qr-client-code')).textContent).toBe('KZ-10001');
    expect(screen.getByTestId('qr-offline-note').textContent).toContain('No connection');
  });

  it("never shows another account's kept code", async () => {
    localStorage.setItem(QR_CACHE_KEY, JSON.stringify({ ...QR, client_code: 'KZ-99999', user_id: 99, saved_at: '2026-11-20T10:00:00Z' }));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderWithStore(<QrPage />, { route: '/qr', preloadedState: signedIn });
    expect(await screen.findByText('Could not load your QR code')).toBeTruthy();
    expect(screen.queryByText('KZ-99999')).toBeNull();
    expect(localStorage.getItem(QR_CACHE_KEY)).toBeNull();
  });

  it('forgets the kept code when the session ends', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ data: QR })),
    );
    const { store } = renderWithStore(<QrPage />, { route: '/qr', preloadedState: signedIn });
    await screen.findByTestId('qr-client-code');
    expect(localStorage.getItem(QR_CACHE_KEY)).not.toBeNull();
    store.dispatch(loggedOut());
    expect(localStorage.getItem(QR_CACHE_KEY)).toBeNull();
  });

  it('renews the code after a confirmation: the new one shows and is kept on the device', async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: Request) => {
        calls.push(`${input.method} ${new URL(input.url).pathname}`);
        const renewed = calls.some((c) => c.startsWith('POST'));
        return jsonResponse({ data: renewed ? { ...QR, token: 'QR1.new.token.sig', version: 2 } : QR });
      }),
    );
    renderWithStore(<QrPage />, { route: '/qr', preloadedState: signedIn });
    await screen.findByTestId('qr-client-code');
    fireEvent.click(screen.getByRole('button', { name: 'Renew the QR code' }));
    expect(screen.getByText(/The old code stops working at once/)).toBeTruthy();
    const yes = screen.getByRole('button', { name: 'Renew' });
    fireEvent.click(yes);
    fireEvent.click(yes);
    await waitFor(() => expect(readCachedQr(7)?.token).toBe('QR1.new.token.sig'));
    expect(calls.filter((c) => c === 'POST /api/qr/renew')).toHaveLength(1);
    expect(notify.success).toHaveBeenCalledWith('New QR code ready. The old one no longer works');
    expect(notify.warn).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByTestId('qr-code').dataset.version).toBe('2'));
  });

  it('warns when the code was renewed on another device', async () => {
    writeCachedQr(7, QR);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ data: { ...QR, token: 'QR1.other.device.sig', version: 2 } })),
    );
    renderWithStore(<QrPage />, { route: '/qr', preloadedState: signedIn });
    await screen.findByTestId('qr-client-code');
    await waitFor(() => expect(notify.warn).toHaveBeenCalledWith('Your QR code was renewed on another device. This is the new one'));
    expect(readCachedQr(7)?.version).toBe(2);
  });

  it('a kept code is renewed silently once it is a day old or near its expiry', () => {
    const now = Date.parse('2026-11-23T10:00:00Z');
    localStorage.setItem(
      QR_CACHE_KEY,
      JSON.stringify({ ...QR, user_id: 7, saved_at: '2026-11-23T09:00:00Z', expires_at: '2026-12-23T09:00:00Z' }),
    );
    expect(keptQrIsStale(7, now)).toBe(false);
    localStorage.setItem(
      QR_CACHE_KEY,
      JSON.stringify({ ...QR, user_id: 7, saved_at: '2026-11-21T09:00:00Z', expires_at: '2026-12-21T09:00:00Z' }),
    );
    expect(keptQrIsStale(7, now)).toBe(true);
    localStorage.setItem(
      QR_CACHE_KEY,
      JSON.stringify({ ...QR, user_id: 7, saved_at: '2026-11-23T09:00:00Z', expires_at: '2026-11-23T12:00:00Z' }),
    );
    expect(keptQrIsStale(7, now)).toBe(true);
    expect(keptQrIsStale(8, now)).toBe(false);
  });
});
