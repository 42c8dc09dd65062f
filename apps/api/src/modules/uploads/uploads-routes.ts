import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error';

/**
 * Serves uploads read-only at /uploads/<kind>/<name> from whichever storage holds them: same origin for
 * every API process, never run as a page, 404 when there is no such upload (never the web app's HTML).
 */
export async function uploadsRoutes(app: FastifyInstance) {
  app.get<{ Params: { kind: string; name: string } }>('/uploads/:kind/:name', { schema: { hide: true } }, async (request, reply) => {
    const key = `${request.params.kind}/${request.params.name}`;
    const object = await app.uploads.open(key);
    if (!object) throw new AppError('not_found');
    return reply
      .header('content-type', object.contentType)
      .header('content-length', object.size)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-security-policy', "default-src 'none'; img-src 'self'")
      .header('x-content-type-options', 'nosniff')
      .send(object.body);
  });
  // Anything else under /uploads/ is no upload either.
  app.get('/uploads/*', { schema: { hide: true } }, async () => {
    throw new AppError('not_found');
  });
}
