import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZErrorBody, ZReadNotificationsRequest, ZReadNotificationsResponse } from '@portal/contract';
import { authOf } from '../../plugins/auth';
import { notificationsService } from './notifications-service';

export async function notificationsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post('/notifications/read', {
    schema: {
      tags: ['notifications'],
      summary: 'Mark a group (type), some ids, or everything read; answers the whole grouped list',
      security: [{ bearer: [] }],
      body: ZReadNotificationsRequest.nullish(),
      response: { 200: ZReadNotificationsResponse, 401: ZErrorBody, 422: ZErrorBody },
    },
    preHandler: app.authenticate,
  }, async (request) => {
    const { user } = authOf(request);
    return { data: await notificationsService.markRead(app.db, user.id, request.body ?? {}) };
  });
}
