import { z } from 'zod';
import { ZData } from '../common/envelope';
import { ZNotificationGroups, ZNotificationType } from './notification';

/** POST notifications/read: marks a group (or the given ids, or everything) read; answers the whole grouped list. */
export const ZReadNotificationsRequest = z.strictObject({
  type: ZNotificationType.optional(),
  ids: z.array(z.number().int().positive()).max(500).optional(),
});
export type TReadNotificationsRequest = z.infer<typeof ZReadNotificationsRequest>;
export const ZReadNotificationsResponse = ZData(ZNotificationGroups);
export type TReadNotificationsResponse = z.infer<typeof ZReadNotificationsResponse>;
