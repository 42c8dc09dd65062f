import { z } from 'zod';

export const DEFAULT_PER_PAGE = 10;
export const MAX_PER_PAGE = 100;
export const FIRST_PAGE = 1;

/** `filters[per_page]` (default 10, at most 100) and `filters[page]` (default 1), as the spec's list calls take them. */
export const ZPageQuery = z.object({
  'filters[per_page]': z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(DEFAULT_PER_PAGE),
  'filters[page]': z.coerce.number().int().min(1).max(1_000_000).default(FIRST_PAGE),
});
export type TPageQuery = z.input<typeof ZPageQuery>;

export function pageMeta(page: number, perPage: number, total: number) {
  return { current_page: page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) };
}
