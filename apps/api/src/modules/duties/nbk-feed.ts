import { SaxesParser } from 'saxes';

/**
 * The National Bank of Kazakhstan's daily official rates (ADR 087): its address and field names, in this one file.
 * GET {NBK_RATES_URL}?fdate=DD.MM.YYYY answers
 *   <rates><date>29.11.2026</date><item><fullname>…</fullname><title>USD</title><description>470.51</description>
 *   <quant>1</quant><index>UP</index><change>+1.2</change></item>…</rates>
 * where `description` is KZT for `quant` units of `title`. Tests point NBK_RATES_URL at tools/fakes/nbk-rates.mjs.
 */
export const NBK_DAY_PARAM = 'fdate';
const FIELDS = { root: 'rates', item: 'item', code: 'title', value: 'description', quant: 'quant', date: 'date' } as const;
/** The currencies the duty estimate needs; the feed must carry each (KZT is 1 by definition). */
export const NBK_REQUIRED = ['CNY', 'USD', 'EUR', 'RUB', 'KGS'] as const;
const TIMEOUT_MS = 10_000;

export interface NbkRate {
  currency: string;
  /** KZT per one unit, as a decimal string (value ÷ quant, up to 8 decimals). */
  rate: string;
  quant: number;
}

export type NbkFailure = 'unreachable' | 'http_status' | 'unreadable' | 'missing_currency';
export class NbkFeedError extends Error {
  constructor(
    readonly reason: NbkFailure,
    detail: string,
  ) {
    super(`${reason}: ${detail}`);
  }
}

/** YYYY-MM-DD → the feed's DD.MM.YYYY. */
export const nbkDay = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;

/** value ÷ quant as a decimal string with up to 8 decimals (exact for the feed's 2-decimal values and quants 1…1000). */
export function perUnit(value: string, quant: number): string | null {
  const m = /^(\d{1,12})(?:[.,](\d{1,8}))?$/.exec(value.trim());
  if (!m || !Number.isSafeInteger(quant) || quant < 1) return null;
  const scaled = BigInt(m[1]!) * 10n ** 8n + BigInt((m[2] ?? '').padEnd(8, '0'));
  const q = (scaled * 2n + BigInt(quant)) / (2n * BigInt(quant));
  if (q <= 0n) return null;
  const s = q.toString().padStart(9, '0');
  return `${s.slice(0, -8)}.${s.slice(-8)}`.replace(/\.?0+$/, '');
}

/** Reads the feed's XML; throws NbkFeedError('unreadable') on anything else. */
export function parseNbkRates(xml: string): { date: string | null; rates: NbkRate[] } {
  const parser = new SaxesParser();
  const rates: NbkRate[] = [];
  let date: string | null = null;
  let sawRoot = false;
  let item: Record<string, string> | null = null;
  let field: string | null = null;
  let text = '';
  parser.on('opentag', (tag) => {
    if (tag.name === FIELDS.root) sawRoot = true;
    else if (tag.name === FIELDS.item) item = {};
    field = tag.name;
    text = '';
  });
  parser.on('text', (t) => void (text += t));
  parser.on('cdata', (t) => void (text += t));
  parser.on('closetag', (tag) => {
    if (tag.name === FIELDS.item && item) {
      const code = (item[FIELDS.code] ?? '').trim().toUpperCase();
      const quant = Number((item[FIELDS.quant] ?? '1').trim() || '1');
      const rate = perUnit(item[FIELDS.value] ?? '', quant);
      if (/^[A-Z]{3}$/.test(code) && rate) rates.push({ currency: code, rate, quant });
      item = null;
    } else if (item && field === tag.name) item[tag.name] = text;
    else if (tag.name === FIELDS.date) date = text.trim();
    field = null;
  });
  try {
    parser.write(xml).close();
  } catch (err) {
    throw new NbkFeedError('unreadable', err instanceof Error ? err.message.slice(0, 200) : 'not XML');
  }
  if (!sawRoot) throw new NbkFeedError('unreadable', `no <${FIELDS.root}>`);
  return { date, rates };
}

/** Fetches one day's rates; throws NbkFeedError when unreachable, not 200, unreadable or missing a needed currency. */
export async function fetchNbkRates(baseUrl: string, day: string, fetchImpl: typeof fetch = fetch): Promise<NbkRate[]> {
  const url = new URL(baseUrl);
  url.searchParams.set(NBK_DAY_PARAM, nbkDay(day));
  let res: Response;
  try {
    res = await fetchImpl(url, { signal: AbortSignal.timeout(TIMEOUT_MS), headers: { accept: 'application/xml, text/xml' } });
  } catch (err) {
    throw new NbkFeedError('unreachable', err instanceof Error ? err.message : String(err));
  }
  if (res.status !== 200) throw new NbkFeedError('http_status', `HTTP ${res.status}`);
  const { rates } = parseNbkRates(await res.text());
  const missing = NBK_REQUIRED.filter((c) => !rates.some((r) => r.currency === c));
  if (missing.length) throw new NbkFeedError('missing_currency', missing.join(', '));
  return rates;
}
