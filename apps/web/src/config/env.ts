/** Build-time configuration, read once. The API lives under /api on the same origin unless VITE_API_BASE says otherwise. */
export const env = {
  apiBase: (import.meta.env.VITE_API_BASE as string | undefined) ?? '/api',
  /** Requests give up after this long (RTK Query's TIMEOUT_ERROR). */
  requestTimeoutMs: 20_000,
} as const;
