/**
 * The calls the app makes at start (the settings, the countries and, with a kept token, the current user and what
 * the first screen shows: home's and /qr's parcels waiting at a branch, /orders' status tabs and archive) are sent
 * by index.html's inline script while the app's scripts still download, instead of once they have run: one round
 * trip less before the first screen on a slow phone network. The script keeps each answer in `window.__portalBoot`
 * by path; the base query's fetch takes it from there instead of asking again: once, and only for the same GET with
 * the same token and language, while it is young. Everything else goes to the network as before.
 */

/** One call index.html's inline script started. */
export interface BootCall {
  /** Date.now() when it was sent. */
  at: number;
  /** The Authorization header it was sent with (null without a token). */
  authorization: string | null;
  /** Its Accept-Language. */
  lang: string;
  response: Promise<Response>;
}

declare global {
  interface Window {
    /** By path (/api/settings …), written by index.html's inline script. */
    __portalBoot?: Record<string, BootCall>;
  }
}

/** An answer older than this is not taken: the app asks again (it was sent for the start, not for later). */
export const BOOT_CALL_MAX_AGE_MS = 10_000;

/** The answer index.html's script got for this request, once; null when there is none to take. */
export function takeBootCall(request: Request): Promise<Response> | null {
  const calls = globalThis.window?.__portalBoot;
  if (!calls || request.method !== 'GET') return null;
  const url = new URL(request.url);
  if (url.origin !== globalThis.location?.origin) return null;
  const key = url.pathname + url.search;
  const call = calls[key];
  if (!call) return null;
  delete calls[key];
  const fresh = Date.now() - call.at <= BOOT_CALL_MAX_AGE_MS;
  const same = call.authorization === request.headers.get('Authorization') && call.lang === request.headers.get('Accept-Language');
  if (!fresh || !same) return null;
  // The request's own signal (RTK Query's timeout, an unsubscribe) still ends the wait for the answer.
  const { signal } = request;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<Response>((resolve, reject) => {
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    call.response.then(resolve, reject);
  });
}

/** fetch for the base query: an answer index.html's script already asked for, or the network. */
export function bootFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const taken = input instanceof Request && !init ? takeBootCall(input) : null;
  return taken ?? fetch(input, init);
}
