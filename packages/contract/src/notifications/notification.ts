import { z } from 'zod';

/** Notification groups ("keys") the portal knows. */
export const NOTIFICATION_TYPES = ['orders', 'news', 'system'] as const;
export const ZNotificationType = z.enum(NOTIFICATION_TYPES);
export type TNotificationType = z.infer<typeof ZNotificationType>;

/**
 * What a notification is about. A notification stores its event and the event's parameters, never its
 * text: the text is rendered in the recipient's current language each time it is shown or sent.
 * These are also the rows of the preferences (event × channel).
 */
export const NOTIFICATION_EVENTS = [
  'order_received',
  'order_dispatched',
  'order_at_branch',
  'storage_reminder',
  'order_delivered',
  'support_reply',
  'news',
] as const;
export const ZNotificationEvent = z.enum(NOTIFICATION_EVENTS);
export type TNotificationEvent = z.infer<typeof ZNotificationEvent>;

export const ZNotification = z.object({
  id: z.number().int(),
  type: ZNotificationType,
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  read: z.boolean(),
  /** The spec's 'new' marker: not read and created within the last day. */
  new: z.boolean(),
  created_at: z.string(),
});
export type TNotification = z.infer<typeof ZNotification>;

/** Notifications grouped under their keys, each with a data list and its unread count. */
export const ZNotificationGroups = z.record(
  z.string(),
  z.object({ data: z.array(ZNotification), unread: z.number().int() }),
);
export type TNotificationGroups = z.infer<typeof ZNotificationGroups>;
