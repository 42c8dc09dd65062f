/*
 * Offline support for the customer's QR code (/qr must show with no network once it has been seen).
 * Registered by the QR page. It keeps:
 *  - the app shell: index.html (navigations, network first) and the static files (hashed /assets cache first);
 *  - the last answers of the few calls an offline start needs (the user, the QR code, settings, countries),
 *    network first, used only when the network fails. They are dropped at logout and on a 401.
 * Every other API call goes to the network untouched.
 */
const VERSION = 'v1';
const SHELL = `portal-shell-${VERSION}`;
const DATA = `portal-data-${VERSION}`;
const OFFLINE_API = new Set(['/api/auth/user', '/api/qr', '/api/settings', '/api/countries']);
const INDEX = '/index.html';

self.addEventListener('install', (event) => {
  self.skipWaiting();
  event.waitUntil(caches.open(SHELL).then((cache) => storeIndex(cache)));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const keep = new Set([SHELL, DATA]);
      for (const name of await caches.keys()) if (name.startsWith('portal-') && !keep.has(name)) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

async function storeIndex(cache) {
  try {
    const response = await fetch('/', { headers: { accept: 'text/html' }, cache: 'no-store' });
    if (response.ok) await cache.put(INDEX, response);
  } catch {
    /* offline while installing: the next navigation stores it */
  }
}

/** The page lists the files it loaded before this worker controlled it; store them. */
self.addEventListener('message', (event) => {
  const data = event.data;
  if (!data || data.type !== 'precache' || !Array.isArray(data.urls)) return;
  const reply = event.ports && event.ports[0];
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL);
      await storeIndex(cache);
      await Promise.all(
        data.urls
          .filter((url) => typeof url === 'string')
          .map(async (url) => {
            const u = new URL(url, self.location.origin);
            if (u.origin !== self.location.origin || u.pathname === '/' || u.pathname.startsWith('/api/')) return;
            if (await cache.match(u.href)) return;
            try {
              const response = await fetch(u.href, { credentials: 'same-origin' });
              if (response.ok) await cache.put(u.href, response);
            } catch {
              /* skip what cannot be fetched now */
            }
          }),
      );
      // The calls an offline start needs, asked again with the session's headers (they ran before this worker existed).
      if (Array.isArray(data.calls)) {
        const headers = data.headers && typeof data.headers === 'object' ? data.headers : {};
        const store = await caches.open(DATA);
        await Promise.all(
          data.calls
            .filter((path) => typeof path === 'string' && OFFLINE_API.has(path))
            .map(async (path) => {
              const request = new Request(path, { headers });
              try {
                const response = await fetch(request);
                if (response.ok) await store.put(request, response);
              } catch {
                /* skip */
              }
            }),
        );
      }
      if (reply) reply.postMessage({ type: 'precached' });
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;

  if (request.method !== 'GET') {
    // Signing out (even while offline) forgets the kept answers; so does a session that can no longer be refreshed.
    if (url.pathname === '/api/auth/logout') event.waitUntil(caches.delete(DATA));
    if (url.pathname === '/api/auth/refresh') event.respondWith(refresh(request));
    return;
  }
  if (request.mode === 'navigate') {
    event.respondWith(navigation(request));
    return;
  }
  if (url.pathname.startsWith('/api/')) {
    if (OFFLINE_API.has(url.pathname)) event.respondWith(apiNetworkFirst(request));
    return;
  }
  if (url.pathname.startsWith('/uploads/')) return;
  event.respondWith(url.pathname.startsWith('/assets/') ? cacheFirst(request) : staticNetworkFirst(request));
});

async function refresh(request) {
  const response = await fetch(request);
  if (response.status === 401) await caches.delete(DATA);
  return response;
}

async function navigation(request) {
  try {
    const response = await fetch(request);
    if (response.ok && (response.headers.get('content-type') || '').includes('text/html')) {
      const cache = await caches.open(SHELL);
      await cache.put(INDEX, response.clone());
    }
    return response;
  } catch (error) {
    const cached = await caches.match(INDEX, { cacheName: SHELL });
    if (cached) return cached;
    throw error;
  }
}

async function apiNetworkFirst(request) {
  const cache = await caches.open(DATA);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    else if (response.status === 401) await cache.delete(request, { ignoreVary: true });
    return response;
  } catch (error) {
    // Only a signed-in request may get the kept user and QR answers.
    const personal = request.url.includes('/api/auth/user') || request.url.includes('/api/qr');
    if (personal && !request.headers.get('authorization')) throw error;
    const cached = await cache.match(request, { ignoreVary: true });
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirst(request) {
  const cached = await caches.match(request, { cacheName: SHELL });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const cache = await caches.open(SHELL);
    await cache.put(request, response.clone());
  }
  return response;
}

async function staticNetworkFirst(request) {
  try {
    const response = await fetch(request);
    if (response.ok) {
      const cache = await caches.open(SHELL);
      await cache.put(request, response.clone());
    }
    return response;
  } catch (error) {
    const cached = await caches.match(request, { cacheName: SHELL });
    if (cached) return cached;
    throw error;
  }
}

/*
 * Web push: the portal sends { title, body, url, tag } (encrypted for this browser); the notification opens
 * its page in an open portal tab, or a new one.
 */
self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const url = typeof data.url === 'string' && data.url.startsWith('/') && !data.url.startsWith('//') ? data.url : '/';
  event.waitUntil(
    // The title and icon come with the message (the carrier's logo as the settings have it now), never from here.
    self.registration.showNotification(typeof data.title === 'string' && data.title ? data.title : self.location.hostname, {
      body: typeof data.body === 'string' ? data.body : '',
      tag: typeof data.tag === 'string' ? data.tag : undefined,
      icon: typeof data.icon === 'string' && data.icon.startsWith('/') && !data.icon.startsWith('//') ? data.icon : undefined,
      badge: '/icons/badge-96.png',
      data: { url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL((event.notification.data && event.notification.data.url) || '/', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      for (const tab of tabs) {
        if (new URL(tab.url).origin === self.location.origin && 'navigate' in tab) {
          await tab.focus();
          return tab.navigate(target);
        }
      }
      return self.clients.openWindow(target);
    })(),
  );
});
