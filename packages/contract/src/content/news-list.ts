import { z } from 'zod';
import { ZPage } from '../common/envelope';
import { ZPageQuery } from '../common/pagination';

/** A news item as listed: no body. */
export const ZNewsSummary = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  image: z.string().nullable(),
  /** ISO 8601. */
  published_at: z.string(),
});
export type TNewsSummary = z.infer<typeof ZNewsSummary>;

/** GET news: published items, newest first, paged with filters[page] and filters[per_page]. */
export const ZNewsListQuery = ZPageQuery;
export type TNewsListQuery = z.input<typeof ZNewsListQuery>;
export const ZNewsListResponse = ZPage(ZNewsSummary);
export type TNewsListResponse = z.infer<typeof ZNewsListResponse>;
