import { insideTelegram } from '../telegram/detect';

/** The query parameter of /auth naming where to go after sign-in (a deep link opened signed out). */
export const NEXT_PARAM = 'next';

/**
 * The same-site path (with its query and hash) to return to after sign-in, or null. Anything that
 * could leave the site (`//evil`, `/\evil`, `https://…`, `javascript:`) or loop back into /auth is refused.
 */
export function safeNextPath(value: unknown, origin = globalThis.location?.origin ?? 'http://localhost'): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\') || value.length > 2000)
    return null;
  if ([...value].some((c) => c.charCodeAt(0) < 0x20)) return null;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  if (url.pathname === '/auth' || url.pathname.startsWith('/auth/')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** /auth (inside Telegram /auth/telegram, ADR 078) with the page to come back to, when there is one other than home. */
export function signInPath(next: string | null): string {
  const page = insideTelegram() ? '/auth/telegram' : '/auth';
  return next && next !== '/' ? `${page}?${NEXT_PARAM}=${encodeURIComponent(next)}` : page;
}
