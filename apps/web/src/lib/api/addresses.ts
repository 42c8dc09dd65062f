import { DEFAULT_PER_PAGE, FIRST_PAGE } from '@portal/contract/common/page-numbers';

/**
 * The API addresses (under /api) that both RTK Query's endpoints and index.html's inline script ask for: the
 * script sends the calls of the start before the app has loaded (app/pages.ts says which, build/first-paint.ts
 * writes them into the page), and boot-fetch.ts hands their answers to the endpoints only when the addresses are
 * the same. Written once here, so the two cannot drift apart. Plain data: the build imports this file too.
 */
export const ADDRESSES = {
  settings: 'settings',
  countries: 'countries',
  authUser: 'auth/user',
  waiting: 'orders/waiting',
  orderStatuses: 'orders/statuses',
  archivedOrders: 'orders/archived',
  qr: 'qr',
} as const;

export type AddressName = keyof typeof ADDRESSES;

/** A list's page query: the first page, or the rows after the last one shown (keyset paging). */
export const pageQuery = (after: string | null) =>
  after === null
    ? `filters[per_page]=${DEFAULT_PER_PAGE}&filters[page]=${FIRST_PAGE}`
    : `filters[per_page]=${DEFAULT_PER_PAGE}&filters[after]=${encodeURIComponent(after)}`;

/** The archive's first page, as getArchivedOrders asks for it. */
export const archivedFirstPage = `${ADDRESSES.archivedOrders}?${pageQuery(null)}`;
