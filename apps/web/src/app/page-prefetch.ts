import type { AppDispatch } from './store';

/**
 * What a signed-in page shows at the top from the API, asked for at start with the session (preloadPage) rather than
 * once the page's chunk has rendered: it is there when the page first renders, so nothing arrives late above the rest
 * and pushes it down. A page module may export one as `prefetch`; preloadPage calls it once the chunk has arrived.
 */
export interface PrefetchContext {
  dispatch: AppDispatch;
  /** The address's query (?tab=…), as the page will read it. */
  params: URLSearchParams;
  /** Keeps a prefetched query's data until the page takes it over (queries that keep no unused data drop it at once). */
  hold: (request: { unsubscribe(): void }) => void;
}
export type PagePrefetch = (context: PrefetchContext) => void;

/** How long a prefetched query is held for the page to take it over. */
export const PREFETCH_HOLD_MS = 15_000;
/** A page takes over prefetched data this young (seconds) instead of asking again on mount (refetchOnMountOrArgChange). */
export const PREFETCH_FRESH_S = 5;
