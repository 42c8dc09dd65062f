/** Network errors that mean the database server cannot be reached right now. */
const NETWORK = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ECONNABORTED',
]);
/** PostgreSQL SQLSTATEs of a server that is going away, starting, or full (class 08 is checked by prefix). */
const SQLSTATE = new Set(['57P01', '57P02', '57P03', '53300', '53400', '58000', '58030']);
const MESSAGES = [
  'connection terminated',
  'timeout exceeded when trying to connect',
  'client has encountered a connection error',
  'connection is not queryable',
  'cannot use a pool after calling end',
  'the database system is starting up',
  'the database system is shutting down',
];

/**
 * Whether this error (or an error it wraps: Drizzle puts the driver's error in `cause`) says the
 * database is unreachable, restarting or full — a temporary fault answered with 503, never a bug's 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; e && depth < 6; depth++) {
    const err = e as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown[] };
    const code = typeof err.code === 'string' ? err.code : '';
    if (NETWORK.has(code) || SQLSTATE.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
    const message = typeof err.message === 'string' ? err.message.toLowerCase() : '';
    if (MESSAGES.some((m) => message.includes(m))) return true;
    // AggregateError (a host with several addresses, all refused).
    if (Array.isArray(err.errors) && err.errors.some((x) => isDatabaseUnavailable(x))) return true;
    e = err.cause;
  }
  return false;
}

/** Seconds a client should wait before trying again while the database is away. */
export const DB_RETRY_AFTER_S = 5;
