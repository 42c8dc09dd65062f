import { z } from 'zod';
import { ZData } from '../common/envelope';
import { MSG } from '../common/messages';
import { ZUser } from '../users/user';

/**
 * Signing in from the Telegram Mini App (issue 34). `init_data` is Telegram.WebApp.initData as Telegram gave it
 * (the raw query string, signed with the bot's token); `contact` is the raw answer of requestContact, signed the same
 * way. The server checks both signatures and their age and accepts each string once.
 */
const ZSignedString = z.string({ error: MSG.required }).min(1, { error: MSG.required }).max(4096, { error: MSG.tooLong });

/** POST auth/telegram → ZSessionResponse for a linked Telegram user; 404 telegram_not_linked otherwise. */
export const ZTelegramAuthRequest = z.strictObject({ init_data: ZSignedString });
export type TTelegramAuthRequest = z.input<typeof ZTelegramAuthRequest>;

/** POST auth/telegram/contact: the contact Telegram shared links the account with that phone, or starts registration. */
export const ZTelegramContactRequest = z.strictObject({ contact: ZSignedString });
export type TTelegramContactRequest = z.input<typeof ZTelegramContactRequest>;

export const ZTelegramContactResult = z.discriminatedUnion('status', [
  /** The phone is an account's: it is linked to this Telegram user now (its owner is told by SMS) and signed in. */
  z.object({
    status: z.literal('signed_in'),
    access: z.object({ token: z.string(), expires_in: z.number().int() }),
    user: ZUser,
  }),
  /**
   * No account has the phone: registration goes on with it already proven (no code). `verification_token` is what
   * auth/register takes; the new account is linked to this Telegram user.
   */
  z.object({
    status: z.literal('register'),
    phone_number: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    verification_token: z.string(),
    expires_in: z.number().int(),
  }),
]);
export type TTelegramContactResult = z.infer<typeof ZTelegramContactResult>;
export const ZTelegramContactResponse = ZData(ZTelegramContactResult);
