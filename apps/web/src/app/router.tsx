import { lazy, type ComponentType } from 'react';
import { Navigate, renderMatches, useLocation, type RouteObject } from 'react-router-dom';
import { matchRoutesKept } from './route-match';
import { GuestOnly, RequireAdmin, RequireAuth, RequireStaff } from './guards';
import { RootLayout } from './layout/root-layout';
import type { RouteHandle } from './layout/breadcrumbs';
import { RoutesContext } from './routes-context';
import type { AppDispatch } from './store';
import { PREFETCH_HOLD_MS, type PagePrefetch, type PrefetchContext } from './page-prefetch';
import { waitingApi } from '../lib/api/waiting-api';
import { ADDRESSES } from '../lib/api/addresses';
import { PAGES, type Guard, type PageEntry } from './pages';

/** A page chunk: its component, and what it shows at the top from the API (see page-prefetch.ts). */
type PageModule = { default: ComponentType; prefetch?: PagePrefetch } & Record<string, unknown>;

/**
 * Every page module of the page list (pages.ts names them by their path under src/), each its own chunk, fetched
 * when its route is first visited (the layout shows the progress bar meanwhile). The router is React Router's
 * declarative one: the data router would add about 18 KB of gzipped script to every page, and the app loads its data
 * with RTK Query.
 */
const PAGE_MODULES = import.meta.glob<PageModule>([
  '../features/*/pages/*.tsx',
  './pages/*.tsx',
  '!**/*.test.tsx',
  '!../features/home/pages/home-page.tsx',
  '!../features/admin/pages/statuses-page.tsx',
  '!./pages/no-access-page.tsx',
]);

function moduleLoader(entry: PageEntry): () => Promise<PageModule> {
  const key = entry.page!.startsWith('app/') ? `./${entry.page!.slice(4)}` : `../${entry.page!}`;
  const load = PAGE_MODULES[key];
  if (!load) throw new Error(`pages.ts names ${entry.page}, which is not a page module`);
  const name = entry.exportName;
  return name ? () => load().then((m) => ({ ...m, default: m[name] as ComponentType })) : load;
}

/** A lazily loaded page element; one download per page, whether the router or preloadPage asks first. */
function page(entry: PageEntry) {
  const load = moduleLoader(entry);
  let loading: Promise<PageModule> | undefined;
  // A failed download may be tried again.
  const once = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  const Page = lazy(once);
  const element = <Page />;
  pageLoaders.set(element, once);
  const prefetch = (entry.calls ?? []).map((call) => SHARED_CALLS[call]).find(Boolean);
  if (prefetch) pagePrefetches.set(element, prefetch);
  return element;
}

/** The loader of each lazily loaded page, and its data to prefetch, by its route element (for preloadPage). */
const pageLoaders = new WeakMap<object, () => Promise<PageModule>>();
const pagePrefetches = new WeakMap<object, PagePrefetch>();

/**
 * The app's side of a call a page lists in pages.ts that several pages share (home's and /qr's parcels waiting at a
 * branch); a page's own calls are asked for by its module's `prefetch` (orders-prefetch.ts).
 */
const SHARED_CALLS: Record<string, PagePrefetch> = {
  [ADDRESSES.waiting]: ({ dispatch, hold }) => hold(dispatch(waitingApi.endpoints.getWaiting.initiate())),
};

const GUARDS: Record<Guard, ComponentType> = { guest: GuestOnly, 'signed-in': RequireAuth, staff: RequireStaff, admin: RequireAdmin };

/** A page list entry as React Router's route: its guard or page as the element, its crumb as the handle. */
function toRoute(entry: PageEntry): RouteObject {
  const handle: RouteHandle | undefined = entry.crumb ? { crumb: entry.crumb } : entry.noCrumbs ? { noCrumbs: true } : undefined;
  const Guarded = entry.guard ? GUARDS[entry.guard] : undefined;
  const element = entry.redirect ? <Navigate to={entry.redirect} replace /> : Guarded ? <Guarded /> : entry.page ? page(entry) : undefined;
  const base = { ...(handle && { handle }), ...(element && { element }) };
  if (entry.index) return { ...base, index: true };
  const children = entry.children?.map(toRoute);
  // A guarded page with no children of its own: the guard's outlet renders the page.
  if (Guarded && entry.page && !children) return { ...base, path: entry.path, children: [{ index: true, element: page(entry) }] };
  return { ...base, ...(entry.path !== undefined && { path: entry.path }), ...(children && { children }) };
}

/** The whole route table of spec section 2, made from the page list. */
export const routes: RouteObject[] = [{ id: 'root', element: <RootLayout />, children: PAGES.map(toRoute) }];

/**
 * Starts downloading the page chunks of `pathname` at once, while the entry script still waits for the texts and
 * the session: without it a page's chunk (and its data) is only asked for once the layout and the guards have
 * rendered, one round trip after the other. Only what the visitor will see: the signed-in pages when a token is
 * kept, the sign-in pages when none is; never a staff or admin area (a customer never loads their chunks).
 * Returns the page downloads it started.
 */
export function preloadPage(
  pathname: string,
  hasToken: boolean,
  dispatch?: AppDispatch,
  params: URLSearchParams = new URLSearchParams(),
): Promise<PageModule>[] {
  const matches = matchRoutesKept(routes, pathname) ?? [];
  for (const { route } of matches) {
    const type = (route.element as { type?: unknown } | undefined)?.type;
    if (type === RequireStaff || type === RequireAdmin) return [];
    if ((type === RequireAuth && !hasToken) || (type === GuestOnly && hasToken)) return [];
  }
  const context: PrefetchContext | null =
    hasToken && dispatch ? { dispatch, params, hold: (request) => setTimeout(() => request.unsubscribe(), PREFETCH_HOLD_MS) } : null;
  const started: Promise<PageModule>[] = [];
  for (const { route } of matches) {
    const load = route.element ? pageLoaders.get(route.element as object) : undefined;
    if (load) {
      const loading = load();
      // A page module's own prefetch starts as soon as its chunk is here, still before the page renders.
      loading.then((module) => context && module.prefetch?.(context)).catch(() => undefined);
      started.push(loading);
    }
    const prefetch = route.element && context ? pagePrefetches.get(route.element as object) : undefined;
    if (prefetch && context) prefetch(context);
  }
  return started;
}

/**
 * A matched pathname as the browser's history writes it (what BrowserRouter's encodeLocation gives useRoutes):
 * `%`, `?` and `#` are a path's own characters here, the rest is encoded as in a URL.
 */
function encodePath(path: string): string {
  return new URL(`http://localhost${path.replace(/%/g, '%25').replace(/\?/g, '%3F').replace(/#/g, '%23').replace(/ $/, '%20')}`).pathname;
}

/**
 * The route table rendered for the current address; the breadcrumbs read the same table. What React Router's
 * useRoutes does at the top of the tree (its matches, their pathnames encoded as the browser's history writes them),
 * on its public API (renderMatches), with the matches kept per pathname (route-match.ts) instead of worked out again
 * on every render.
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  const matches = matchRoutesKept(routes, pathname || '/');
  const element = renderMatches(
    matches && matches.map((match) => ({ ...match, pathname: encodePath(match.pathname), pathnameBase: encodePath(match.pathnameBase) })),
  );
  return <RoutesContext.Provider value={routes}>{element}</RoutesContext.Provider>;
}
