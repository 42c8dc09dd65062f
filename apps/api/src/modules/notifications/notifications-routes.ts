import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZChannelParams,
  ZErrorBody,
  ZGetNotificationSettingsResponse,
  ZReadNotificationsRequest,
  ZReadNotificationsResponse,
  ZUpdatePreferencesRequest,
} from '@portal/contract';
import { authOf } from '../../plugins/auth';
import { notificationsService } from './notifications-service';
import { notificationSettingsService } from './settings-service';

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

  r.get('/notifications/settings', {
    schema: {
      tags: ['notifications'],
      summary: 'Channels (linked, not linked, unreachable after repeated failures) and event × channel preferences',
      security: [{ bearer: [] }],
      response: { 200: ZGetNotificationSettingsResponse, 401: ZErrorBody },
    },
    preHandler: app.authenticate,
  }, async (request) => {
    const { user } = authOf(request);
    return { data: await notificationSettingsService.get(app.db, user.id) };
  });

  r.put('/notifications/preferences', {
    schema: {
      tags: ['notifications'],
      summary: 'Turns event × channel switches on or off; answers the settings',
      security: [{ bearer: [] }],
      body: ZUpdatePreferencesRequest,
      response: { 200: ZGetNotificationSettingsResponse, 401: ZErrorBody, 422: ZErrorBody },
    },
    preHandler: app.authenticate,
  }, async (request) => {
    const { user } = authOf(request);
    return { data: await notificationSettingsService.updatePreferences(app.db, user.id, request.body) };
  });

  r.post('/notifications/channels/:channel/reset', {
    schema: {
      tags: ['notifications'],
      summary: 'The customer says an unreachable channel works again: it is tried again',
      security: [{ bearer: [] }],
      params: ZChannelParams,
      response: { 200: ZGetNotificationSettingsResponse, 401: ZErrorBody, 422: ZErrorBody },
    },
    preHandler: app.authenticate,
  }, async (request) => {
    const { user } = authOf(request);
    await notificationSettingsService.resetChannel(app.db, user.id, request.params.channel);
    return { data: await notificationSettingsService.get(app.db, user.id) };
  });

  r.get('/notifications/stream', {
    schema: {
      tags: ['notifications'],
      summary: 'Server-Sent Events: a `changed` event whenever the caller\'s notifications change (reload them then); ends after 10 minutes',
      security: [{ bearer: [] }],
      response: { 401: ZErrorBody },
    },
    preHandler: app.authenticate,
  }, async (request, reply) => {
    const { user } = authOf(request);
    // Hijacked: written as it happens, past compression and the JSON serializer.
    reply.hijack();
    const out = reply.raw;
    out.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    out.write('retry: 3000\n\n');
    const send = (text: string) => {
      if (!out.writableEnded) out.write(text);
    };
    const unsubscribe = app.live.subscribe(user.id, () => send('event: changed\ndata: {}\n\n'));
    const ping = setInterval(() => send(': ping\n\n'), 20_000);
    // The access token lives 15 minutes: the page reconnects with a fresh one.
    const end = setTimeout(() => out.end(), STREAM_MAX_MS);
    const stop = () => {
      unsubscribe();
      clearInterval(ping);
      clearTimeout(end);
    };
    request.raw.on('close', stop);
    out.on('close', stop);
    app.live.track(out);
  });
}

const STREAM_MAX_MS = 10 * 60 * 1000;
