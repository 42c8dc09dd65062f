import { z } from 'zod';
import { ZData, ZPage } from '../common/envelope';
import { ZI18nText, LANGUAGES } from '../common/i18n';
import { MSG } from '../common/messages';
import { CONTENT_LIMITS, ZAdminContentQuery, ZAdminItemMeta, ZI18nInput, ZImageRef, ZVersion } from './content';

/** Where a news item stands: a draft (never public), scheduled (public from published_at) or published. */
export const NEWS_STATES = ['draft', 'scheduled', 'published'] as const;
export const ZNewsState = z.enum(NEWS_STATES);
export type TNewsState = z.infer<typeof ZNewsState>;

/** A publication time: ISO 8601 with a time zone, between 2000 and 2100. */
export const ZPublicationTime = z
  .string({ error: MSG.required })
  .trim()
  .max(40, { error: MSG.tooLong })
  .pipe(z.iso.datetime({ offset: true, error: MSG.invalidDate }))
  .refine(
    (value) => {
      const year = new Date(value).getUTCFullYear();
      return year >= 2000 && year <= 2100;
    },
    { error: MSG.invalidDate },
  );

const newsFields = {
  /** A draft may miss languages; publishing needs title and body in all three. The summary is optional (the body's start stands in). */
  title: ZI18nInput(CONTENT_LIMITS.title, false),
  summary: ZI18nInput(CONTENT_LIMITS.summary, false),
  /** Formatted text (content/rich-text). */
  body: ZI18nInput(CONTENT_LIMITS.body, false),
  image: ZImageRef.nullable(),
  published_at: ZPublicationTime,
  is_published: z.boolean({ error: MSG.invalidValue }),
};

/** Published (or scheduled) news needs its title and body in every language: a 422 names each missing one (`title.kk`). */
function publishRule(value: { is_published: boolean; title: Record<string, string>; body: Record<string, string> }, ctx: z.RefinementCtx) {
  if (!value.is_published) return;
  for (const field of ['title', 'body'] as const)
    for (const lang of LANGUAGES)
      if (!value[field][lang]?.trim()) ctx.addIssue({ code: 'custom', message: MSG.languageRequired, path: [field, lang] });
}

/** POST admin/news. */
export const ZAdminNewsCreateRequest = z.strictObject(newsFields).superRefine(publishRule);
export type TAdminNewsCreateRequest = z.input<typeof ZAdminNewsCreateRequest>;
/** PUT admin/news/{id}: the whole item and the version it was read at (409 when someone saved since). */
export const ZAdminNewsUpdateRequest = z.strictObject({ ...newsFields, version: ZVersion }).superRefine(publishRule);
export type TAdminNewsUpdateRequest = z.input<typeof ZAdminNewsUpdateRequest>;

/** A news item as the admin area lists it (no texts but the title). */
export const ZAdminNewsSummary = ZAdminItemMeta.extend({
  title: ZI18nText,
  image: z.string().nullable(),
  published_at: z.string(),
  is_published: z.boolean(),
  state: ZNewsState,
  updated_at: z.string(),
});
export type TAdminNewsSummary = z.infer<typeof ZAdminNewsSummary>;
export const ZAdminNews = ZAdminNewsSummary.extend({ summary: ZI18nText, body: ZI18nText });
export type TAdminNews = z.infer<typeof ZAdminNews>;

/** GET admin/news: newest publication first; filters[state], filters[search], filters[missing]. */
export const ZAdminNewsQuery = ZAdminContentQuery.extend({ 'filters[state]': ZNewsState.optional() });
export type TAdminNewsQuery = z.input<typeof ZAdminNewsQuery>;
export const ZAdminNewsListResponse = ZPage(ZAdminNewsSummary);
export type TAdminNewsListResponse = z.infer<typeof ZAdminNewsListResponse>;
export const ZAdminNewsResponse = ZData(ZAdminNews);
export type TAdminNewsResponse = z.infer<typeof ZAdminNewsResponse>;
