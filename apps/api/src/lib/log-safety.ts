import { stdSerializers } from 'pino';

/** Fields of database errors that carry a query's values: never logged (phone numbers, names, codes). */
const VALUE_FIELDS = ['params', 'parameters', 'values', 'detail', 'where'];

/** Drizzle's `Failed query: …\nparams: …` keeps the query text and loses the values. */
function withoutParams(text: string): string {
  return text.replace(/\nparams: [\s\S]*?(?=\n\s+at |$)/, '\nparams: [not logged]');
}

function scrub(value: unknown, depth = 0): unknown {
  if (!value || typeof value !== 'object' || depth > 5) return value;
  const o = value as Record<string, unknown>;
  for (const f of VALUE_FIELDS) delete o[f];
  if (typeof o.message === 'string') o.message = withoutParams(o.message);
  if (typeof o.stack === 'string') o.stack = withoutParams(o.stack);
  if (o.cause) o.cause = scrub(o.cause, depth + 1);
  return o;
}

/** pino's error serializer, minus every query value a failed query carries (issue 10, finding 8). */
export function logSafeError(err: unknown): unknown {
  if (!(err instanceof Error)) return err;
  return scrub(stdSerializers.err(err));
}

/** A request's address with query values left out (`?search=…`): staff search by phone number. */
export function logSafeUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const keys = url
    .slice(q + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=')[0]}=…`);
  return `${url.slice(0, q)}?${keys.join('&')}`;
}

/** Fastify's request line in logs, with the query's values left out. */
export function logSafeRequest(req: { method?: string; url?: string; host?: string; ip?: string; hostname?: string }) {
  return { method: req.method, url: logSafeUrl(req.url ?? ''), host: req.host ?? req.hostname, remoteAddress: req.ip };
}
