import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithStore } from '../../../test/render';
import SetPasswordPage from './set-password-page';

afterEach(() => vi.unstubAllGlobals());

const calls = (fetch: ReturnType<typeof vi.fn>) =>
  Promise.all(fetch.mock.calls.map(async (c) => ({ url: (c[0] as Request).url, body: await (c[0] as Request).clone().json() })));

describe('SetPasswordPage (a staff invitation link)', () => {
  it('checks the link, greets the person, sends the password with the token once', async () => {
    const fetch = vi.fn(async (req: Request) =>
      req.url.endsWith('auth/invitation')
        ? jsonResponse({ data: { first_name: 'Asel', phone_number: '+77051234567', expires_at: '2026-12-01T10:00:00Z' } })
        : jsonResponse({ data: { phone_number: '+77051234567' } }),
    );
    vi.stubGlobal('fetch', fetch);
    renderWithStore(<SetPasswordPage />, { route: '/auth/set-password?token=abc_DEF-123' });
    expect(await screen.findByText(/Hello, Asel!.*\+77051234567/)).toBeTruthy();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New password'), 'Kettle-Window-42');
    await user.type(screen.getByLabelText('Repeat the password'), 'Kettle-Window-42');
    await user.click(screen.getByRole('button', { name: 'Save the password' }));
    await waitFor(async () =>
      expect((await calls(fetch)).map((c) => c.url.split('/api/')[1])).toEqual(['auth/invitation', 'auth/set-password']),
    );
    const sent = (await calls(fetch))[1]!.body;
    expect(sent).toEqual({ token: 'abc_DEF-123', password: 'Kettle-Window-42', password_confirmation: 'Kettle-Window-42' });
  });

  it("shows the API's reason for a used or expired link, and a missing token without asking", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ message: 'This link has expired.', code: 'invitation_expired' }, 410)),
    );
    renderWithStore(<SetPasswordPage />, { route: '/auth/set-password?token=abc' });
    expect(await screen.findByText('This link has expired.')).toBeTruthy();
    expect(screen.getByText('Go to sign in')).toBeTruthy();
  });

  it('a link without a token says so without a call', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderWithStore(<SetPasswordPage />, { route: '/auth/set-password' });
    expect(await screen.findByText(/The link is incomplete/)).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });
});
