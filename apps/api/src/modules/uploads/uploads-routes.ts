import type { FastifyInstance } from 'fastify';
import { AppError, forbidden } from '../../lib/app-error';
import { PRIVATE_UPLOAD_KINDS } from './uploads-service';

/**
 * Serves uploads read-only at /uploads/<kind>/<name> from whichever storage holds them: same origin for
 * every API process, never run as a page, 404 when there is no such upload (never the web app's HTML).
 */
export async function uploadsRoutes(app: FastifyInstance) {
  app.get<{ Params: { kind: string; name: string }; Querystring: { exp?: string; sig?: string } }>(
    '/uploads/:kind/:name',
    { schema: { hide: true } },
    async (request, reply) => {
      const key = `${request.params.kind}/${request.params.name}`;
      // Private kinds (parcel photos) only by a valid signed address (ADR 081): absent, forged or expired → 403.
      const isPrivate = PRIVATE_UPLOAD_KINDS.has(request.params.kind);
      const validFor = isPrivate ? app.uploads.urls.verify(key, request.query.exp, request.query.sig) : null;
      if (isPrivate && validFor === null) throw forbidden();
      const object = await app.uploads.open(key);
      if (!object) throw new AppError('not_found');
      return reply
        .header('content-type', object.contentType)
        .header('content-length', object.size)
        .header('cache-control', validFor !== null ? `private, max-age=${validFor}` : 'public, max-age=31536000, immutable')
        .header('content-security-policy', "default-src 'none'; img-src 'self'")
        .header('x-content-type-options', 'nosniff')
        .send(object.body);
    },
  );
  // Anything else under /uploads/ is no upload either.
  app.get('/uploads/*', { schema: { hide: true } }, async () => {
    throw new AppError('not_found');
  });
}
