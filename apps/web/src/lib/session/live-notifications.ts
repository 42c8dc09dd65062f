import { PAYMENT_REQUEST_STATUSES, type TLivePaymentEvent, type TPaymentRequestStatus } from '@portal/contract';
import { env } from '../../config/env';
import { emitLiveEvent } from './live-events';
import { checkSession } from './session-api';

const MAX_DELAY_MS = 30_000;

type LiveDispatch = (action: ReturnType<typeof checkSession>) => unknown;

/**
 * Keeps the unread badge and the notification list live: a Server-Sent Events stream (read with fetch, so
 * the bearer token travels in a header, never in the URL) says when the user's notifications changed, and
 * the user is fetched again; it also says when one of their payment requests changed (live-events.ts: the pay page
 * reloads it), and each time it opens, pages following something reload it (`resync`). When the stream is away the page polls on a growing interval (1 s … 30 s) while
 * it tries to reconnect; a refused token is refreshed through the usual request path, which restarts this. When the
 * stream first opens, the user is fetched once too: it opens after the page has loaded (use-live-notifications.ts),
 * and a change between the start's answer and then would otherwise wait for the next one.
 */
export function startLiveNotifications(dispatch: LiveDispatch, token: string): () => void {
  const controller = new AbortController();
  let stopped = false;
  const reload = () => void dispatch(checkSession());
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  let opened = false;

  /** One event of the stream: `changed` reloads the user; `payment` goes to the page following that request. */
  function dispatchEvent(block: string): void {
    const type = /^event: (.*)$/m.exec(block)?.[1];
    if (type === 'changed') reload();
    else if (type === 'payment') {
      try {
        // Read by hand, not with the contract's zod schema: the stream client is in the first bundle, zod is not.
        const data = JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? '') as Partial<TLivePaymentEvent> | null;
        const status = PAYMENT_REQUEST_STATUSES.find((s: TPaymentRequestStatus) => s === data?.status);
        if (typeof data?.request_id === 'string')
          emitLiveEvent('payment', status ? { request_id: data.request_id, status } : { request_id: data.request_id });
      } catch {
        // not JSON: ignored
      }
    }
  }

  async function listen(): Promise<'ended' | 'refused' | 'failed'> {
    const res = await fetch(`${env.apiBase}/notifications/stream`, {
      headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' },
      signal: controller.signal,
      cache: 'no-store',
    });
    if (res.status === 401) return 'refused';
    if (!res.ok || !res.body) return 'failed';
    if (!opened) {
      opened = true;
      reload(); // whatever changed since the start's answer, before the stream was open
    }
    emitLiveEvent('resync', undefined); // pages that follow something reload it: it may have changed while away
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return 'ended';
      buffer += decoder.decode(value, { stream: true });
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        dispatchEvent(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
      }
    }
  }

  void (async () => {
    let delay = 1000;
    while (!stopped) {
      const started = Date.now();
      const outcome = await listen().catch(() => 'failed' as const);
      if (stopped) return;
      if (outcome === 'refused') {
        reload(); // refreshes the token; the new token restarts this effect
        return;
      }
      if (Date.now() - started > 60_000) delay = 1000; // it had been working
      reload(); // whatever was missed while away
      await sleep(outcome === 'ended' ? 0 : delay);
      if (outcome !== 'ended') delay = Math.min(delay * 2, MAX_DELAY_MS);
    }
  })();
  return () => {
    stopped = true;
    controller.abort();
  };
}
