import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IndexHtmlTransformContext } from 'vite';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_SCREENS, firstPaintPlugin, startCalls, startCallsPlugin } from '../../../build/first-paint';
import { preloadPage } from '../../app/router';
import { waitingApi } from './waiting-api';
import { startSession } from '../../app/start-session';
import { makeStore } from '../../app/store';
import { jsonResponse } from '../../test/render';
import { TEST_USER as USER } from '../../test/user';
import { BOOT_CALL_MAX_AGE_MS, takeBootCall } from './boot-fetch';
import { commonApi } from './common-api';
import { ordersApi } from '../../features/orders/api/orders-api';

const ANSWERS: Record<string, unknown> = {
  '/api/auth/user': { data: USER },
  '/api/settings': { data: { site_name: 'Orda Cargo' } },
  '/api/countries': { data: [{ id: 1, name: 'Kazakhstan' }] },
  '/api/orders/waiting': { data: [] },
  '/api/orders/statuses': { data: [] },
  '/api/orders/archived': { data: [], meta: { per_page: 10, next_cursor: null } },
};

const web = join(__dirname, '../../..');
const startCallsScreens = () => startCalls().screens;

/** index.html as the build writes it, for a bundle of the entry, the texts, and home with what it imports. */
function builtIndexHtml(): string {
  const plugin = firstPaintPlugin();
  (plugin.configResolved as (c: unknown) => void)({ publicDir: join(web, 'public'), base: '/' });
  const chunk = (fileName: string, more: { facade?: string; imports?: string[]; css?: string[]; modules?: string[]; entry?: boolean }) => [
    fileName,
    {
      type: 'chunk',
      fileName,
      facadeModuleId: more.facade ? `${web}/${more.facade}` : null,
      isEntry: more.entry ?? false,
      imports: more.imports ?? [],
      moduleIds: (more.modules ?? []).map((module) => `${web}/${module}`),
      viteMetadata: { importedCss: new Set(more.css ?? []) },
    },
  ];
  const bundle = Object.fromEntries([
    ...['kk', 'ru', 'en'].flatMap((lang) =>
      ['core', 'rest'].map((part) => chunk(`assets/${lang}-${part}-abc.js`, { facade: `src/locales/${lang}-${part}.ts` })),
    ),
    chunk('assets/index-abc.js', { entry: true, imports: ['assets/shared-abc.js'] }),
    chunk('assets/shared-abc.js', {}),
    chunk('assets/home-page-abc.js', {
      facade: 'src/app/pages/home-page.tsx',
      imports: ['assets/home-abc.js', 'assets/box-abc.js'],
    }),
    chunk('assets/home-abc.js', {
      modules: ['src/features/home/pages/home-page.tsx'],
      imports: ['assets/shared-abc.js', 'assets/format-abc.js'],
      css: ['assets/home-page-abc.css'],
    }),
    chunk('assets/format-abc.js', { imports: ['assets/shared-abc.js'] }),
    // A chunk shared with /orders: found by the module it holds.
    chunk('assets/box-abc.js', { modules: ['src/features/orders/components/track-search-box.tsx'], css: ['assets/box-abc.css'] }),
  ]);
  const source = (startCallsPlugin().transformIndexHtml as (html: string) => string)(readFileSync(join(web, 'index.html'), 'utf8'));
  return (plugin.transformIndexHtml as { handler: (html: string, ctx: IndexHtmlTransformContext) => string }).handler(source, {
    bundle,
  } as unknown as IndexHtmlTransformContext);
}

/** Runs the built page's inline script as the browser does before any of the app's scripts. */
function runPageScript(): void {
  const scripts = [...builtIndexHtml().matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) new Function(script)();
}

/** The network: the API's answers, each request recorded (the page script's and the app's alike). */
function stubNetwork() {
  const requests: { path: string; authorization: string | null; lang: string | null }[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(new URL(String(input), location.origin), init);
    const url = new URL(request.url);
    const path = url.pathname + decodeURI(url.search);
    requests.push({ path, authorization: request.headers.get('Authorization'), lang: request.headers.get('Accept-Language') });
    return jsonResponse(ANSWERS[url.pathname] ?? { data: null });
  });
  vi.stubGlobal('fetch', fetchStub);
  return requests;
}

const preloaded = () =>
  [...document.head.querySelectorAll('link[rel=modulepreload], link[rel=preload][as=style]')].map((link) => link.getAttribute('href'));

afterEach(() => {
  vi.unstubAllGlobals();
  delete window.__portalBoot;
  document.head.querySelectorAll('link[rel=modulepreload], link[rel=preload], link[rel=manifest]').forEach((link) => link.remove());
});

describe('the start, begun by the page before the app', () => {
  it("sends the start's calls once, from the page's script, and the app takes their answers instead of asking again", async () => {
    localStorage.setItem('token', 'tok');
    localStorage.setItem('lang', 'kk');
    const requests = stubNetwork();
    runPageScript();
    // Home (the address here is /): with the current user, the parcels waiting at a branch.
    expect(requests).toEqual([
      { path: '/api/settings', authorization: 'Bearer tok', lang: 'kk' },
      { path: '/api/countries', authorization: 'Bearer tok', lang: 'kk' },
      { path: '/api/auth/user', authorization: 'Bearer tok', lang: 'kk' },
      { path: '/api/orders/waiting', authorization: 'Bearer tok', lang: 'kk' },
    ]);
    // The texts of the language (the signed-in ones too) and home's chunks and styles are on their way before the entry
    // script has run; not what the entry loads anyway.
    expect(preloaded()).toEqual([
      '/assets/kk-core-abc.js',
      '/assets/kk-rest-abc.js',
      '/assets/home-page-abc.js',
      '/assets/home-abc.js',
      '/assets/home-page-abc.css',
      '/assets/format-abc.js',
      '/assets/box-abc.js',
      '/assets/box-abc.css',
    ]);

    const store = makeStore();
    await startSession(store);
    const settings = await store.dispatch(commonApi.endpoints.getSettings.initiate());
    const countries = await store.dispatch(commonApi.endpoints.getCountries.initiate());
    const waiting = await store.dispatch(waitingApi.endpoints.getWaiting.initiate());
    expect(store.getState().auth.user?.first_name).toBe('Aigerim');
    expect(settings.data).toEqual({ site_name: 'Orda Cargo' });
    expect(countries.data).toEqual([{ id: 1, name: 'Kazakhstan' }]);
    expect(waiting.isSuccess).toBe(true);
    expect(requests).toHaveLength(4);

    // Each answer is taken once: asking again goes to the network.
    await store.dispatch(commonApi.endpoints.getSettings.initiate(undefined, { forceRefetch: true }));
    expect(requests.map((r) => r.path)).toEqual([
      '/api/settings',
      '/api/countries',
      '/api/auth/user',
      '/api/orders/waiting',
      '/api/settings',
    ]);
  });

  it("on /orders also sends the status tabs' and the archive's calls, and the orders page's prefetch takes their answers", async () => {
    history.pushState({}, '', '/orders');
    try {
      localStorage.setItem('token', 'tok');
      const requests = stubNetwork();
      runPageScript();
      expect(requests.map((r) => r.path)).toEqual([
        '/api/settings',
        '/api/countries',
        '/api/auth/user',
        '/api/orders/statuses',
        '/api/orders/archived?filters[per_page]=10&filters[page]=1',
      ]);
      const store = makeStore();
      await startSession(store);
      // The same requests the page asks for: taken from the page script's calls, not sent again.
      await store.dispatch(ordersApi.endpoints.getOrderStatuses.initiate());
      await store.dispatch(ordersApi.endpoints.getArchivedOrders.initiate());
      expect(requests).toHaveLength(5);
    } finally {
      history.pushState({}, '', '/');
    }
  });

  it('without a token asks for the settings and countries only, and preloads only the sign-in texts', () => {
    const requests = stubNetwork();
    runPageScript();
    expect(requests).toEqual([
      { path: '/api/settings', authorization: null, lang: 'ru' },
      { path: '/api/countries', authorization: null, lang: 'ru' },
    ]);
    expect(preloaded()).toEqual(['/assets/ru-core-abc.js']);
  });

  it('an answer sent with another token or language, or too long ago, is not taken: the app asks the network', async () => {
    localStorage.setItem('token', 'old');
    localStorage.setItem('lang', 'en');
    const requests = stubNetwork();
    runPageScript();
    window.__portalBoot!['/api/countries']!.at -= BOOT_CALL_MAX_AGE_MS + 1;
    localStorage.setItem('token', 'new');
    const store = makeStore();
    await startSession(store);
    await store.dispatch(commonApi.endpoints.getCountries.initiate());
    expect(requests.slice(4)).toEqual([
      { path: '/api/auth/user', authorization: 'Bearer new', lang: 'en' },
      { path: '/api/countries', authorization: 'Bearer new', lang: 'en' },
    ]);
  });

  it("the build's first screens and calls come from the page list, and are what the router loads and asks for there", async () => {
    expect(FIRST_SCREENS).toEqual({
      '0 /auth': ['src/features/auth/pages/login-page.tsx'],
      '1 /': ['src/app/pages/home-page.tsx'],
      '1 /orders': ['src/features/orders/pages/orders-page.tsx'],
      '1 /qr': ['src/features/qr/pages/qr-page.tsx'],
      '1 /notification': ['src/features/notifications/pages/notifications-page.tsx'],
      '1 /profile': ['src/features/account/pages/profile-page.tsx'],
    });
    for (const [screen, [module]] of Object.entries(FIRST_SCREENS)) {
      const [token, path] = screen.split(' ') as [string, string];
      const requests = stubNetwork();
      const store = makeStore({ auth: { ...makeStore().getState().auth, token: token === '1' ? 'tok' : null } });
      const started = preloadPage(path, token === '1', store.dispatch);
      // The router's chunk for the address is the first screen's module (the same import the build preloads).
      expect(started.length, screen).toBeGreaterThan(0);
      const loaded = await started[started.length - 1]!;
      const expected = (await import(/* @vite-ignore */ join(web, module!))) as { default: unknown };
      expect(loaded.default, screen).toBe(expected.default);
      // What the page's script sends for the address, the app asks for there too (so boot-fetch can hand it over).
      await vi.waitFor(() => {
        for (const call of token === '1' ? (startCallsScreens()[path] ?? []) : [])
          expect(
            requests.map((r) => r.path),
            `${screen}: ${call}`,
          ).toContain(call);
      });
      vi.unstubAllGlobals();
    }
  });

  it('links the web app manifest only once the page has loaded and settled (its icon waits behind the first screen)', () => {
    vi.useFakeTimers();
    try {
      stubNetwork();
      runPageScript();
      // (Earlier tests' runs of the script listen for the load too: each links it the same way.)
      const manifests = () => [...document.head.querySelectorAll('link[rel=manifest]')].map((link) => link.getAttribute('href'));
      expect(manifests()).toEqual([]);
      window.dispatchEvent(new Event('load'));
      vi.advanceTimersByTime(1999);
      expect(manifests()).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(manifests().length).toBeGreaterThan(0);
      expect(new Set(manifests())).toEqual(new Set(['/manifest.webmanifest']));
    } finally {
      vi.useRealTimers();
    }
  });

  it("stops waiting for an answer when the request's own signal ends it (a timeout, an unsubscribe)", async () => {
    window.__portalBoot = {
      '/api/settings': { at: Date.now(), authorization: null, lang: 'ru', response: new Promise<Response>(() => undefined) },
    };
    const controller = new AbortController();
    const request = new Request(new URL('/api/settings', location.origin), {
      headers: { 'Accept-Language': 'ru' },
      signal: controller.signal,
    });
    const taken = takeBootCall(request)!;
    controller.abort(new DOMException('timed out', 'TimeoutError'));
    await expect(taken).rejects.toThrow('timed out');
    expect(window.__portalBoot['/api/settings']).toBeUndefined();
  });
});
