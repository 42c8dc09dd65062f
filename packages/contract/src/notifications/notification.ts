import { z } from 'zod';

/** Notification groups ("keys") the portal knows. */
export const NOTIFICATION_TYPES = ['orders', 'news', 'system'] as const;
export const ZNotificationType = z.enum(NOTIFICATION_TYPES);
export type TNotificationType = z.infer<typeof ZNotificationType>;

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
export const ZNotificationGroups = z.record(z.string(), z.object({ data: z.array(ZNotification), unread: z.number().int() }));
export type TNotificationGroups = z.infer<typeof ZNotificationGroups>;
