import { ONLINE_PROVIDERS, type TOnlineProvider } from '@portal/contract';

/** The branch's providers in the order the customer sees them: Kaspi first (most of Kazakhstan pays with it). */
export function orderProviders(list: readonly TOnlineProvider[] | undefined): TOnlineProvider[] {
  return ONLINE_PROVIDERS.filter((p) => list?.includes(p));
}

/** The final statuses: polling stops, the page says how it ended. */
export const isFinal = (status: string): boolean => status !== 'open';

/** The poll's pace while a Kaspi request is open and the page is in sight (Kaspi sends no callbacks: reading asks it). */
export const POLL_MS = 2000;

/**
 * The poll's pace for providers that call back (cards, Freedom Pay): the page hears their change through the live
 * stream (ADR 077) and reloads at once; this slow poll only covers a stream that is away.
 */
export const FALLBACK_POLL_MS = 15_000;

/** How often the pay page asks while its request is open. */
export const pollEvery = (provider: TOnlineProvider | undefined): number => (provider === 'kaspi' ? POLL_MS : FALLBACK_POLL_MS);

/** Whether a text (an address's `provider`) names a provider. */
export const isOnlineProvider = (value: string): value is TOnlineProvider => (ONLINE_PROVIDERS as readonly string[]).includes(value);
