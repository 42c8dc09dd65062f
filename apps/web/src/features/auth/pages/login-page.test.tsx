import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithStore } from '../../../test/render';
import LoginPage from './login-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('LoginPage', () => {
  it('shows the spec messages for an empty form without calling the API', async () => {
    const urls: string[] = [];
    const fetchSpy = vi.fn(async (input: RequestInfo | URL) => {
      urls.push(input instanceof Request ? input.url : String(input));
      return new Response('{"data":[]}', { status: 200, headers: { 'content-type': 'application/json' } });
    });
    vi.stubGlobal('fetch', fetchSpy);
    renderWithStore(<LoginPage />, { route: '/auth' });
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter phone number')).toBeTruthy();
    expect(screen.getByText('Enter password')).toBeTruthy();
    await waitFor(() => expect(fetchSpy).toHaveBeenCalled());
    expect(urls.some((url) => url.includes('auth/login'))).toBe(false);
  });
});
