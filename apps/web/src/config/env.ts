const base = (import.meta.env.VITE_API_BASE as string | undefined) ?? '/api';

/** Build-time configuration, read once. The API lives under /api on the same origin unless VITE_API_BASE says otherwise. */
export const env = {
  /** Absolute, so requests also work where relative URLs do not (tests in Node). */
  apiBase: new URL(base, globalThis.location?.origin ?? 'http://localhost').toString().replace(/\/$/, ''),
  /** Requests give up after this long (RTK Query's TIMEOUT_ERROR). */
  requestTimeoutMs: 20_000,
} as const;
