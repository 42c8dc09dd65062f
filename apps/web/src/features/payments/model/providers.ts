import { ONLINE_PROVIDERS, type TOnlineProvider } from '@portal/contract';

/** The branch's providers in the order the customer sees them: Kaspi first (most of Kazakhstan pays with it). */
export function orderProviders(list: readonly TOnlineProvider[] | undefined): TOnlineProvider[] {
  return ONLINE_PROVIDERS.filter((p) => list?.includes(p));
}

/** The final statuses: polling stops, the page says how it ended. */
export const isFinal = (status: string): boolean => status !== 'open';

/** The poll's pace while a request is open and the page is in sight (Kaspi sends no callbacks: the API asks it). */
export const POLL_MS = 2000;

/** Whether a text (an address's `provider`) names a provider. */
export const isOnlineProvider = (value: string): value is TOnlineProvider => (ONLINE_PROVIDERS as readonly string[]).includes(value);
