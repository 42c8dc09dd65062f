import { z } from 'zod';
import { ZData } from '../common/envelope';
import { MSG } from '../common/messages';
import { normalizePhone } from '../common/phone';
import { hasControlChars } from '../common/text';

export const SUPPORT_CATEGORIES = ['order', 'delivery', 'payment', 'account', 'suggestion', 'other'] as const;
export type TSupportCategory = (typeof SUPPORT_CATEGORIES)[number];
export const SUPPORT_MESSAGE_MIN_LENGTH = 10;
export const SUPPORT_MESSAGE_MAX_LENGTH = 2000;
export const SUPPORT_CONTACT_MAX_LENGTH = 100;
export const SUPPORT_NAME_MAX_LENGTH = 100;
/** Requests one signed-in user, and one client address, may send per window. */
export const SUPPORT_LIMIT_PER_USER = 5;
export const SUPPORT_LIMIT_PER_ADDRESS = 5;
export const SUPPORT_LIMIT_WINDOW_SECONDS = 3600;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

const noControlChars = (value: string) => !hasControlChars(value);
/** "Required" when the field is missing, "invalid value" when it has the wrong type. */
const typeError = (issue: { input?: unknown }) => (issue.input === undefined || issue.input === null ? MSG.required : MSG.invalidValue);

export const ZSupportCategory = z.enum(SUPPORT_CATEGORIES, {
  error: (issue) => (issue.input === '' ? MSG.required : typeError(issue)),
});

/** A phone number (stored in E.164) or an e-mail (stored lower-cased). */
export const ZSupportContact = z
  .string({ error: typeError })
  .trim()
  .min(1, { error: MSG.required, abort: true })
  .max(SUPPORT_CONTACT_MAX_LENGTH, { error: MSG.tooLong })
  .transform((value, ctx) => {
    if (EMAIL.test(value)) return value.toLowerCase();
    const phone = /^[+\d][\d\s()-]*$/.test(value) ? normalizePhone(value) : null;
    if (phone) return phone;
    ctx.addIssue({ code: 'custom', message: MSG.contactInvalid });
    return z.NEVER;
  });

/** POST supports: body. Unknown fields are refused; nothing is stored unless every field is valid. */
export const ZCreateSupportRequest = z.strictObject({
  category: ZSupportCategory,
  message: z
    .string({ error: typeError })
    .trim()
    .min(1, { error: MSG.required, abort: true })
    .min(SUPPORT_MESSAGE_MIN_LENGTH, { error: MSG.messageTooShort })
    .max(SUPPORT_MESSAGE_MAX_LENGTH, { error: MSG.tooLong })
    .refine(noControlChars, { error: MSG.invalidCharacters }),
  contact: ZSupportContact,
  name: z
    .string({ error: typeError })
    .trim()
    .max(SUPPORT_NAME_MAX_LENGTH, { error: MSG.tooLong })
    .refine(noControlChars, { error: MSG.invalidCharacters })
    .nullish()
    .transform((value) => value || null),
});
export type TCreateSupportRequest = z.input<typeof ZCreateSupportRequest>;

export const ZSupportReceipt = z.object({
  id: z.number().int(),
  category: ZSupportCategory,
  created_at: z.string(),
  /** "We received your request …" in the request's language. */
  message: z.string(),
});
export type TSupportReceipt = z.infer<typeof ZSupportReceipt>;
export const ZCreateSupportResponse = ZData(ZSupportReceipt);
export type TCreateSupportResponse = z.infer<typeof ZCreateSupportResponse>;
