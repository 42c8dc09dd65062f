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

/** A page chunk: its component, and what it shows at the top from the API (see page-prefetch.ts). */
type PageModule = { default: ComponentType; prefetch?: PagePrefetch };

/**
 * A lazily loaded page: each is its own chunk, fetched when its route is first visited (the layout
 * shows the progress bar meanwhile). The router is React Router's declarative one: the data router
 * would add about 18 KB of gzipped script to every page, and the app loads its data with RTK Query.
 */
function page(load: () => Promise<PageModule>, prefetch?: PagePrefetch) {
  let loading: Promise<PageModule> | undefined;
  // One download per page, whether the router or preloadPage asks first; a failed one may be tried again.
  const once = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  const Page = lazy(once);
  const element = <Page />;
  pageLoaders.set(element, once);
  if (prefetch) pagePrefetches.set(element, prefetch);
  return element;
}

/** The loader of each lazily loaded page, and its data to prefetch, by its route element (for preloadPage). */
const pageLoaders = new WeakMap<object, () => Promise<PageModule>>();
const pagePrefetches = new WeakMap<object, PagePrefetch>();

/** Home and /qr: the parcels waiting at a branch, the summary at their top. */
const prefetchWaiting: PagePrefetch = ({ dispatch, hold }) => hold(dispatch(waitingApi.endpoints.getWaiting.initiate()));

const handle = (value: RouteHandle) => value;

/** The auth sub-routes; also reachable without the /auth prefix, which redirects to the prefixed address. */
const AUTH_STEPS = ['register-code', 'register-verify', 'register-form', 'forgot-code', 'forgot-verify', 'forgot-form'] as const;

/** The whole route table of spec section 2. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootLayout />,
    children: [
      {
        path: 'auth',
        element: <GuestOnly />,
        handle: handle({ noCrumbs: true }),
        children: [
          { index: true, element: page(() => import('../features/auth/pages/login-page')) },
          { path: 'register-code', element: page(() => import('../features/auth/pages/register-code-page')) },
          { path: 'register-verify', element: page(() => import('../features/auth/pages/register-verify-page')) },
          { path: 'register-form', element: page(() => import('../features/auth/pages/register-form-page')) },
          { path: 'forgot-code', element: page(() => import('../features/auth/pages/forgot-code-page')) },
          { path: 'forgot-verify', element: page(() => import('../features/auth/pages/forgot-verify-page')) },
          { path: 'forgot-form', element: page(() => import('../features/auth/pages/forgot-form-page')) },
        ],
      },
      ...AUTH_STEPS.map((step) => ({ path: step, element: <Navigate to={`/auth/${step}`} replace /> })),
      {
        element: <RequireAuth />,
        children: [
          {
            index: true,
            // Features meet here: the home page shows the orders feature's track box.
            element: page(
              () =>
                Promise.all([import('../features/home/pages/home-page'), import('../features/orders/components/track-search-box')]).then(
                  ([home, box]) => ({
                    default: () => <home.default trackBox={<box.HomeTrackBox />} />,
                  }),
                ),
              prefetchWaiting,
            ),
          },
          {
            path: 'free-lessons',
            handle: handle({ crumb: 'free_lessons' }),
            children: [
              { index: true, element: page(() => import('../features/lessons/pages/lessons-page')) },
              {
                path: ':id',
                handle: handle({
                  crumb: (_params, search) => {
                    const step = Number(search.get('step'));
                    return Number.isInteger(step) && step > 0
                      ? [{ key: 'lesson' }, { key: 'lesson_step', values: { step } }]
                      : { key: 'lesson' };
                  },
                }),
                element: page(() => import('../features/lessons/pages/lesson-page')),
              },
            ],
          },
          {
            path: 'prohibited-items',
            handle: handle({ crumb: 'prohibited_items' }),
            element: page(() => import('../features/info/pages/prohibited-items-page')),
          },
          {
            path: 'branches',
            handle: handle({ crumb: 'branches' }),
            children: [
              { index: true, element: page(() => import('../features/branches/pages/branches-page')) },
              { path: ':id', handle: handle({ crumb: 'branch' }), element: page(() => import('../features/branches/pages/branch-page')) },
            ],
          },
          {
            path: 'orders',
            handle: handle({ crumb: 'orders' }),
            children: [
              { index: true, element: page(() => import('../features/orders/pages/orders-page')) },
              { path: 'tracks', handle: handle({ crumb: 'tracks' }), element: page(() => import('../features/orders/pages/tracks-page')) },
              {
                path: 'status',
                handle: handle({ crumb: 'status' }),
                element: page(() => import('../features/orders/pages/order-status-page')),
              },
              {
                path: 'order',
                handle: handle({ crumb: 'order' }),
                element: page(() => import('../features/orders/pages/order-info-page')),
              },
              {
                path: 'receipt',
                handle: handle({ crumb: 'receipt' }),
                element: page(() => import('../features/receipts/pages/receipt-page')),
              },
            ],
          },
          { path: 'qr', handle: handle({ crumb: 'qr' }), element: page(() => import('../features/qr/pages/qr-page'), prefetchWaiting) },
          {
            path: 'notification',
            handle: handle({ crumb: 'notifications' }),
            children: [
              { index: true, element: page(() => import('../features/notifications/pages/notifications-page')) },
              {
                path: ':type',
                handle: handle({ crumb: (params) => ({ key: `notification_type.${params.type ?? ''}` }) }),
                element: page(() => import('../features/notifications/pages/notification-type-page')),
              },
            ],
          },
          {
            path: 'profile',
            handle: handle({ crumb: 'profile' }),
            children: [
              { index: true, element: page(() => import('../features/account/pages/profile-page')) },
              {
                path: 'notifications',
                handle: handle({ crumb: 'notification_settings' }),
                element: page(() => import('../features/notifications/pages/notification-settings-page')),
              },
              {
                path: 'account',
                handle: handle({ crumb: 'account' }),
                children: [
                  { index: true, element: page(() => import('../features/account/pages/account-page')) },
                  {
                    path: 'update-code',
                    handle: handle({ crumb: 'update_code' }),
                    element: page(() => import('../features/account/pages/update-code-page')),
                  },
                  {
                    path: 'update-verify',
                    handle: handle({ crumb: 'update_verify' }),
                    element: page(() => import('../features/account/pages/update-verify-page')),
                  },
                  {
                    path: 'update-phone',
                    handle: handle({ crumb: 'update_phone' }),
                    element: page(() => import('../features/account/pages/update-phone-page')),
                  },
                ],
              },
            ],
          },
          { path: 'faq', handle: handle({ crumb: 'faq' }), element: page(() => import('../features/info/pages/faq-page')) },
          { path: 'support', handle: handle({ crumb: 'support' }), element: page(() => import('../features/info/pages/support-page')) },
          { path: 'contacts', handle: handle({ crumb: 'contacts' }), element: page(() => import('../features/info/pages/contacts-page')) },
          {
            path: 'terms',
            handle: handle({ crumb: 'terms' }),
            element: page(() => import('../features/info/pages/legal-page').then((m) => ({ default: m.TermsPage }))),
          },
          {
            path: 'privacy',
            handle: handle({ crumb: 'privacy' }),
            element: page(() => import('../features/info/pages/legal-page').then((m) => ({ default: m.PrivacyPage }))),
          },
          {
            path: 'manage',
            handle: handle({ crumb: 'manage' }),
            element: <RequireStaff />,
            children: [{ index: true, element: page(() => import('../features/manage/pages/manage-page')) }],
          },
          {
            // The back office: its own chunks, behind RequireAdmin. An admin page is one route here plus one
            // entry in features/admin/model/admin-nav.ts.
            path: 'admin',
            handle: handle({ crumb: 'admin' }),
            element: <RequireAdmin />,
            children: [
              {
                element: page(() => import('../features/admin/pages/admin-layout')),
                children: [
                  { index: true, element: page(() => import('../features/admin/pages/admin-home-page')) },
                  {
                    path: 'users',
                    handle: handle({ crumb: 'admin_users' }),
                    children: [
                      { index: true, element: page(() => import('../features/admin/pages/users-page')) },
                      {
                        path: ':id',
                        handle: handle({ crumb: 'admin_user' }),
                        element: page(() => import('../features/admin/pages/user-page')),
                      },
                    ],
                  },
                  {
                    path: 'supports',
                    handle: handle({ crumb: 'admin_supports' }),
                    children: [
                      { index: true, element: page(() => import('../features/admin/pages/supports-page')) },
                      {
                        path: ':id',
                        handle: handle({ crumb: 'admin_support' }),
                        element: page(() => import('../features/admin/pages/support-page')),
                      },
                    ],
                  },
                  {
                    path: 'content',
                    handle: handle({ crumb: 'admin_content' }),
                    children: [
                      { index: true, element: <Navigate to="/admin/content/news" replace /> },
                      {
                        path: ':kind',
                        children: [
                          { index: true, element: page(() => import('../features/admin/pages/content-list-page')) },
                          {
                            path: ':id',
                            handle: handle({ crumb: 'admin_content_item' }),
                            element: page(() => import('../features/admin/pages/content-edit-page')),
                          },
                        ],
                      },
                    ],
                  },
                  {
                    path: 'branches',
                    handle: handle({ crumb: 'admin_branches' }),
                    children: [
                      { index: true, element: page(() => import('../features/admin/pages/branches-page')) },
                      {
                        path: ':id',
                        handle: handle({ crumb: 'admin_branch' }),
                        element: page(() => import('../features/admin/pages/branch-page')),
                      },
                    ],
                  },
                  {
                    path: 'countries',
                    handle: handle({ crumb: 'admin_countries' }),
                    element: page(() => import('../features/admin/pages/countries-page')),
                  },
                  {
                    path: 'settings',
                    handle: handle({ crumb: 'admin_settings' }),
                    element: page(() => import('../features/admin/pages/settings-page')),
                  },
                  {
                    path: 'audit',
                    handle: handle({ crumb: 'admin_audit' }),
                    element: page(() => import('../features/admin/pages/audit-page')),
                  },
                  {
                    path: 'broadcasts',
                    handle: handle({ crumb: 'admin_broadcasts' }),
                    element: page(() => import('../features/admin/pages/broadcasts-page')),
                  },
                  // Unknown admin addresses stay behind RequireAdmin (non-admins see "no access", not 404).
                  { path: '*', handle: handle({ crumb: 'not_found' }), element: page(() => import('./pages/not-found-page')) },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', handle: handle({ crumb: 'not_found' }), element: page(() => import('./pages/not-found-page')) },
    ],
  },
];

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
