import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Public, language-dependent content: 200 answers get a strong ETag (hash of the serialized
     * body, so one per language), `Vary: Accept-Language` and a short public max-age, and a
     * matching If-None-Match gets 304 without a body.
     */
    cacheable?: boolean;
  }
}

export const CONTENT_MAX_AGE_SECONDS = 60;

export function strongEtag(body: string | Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
}

/** Whether an If-None-Match header matches the ETag (weak comparison, as RFC 9110 asks for GET). */
export function ifNoneMatchHits(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const value = Array.isArray(header) ? header.join(',') : header;
  if (value.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return value.split(',').some((tag) => tag.trim().replace(/^W\//, '') === bare);
}

/** Route option `config: { cacheable: true }` switches the validators on for that route's GET answers. */
export const etagPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (!request.routeOptions.config.cacheable) return payload;
    if (request.method !== 'GET' && request.method !== 'HEAD') return payload;
    if (reply.statusCode !== 200) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;

    const etag = strongEtag(payload);
    reply.header('ETag', etag);
    const vary = reply.getHeader('vary');
    const varies = typeof vary === 'string' && vary ? vary.split(',').map((v) => v.trim()) : [];
    if (!varies.some((v) => v.toLowerCase() === 'accept-language')) reply.header('Vary', [...varies, 'Accept-Language'].join(', '));
    reply.header('Cache-Control', `public, max-age=${CONTENT_MAX_AGE_SECONDS}`);
    if (ifNoneMatchHits(request.headers['if-none-match'], etag)) {
      reply.code(304);
      reply.removeHeader('content-type');
      reply.removeHeader('content-length');
      return null;
    }
    return payload;
  });
});
