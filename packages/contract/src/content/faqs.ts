import { z } from 'zod';
import { ZData } from '../common/envelope';

export const FAQ_SEARCH_MAX_LENGTH = 100;

export const ZFaq = z.object({
  id: z.number().int(),
  question: z.string(),
  answer: z.string(),
});
export type TFaq = z.infer<typeof ZFaq>;

/** GET faqs[?search=]: questions and answers in display order; `search` matches either, in the request's language. */
export const ZFaqsQuery = z.object({
  search: z.string().trim().max(FAQ_SEARCH_MAX_LENGTH).optional(),
});
export type TFaqsQuery = z.input<typeof ZFaqsQuery>;
export const ZFaqsResponse = ZData(z.array(ZFaq));
export type TFaqsResponse = z.infer<typeof ZFaqsResponse>;
