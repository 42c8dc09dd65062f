import { ADDRESSES } from '../../../lib/api/addresses';
/** The calls an offline start of /qr needs (the worker keeps their last answers). */
const OFFLINE_CALLS = (['authUser', 'qr', 'settings', 'countries'] as const).map((name) => `/api/${ADDRESSES[name]}`);

/**
 * Keeps the app itself available offline once /qr has been shown: registers the service worker (public/sw.js)
 * and hands it the files this page already loaded (the bundle, the page's chunk, texts, fonts) and the calls an
 * offline start needs (made before the worker existed, so it asks them again with the session's headers).
 * Resolves true once they are stored; false where service workers are unavailable (development, old browsers).
 */
export async function keepShellOffline(session: { token: string | null; lang: string }, timeoutMs = 15_000): Promise<boolean> {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return false;
  try {
    await navigator.serviceWorker.register('/sw.js', { scope: '/' });
    const registration = await navigator.serviceWorker.ready;
    const worker = registration.active;
    if (!worker) return false;
    const urls = [
      '/',
      ...performance
        .getEntriesByType('resource')
        .map((e) => e.name)
        .filter((url) => {
          const u = new URL(url, location.href);
          return (
            u.origin === location.origin &&
            !u.pathname.startsWith('/api/') &&
            !u.pathname.startsWith('/uploads/') &&
            !u.pathname.startsWith('/media/')
          );
        }),
    ];
    const channel = new MessageChannel();
    const done = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      channel.port1.onmessage = () => {
        clearTimeout(timer);
        resolve(true);
      };
    });
    const headers: Record<string, string> = { accept: 'application/json', 'accept-language': session.lang };
    if (session.token) headers.authorization = `Bearer ${session.token}`;
    worker.postMessage({ type: 'precache', urls: [...new Set(urls)], calls: OFFLINE_CALLS, headers }, [channel.port2]);
    return await done;
  } catch {
    return false;
  }
}
