import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PUBLIC_TRACKING_PER_MINUTE, ZErrorBody, ZPublicTrackingParams, ZPublicTrackingResponse } from '@portal/contract';
import { requestLang } from '../../lib/request-lang';
import { perAddressLimit } from '../../plugins/rate-limits';
import { publicTracking } from './public-tracking';

/**
 * GET tracking/{code} (issue 37): a parcel's status, dates, branch and expected arrival for anyone holding its code,
 * without signing in; limited per client address so codes cannot be swept.
 */
export async function publicTrackingRoutes(app: FastifyInstance, opts: { perMinute?: number } = {}) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/tracking/:code',
    {
      schema: {
        tags: ['orders'],
        summary:
          'Public tracking without signing in: status, dates, branch and expected arrival of the parcel of a code (nothing personal); an unknown code and one not received yet answer alike',
        params: ZPublicTrackingParams,
        response: { 200: ZPublicTrackingResponse, 422: ZErrorBody, 429: ZErrorBody },
      },
      config: perAddressLimit(opts.perMinute ?? PUBLIC_TRACKING_PER_MINUTE),
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: await publicTracking(app.db, request.params.code, requestLang(request)) };
    },
  );
}
