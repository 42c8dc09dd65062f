import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test/render';
import { preloadPage } from './router';
import { makeStore, type AppDispatch } from './store';

const fakeDispatch = () => vi.fn(() => ({ unsubscribe: vi.fn() })) as unknown as AppDispatch & ReturnType<typeof vi.fn>;

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const STATUSES = [
  { id: 1, code: 'china_warehouse', name: 'China warehouse', count: 0 },
  { id: 2, code: 'in_transit', name: 'In transit', count: 2 },
  { id: 3, code: 'at_branch', name: 'At the branch', count: 1 },
];

/** The API as /orders asks it, answering each address after `delayMs`; returns the addresses asked, in order. */
function ordersApiAnswering() {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const path = new URL(input.url).pathname;
      asked.push(path);
      if (path.endsWith('/orders/statuses')) return jsonResponse({ data: STATUSES });
      return jsonResponse({ data: [], meta: { next: null } });
    }),
  );
  return asked;
}

describe('preloadPage (main.tsx: the page chunks and top data start with the session, not after it)', () => {
  it('starts the chunk of the page asked for, and its chunk is the one the router renders', async () => {
    const started = preloadPage('/orders', true);
    expect(started).toHaveLength(1);
    const page = await started[0]!;
    expect(page.default).toBe((await import('../features/orders/pages/orders-page')).default);
    // Asking again is the same download (the router's lazy() asks for it too).
    expect(preloadPage('/orders', true)[0]).toBe(started[0]);
  });

  it('only for what the visitor will see: signed-in pages with a token, sign-in pages without one, never staff or admin', () => {
    expect(preloadPage('/orders', false)).toHaveLength(0);
    expect(preloadPage('/', false)).toHaveLength(0);
    expect(preloadPage('/auth', true)).toHaveLength(0);
    expect(preloadPage('/auth', false)).toHaveLength(1);
    expect(preloadPage('/admin/users', true)).toHaveLength(0);
    expect(preloadPage('/manage', true)).toHaveLength(0);
  });

  it('home asks for the waiting parcels at once (the summary at its top) and holds them until the page takes over', () => {
    vi.useFakeTimers();
    const dispatch = fakeDispatch();
    preloadPage('/', true, dispatch);
    expect(dispatch).toHaveBeenCalledTimes(1);
    const request = dispatch.mock.results[0]!.value as { unsubscribe: ReturnType<typeof vi.fn> };
    expect(request.unsubscribe).not.toHaveBeenCalled();
    vi.advanceTimersByTime(15_000);
    expect(request.unsubscribe).toHaveBeenCalledTimes(1);

    const signedOut = fakeDispatch();
    preloadPage('/', false, signedOut);
    const other = fakeDispatch();
    preloadPage('/orders', true, other);
    expect(signedOut).not.toHaveBeenCalled();
    expect(other).not.toHaveBeenCalled();
  });

  it("/orders asks for the tabs' counts, the archive and, once the counts say which tab opens, its first page — before the page renders", async () => {
    const asked = ordersApiAnswering();
    const store = makeStore({ auth: { ...makeStore().getState().auth, token: 'token' } });
    await preloadPage('/orders', true, store.dispatch)[0];
    await vi.waitFor(() => expect(asked).toContain('/api/orders/status/2/orders'));
    expect(asked.slice(0, 3).sort()).toEqual(['/api/orders/archived', '/api/orders/statuses', '/api/orders/waiting']);
    expect(asked).toHaveLength(4);
  });

  it('/orders?tab=at_branch prefetches the tab asked for; ?tab=archive needs no status page', async () => {
    let asked = ordersApiAnswering();
    let store = makeStore({ auth: { ...makeStore().getState().auth, token: 'token' } });
    await preloadPage('/orders', true, store.dispatch, new URLSearchParams('tab=at_branch'))[0];
    await vi.waitFor(() => expect(asked).toContain('/api/orders/status/3/orders'));

    asked = ordersApiAnswering();
    store = makeStore({ auth: { ...makeStore().getState().auth, token: 'token' } });
    await preloadPage('/orders', true, store.dispatch, new URLSearchParams('tab=archive'))[0];
    await vi.waitFor(() => expect(asked).toContain('/api/orders/statuses'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked.filter((path) => path.includes('/status/'))).toEqual([]);
  });
});
