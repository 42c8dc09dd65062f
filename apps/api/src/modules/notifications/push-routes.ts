import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZErrorBody,
  ZGetNotificationSettingsResponse,
  ZPushKeyResponse,
  ZPushSubscribeRequest,
  ZPushUnsubscribeRequest,
} from '@portal/contract';
import { AppError } from '../../lib/app-error';
import { authOf } from '../auth/auth-plugin';
import { pushSubscriptionsService } from './push-channel';
import { notificationSettingsService } from './settings-service';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 404: ZErrorBody, 422: ZErrorBody };

/** notifications/push…: this browser's web push subscription (404 channel_not_offered without VAPID keys). */
export async function pushRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const cfg = () => {
    if (!app.webPush) throw new AppError('channel_not_offered');
    return app.webPush;
  };
  const settings = (userId: number) =>
    notificationSettingsService.get(app.db, userId, { telegram: Boolean(app.telegram), push: Boolean(app.webPush) });

  r.get(
    '/notifications/push/key',
    {
      schema: {
        tags: ['notifications'],
        summary: "The portal's VAPID public key, for PushManager.subscribe",
        response: { 200: ZPushKeyResponse, ...errors },
      },
    },
    async () => ({ data: { public_key: cfg().publicKey } }),
  );

  r.post(
    '/notifications/push',
    {
      schema: {
        tags: ['notifications'],
        summary: 'This browser gets the caller’s messages by web push (PushSubscription.toJSON()); answers the settings',
        security: [{ bearer: [] }],
        body: ZPushSubscribeRequest,
        response: { 200: ZGetNotificationSettingsResponse, ...errors },
      },
      preHandler: app.authenticate,
    },
    async (request) => {
      const { user } = authOf(request);
      const webPush = cfg();
      await app.db.transaction(async (tx) => {
        await pushSubscriptionsService.subscribe(tx, webPush, user.id, request.body);
        await notificationSettingsService.resetChannel(tx, user.id, 'push');
      });
      return { data: await settings(user.id) };
    },
  );

  r.delete(
    '/notifications/push',
    {
      schema: {
        tags: ['notifications'],
        summary: 'This browser stops getting web push messages; answers the settings',
        security: [{ bearer: [] }],
        body: ZPushUnsubscribeRequest,
        response: { 200: ZGetNotificationSettingsResponse, ...errors },
      },
      preHandler: app.authenticate,
    },
    async (request) => {
      const { user } = authOf(request);
      cfg();
      await pushSubscriptionsService.unsubscribe(app.db, user.id, request.body.endpoint);
      return { data: await settings(user.id) };
    },
  );
}
