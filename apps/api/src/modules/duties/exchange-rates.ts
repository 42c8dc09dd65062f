import { convertMinor, dayIn, priceStepMinor, type TRateUsed, type TRatesFetch } from '@portal/contract';
import type { Db, DbOrTx } from '../../db/client';
import { dutiesRepository } from './duties-repository';
import { fetchNbkRates, NbkFeedError } from './nbk-feed';

/** The rates' own calendar: the NBK's days are Kazakhstan's (Asia/Almaty). */
export const RATES_TIME_ZONE = 'Asia/Almaty';
export const RATES_QUEUE = 'exchange-rates';
/** Hourly; a run does nothing once the day's rates are stored, so one successful fetch a day, failures retried hourly. */
export const RATES_CRON = '7 * * * *';

const fetchView = (f: { day: string; status: 'ok' | 'failed'; stored: number; error: string | null; attemptedAt: Date }): TRatesFetch => ({
  day: f.day,
  status: f.status,
  stored: f.stored,
  error: f.error,
  attempted_at: f.attemptedAt.toISOString(),
});

/**
 * Fetches and stores one day's rates from the feed, and records the attempt either way. A failure stores nothing (the
 * previous days' rates stay in use: estimates take the latest rate on or before their day) and says why.
 */
export async function fetchRates(db: Db, baseUrl: string, day: string, fetchImpl?: typeof fetch): Promise<TRatesFetch> {
  try {
    const rates = await fetchNbkRates(baseUrl, day, fetchImpl);
    return await db.transaction(async (tx) => {
      const stored = await dutiesRepository.upsertRates(tx, day, rates);
      return fetchView(await dutiesRepository.recordFetch(tx, { day, status: 'ok', stored, error: null }));
    });
  } catch (err) {
    const error = err instanceof NbkFeedError ? err.message : `unreachable: ${err instanceof Error ? err.message : String(err)}`;
    return fetchView(await dutiesRepository.recordFetch(db, { day, status: 'failed', stored: 0, error: error.slice(0, 500) }));
  }
}

/** The scheduled run: today's (Almaty) rates unless already stored. */
export async function dailyRates(db: Db, baseUrl: string, now = new Date()): Promise<TRatesFetch | null> {
  const day = dayIn(now, RATES_TIME_ZONE);
  if (await dutiesRepository.fetchedOk(db, day)) return null;
  return fetchRates(db, baseUrl, day);
}

export async function recentRates(db: DbOrTx, days = 7) {
  const [rates, fetches] = await Promise.all([dutiesRepository.recentRates(db, days), dutiesRepository.recentFetches(db, 10)]);
  return {
    rates: rates.map((r) => ({
      day: r.day,
      currency: r.currency,
      rate: r.rate,
      quant: r.quant,
      source: r.source,
      fetched_at: r.fetchedAt.toISOString(),
    })),
    fetches: fetches.map(fetchView),
  };
}

/** A set of amounts per currency converted to EUR with the latest rates on or before `day`; no guess when one is missing. */
export interface Converter {
  rates: TRateUsed[];
  unavailable: string[];
  /** EUR minor units, or null when a currency of `amounts` has no rate. */
  toEur(amounts: Map<string, number>): number | null;
  /** EUR minor units → minor units of `currency`, rounded to its step (whole tenge, som); null without a rate. */
  fromEur(eurMinor: number, currency: string): number | null;
}

export async function converter(db: DbOrTx, currencies: Iterable<string>, day: string): Promise<Converter> {
  const wanted = new Set([...currencies, 'EUR']);
  wanted.delete('KZT');
  const found = await dutiesRepository.ratesOnOrBefore(db, [...wanted], day);
  const rateOf = (c: string) => (c === 'KZT' ? '1' : found.get(c)?.rate);
  const unavailable = [...wanted].filter((c) => !found.has(c)).sort();
  const rates = [...found]
    .map(([currency, r]) => ({ currency, rate: r.rate, day: r.day }))
    .sort((a, b) => a.currency.localeCompare(b.currency));
  return {
    rates,
    unavailable,
    toEur(amounts) {
      const eur = rateOf('EUR');
      if (!eur) return null;
      let total = 0;
      for (const [currency, minor] of amounts) {
        const rate = rateOf(currency);
        if (!rate) return null;
        total += currency === 'EUR' ? minor : convertMinor(minor, rate, eur);
      }
      return total;
    },
    fromEur(eurMinor, currency) {
      const eur = rateOf('EUR');
      const to = rateOf(currency);
      if (!eur || !to) return null;
      const step = priceStepMinor(currency);
      const minor = convertMinor(eurMinor, eur, to);
      return Math.floor((minor + step / 2) / step) * step;
    },
  };
}
