/** The spec's page numbers as plain values (the query schemas that use them are in pagination.ts). */
export const DEFAULT_PER_PAGE = 10;
export const MAX_PER_PAGE = 100;
export const FIRST_PAGE = 1;

export function pageMeta(page: number, perPage: number, total: number) {
  return { current_page: page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) };
}
