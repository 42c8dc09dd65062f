/**
 * Keeps the app itself available offline once /qr has been shown: registers the service worker (public/sw.js)
 * and hands it the files this page already loaded (the bundle, the page's chunk, texts, fonts), which it stores.
 * Resolves true once they are stored; false where service workers are unavailable (development, old browsers).
 */
export async function keepShellOffline(timeoutMs = 15_000): Promise<boolean> {
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
          return u.origin === location.origin && !u.pathname.startsWith('/api/') && !u.pathname.startsWith('/uploads/');
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
    worker.postMessage({ type: 'precache', urls: [...new Set(urls)] }, [channel.port2]);
    return await done;
  } catch {
    return false;
  }
}
