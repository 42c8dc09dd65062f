import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../lib/app-error';

/**
 * Telegram Mini App data, checked as Telegram documents it ("Validating data received via the Mini App"): the
 * secret is HMAC-SHA256 of the bot token keyed with "WebAppData"; the hash is HMAC-SHA256 of the data-check string
 * (every `key=value` but `hash`, sorted by key, joined by "\n") keyed with that secret, in hex. The same check
 * holds for the answer of `requestContact`, signed the same way. Never called with an empty token: a key everyone
 * knows would let anyone sign (`assertBotToken`).
 */

export interface TelegramUser {
  id: number;
  first_name?: string;
  last_name?: string;
  username?: string;
  language_code?: string;
}

export interface SignedData {
  fields: Map<string, string>;
  authDate: Date;
  /** The data's own hash (hex): the key of its single use. */
  hash: string;
}

export function assertBotToken(token: string | undefined | null): asserts token is string {
  if (!token || !/^\d+:[A-Za-z0-9_-]{20,}$/.test(token)) throw new Error('Telegram sign-in needs the bot token (TELEGRAM_BOT_TOKEN)');
}

const invalid = () => new AppError('telegram_signature_invalid');

/** Checks the signature and age of a raw initData (or requestContact answer) string; throws 401s in the caller's language. */
export function verifySignedData(raw: string, botToken: string, opts: { maxAgeSeconds: number; now?: number }): SignedData {
  assertBotToken(botToken);
  const fields = new Map<string, string>();
  for (const [key, value] of new URLSearchParams(raw)) {
    // A key twice: which one would Telegram have signed? Refuse rather than guess.
    if (fields.has(key)) throw invalid();
    fields.set(key, value);
  }
  const hash = fields.get('hash') ?? '';
  if (!/^[0-9a-f]{64}$/.test(hash)) throw invalid();
  const check = [...fields.keys()]
    .filter((k) => k !== 'hash')
    .sort()
    .map((k) => `${k}=${fields.get(k)}`)
    .join('\n');
  const secret = createHmac('sha256', 'WebAppData').update(botToken).digest();
  const expected = createHmac('sha256', secret).update(check).digest();
  if (!timingSafeEqual(expected, Buffer.from(hash, 'hex'))) throw invalid();
  const authDate = Number(fields.get('auth_date'));
  if (!Number.isSafeInteger(authDate) || authDate <= 0) throw invalid();
  const age = (opts.now ?? Date.now()) / 1000 - authDate;
  // Older than allowed, or from the future beyond a minute of clock skew.
  if (age > opts.maxAgeSeconds || age < -60) throw new AppError('telegram_data_stale');
  return { fields, authDate: new Date(authDate * 1000), hash };
}

/** A JSON field of signed data (`user`, `contact`), or a 401 when it is missing or not an object. */
export function jsonField<T>(data: SignedData, key: string): T {
  try {
    const value: unknown = JSON.parse(data.fields.get(key) ?? '');
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as T;
  } catch {
    // fall through
  }
  throw invalid();
}

/** The Telegram user of an initData string. */
export function telegramUserOf(data: SignedData): TelegramUser {
  const user = jsonField<TelegramUser>(data, 'user');
  if (!Number.isSafeInteger(user.id) || user.id <= 0) throw invalid();
  return user;
}

export interface TelegramContact {
  user_id: number;
  phone_number: string;
  first_name?: string;
  last_name?: string;
}

/** The contact of a requestContact answer. */
export function contactOf(data: SignedData): TelegramContact {
  const contact = jsonField<TelegramContact>(data, 'contact');
  if (!Number.isSafeInteger(contact.user_id) || typeof contact.phone_number !== 'string') throw invalid();
  return contact;
}
