import { act, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
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

  it('focuses the first field in error, and once submitted checks again as the customer types', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"data":[]}', { status: 200, headers: { 'content-type': 'application/json' } })),
    );
    renderWithStore(<LoginPage />, { route: '/auth' });
    await userEvent.type(screen.getByLabelText('Phone number'), '7010000001');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter password')).toBeTruthy();
    expect(screen.queryByText('Enter phone number')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Password')));
    await userEvent.type(screen.getByLabelText('Password'), 'S');
    await waitFor(() => expect(screen.queryByText('Enter password')).toBeNull());
  });

  it("puts the API's field message under its field", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: Request) =>
        input.url.includes('auth/login')
          ? new Response(
              JSON.stringify({
                message: 'Validation failed',
                code: 'validation_failed',
                errors: { password: ['Wrong password, try again'] },
              }),
              { status: 422, headers: { 'content-type': 'application/json' } },
            )
          : new Response('{"data":[]}', { status: 200, headers: { 'content-type': 'application/json' } }),
      ),
    );
    renderWithStore(<LoginPage />, { route: '/auth' });
    await userEvent.type(screen.getByLabelText('Phone number'), '7010000001');
    await userEvent.type(screen.getByLabelText('Password'), 'Secret-pass-1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Wrong password, try again')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
  });

  function Where() {
    const location = useLocation();
    return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
  }

  function stubLogin() {
    const logins: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: Request) => {
        if (input.url.includes('auth/login')) {
          logins.push(input.url);
          await new Promise((r) => setTimeout(r, 30));
          const user = {
            id: 7,
            phone_number: '+77010000001',
            first_name: 'A',
            last_name: 'B',
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
          return new Response(JSON.stringify({ data: { access: { token: 't', expires_in: 900 }, user } }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          });
        }
        return new Response('{"data":[]}', { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    return logins;
  }

  it('a double click signs in once, and returns to the deep link opened signed out, with its query', async () => {
    const logins = stubLogin();
    renderWithStore(
      <Routes>
        <Route path="/auth" element={<LoginPage />} />
        <Route path="*" element={<Where />} />
      </Routes>,
      { route: '/auth?next=%2Forders%2Forder%3Fid%3D17' },
    );
    await userEvent.type(screen.getByLabelText('Phone number'), '7010000001');
    await userEvent.type(screen.getByLabelText('Password'), 'Secret-pass-1');
    const submit = screen.getByRole('button', { name: 'Sign in' });
    // Two clicks before React re-renders the button as busy (a slow phone): the handler itself must drop the second.
    act(() => {
      submit.click();
      submit.click();
    });
    expect((await screen.findByTestId('where')).textContent).toBe('/orders/order?id=17');
    expect(logins).toHaveLength(1);
  });

  it('never follows a next address to another site', async () => {
    stubLogin();
    renderWithStore(
      <Routes>
        <Route path="/auth" element={<LoginPage />} />
        <Route path="*" element={<Where />} />
      </Routes>,
      { route: '/auth?next=%2F%2Fevil.example%2Fsteal' },
    );
    await userEvent.type(screen.getByLabelText('Phone number'), '7010000001');
    await userEvent.type(screen.getByLabelText('Password'), 'Secret-pass-1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/');
  });
});
