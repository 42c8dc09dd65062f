import type { FastifyInstance, FastifyRequest } from 'fastify';

/** A provider's notification as it came: the exact bytes (signatures cover them) and its fields as strings. */
export interface CallbackBody {
  raw: Buffer;
  fields: Record<string, string>;
}

/** Notifications are small (a few hundred bytes); anything far larger is not one. */
export const CALLBACK_BODY_LIMIT_BYTES = 16 * 1024;

/** Requests one provider address may send a minute: bursts of a busy evening, not a flood. */
export const CALLBACKS_PER_ADDRESS_PER_MINUTE = 6000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Our request ids are UUIDs: anything else is no request of ours (and never reaches a uuid column). */
export const isRequestId = (id: string): boolean => UUID.test(id);

function fieldsOf(raw: Buffer, json: boolean): Record<string, string> {
  const text = raw.toString('utf8');
  if (!json) return Object.fromEntries(new URLSearchParams(text));
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : {};
  } catch {
    return {};
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
  const fields: Record<string, string> = {};
  for (const [k, v] of Object.entries(parsed)) {
    if (v === null || v === undefined) fields[k] = '';
    else fields[k] = typeof v === 'object' ? JSON.stringify(v) : String(v as string | number | boolean);
  }
  return fields;
}

/**
 * In the callbacks' scope only: form-urlencoded and JSON bodies are kept as their bytes (the providers sign those)
 * beside their fields; a malformed body is fields `{}` (its signature cannot hold), never a 400 before verification.
 */
export function keepRawBodies(app: FastifyInstance): void {
  app.removeContentTypeParser(['application/json']);
  app.addContentTypeParser(
    ['application/json', 'application/x-www-form-urlencoded'],
    { parseAs: 'buffer', bodyLimit: CALLBACK_BODY_LIMIT_BYTES },
    (request: FastifyRequest, body: Buffer | string, done: (err: Error | null, body?: CallbackBody) => void) => {
      const raw = typeof body === 'string' ? Buffer.from(body) : body;
      const json = (request.headers['content-type'] ?? '').includes('json');
      done(null, { raw, fields: fieldsOf(raw, json) });
    },
  );
}

export function callbackBody(request: FastifyRequest): CallbackBody {
  const body = request.body as CallbackBody | undefined;
  return body && Buffer.isBuffer(body.raw) ? body : { raw: Buffer.alloc(0), fields: {} };
}
