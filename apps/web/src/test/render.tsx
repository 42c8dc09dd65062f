import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { Providers } from '../app/providers';
import { makeStore, type RootState } from '../app/store';

/** Renders with the real store (and the given state) inside a router at `route`. */
export function renderWithStore(
  ui: ReactElement,
  { preloadedState, route = '/' }: { preloadedState?: Partial<RootState>; route?: string } = {},
) {
  const store = makeStore(preloadedState);
  const result = render(
    <Providers store={store}>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </Providers>,
  );
  return { store, ...result };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
