import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterLoad, IDLE_TIMEOUT_MS, resetAfterLoad } from './after-load';

const readyState = (state: DocumentReadyState) => vi.spyOn(document, 'readyState', 'get').mockReturnValue(state);

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  resetAfterLoad();
});

describe('afterLoad', () => {
  it("waits for the window's load event, then for the browser to be idle", async () => {
    readyState('loading');
    const idleCallbacks: Array<() => void> = [];
    const requestIdle = vi.fn((cb: () => void) => idleCallbacks.push(cb));
    vi.stubGlobal('requestIdleCallback', requestIdle);
    let done = false;
    void afterLoad().then(() => (done = true));
    await Promise.resolve();
    expect(requestIdle).not.toHaveBeenCalled();

    window.dispatchEvent(new Event('load'));
    expect(requestIdle).toHaveBeenCalledWith(expect.any(Function), { timeout: IDLE_TIMEOUT_MS });
    await Promise.resolve();
    expect(done).toBe(false);

    idleCallbacks[0]!();
    await Promise.resolve();
    expect(done).toBe(true);
  });

  it('on a page already loaded, waits only for idle; every caller shares the one wait', async () => {
    readyState('complete');
    const requestIdle = vi.fn((cb: () => void) => setTimeout(cb, 5));
    vi.stubGlobal('requestIdleCallback', requestIdle);
    vi.useFakeTimers();
    let done = 0;
    void afterLoad().then(() => (done += 1));
    void afterLoad().then(() => (done += 1));
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(0);
    await vi.advanceTimersByTimeAsync(10);
    expect(done).toBe(2);
    expect(requestIdle).toHaveBeenCalledOnce();
  });

  it('without requestIdleCallback, goes on in a later task after load', async () => {
    readyState('complete');
    vi.stubGlobal('requestIdleCallback', undefined);
    vi.useFakeTimers();
    let done = false;
    void afterLoad().then(() => (done = true));
    await Promise.resolve();
    expect(done).toBe(false);
    await vi.runAllTimersAsync();
    expect(done).toBe(true);
  });
});
