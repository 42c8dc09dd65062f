import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialAuthState } from '../../../lib/session/auth-slice';
import { renderWithStore } from '../../../test/render';
import ForgotFormPage from './forgot-form-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const inFlow = {
  auth: {
    ...initialAuthState(null),
    isInitialized: true,
    data: { purpose: 'forgot' as const, phone_number: '+77010000001', resend_at: 0, verification_token: 'vt' },
  },
};

describe('ForgotFormPage', () => {
  it('says "Passwords must match" as soon as both fields are filled, and drops it once they match', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"data":[]}', { status: 200, headers: { 'content-type': 'application/json' } })),
    );
    renderWithStore(<ForgotFormPage />, { route: '/auth/forgot-form', preloadedState: inFlow });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New password'), 'Tulpar-Runs-77');
    expect(screen.queryByText('Passwords must match')).toBeNull();
    await user.type(screen.getByLabelText('Repeat the password'), 'Tulpar-Runs-7');
    expect(await screen.findByText('Passwords must match')).toBeTruthy();
    await user.type(screen.getByLabelText('Repeat the password'), '7');
    await waitFor(() => expect(screen.queryByText('Passwords must match')).toBeNull());
  });
});
