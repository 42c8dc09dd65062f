import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/render';
import { Providers } from '../providers';
import { makeStore } from '../store';
import { TEST_USER } from '../../test/user';
import { RequireAuth } from '../guards';
import { startSession } from '../start-session';
import { initialAuthState } from '../../lib/session/auth-slice';

afterEach(() => vi.unstubAllGlobals());

/** The app's start with a kept token (the layout waits for the session check), then a guarded page. */
async function start(token: string) {
  const store = makeStore({ auth: { ...initialAuthState(null), token } });
  await startSession(store);
  render(
    <Providers store={store}>
      <MemoryRouter initialEntries={['/']}>
        <Routes>
          <Route element={<RequireAuth />}>
            <Route index element={<p>home page</p>} />
          </Route>
          <Route path="/auth" element={<p>sign-in form</p>} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
  return store;
}

describe('a signed-in customer while the API is away (issue 32)', () => {
  it('is told the service is unavailable, stays signed in, and sees the page once it answers', async () => {
    const up = { value: false };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: Request) => {
        if (!up.value) throw new TypeError('Failed to fetch');
        return jsonResponse(new URL(input.url).pathname.endsWith('/auth/user') ? { data: TEST_USER } : { data: [] });
      }),
    );
    const store = await start('kept-token');
    expect(await screen.findByTestId('service-unavailable')).toBeTruthy();
    expect(screen.getByText('The service is unavailable')).toBeTruthy();
    expect(screen.queryByText('sign-in form')).toBeNull();
    expect(store.getState().auth.token).toBe('kept-token');

    up.value = true;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('home page')).toBeTruthy();
  });

  it('a refused token still goes to the sign-in form', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ message: 'Unauthenticated.', code: 'unauthenticated' }, 401)),
    );
    await start('old-token');
    expect(await screen.findByText('sign-in form')).toBeTruthy();
  });
});
