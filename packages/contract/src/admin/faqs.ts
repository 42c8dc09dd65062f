import { z } from 'zod';
import { ZData, ZPage } from '../common/envelope';
import { ZI18nText } from '../common/i18n';
import { CONTENT_LIMITS, ZAdminContentQuery, ZAdminItemMeta, ZI18nInput, ZVersion } from './content';

const faqFields = { question: ZI18nInput(CONTENT_LIMITS.question), answer: ZI18nInput(CONTENT_LIMITS.answer) };

/** POST admin/faqs (goes to the end of the list). */
export const ZAdminFaqCreateRequest = z.strictObject(faqFields);
export type TAdminFaqCreateRequest = z.input<typeof ZAdminFaqCreateRequest>;
/** PUT admin/faqs/{id}. */
export const ZAdminFaqUpdateRequest = z.strictObject({ ...faqFields, version: ZVersion });
export type TAdminFaqUpdateRequest = z.input<typeof ZAdminFaqUpdateRequest>;

export const ZAdminFaq = ZAdminItemMeta.extend({
  question: ZI18nText,
  answer: ZI18nText,
  position: z.number().int(),
  updated_at: z.string(),
});
export type TAdminFaq = z.infer<typeof ZAdminFaq>;

/** GET admin/faqs: in display order. */
export const ZAdminFaqsQuery = ZAdminContentQuery;
export const ZAdminFaqsResponse = ZPage(ZAdminFaq);
export type TAdminFaqsResponse = z.infer<typeof ZAdminFaqsResponse>;
export const ZAdminFaqResponse = ZData(ZAdminFaq);
export type TAdminFaqResponse = z.infer<typeof ZAdminFaqResponse>;
