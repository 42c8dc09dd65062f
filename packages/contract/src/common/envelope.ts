import { z } from 'zod';

/** Success answer: `{ data }`. */
export const ZData = <T extends z.ZodType>(data: T) => z.object({ data });

export const ZPageMeta = z.object({
  current_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  last_page: z.number().int(),
});
export type TPageMeta = z.infer<typeof ZPageMeta>;

/** Paged answer: `{ data: [...], meta }`. */
export const ZPage = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), meta: ZPageMeta });

/** `{ data: { message } }` for calls whose answer is only an acknowledgement. */
export const ZOk = z.object({ data: z.object({ message: z.string() }) });
export type TOk = z.infer<typeof ZOk>;
