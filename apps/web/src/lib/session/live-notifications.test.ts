import { afterEach, describe, expect, it, vi } from 'vitest';
import { onLiveEvent } from './live-events';
import { startLiveNotifications } from './live-notifications';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** A stream answer the test writes to, kept open like the server's. */
function openStream() {
  let push!: (text: string) => void;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      push = (text) => controller.enqueue(new TextEncoder().encode(text));
    },
  });
  return { response: new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }), push: (t: string) => push(t) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('startLiveNotifications', () => {
  it('fetches the user once when the stream opens, then again on each change it announces', async () => {
    const stream = openStream();
    const fetchMock = vi.fn((_url: string, _init?: RequestInit) => Promise.resolve(stream.response));
    vi.stubGlobal('fetch', fetchMock);
    const dispatch = vi.fn();
    const stop = startLiveNotifications(dispatch, 'token-1');
    // Opened: whatever changed since the start's answer is fetched, once.
    await vi.waitFor(() => expect(dispatch).toHaveBeenCalledTimes(1));
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(new Headers(fetchMock.mock.calls[0]![1]?.headers).get('Authorization')).toBe('Bearer token-1');

    // A comment line (keep-alive) fetches nothing; the change after it fetches once. The stream is read in order, so
    // once the change's fetch is seen, the comment has been read too.
    stream.push(': keep-alive\n\n');
    stream.push('event: changed\ndata: {}\n\n');
    await vi.waitFor(() => expect(dispatch).toHaveBeenCalledTimes(2));
    await settle();
    expect(dispatch).toHaveBeenCalledTimes(2);
    stop();
  });

  it('tells the pages of a payment request that changed, and that the stream (re)opened; these fetch no user', async () => {
    const stream = openStream();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(stream.response)),
    );
    const payments: unknown[] = [];
    let resyncs = 0;
    const offPayment = onLiveEvent('payment', (e) => payments.push(e));
    const offResync = onLiveEvent('resync', () => resyncs++);
    const dispatch = vi.fn();
    const stop = startLiveNotifications(dispatch, 'token-1');
    await vi.waitFor(() => expect(resyncs).toBe(1));
    stream.push('event: payment\ndata: {"request_id":"r-1"}\n\n');
    stream.push('event: payment\ndata: not json\n\n');
    // The status a settlement left travels with it; one that is not a request's status is dropped, the hint kept.
    stream.push('event: payment\ndata: {"request_id":"r-2","status":"paid"}\n\n');
    stream.push('event: payment\ndata: {"request_id":"r-3","status":"stolen"}\n\n');
    stream.push('event: changed\ndata: {}\n\n');
    await vi.waitFor(() => expect(dispatch).toHaveBeenCalledTimes(2));
    expect(payments).toEqual([{ request_id: 'r-1' }, { request_id: 'r-2', status: 'paid' }, { request_id: 'r-3' }]);
    stop();
    offPayment();
    offResync();
  });

  it('a stream that fails to open fetches the user once, as for any time away, and not once more as an opening', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('nope', { status: 503 }))),
    );
    vi.useFakeTimers();
    const dispatch = vi.fn();
    const stop = startLiveNotifications(dispatch, 'token-1');
    await vi.advanceTimersByTimeAsync(1);
    // A failure fetches the user once ("whatever was missed while away"), not once more for an opening.
    expect(dispatch).toHaveBeenCalledTimes(1);
    stop();
  });
});
