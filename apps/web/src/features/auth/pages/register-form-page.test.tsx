import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../../app/store';
import { codeFlowStarted, codeVerified } from '../../../lib/session/auth-slice';
import { jsonResponse, renderWithStore } from '../../../test/render';
import RegisterFormPage from './register-form-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('registration survives a reload', () => {
  it('keeps the phone, the verification and the step for the tab', () => {
    const before = makeStore();
    before.dispatch(codeFlowStarted({ purpose: 'register', phone_number: '+77010000123', resend_at: Date.now() + 60_000 }));
    before.dispatch(codeVerified({ verification_token: 'vt-1' }));
    // a reload builds a new store from what the tab kept
    const after = makeStore();
    expect(after.getState().auth.data).toMatchObject({ purpose: 'register', phone_number: '+77010000123', verification_token: 'vt-1' });
    expect(localStorage.getItem('code_flow')).toBeNull();
  });

  it('keeps the typed fields but never the passwords', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ data: [] })),
    );
    const seed = makeStore();
    seed.dispatch(codeFlowStarted({ purpose: 'register', phone_number: '+77010000123', resend_at: 0 }));
    seed.dispatch(codeVerified({ verification_token: 'vt-1' }));
    renderWithStore(<RegisterFormPage />, { route: '/auth/register-form' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('First name'), 'Aigerim');
    await user.type(screen.getByLabelText('Password'), 'Tulpar-Runs-77');
    cleanup();

    renderWithStore(<RegisterFormPage />, { route: '/auth/register-form' });
    expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Aigerim');
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('');
    expect(sessionStorage.getItem('register_form')).not.toContain('Tulpar');
  });
});

describe('the register form (specification §5)', () => {
  it('says "Passwords must match" at once, while other fields are still empty or wrong', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ data: [] })),
    );
    const seed = makeStore();
    seed.dispatch(codeFlowStarted({ purpose: 'register', phone_number: '+77010000123', resend_at: 0 }));
    seed.dispatch(codeVerified({ verification_token: 'vt-1' }));
    renderWithStore(<RegisterFormPage />, { route: '/auth/register-form' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Password'), 'Tulpar-Runs-77');
    await user.type(screen.getByLabelText('Repeat the password'), 'Tulpar-Runs-78');
    await user.click(screen.getByRole('button', { name: 'Create an account' }));
    expect(await screen.findByText('Passwords must match')).toBeTruthy();
    // The other fields' messages are there too: the mismatch did not wait for them.
    expect(screen.getAllByText('This field is required').length).toBeGreaterThan(0);
  });
});
