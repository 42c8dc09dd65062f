import { z } from 'zod';
import { ZData, ZPage } from '../common/envelope';
import { MSG } from '../common/messages';
import { ZPageQuery } from '../common/pagination';
import { hasControlChars } from '../common/text';
import { ZSupportCategory } from './create-support';

/**
 * A support request's life: new (nobody took it), in progress (assigned, or the customer wrote again after a
 * reply), answered (the office replied last), closed (nobody can write in it any more; a new request starts a
 * new thread).
 */
export const SUPPORT_STATES = ['new', 'in_progress', 'answered', 'closed'] as const;
export const ZSupportState = z.enum(SUPPORT_STATES, { error: MSG.invalidValue });
export type TSupportState = z.infer<typeof ZSupportState>;

export const SUPPORT_REPLY_MAX_LENGTH = 2000;

/** POST supports/{id}/replies and POST admin/supports/{id}/replies: one message in the thread. */
export const ZSupportReplyRequest = z.strictObject({
  body: z
    .string({ error: MSG.required })
    .trim()
    .min(1, { error: MSG.required, abort: true })
    .max(SUPPORT_REPLY_MAX_LENGTH, { error: MSG.tooLong })
    .refine((value) => !hasControlChars(value), { error: MSG.invalidCharacters }),
});
export type TSupportReplyRequest = z.input<typeof ZSupportReplyRequest>;

/** One message after the request's own: the office's (staff or admin, named by first name) or the customer's. */
export const ZSupportMessage = z.object({
  id: z.number().int(),
  side: z.enum(['office', 'customer']),
  author_name: z.string().nullable(),
  body: z.string(),
  created_at: z.string(),
});
export type TSupportMessage = z.infer<typeof ZSupportMessage>;

/** A request with its whole thread, oldest message first (the request's own message is `message`). */
export const ZSupportThread = z.object({
  id: z.number().int(),
  category: ZSupportCategory,
  state: ZSupportState,
  message: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  messages: z.array(ZSupportMessage),
});
export type TSupportThread = z.infer<typeof ZSupportThread>;
export const ZSupportThreadResponse = ZData(ZSupportThread);
export type TSupportThreadResponse = z.infer<typeof ZSupportThreadResponse>;

/** A request in the customer's list: its start, state and the last message's time. */
export const ZSupportSummary = z.object({
  id: z.number().int(),
  category: ZSupportCategory,
  state: ZSupportState,
  /** The request's first words. */
  message: z.string(),
  created_at: z.string(),
  last_message_at: z.string(),
  messages_count: z.number().int(),
});
export type TSupportSummary = z.infer<typeof ZSupportSummary>;

/** GET supports: the signed-in customer's own requests, the latest activity first. */
export const ZSupportsQuery = ZPageQuery;
export const ZSupportsResponse = ZPage(ZSupportSummary);
export type TSupportsResponse = z.infer<typeof ZSupportsResponse>;
