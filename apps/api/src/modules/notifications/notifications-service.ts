import {
  defaultPreference,
  DELIVERY_CHANNELS,
  NOTIFICATION_TYPES,
  type TDeliveryChannel,
  type TLang,
  type TNotification,
  type TNotificationEvent,
  type TNotificationGroups,
  type TNotificationType,
  type TPreferenceChannel,
} from '@portal/contract';
import type { DbOrTx } from '../../db/client';
import { deliveriesRepository } from './deliveries-repository';
import type { BuiltGroups } from './kept-groups';
import { DELIVER_QUEUE, enqueue, LIVE_QUEUE, type QueueOptions } from './notification-queue';
import { notificationsRepository, type ShownNotificationRow } from './notifications-repository';
import { GROUP_OF_EVENT, type MessageEvent, type MessageParams, type RenderedMessage } from './notification-texts';
import { notifySet, type NotifySetInput, type NotifySetResult } from './notify-set';
import { renderedTexts } from './rendered-texts';

/** Queue settings of this process (set once by the app from its config). */
export const deliverySettings: QueueOptions = { retryLimit: 5, retryDelaySeconds: 30 };

type Reachability = Awaited<ReturnType<typeof deliveriesRepository.reachability>>;

/** The customer's choice for event × channel, else the event's default. 'system' notices go to the portal only. */
function wants(userId: number, event: MessageEvent, channel: TPreferenceChannel, r: Reachability): boolean {
  if (event === 'system') return channel === 'portal';
  const choice = r.prefs.find((p) => p.userId === userId && p.event === event && p.channel === channel);
  return choice ? choice.enabled : defaultPreference(event as TNotificationEvent, channel);
}

/**
 * The channels a message goes out on: those the customer has (SMS always; Telegram when linked; push with a
 * subscription), wants for this event (their choice, else the default), and that are not unreachable.
 */
function channelsFor(userId: number, event: MessageEvent, r: Reachability): { send: TDeliveryChannel[]; unreachable: TDeliveryChannel[] } {
  const send: TDeliveryChannel[] = [];
  const unreachable: TDeliveryChannel[] = [];
  for (const channel of DELIVERY_CHANNELS) {
    if (!wants(userId, event, channel, r)) continue;
    const state = r.channels.find((c) => c.userId === userId && c.channel === channel);
    const has = channel === 'sms' || (channel === 'telegram' && Boolean(state?.address)) || (channel === 'push' && r.push.has(userId));
    if (!has) continue;
    if (state?.unreachableAt) unreachable.push(channel);
    else send.push(channel);
  }
  return { send, unreachable };
}

const NEW_FOR_MS = 24 * 3600 * 1000;

/** When the first `new` marker of these rows as read at `now` turns off (Infinity when none is on). */
export function newUntil(rows: ShownNotificationRow[], now: number): number {
  let until = Infinity;
  for (const [, , , , , , , read, createdMs] of rows)
    if (!read && now - createdMs < NEW_FOR_MS && createdMs + NEW_FOR_MS < until) until = createdMs + NEW_FOR_MS;
  return until;
}

/**
 * The notifications as the recipient reads them at `now`: rendered in `lang` unless an old frozen text (title and body).
 * Texts are kept once rendered (`renderedTexts`); the params of those not kept are read in one query.
 */
async function toNotifications(db: DbOrTx, rows: ShownNotificationRow[], lang: TLang, now: number): Promise<TNotification[]> {
  const texts: (RenderedMessage | undefined)[] = [];
  const missing: number[] = [];
  for (const [id, , event, paramsHash, title, body] of rows) {
    const text = event && paramsHash !== null ? renderedTexts.get(id, event, paramsHash, lang) : { title: title ?? '', body: body ?? '' };
    if (!text) missing.push(id);
    texts.push(text);
  }
  if (missing.length) {
    const fetched = new Map((await notificationsRepository.paramsOf(db, missing)).map((p) => [p.id, p]));
    rows.forEach(([id, , event, , title, body], i) => {
      if (texts[i]) return;
      const got = fetched.get(id);
      texts[i] =
        event && got?.params && got.params_hash !== null
          ? renderedTexts.put(id, event, got.params_hash, got.params as unknown as MessageParams, lang)
          : { title: title ?? '', body: body ?? '' };
    });
  }
  return rows.map(([id, type, , , , , link, read, createdMs], i) => ({
    id,
    type,
    title: texts[i]!.title,
    body: texts[i]!.body,
    link,
    read,
    new: !read && now - createdMs < NEW_FOR_MS,
    created_at: new Date(createdMs).toISOString(),
  }));
}

/** One message to one person: what happened (event + params, never text) and where it leads. */
export interface NotifyMessage {
  userId: number;
  event: MessageEvent;
  params: MessageParams;
  link?: string | null;
  /** The admin broadcast it is part of (its counts are read through it). */
  broadcastId?: number;
}

export const notificationsService = {
  /**
   * Every group key, each with its newest items and unread count, rendered in `lang`: the language the
   * reader has the portal in (the request's), whatever language the account keeps for SMS and Telegram.
   */
  async groupsForUser(db: DbOrTx, userId: number, lang: TLang): Promise<TNotificationGroups> {
    return this.groupsOf(db, await notificationsRepository.latestWithUnread(db, userId), lang);
  },

  /** The groups of rows `latestWithUnread` (or the session check of auth/user) read. */
  async groupsOf(db: DbOrTx, rows: ShownNotificationRow[], lang: TLang): Promise<TNotificationGroups> {
    return (await this.groupsAt(db, rows, lang, Date.now())).groups;
  },

  /** The groups of these rows as read at `now`, and until when they read the same (`newUntil`: kept by auth/user). */
  async groupsAt(db: DbOrTx, rows: ShownNotificationRow[], lang: TLang, now: number): Promise<BuiltGroups> {
    const groups: TNotificationGroups = {};
    for (const type of NOTIFICATION_TYPES) groups[type] = { data: [], unread: 0 };
    const shown = await toNotifications(db, rows, lang, now);
    rows.forEach((row, i) => {
      const group = groups[row[1]];
      if (!group) return;
      if (!group.data.length) group.unread = row[9]; // every row of a group carries its count
      group.data.push(shown[i]!);
    });
    return { groups, until: newUntil(rows, now) };
  },

  async markRead(
    db: DbOrTx,
    userId: number,
    filter: { type?: TNotificationType; ids?: number[] },
    lang: TLang,
  ): Promise<TNotificationGroups> {
    await notificationsRepository.markRead(db, userId, filter);
    return this.groupsForUser(db, userId, lang);
  },

  /**
   * THE way other modules notify people: call it inside the transaction of the change that causes the
   * messages. It stores each notification (event + params, never text: texts are rendered in the
   * recipient's language when shown or sent), one delivery log row per channel the customer gets it on,
   * and the queue jobs that send them and move the live badge, all in that transaction: a rollback sends
   * nothing, a commit cannot lose a message.
   */
  async notify(db: DbOrTx, messages: NotifyMessage[]): Promise<void> {
    if (!messages.length) return;
    const reach = await deliveriesRepository.reachability(db, [...new Set(messages.map((m) => m.userId))]);
    const inserted = await notificationsRepository.insert(
      db,
      messages.map((m) => ({
        userId: m.userId,
        type: GROUP_OF_EVENT[m.event],
        event: m.event,
        params: m.params as unknown as Record<string, unknown>,
        link: m.link ?? null,
        inPortal: wants(m.userId, m.event, 'portal', reach),
        broadcastId: m.broadcastId ?? null,
      })),
    );
    const userIds = [...new Set(inserted.map((n) => n.userId))];
    const queued: { notificationId: number; userId: number; channel: TDeliveryChannel }[] = [];
    const skipped: { notificationId: number; userId: number; channel: TDeliveryChannel; error: string }[] = [];
    for (const n of inserted) {
      const { send, unreachable } = channelsFor(n.userId, n.event as MessageEvent, reach);
      for (const channel of send) queued.push({ notificationId: n.id, userId: n.userId, channel });
      for (const channel of unreachable) skipped.push({ notificationId: n.id, userId: n.userId, channel, error: 'channel unreachable' });
    }
    const deliveries = await deliveriesRepository.insertQueued(db, queued);
    await deliveriesRepository.insertSkipped(db, skipped);
    await enqueue(
      db,
      [...deliveries.map((d) => ({ name: DELIVER_QUEUE, data: { delivery_id: d.id } })), { name: LIVE_QUEUE, data: { user_ids: userIds } }],
      deliverySettings,
    );
  },

  /** `notify` for recipients given as a query (an admin broadcast's segment), written set-wise (notify-set.ts). */
  async notifySet(db: DbOrTx, input: NotifySetInput): Promise<NotifySetResult> {
    return notifySet(db, input, deliverySettings);
  },
};
