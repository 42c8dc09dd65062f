import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ERROR_CODES, MSG, type TErrorBody, type TErrorCode } from '@portal/contract';
import { AppError } from '../lib/app-error';
import { DB_RETRY_AFTER_S, isDatabaseUnavailable } from '../lib/db-unavailable';
import { errorMessage, fieldMessage } from '../lib/error-messages';
import { requestLang } from '../lib/request-lang';

const CODES: ReadonlySet<string> = new Set(ERROR_CODES);

interface ZodIssueLike {
  code: string;
  path: PropertyKey[];
  message: string;
  input?: unknown;
  keys?: string[];
}

/** Per-field messages for a failed zod validation, in the caller's language. */
function fieldErrors(issues: ZodIssueLike[], request: FastifyRequest): Record<string, string[]> {
  const lang = requestLang(request);
  const out: Record<string, string[]> = {};
  const add = (field: string, key: string) => {
    const list = (out[field || '_'] ??= []);
    const text = fieldMessage(key, lang);
    if (!list.includes(text)) list.push(text);
  };
  for (const issue of issues) {
    const field = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys ?? []) add(field ? `${field}.${key}` : key, MSG.unknownField);
      continue;
    }
    // A contract message key, or an error code used as a field message (customs/iin.ts: iin_invalid, …).
    if (issue.message.startsWith('validation.') || CODES.has(issue.message)) add(field, issue.message);
    else if (issue.code === 'invalid_type' && issue.message.includes('received undefined')) add(field, MSG.required);
    else if (issue.code === 'too_big') add(field, MSG.tooLong);
    else add(field, MSG.invalidValue);
  }
  return out;
}

function send(
  reply: FastifyReply,
  request: FastifyRequest,
  status: number,
  code: TErrorCode,
  extra: Partial<TErrorBody> & { params?: Record<string, string | number> } = {},
) {
  const { params, ...rest } = extra;
  const body: TErrorBody = { message: errorMessage(code, requestLang(request), params), code, ...rest };
  if (status >= 500) body.request_id = request.id;
  return reply.status(status).type('application/json').send(body);
}

/** One error handler: AppError, validation, body parsing and rate limits get clear 4xx; anything else a 500 without internals. */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  let lastDbWarning = 0;
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.options.retryAfter) reply.header('Retry-After', String(error.options.retryAfter));
      const fields = error.options.fields;
      const lang = requestLang(request);
      return send(reply, request, error.status, error.code, {
        params: error.options.params ?? (error.options.retryAfter ? { seconds: error.options.retryAfter } : undefined),
        ...(fields ? { errors: Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.map((m) => fieldMessage(m, lang))])) } : {}),
        ...(error.options.retryAfter ? { retry_after: error.options.retryAfter } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues: ZodIssueLike[] = error.validation.map((v) => ({
        code: v.keyword,
        path: v.instancePath.split('/').filter(Boolean),
        message: v.message ?? '',
        input: (v.params as { input?: unknown }).input,
        keys: (v.params as { keys?: string[] }).keys,
      }));
      return send(reply, request, 422, 'validation_failed', { errors: fieldErrors(issues, request) });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return send(reply, request, 500, 'internal');
    }
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
        return send(reply, request, 400, 'invalid_json');
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return send(reply, request, 400, 'invalid_json');
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return send(reply, request, 415, 'unsupported_media_type');
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return send(reply, request, 413, 'payload_too_large');
      default:
        break;
    }
    if (error.statusCode === 429) {
      const retry = Number(reply.getHeader('retry-after')) || 60;
      reply.header('Retry-After', String(retry));
      return send(reply, request, 429, 'too_many_requests', { params: { seconds: retry }, retry_after: retry });
    }
    if (error instanceof SyntaxError || (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)) {
      return send(reply, request, error.statusCode ?? 400, 'bad_request');
    }
    if (isDatabaseUnavailable(error)) {
      // A database restart or outage: tell the client when to come back; log once per burst, not per request.
      const now = Date.now();
      if (now - lastDbWarning > 10_000) {
        lastDbWarning = now;
        request.log.warn(
          { code: (error as { code?: string }).code ?? (error.cause as { code?: string } | undefined)?.code },
          'database unavailable: answering 503',
        );
      }
      reply.header('Retry-After', String(DB_RETRY_AFTER_S));
      return send(reply, request, 503, 'service_unavailable', { retry_after: DB_RETRY_AFTER_S });
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, request, 500, 'internal');
  });
});
