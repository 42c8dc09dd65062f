/**
 * Every page address of the web app, shared by the server (which answers 404 for anything else, still
 * with the app, so the not-found page shows) and the web router (a test keeps the two in step).
 * `:name` is one path segment; a trailing `/*` covers a lazy area's own pages.
 */
export const PAGE_ROUTES = [
  '/',
  '/auth',
  '/auth/register-code',
  '/auth/register-verify',
  '/auth/register-form',
  '/auth/forgot-code',
  '/auth/forgot-verify',
  '/auth/forgot-form',
  '/auth/set-password',
  '/auth/telegram',
  '/register-code',
  '/register-verify',
  '/register-form',
  '/forgot-code',
  '/forgot-verify',
  '/forgot-form',
  '/track',
  '/track/:code',
  '/free-lessons',
  '/free-lessons/:id',
  '/prohibited-items',
  '/branches',
  '/branches/:id',
  '/orders',
  '/orders/tracks',
  '/orders/status',
  '/orders/order',
  '/orders/receipt',
  '/orders/trusted',
  '/trusted-pass',
  '/claims',
  '/claims/new',
  '/claims/:id',
  '/qr',
  '/pickup',
  '/pay',
  '/pay/:id',
  '/notification',
  '/notification/:type',
  '/profile',
  '/profile/account',
  '/profile/account/update-code',
  '/profile/account/update-verify',
  '/profile/account/update-phone',
  '/profile/notifications',
  '/faq',
  '/support',
  '/contacts',
  '/terms',
  '/privacy',
  '/manage/*',
  '/admin/*',
] as const;

function matches(pattern: string, segments: string[]): boolean {
  const parts = pattern.split('/').filter(Boolean);
  if (parts.at(-1) === '*') {
    const base = parts.slice(0, -1);
    return segments.length >= base.length && base.every((p, i) => p.startsWith(':') || p === segments[i]);
  }
  return parts.length === segments.length && parts.every((p, i) => (p.startsWith(':') ? segments[i] !== '' : p === segments[i]));
}

/** Whether a request path (without query) is one of the app's pages. A malformed path is not. */
export function isPagePath(pathname: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return false;
  }
  const segments = decoded.split('/').filter(Boolean);
  return PAGE_ROUTES.some((pattern) => matches(pattern, segments));
}
