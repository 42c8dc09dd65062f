import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ZLivePaymentEvent, type TLiveEvent } from '@portal/contract';
import type { AppConfig } from '../../config/env';
import type { ChannelDriver } from './channels';
import { smsChannel } from './channels';
import { createChannelPacer } from './channel-pacer';
import { createDeliveryWorker } from './delivery-worker';
import { CHANGED, LiveHub } from './live-hub';
import { DELIVER_QUEUE, LIVE_QUEUE, NotificationQueue } from './notification-queue';
import { deliverySettings } from './notifications-service';
import { pushChannel, type WebPushConfig } from './push-channel';
import { telegramChannel } from './telegram-bot';
import { createTelegramService, type TelegramService } from './telegram-service';

declare module 'fastify' {
  interface FastifyInstance {
    notificationQueue: NotificationQueue;
    live: LiveHub;
    /** The Telegram bot (links, webhook) when TELEGRAM_BOT_TOKEN is set. */
    telegram: TelegramService | null;
    /** The value Telegram repeats in X-Telegram-Bot-Api-Secret-Token on webhook calls. */
    telegramSecret: string | undefined;
    /** Web push (VAPID keys) unless turned off (tests). */
    webPush: WebPushConfig | null;
  }
}

/**
 * The delivery engine of one API process: pg-boss on the product's database (installed at start), and,
 * where this process works jobs (NOTIFY_WORKER), the workers that send messages and move live badges.
 * Several processes share the queue; each job is taken by one of them.
 */
export const notificationsPlugin = fp(
  async (app: FastifyInstance, opts: { config: AppConfig; drivers?: Partial<Record<'telegram' | 'push', ChannelDriver>> }) => {
    const { notify } = opts.config;
    deliverySettings.retryLimit = notify.retryLimit;
    deliverySettings.retryDelaySeconds = notify.retryDelaySeconds;
    const queue = new NotificationQueue(app.database, app.log, { supervise: notify.worker });
    await queue.start();
    const live = new LiveHub();
    app.decorate('notificationQueue', queue);
    app.decorate('live', live);
    const tg = opts.config.telegram;
    const telegram = tg ? createTelegramService({ db: app.db, cfg: tg, publicUrl: opts.config.publicUrl }) : null;
    app.decorate('telegram', telegram);
    app.decorate('telegramSecret', tg?.webhookSecret);
    app.decorate('webPush', opts.config.webPush);
    // Arrival messages link to the pay page only where money can be taken online at all (ADR 077).
    const payBaseUrl = opts.config.payments.secretKey ? opts.config.publicUrl : null;
    if (notify.worker) {
      const deliver = createDeliveryWorker({
        db: app.db,
        drivers: {
          sms: smsChannel(app.sms, { payBaseUrl }),
          ...(tg ? { telegram: telegramChannel(tg, { publicUrl: opts.config.publicUrl, payBaseUrl }) } : {}),
          ...(opts.config.webPush ? { push: pushChannel(opts.config.webPush) } : {}),
          ...opts.drivers,
        },
        unreachableAfter: notify.unreachableAfter,
        pacer: createChannelPacer(notify.ratePerSecond, app.redis, app.log),
        log: app.log,
      });
      // 50 at once per process, each waiting for its channel's turn (channel-pacer.ts): a process can keep Telegram at
      // its 30/s and SMS at the provider's limit together, where 20 one after another per second capped both (ADR 096).
      await queue.work(DELIVER_QUEUE, { batchSize: 50, pollingIntervalSeconds: 1, parallel: true }, deliver);
      await queue.work<{ user_ids: number[] }>(LIVE_QUEUE, { batchSize: 50, pollingIntervalSeconds: 0.5 }, (job) =>
        live.publish(job.data.user_ids),
      );
    }
    if (app.redis) await bridgeToRedis(app, live);
    // Processes that send messages tell Telegram where the webhook is (idempotent), again each minute until it works.
    let webhookRetry: NodeJS.Timeout | undefined;
    if (telegram && notify.worker) {
      const register = () =>
        telegram.registerWebhook().catch((err: unknown) => {
          app.log.warn({ err }, 'Telegram setWebhook failed; trying again in a minute');
          webhookRetry = setTimeout(register, 60_000).unref();
        });
      app.addHook('onReady', async () => {
        void register();
      });
    }
    app.addHook('preClose', async () => {
      clearTimeout(webhookRetry);
      live.endAll();
      await queue.stop();
    });
  },
);

const LIVE_CHANNEL = 'portal:notifications:changed';

/**
 * A message on the channel: `{ ids, event }`, or a bare array of ids (a process of the previous release, during a
 * rolling deploy: its `changed`). Anything else is not ours.
 */
export function readLiveMessage(message: unknown): { ids: number[]; event: TLiveEvent } | null {
  const numbers = (v: unknown[]) => v.filter((n): n is number => typeof n === 'number');
  if (Array.isArray(message)) return { ids: numbers(message), event: CHANGED };
  if (!message || typeof message !== 'object') return null;
  const { ids, event } = message as { ids?: unknown; event?: { type?: unknown; data?: unknown } };
  if (!Array.isArray(ids)) return null;
  if (event?.type === 'changed') return { ids: numbers(ids), event: CHANGED };
  const payment = event?.type === 'payment' ? ZLivePaymentEvent.safeParse(event.data) : null;
  if (payment?.success) return { ids: numbers(ids), event: { type: 'payment', data: payment.data } };
  return null;
}

/**
 * With Redis every process hears every change (the job runs in one process, the customer's page may be
 * connected to another). When Redis is away, publishing falls back to this process's pages and the others
 * catch up through the page's own polling.
 */
async function bridgeToRedis(app: FastifyInstance, live: LiveHub): Promise<void> {
  const redis = app.redis!;
  const subscriber = redis.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null, lazyConnect: true });
  subscriber.on('error', () => {});
  subscriber.on('message', (_channel: string, message: string) => {
    try {
      const parsed = readLiveMessage(JSON.parse(message));
      if (parsed) live.deliverLocal(parsed.ids, parsed.event);
    } catch {
      // not ours
    }
  });
  try {
    await subscriber.connect();
    await subscriber.subscribe(LIVE_CHANNEL);
  } catch (err) {
    app.log.warn({ err }, 'live notifications: Redis subscribe failed; this process serves its own pages only');
  }
  live.useRemote(async (userIds, event) => {
    if (redis.status !== 'ready' || subscriber.status !== 'ready') throw new Error('redis not ready');
    await redis.publish(LIVE_CHANNEL, JSON.stringify({ ids: userIds, event }));
  });
  app.addHook('onClose', async () => {
    subscriber.disconnect();
  });
}
