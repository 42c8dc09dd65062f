import type { RouteHandle } from './layout/breadcrumbs';
import { archivedFirstPage, ADDRESSES } from '../lib/api/addresses';

/** Who may see a part of the tree: the guard element router.tsx puts around it. */
export type Guard = 'guest' | 'signed-in' | 'staff' | 'admin';

/** One entry of the page list: a route of spec section 2. */
export interface PageEntry {
  path?: string;
  index?: true;
  /** The page's module under src/ (lazily loaded, a chunk of its own); its default export, or `exportName`. */
  page?: string;
  exportName?: string;
  /** What the entry puts in the breadcrumb trail (breadcrumbs.tsx); `noCrumbs` hides the trail. */
  crumb?: RouteHandle['crumb'];
  noCrumbs?: true;
  guard?: Guard;
  /** An address that only sends the visitor on (replacing it in the history). */
  redirect?: string;
  /**
   * A page a visitor often opens first (a bookmark, a notification's link, the app icon): index.html's inline script
   * preloads its files with the page (build/first-paint.ts), before the entry script has run and matched the route.
   */
  first?: true;
  /**
   * The API addresses the page shows at its top. index.html's script sends them with the page when a token is kept,
   * and the app asks for them while the page's chunk downloads (preloadPage: the router's prefetch of a shared call,
   * or the page module's own `prefetch`); boot-fetch.ts hands the script's answers to the app's requests.
   */
  calls?: string[];
  children?: PageEntry[];
}

/** The calls of every start: the site's settings and countries; with a kept token, the signed-in user too. */
export const START_CALLS = { always: [ADDRESSES.settings, ADDRESSES.countries], signedIn: [ADDRESSES.authUser] };

/** The auth sub-routes; also reachable without the /auth prefix, which redirects to the prefixed address. */
const AUTH_STEPS = ['register-code', 'register-verify', 'register-form', 'forgot-code', 'forgot-verify', 'forgot-form'] as const;
const NOT_FOUND: PageEntry = { path: '*', crumb: 'not_found', page: 'app/pages/not-found-page.tsx' };

/**
 * The page list: every address of the app, from which the route table (router.tsx), the page preloading
 * (preloadPage), the first screens' files and the calls index.html's script sends (build/first-paint.ts) are made.
 * Plain data (the build reads it too): a page is one entry here.
 */
export const PAGES: PageEntry[] = [
  {
    path: 'auth',
    guard: 'guest',
    noCrumbs: true,
    children: [
      { index: true, page: 'features/auth/pages/login-page.tsx', first: true },
      ...AUTH_STEPS.map((step) => ({ path: step, page: `features/auth/pages/${step}-page.tsx` })),
      // A staff invitation's link from the SMS (ADR 075).
      { path: 'set-password', page: 'features/auth/pages/set-password-page.tsx' },
      // Inside Telegram without a session: share the phone, or reopen from the bot (ADR 078).
      { path: 'telegram', page: 'features/telegram/pages/telegram-page.tsx' },
    ],
  },
  ...AUTH_STEPS.map((step) => ({ path: step, redirect: `/auth/${step}` })),
  // Public tracking (issue 37): anyone with a code, signed in or not.
  {
    path: 'track',
    crumb: 'track',
    children: [
      { index: true, page: 'features/tracking/pages/track-page.tsx' },
      { path: ':code', page: 'features/tracking/pages/track-page.tsx' },
    ],
  },
  // A trusted person's SMS link (ADR 091): their QR code, without signing in.
  { path: 'trusted-pass', noCrumbs: true, page: 'features/trusted/pages/trusted-pass-page.tsx' },
  {
    guard: 'signed-in',
    children: [
      // Features meet here: app/pages/home-page.tsx puts the orders feature's track box on the home page.
      { index: true, page: 'app/pages/home-page.tsx', first: true, calls: [ADDRESSES.waiting] },
      {
        path: 'free-lessons',
        crumb: 'free_lessons',
        children: [
          { index: true, page: 'features/lessons/pages/lessons-page.tsx' },
          {
            path: ':id',
            crumb: (_params, search) => {
              const step = Number(search.get('step'));
              return Number.isInteger(step) && step > 0 ? [{ key: 'lesson' }, { key: 'lesson_step', values: { step } }] : { key: 'lesson' };
            },
            page: 'features/lessons/pages/lesson-page.tsx',
          },
        ],
      },
      { path: 'prohibited-items', crumb: 'prohibited_items', page: 'features/info/pages/prohibited-items-page.tsx' },
      {
        path: 'branches',
        crumb: 'branches',
        children: [
          { index: true, page: 'features/branches/pages/branches-page.tsx' },
          { path: ':id', crumb: 'branch', page: 'features/branches/pages/branch-page.tsx' },
        ],
      },
      {
        path: 'orders',
        crumb: 'orders',
        children: [
          { index: true, page: 'features/orders/pages/orders-page.tsx', first: true, calls: [ADDRESSES.orderStatuses, archivedFirstPage] },
          { path: 'tracks', crumb: 'tracks', page: 'features/orders/pages/tracks-page.tsx' },
          { path: 'status', crumb: 'status', page: 'features/orders/pages/order-status-page.tsx' },
          { path: 'order', crumb: 'order', page: 'features/orders/pages/order-info-page.tsx' },
          { path: 'receipt', crumb: 'receipt', page: 'features/receipts/pages/receipt-page.tsx' },
          // Trusted people (ADR 091): someone else collects, with their own QR code.
          { path: 'trusted', page: 'features/trusted/pages/trusted-page.tsx' },
        ],
      },
      {
        path: 'claims',
        crumb: 'claims',
        children: [
          { index: true, page: 'features/claims/pages/claims-page.tsx' },
          { path: 'new', crumb: 'claim_new', page: 'features/claims/pages/new-claim-page.tsx' },
          { path: ':id', crumb: 'claim', page: 'features/claims/pages/claim-page.tsx' },
        ],
      },
      // Pickup slots (issue 37, ADR 092): book a time to collect what waits at a branch.
      { path: 'pickup', noCrumbs: true, page: 'features/pickup/pages/pickup-page.tsx' },
      { path: 'qr', crumb: 'qr', page: 'features/qr/pages/qr-page.tsx', first: true, calls: [ADDRESSES.waiting] },
      {
        // Paying before coming (ADR 077): /pay?branch=ID opens a request (the "Pay online" buttons, the arrival
        // message's link after sign-in); /pay/:id follows it, and the provider sends the customer back there.
        path: 'pay',
        crumb: 'pay',
        children: [
          { index: true, page: 'features/payments/pages/pay-start-page.tsx' },
          { path: ':id', page: 'features/payments/pages/pay-page.tsx' },
        ],
      },
      {
        path: 'notification',
        crumb: 'notifications',
        children: [
          { index: true, page: 'features/notifications/pages/notifications-page.tsx', first: true },
          {
            path: ':type',
            crumb: (params) => ({ key: `notification_type.${params.type ?? ''}` }),
            page: 'features/notifications/pages/notification-type-page.tsx',
          },
        ],
      },
      {
        path: 'profile',
        crumb: 'profile',
        children: [
          { index: true, page: 'features/account/pages/profile-page.tsx', first: true },
          { path: 'notifications', crumb: 'notification_settings', page: 'features/notifications/pages/notification-settings-page.tsx' },
          {
            path: 'account',
            crumb: 'account',
            children: [
              { index: true, page: 'features/account/pages/account-page.tsx' },
              { path: 'update-code', crumb: 'update_code', page: 'features/account/pages/update-code-page.tsx' },
              { path: 'update-verify', crumb: 'update_verify', page: 'features/account/pages/update-verify-page.tsx' },
              { path: 'update-phone', crumb: 'update_phone', page: 'features/account/pages/update-phone-page.tsx' },
            ],
          },
        ],
      },
      { path: 'faq', crumb: 'faq', page: 'features/info/pages/faq-page.tsx' },
      { path: 'support', crumb: 'support', page: 'features/info/pages/support-page.tsx' },
      { path: 'contacts', crumb: 'contacts', page: 'features/info/pages/contacts-page.tsx' },
      { path: 'terms', crumb: 'terms', page: 'features/info/pages/legal-page.tsx', exportName: 'TermsPage' },
      { path: 'privacy', crumb: 'privacy', page: 'features/info/pages/legal-page.tsx', exportName: 'PrivacyPage' },
      {
        path: 'manage',
        crumb: 'manage',
        guard: 'staff',
        children: [{ index: true, page: 'features/manage/pages/manage-page.tsx' }],
      },
      {
        // The back office: its own chunks, behind the admin guard. An admin page is one entry here plus one
        // entry in features/admin/model/admin-nav.ts.
        path: 'admin',
        crumb: 'admin',
        guard: 'admin',
        children: [
          {
            page: 'features/admin/pages/admin-layout.tsx',
            children: [
              { index: true, page: 'features/admin/pages/admin-home-page.tsx' },
              {
                path: 'users',
                crumb: 'admin_users',
                children: [
                  { index: true, page: 'features/admin/pages/users-page.tsx' },
                  { path: ':id', crumb: 'admin_user', page: 'features/admin/pages/user-page.tsx' },
                ],
              },
              {
                path: 'supports',
                crumb: 'admin_supports',
                children: [
                  { index: true, page: 'features/admin/pages/supports-page.tsx' },
                  { path: ':id', crumb: 'admin_support', page: 'features/admin/pages/support-page.tsx' },
                ],
              },
              {
                path: 'content',
                crumb: 'admin_content',
                children: [
                  { index: true, redirect: '/admin/content/news' },
                  {
                    path: ':kind',
                    children: [
                      { index: true, page: 'features/admin/pages/content-list-page.tsx' },
                      { path: ':id', crumb: 'admin_content_item', page: 'features/admin/pages/content-edit-page.tsx' },
                    ],
                  },
                ],
              },
              {
                path: 'branches',
                crumb: 'admin_branches',
                children: [
                  { index: true, page: 'features/admin/pages/branches-page.tsx' },
                  { path: ':id', crumb: 'admin_branch', page: 'features/admin/pages/branch-page.tsx' },
                  // A branch's shelves and their labels (ADR 083).
                  { path: ':id/locations', crumb: 'admin_locations', page: 'features/admin/pages/branch-locations-page.tsx' },
                ],
              },
              { path: 'countries', crumb: 'admin_countries', page: 'features/admin/pages/countries-page.tsx' },
              { path: 'printers', crumb: 'admin_printers', page: 'features/admin/pages/printers-page.tsx' },
              { path: 'delivery-zones', page: 'features/admin/pages/delivery-zones-page.tsx' },
              // The duty-free limit's rules and the NBK rates (ADR 087).
              { path: 'duties', crumb: 'admin_duties', page: 'features/admin/pages/duty-rules-page.tsx' },
              { path: 'settings', crumb: 'admin_settings', page: 'features/admin/pages/settings-page.tsx' },
              { path: 'audit', crumb: 'admin_audit', page: 'features/admin/pages/audit-page.tsx' },
              { path: 'broadcasts', crumb: 'admin_broadcasts', page: 'features/admin/pages/broadcasts-page.tsx' },
              // Unknown admin addresses stay behind the admin guard (non-admins see "no access", not 404).
              NOT_FOUND,
            ],
          },
        ],
      },
    ],
  },
  NOT_FOUND,
];

/** A first screen: the full address, whether it is a signed-in one, its page modules (under src/) and its calls. */
export interface FirstScreen {
  path: string;
  signedIn: boolean;
  modules: string[];
  calls: string[];
}

/** The first screens of the page list, with the guard each sits behind (for index.html's script and the build). */
export function firstScreens(list: PageEntry[] = PAGES, base = '', guard?: Guard): FirstScreen[] {
  const out: FirstScreen[] = [];
  for (const entry of list) {
    const path = entry.path ? `${base}/${entry.path}`.replace(/\/+/g, '/') : base;
    const within = entry.guard ?? guard;
    if (entry.first && entry.page)
      out.push({ path: path || '/', signedIn: within !== 'guest', modules: [`src/${entry.page}`], calls: entry.calls ?? [] });
    if (entry.children) out.push(...firstScreens(entry.children, path, within));
  }
  return out;
}
