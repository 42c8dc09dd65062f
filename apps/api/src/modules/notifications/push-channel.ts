import { Agent } from 'node:https';
import webpush, { WebPushError } from 'web-push';
import type { TPushPayload } from '@portal/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { pushSubscriptions } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { iconUrl } from '../brand/brand-page';
import type { AppConfig } from '../../config/env';
import { PermanentChannelError, type ChannelDriver } from './channels';

export type WebPushConfig = NonNullable<AppConfig['webPush']>;

/** Push services browsers use (Chrome/Edge, Firefox, Windows, Safari): a subscription elsewhere is refused. */
const PUSH_HOSTS = ['fcm.googleapis.com', 'android.googleapis.com', 'push.services.mozilla.com', 'notify.windows.com', 'push.apple.com'];

/**
 * Whether the portal may post to this endpoint: https on port 443 of a known push service, without a user name
 * or password in it (tests: also https on 127.0.0.1, on the port of their own push service).
 */
export function endpointAllowed(endpoint: string, cfg: WebPushConfig): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  if (cfg.localEndpoints && (url.hostname === '127.0.0.1' || url.hostname === 'localhost')) return true;
  // The URL parser leaves `port` empty for https's own 443, whether written or not: any other port is refused.
  return url.port === '' && PUSH_HOSTS.some((h) => url.hostname === h || url.hostname.endsWith(`.${h}`));
}

export const pushSubscriptionsService = {
  /**
   * This browser gets the caller's messages; push is reachable again. Kept per account and endpoint: the same
   * endpoint under another account stays theirs (subscribing it again only renews the caller's keys).
   */
  async subscribe(db: DbOrTx, cfg: WebPushConfig, userId: number, sub: { endpoint: string; keys: { p256dh: string; auth: string } }) {
    if (!endpointAllowed(sub.endpoint, cfg))
      throw new AppError('validation_failed', { fields: { endpoint: ['validation.invalid_value'] } });
    await db
      .insert(pushSubscriptions)
      .values({ userId, endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth })
      .onConflictDoUpdate({
        target: [pushSubscriptions.userId, pushSubscriptions.endpoint],
        set: { p256dh: sub.keys.p256dh, auth: sub.keys.auth },
      });
  },

  /** This browser stops getting the caller's messages; another account's subscription of it stays. */
  async unsubscribe(db: DbOrTx, userId: number, endpoint: string) {
    await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
  },
};

/**
 * Web push through the `web-push` library (VAPID, aes128gcm): the message goes to every browser the customer
 * subscribed; the service worker shows it and opens its link. A browser whose subscription is gone (404/410)
 * is forgotten; when none is left the channel is unreachable at once. Other failures are retried.
 */
export function pushChannel(cfg: WebPushConfig): ChannelDriver {
  // Tests run their push service on 127.0.0.1 with a certificate of their own.
  const localAgent = cfg.localEndpoints ? new Agent({ rejectUnauthorized: false }) : undefined;
  const isLocal = (endpoint: string) => ['127.0.0.1', 'localhost'].includes(new URL(endpoint).hostname);
  return {
    channel: 'push',
    async send(db, to, message) {
      const subs = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, to.userId));
      if (!subs.length) throw new PermanentChannelError('no push subscription', true);
      const payload: TPushPayload = {
        title: message.title,
        body: message.body,
        url: message.link ?? '/',
        tag: `n${message.notificationId}`,
        icon: iconUrl('icon-192', message.sender),
      };
      const gone: number[] = [];
      let sent = 0;
      let lastError: unknown = null;
      for (const s of subs) {
        try {
          await webpush.sendNotification({ endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } }, JSON.stringify(payload), {
            vapidDetails: { subject: cfg.subject, publicKey: cfg.publicKey, privateKey: cfg.privateKey },
            TTL: 24 * 3600,
            timeout: 10_000,
            ...(localAgent && isLocal(s.endpoint) ? { agent: localAgent } : {}),
          });
          sent += 1;
        } catch (err) {
          if (err instanceof WebPushError && (err.statusCode === 404 || err.statusCode === 410)) gone.push(s.id);
          else lastError = err;
        }
      }
      if (gone.length) await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, gone));
      if (sent) return { ref: null };
      if (lastError) throw lastError instanceof Error ? lastError : new Error(String(lastError));
      throw new PermanentChannelError('push subscriptions expired', true);
    },
  };
}
