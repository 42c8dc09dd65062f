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

/**
 * Meta of a list that also pages by cursor: a numbered page (`filters[page]`) answers the page meta as always plus
 * `next_cursor`; a cursor page (`filters[after]`) answers only `per_page` and `next_cursor` (the total came with the
 * first page). `next_cursor` is null on the last page.
 */
export const ZCursorPageMeta = ZPageMeta.partial({ current_page: true, total: true, last_page: true }).extend({
  next_cursor: z.string().nullable(),
});
export type TCursorPageMeta = z.infer<typeof ZCursorPageMeta>;

/** Paged answer of a list with a cursor: `{ data: [...], meta }`. */
export const ZCursorPage = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), meta: ZCursorPageMeta });

/** `{ data: { message } }` for calls whose answer is only an acknowledgement. */
export const ZOk = z.object({ data: z.object({ message: z.string() }) });
export type TOk = z.infer<typeof ZOk>;
