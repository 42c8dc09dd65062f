import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZCreateTelegramLinkResponse,
  ZChannelParams,
  ZErrorBody,
  ZGetNotificationSettingsResponse,
  ZReadNotificationsRequest,
  ZReadNotificationsResponse,
  ZTelegramUpdate,
  ZTelegramWebhookAnswer,
  ZUpdatePreferencesRequest,
} from '@portal/contract';
import { AppError } from '../../lib/app-error';
import { askedLang } from '../../lib/request-lang';
import { authOf } from '../auth/auth-plugin';
import { notificationsService } from './notifications-service';
import { notificationSettingsService, type ChannelAvailability } from './settings-service';

function secretMatches(given: string | string[] | undefined, expected: string | undefined): boolean {
  if (typeof given !== 'string' || !expected) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The channels this portal offers (the profile hides a "connect" it cannot keep). */
const available = (app: FastifyInstance): ChannelAvailability => ({ telegram: Boolean(app.telegram), push: Boolean(app.webPush) });

export async function notificationsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/notifications/telegram/link',
    {
      schema: {
        tags: ['notifications'],
        summary:
          'A one-time https://t.me/<bot>?start=<token> link (15 minutes): opened in Telegram and started, it connects that chat to the caller',
        security: [{ bearer: [] }],
        response: { 200: ZCreateTelegramLinkResponse, 401: ZErrorBody, 404: ZErrorBody, 503: ZErrorBody },
      },
      preHandler: app.authenticate,
    },
    async (request) => {
      const { user } = authOf(request);
      if (!app.telegram) throw new AppError('channel_not_offered');
      return { data: await app.telegram.createLink(user.id) };
    },
  );

  r.delete(
    '/notifications/telegram',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Disconnects the Telegram chat: no more messages there; answers the settings',
        security: [{ bearer: [] }],
        response: { 200: ZGetNotificationSettingsResponse, 401: ZErrorBody },
      },
      preHandler: app.authenticate,
    },
    async (request) => {
      const { user } = authOf(request);
      await notificationSettingsService.unlinkTelegram(app.db, user.id);
      return { data: await notificationSettingsService.get(app.db, user.id, available(app)) };
    },
  );

  r.post(
    '/telegram/webhook',
    {
      schema: {
        tags: ['notifications'],
        summary:
          "Telegram posts the bot's updates here (setWebhook with a secret token, repeated in X-Telegram-Bot-Api-Secret-Token); answers the reply for Telegram to send",
        response: { 200: ZTelegramWebhookAnswer, 401: ZErrorBody, 404: ZErrorBody },
      },
      // Authenticated by the secret header; Telegram's few addresses must not meet the per-address limit.
      config: { rateLimit: false },
    },
    async (request) => {
      const telegram = app.telegram;
      if (!telegram) throw new AppError('route_not_found');
      if (!secretMatches(request.headers['x-telegram-bot-api-secret-token'], app.telegramSecret)) throw new AppError('unauthenticated');
      // Read here rather than by a route schema: an update the bot cannot read is acknowledged and dropped, never
      // refused (Telegram would send it again and again).
      const update = ZTelegramUpdate.safeParse(request.body);
      if (!update.success) return {};
      return (await telegram.handleUpdate(update.data)) ?? {};
    },
  );
  r.post(
    '/notifications/read',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Mark a group (type), some ids, or everything read; answers the whole grouped list',
        security: [{ bearer: [] }],
        body: ZReadNotificationsRequest.nullish(),
        response: { 200: ZReadNotificationsResponse, 401: ZErrorBody, 422: ZErrorBody },
      },
      preHandler: app.authenticate,
    },
    async (request) => {
      const { user } = authOf(request);
      return { data: await notificationsService.markRead(app.db, user.id, request.body ?? {}, askedLang(request) ?? user.language) };
    },
  );

  r.get(
    '/notifications/settings',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Channels (linked, not linked, unreachable after repeated failures) and event × channel preferences',
        security: [{ bearer: [] }],
        response: { 200: ZGetNotificationSettingsResponse, 401: ZErrorBody },
      },
      preHandler: app.authenticate,
    },
    async (request) => {
      const { user } = authOf(request);
      return { data: await notificationSettingsService.get(app.db, user.id, available(app)) };
    },
  );

  r.put(
    '/notifications/preferences',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Turns event × channel switches on or off; answers the settings',
        security: [{ bearer: [] }],
        body: ZUpdatePreferencesRequest,
        response: { 200: ZGetNotificationSettingsResponse, 401: ZErrorBody, 422: ZErrorBody },
      },
      preHandler: app.authenticate,
    },
    async (request) => {
      const { user } = authOf(request);
      return { data: await notificationSettingsService.updatePreferences(app.db, user.id, request.body, available(app)) };
    },
  );

  r.post(
    '/notifications/channels/:channel/reset',
    {
      schema: {
        tags: ['notifications'],
        summary: 'The customer says an unreachable channel works again: it is tried again',
        security: [{ bearer: [] }],
        params: ZChannelParams,
        response: { 200: ZGetNotificationSettingsResponse, 401: ZErrorBody, 422: ZErrorBody },
      },
      preHandler: app.authenticate,
    },
    async (request) => {
      const { user } = authOf(request);
      await notificationSettingsService.resetChannel(app.db, user.id, request.params.channel);
      return { data: await notificationSettingsService.get(app.db, user.id, available(app)) };
    },
  );

  r.get(
    '/notifications/stream',
    {
      schema: {
        tags: ['notifications'],
        summary:
          "Server-Sent Events: `changed` whenever the caller's notifications change (reload them then), `payment` ({request_id}) whenever one of the caller's payment requests changes (reload it); ends after 10 minutes",
        security: [{ bearer: [] }],
        response: { 401: ZErrorBody },
      },
      preHandler: app.authenticate,
    },
    async (request, reply) => {
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
      const unsubscribe = app.live.subscribe(user.id, (event) =>
        send(`event: ${event.type}\ndata: ${JSON.stringify('data' in event ? event.data : {})}\n\n`),
      );
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
    },
  );
}

const STREAM_MAX_MS = 10 * 60 * 1000;
