import { afterEach, describe, expect, it, vi } from 'vitest';
import { preloadPage } from './router';
import type { AppDispatch } from './store';

const fakeDispatch = () => vi.fn(() => ({ unsubscribe: vi.fn() })) as unknown as AppDispatch & ReturnType<typeof vi.fn>;

afterEach(() => {
  vi.useRealTimers();
});

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
});
