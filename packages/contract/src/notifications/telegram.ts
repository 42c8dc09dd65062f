import { z } from 'zod';
import { ZData } from '../common/envelope';

/** POST notifications/telegram/link: a one-time t.me link that connects the chat it is opened in to the caller. */
export const ZTelegramLink = z.object({
  /** https://t.me/<bot>?start=<one-time token> */
  url: z.string(),
  expires_at: z.string(),
});
export type TTelegramLink = z.infer<typeof ZTelegramLink>;
export const ZCreateTelegramLinkResponse = ZData(ZTelegramLink);
export type TCreateTelegramLinkResponse = z.infer<typeof ZCreateTelegramLinkResponse>;

/**
 * The parts of a Telegram Update (https://core.telegram.org/bots/api#update) the bot reads from its webhook;
 * every other field is ignored, and an update it cannot read is acknowledged and dropped.
 */
export const ZTelegramUpdate = z.object({
  update_id: z.number().int(),
  message: z
    .object({
      message_id: z.number().int(),
      text: z.string().max(4096).optional(),
      chat: z.object({ id: z.number().int(), type: z.string() }),
      from: z.object({ id: z.number().int(), language_code: z.string().optional() }).optional(),
    })
    .optional(),
});
export type TTelegramUpdate = z.infer<typeof ZTelegramUpdate>;

/** What the bot's webhook answers: nothing ({}), or one Bot API call for Telegram to make (the bot's reply). */
export const ZTelegramWebhookAnswer = z.record(z.string(), z.unknown());
