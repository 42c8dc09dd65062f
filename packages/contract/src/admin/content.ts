import { z } from 'zod';
import { ZData } from '../common/envelope';
import { ZId } from '../common/fields';
import { LANGUAGES, ZLang, type TI18nText, type TLang } from '../common/i18n';
import { MSG } from '../common/messages';
import { ZPageQuery } from '../common/pagination';
import { toEmbedUrl, VIDEO_URL_MAX_LENGTH } from '../content/video';

/**
 * What every admin content call shares (news, lessons, FAQ, prohibited items, marketplaces, status names):
 * texts in kk, ru and en, the version that makes a stale edit a 409, moving items up or down, image references,
 * video links, and the list filters.
 */

/** Lengths of admin texts (per language). */
export const CONTENT_LIMITS = {
  title: 200,
  name: 100,
  summary: 500,
  description: 2000,
  body: 20_000,
  question: 300,
  answer: 5000,
  statusName: 60,
} as const;

/** A UTF-16 half of a character without its other half (JSON and PostgreSQL's jsonb refuse it). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const langText = (max: number, required: boolean) => {
  const text = z
    .string({ error: MSG.required })
    .trim()
    .max(max, { error: MSG.tooLong })
    .refine((v) => !LONE_SURROGATE.test(v), { error: MSG.invalidValue });
  return required ? text.min(1, { error: MSG.languageRequired }) : text;
};

/**
 * One text as an admin sends it: all three languages present, each trimmed and at most `max` characters;
 * `required` (the default) refuses an empty language with a 422 naming it (`title.kk`).
 */
export const ZI18nInput = (max: number, required = true) =>
  z.strictObject({ kk: langText(max, required), ru: langText(max, required), en: langText(max, required) }, { error: MSG.required });
export type TI18nInput = z.input<ReturnType<typeof ZI18nInput>>;

/** The version an edit was based on: a save with an older one is refused with 409 (someone changed it). */
export const ZVersion = z.number({ error: MSG.required }).int().min(1).max(2_147_483_647);

/**
 * An image the item shows: an upload made with `POST admin/uploads/{kind}` (`/uploads/<kind>/<name>`) or the
 * item's current image unchanged. A same-site path only (the API checks that a new one was uploaded here).
 */
export const ZImageRef = z
  .string({ error: MSG.required })
  .trim()
  .min(1, { error: MSG.required })
  .max(300, { error: MSG.tooLong })
  .regex(/^\/(?!\/)(?!.*\.\.)[A-Za-z0-9/_.-]+$/, { error: MSG.imageInvalid });

/** A video link from an allowed host, stored as its player's embed address. */
export const ZVideoUrlInput = z
  .string({ error: MSG.required })
  .trim()
  .max(VIDEO_URL_MAX_LENGTH, { error: MSG.tooLong })
  .refine((value) => toEmbedUrl(value) !== null, { error: MSG.videoHostNotAllowed })
  .transform((value) => toEmbedUrl(value)!);

/** An https:// address (a marketplace's site). */
export const ZHttpsUrl = z
  .string({ error: MSG.required })
  .trim()
  .min(1, { error: MSG.required })
  .max(300, { error: MSG.tooLong })
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return url.protocol === 'https:' && !!url.hostname && !url.username && !url.password;
      } catch {
        return false;
      }
    },
    { error: MSG.httpsUrl },
  );

/** POST admin/<kind>/{id}/move: one place up or down in the display order. */
export const ZMoveRequest = z.strictObject({ direction: z.enum(['up', 'down'], { error: MSG.invalidValue }) });
export type TMoveRequest = z.infer<typeof ZMoveRequest>;
export const ZContentParams = z.object({ id: ZId });

/** Admin lists: paged; search in any language; `filters[missing]` keeps the items that miss a language (any, or that one). */
export const ZAdminContentQuery = ZPageQuery.extend({
  'filters[search]': z.string().trim().max(100, { error: MSG.tooLong }).optional(),
  'filters[missing]': z.enum(['any', ...LANGUAGES], { error: MSG.invalidValue }).optional(),
});
export type TAdminContentQuery = z.input<typeof ZAdminContentQuery>;

/** The languages an item misses: some text is empty in them (a required one, or an optional one filled in another language). */
export const ZMissingLanguages = z.array(ZLang);

/** What every admin content item carries besides its own fields. */
export const ZAdminItemMeta = z.object({
  id: z.number().int(),
  version: z.number().int(),
  missing_languages: ZMissingLanguages,
});

/** The languages these texts miss: `required` texts empty in a language, `optional` ones empty where another language has them. */
export function missingLanguages(required: (TI18nText | null | undefined)[], optional: (TI18nText | null | undefined)[] = []): TLang[] {
  const filled = (text: TI18nText | null | undefined, lang: TLang) => !!text?.[lang]?.trim();
  return LANGUAGES.filter(
    (lang) =>
      required.some((text) => !filled(text, lang)) ||
      optional.some((text) => !filled(text, lang) && LANGUAGES.some((other) => filled(text, other))),
  );
}

/** `{ data: { url } }` of an uploaded image. */
export const CONTENT_IMAGE_KINDS = ['news', 'lessons', 'marketplaces', 'prohibited-items'] as const;
export type TContentImageKind = (typeof CONTENT_IMAGE_KINDS)[number];
/** Content images: JPEG, PNG or WebP by their bytes, at most this size. */
export const CONTENT_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const ZContentImageParams = z.object({ kind: z.enum(CONTENT_IMAGE_KINDS, { error: MSG.invalidValue }) });
export const ZContentImageResponse = ZData(z.object({ url: z.string() }));
export type TContentImageResponse = z.infer<typeof ZContentImageResponse>;
