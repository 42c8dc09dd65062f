import type { TQrCode } from '@portal/contract';
import { STORAGE_KEYS } from '../../../lib/storage';

/** The localStorage key of the QR code kept on the device, so /qr still shows it with no network (removed at logout). */
export const QR_CACHE_KEY = STORAGE_KEYS.qr;

export interface CachedQr extends TQrCode {
  user_id: number;
  saved_at: string;
}

function isCachedQr(value: unknown): value is CachedQr {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.user_id === 'number' &&
    typeof v.token === 'string' &&
    typeof v.client_code === 'string' &&
    typeof v.full_name === 'string' &&
    typeof v.saved_at === 'string'
  );
}

/** The kept QR code of this user, or null (none, someone else's, unreadable storage). */
export function readCachedQr(userId: number | undefined): CachedQr | null {
  try {
    const raw = globalThis.localStorage?.getItem(QR_CACHE_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (!isCachedQr(parsed)) return null;
    return userId === undefined || parsed.user_id === userId ? parsed : null;
  } catch {
    return null;
  }
}

/** A kept code older than this is fetched again in the background while the customer uses the portal. */
export const QR_REFRESH_AFTER_MS = 24 * 3600 * 1000;

/** Whether the kept code of this user should be renewed silently (kept, and saved over a day ago or expiring). */
export function keptQrIsStale(userId: number, now = Date.now()): boolean {
  const kept = readCachedQr(userId);
  if (!kept) return false;
  const saved = Date.parse(kept.saved_at);
  const expires = kept.expires_at ? Date.parse(kept.expires_at) : NaN;
  return !(now - saved < QR_REFRESH_AFTER_MS) || !(expires - now > QR_REFRESH_AFTER_MS);
}

export function writeCachedQr(userId: number, qr: TQrCode): void {
  try {
    const value: CachedQr = { ...qr, user_id: userId, saved_at: new Date().toISOString() };
    globalThis.localStorage?.setItem(QR_CACHE_KEY, JSON.stringify(value));
  } catch {
    /* storage blocked: the code still shows while online */
  }
}

export function clearCachedQr(): void {
  try {
    globalThis.localStorage?.removeItem(QR_CACHE_KEY);
  } catch {
    /* ignore */
  }
}
