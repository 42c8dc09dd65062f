import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TUser } from '@portal/contract';
import { initialAuthState, loggedOut } from '../../../lib/session/auth-slice';
import { jsonResponse, renderWithStore } from '../../../test/render';
import { QR_CACHE_KEY, readCachedQr } from '../model/qr-cache';
import QrPage from './qr-page';

afterEach(() => {
  vi.unstubAllGlobals();
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
  notifications: {},
};
const signedIn = { auth: { ...initialAuthState(null), token: 'tok', user: USER, isAuthenticated: true, isInitialized: true } };
const QR = { token: 'ORDA1.header.payload.sig', client_code: 'KZ-10001', first_name: 'Aigerim', last_name: 'Sadykova', full_name: 'Aigerim Sadykova' };

describe('QrPage', () => {
  it('shows the code with client code and name, and keeps it on the device', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ data: QR })));
    renderWithStore(<QrPage />, { route: '/qr', preloadedState: signedIn });
    expect((await screen.findByTestId('qr-client-code')).textContent).toBe('KZ-10001');
    expect(screen.getByTestId('qr-name').textContent).toBe('Aigerim Sadykova');
    expect(screen.getByRole('img', { name: 'QR code of client KZ-10001' })).toBeTruthy();
    expect(readCachedQr(7)?.token).toBe(QR.token);
  });

  it('with no network shows the code kept on the device, saying so', async () => {
    localStorage.setItem(QR_CACHE_KEY, JSON.stringify({ ...QR, user_id: 7, saved_at: '2026-11-20T10:00:00Z' }));
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    renderWithStore(<QrPage />, { route: '/qr', preloadedState: signedIn });
    expect((await screen.findByTestId('qr-client-code')).textContent).toBe('KZ-10001');
    expect(screen.getByTestId('qr-offline-note').textContent).toContain('No connection');
  });

  it("never shows another account's kept code", async () => {
    localStorage.setItem(QR_CACHE_KEY, JSON.stringify({ ...QR, client_code: 'KZ-99999', user_id: 99, saved_at: '2026-11-20T10:00:00Z' }));
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    renderWithStore(<QrPage />, { route: '/qr', preloadedState: signedIn });
    expect(await screen.findByText('Could not load your QR code')).toBeTruthy();
    expect(screen.queryByText('KZ-99999')).toBeNull();
    expect(localStorage.getItem(QR_CACHE_KEY)).toBeNull();
  });

  it('forgets the kept code when the session ends', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ data: QR })));
    const { store } = renderWithStore(<QrPage />, { route: '/qr', preloadedState: signedIn });
    await screen.findByTestId('qr-client-code');
    expect(localStorage.getItem(QR_CACHE_KEY)).not.toBeNull();
    store.dispatch(loggedOut());
    expect(localStorage.getItem(QR_CACHE_KEY)).toBeNull();
  });
});
