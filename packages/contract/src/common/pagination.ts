import { z } from 'zod';
import { MSG } from './messages';
import { DEFAULT_PER_PAGE, FIRST_PAGE, MAX_PER_PAGE } from './page-numbers';

/** `filters[per_page]` (default 10, at most 100) and `filters[page]` (default 1), as the spec's list calls take them. */
export const ZPageQuery = z.object({
  'filters[per_page]': z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(DEFAULT_PER_PAGE),
  'filters[page]': z.coerce.number().int().min(1).max(1_000_000).default(FIRST_PAGE),
});
export type TPageQuery = z.input<typeof ZPageQuery>;

/**
 * A position in a list for "load more" (`filters[after]`), as the list's `meta.next_cursor` gave it: opaque to clients,
 * only good for the list and the account it was given for (anything else answers 422, never another list's rows).
 */
export const ZCursor = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9_-]+$/, { error: MSG.invalidValue });

/**
 * The spec's paging plus a cursor beside it: `filters[after]` answers the rows after that position (no count, no
 * offset: as fast at any depth), `filters[page]` the numbered page as always. Both at once is refused.
 */
export const ZCursorPageQuery = ZPageQuery.extend({ 'filters[after]': ZCursor.optional() }).refine(
  (q) => q['filters[after]'] === undefined || q['filters[page]'] === FIRST_PAGE,
  { error: MSG.invalidValue, path: ['filters[page]'] },
);
export type TCursorPageQuery = z.input<typeof ZCursorPageQuery>;
