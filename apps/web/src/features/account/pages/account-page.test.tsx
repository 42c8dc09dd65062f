import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TUser } from '@portal/contract';
import { initialAuthState } from '../../../lib/session/auth-slice';
import { jsonResponse, renderWithStore } from '../../../test/render';
import AccountPage from './account-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
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

function renderAccount() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse({ data: [] })),
  );
  return renderWithStore(
    <>
      <Link to="/orders">Orders</Link>
      <Routes>
        <Route path="/profile/account" element={<AccountPage />} />
        <Route path="/orders" element={<p>Orders page</p>} />
      </Routes>
    </>,
    { route: '/profile/account', preloadedState: signedIn },
  );
}

describe('AccountPage', () => {
  it('asks before leaving with unsaved changes, and stays when the customer says no', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    renderAccount();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('First name'), 'x');
    await user.click(screen.getByRole('link', { name: 'Orders' }));
    expect(confirm).toHaveBeenCalledWith('You have unsaved changes. Leave without saving?');
    expect(screen.queryByText('Orders page')).toBeNull();
    expect(screen.getByTestId('account-page')).toBeTruthy();
    confirm.mockReturnValue(true);
    await user.click(screen.getByRole('link', { name: 'Orders' }));
    expect(await screen.findByText('Orders page')).toBeTruthy();
  });

  it('leaves without asking when nothing changed', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    renderAccount();
    await userEvent.click(screen.getByRole('link', { name: 'Orders' }));
    expect(await screen.findByText('Orders page')).toBeTruthy();
    expect(confirm).not.toHaveBeenCalled();
  });
});
