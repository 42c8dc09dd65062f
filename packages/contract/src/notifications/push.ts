import { z } from 'zod';
import { ZData } from '../common/envelope';
import { MSG } from '../common/messages';

/** GET notifications/push/key: the portal's VAPID public key (applicationServerKey of PushManager.subscribe). */
export const ZPushKeyResponse = ZData(z.object({ public_key: z.string() }));
export type TPushKeyResponse = z.infer<typeof ZPushKeyResponse>;

const ZBase64Url = (max: number) =>
  z
    .string({ error: MSG.required })
    .min(1, { error: MSG.required })
    .max(max, { error: MSG.tooLong })
    .regex(/^[A-Za-z0-9_-]+=*$/, { error: MSG.invalidValue });

/** The push service's address of one browser (PushSubscription.endpoint): https only. */
export const ZPushEndpoint = z
  .string({ error: MSG.required })
  .max(1000, { error: MSG.tooLong })
  .regex(/^https?:\/\/[^\s]+$/, { error: MSG.invalidValue })
  .refine(
    (v) => {
      try {
        return Boolean(new URL(v).host);
      } catch {
        return false;
      }
    },
    { error: MSG.invalidValue },
  );

/** POST notifications/push: PushSubscription.toJSON() of this browser. */
export const ZPushSubscribeRequest = z.object({
  endpoint: ZPushEndpoint,
  keys: z.object({ p256dh: ZBase64Url(200), auth: ZBase64Url(100) }, { error: MSG.required }),
});
export type TPushSubscribeRequest = z.input<typeof ZPushSubscribeRequest>;

/** DELETE notifications/push: this browser stops getting messages. */
export const ZPushUnsubscribeRequest = z.strictObject({ endpoint: ZPushEndpoint });
export type TPushUnsubscribeRequest = z.input<typeof ZPushUnsubscribeRequest>;

/** What the service worker receives in a push message (and shows). */
export interface TPushPayload {
  title: string;
  body: string;
  /** Same-site path the notification opens. */
  url: string;
  tag: string;
  /** The carrier's current logo as the installed app's 192 px icon (same-site path). */
  icon: string;
}
