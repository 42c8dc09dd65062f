import { z } from 'zod';
import { ZData } from '../common/envelope';
import { LANGUAGES, ZI18nText } from '../common/i18n';
import { MSG } from '../common/messages';
import { ZHttpsUrl, ZI18nInput, ZImageRef, ZVersion } from './content';

/** Logos: PNG, WebP or SVG (an SVG with scripts, event handlers or outside references is refused), at most this size. */
export const LOGO_MAX_BYTES = 512 * 1024;
export const SETTINGS_LIMITS = {
  siteName: 60,
  shortName: 30,
  description: 200,
  footerText: 500,
  legalText: 50_000,
  attribution: 200,
} as const;

/**
 * The placeholders the terms of use and privacy policy may carry, filled in from the settings whenever the texts are
 * served: a renamed carrier's documents follow the new name without being rewritten.
 */
export const LEGAL_PLACEHOLDERS = ['{site_name}', '{email}', '{phone}'] as const;

/** A tile address for Leaflet: https with {z}, {x} and {y}. */
export const ZTileUrl = ZHttpsUrl.refine((v) => ['{z}', '{x}', '{y}'].every((p) => v.includes(p)), { error: MSG.invalidValue });

/** A text that may be left empty in every language (then the stored link stays), but once written needs all three. */
const ZAllOrNone = (max: number) =>
  ZI18nInput(max, false).superRefine((text, ctx) => {
    const filled = LANGUAGES.filter((lang) => text[lang].length > 0);
    if (filled.length && filled.length < LANGUAGES.length)
      for (const lang of LANGUAGES) if (!text[lang]) ctx.addIssue({ code: 'custom', path: [lang], message: MSG.languageRequired });
  });

const optionalHttps = z.union([z.literal(''), ZHttpsUrl], { error: MSG.httpsUrl });

/**
 * PUT admin/settings: every setting again and the version read (409 when someone saved since). Logos are the
 * current address or an upload made with `POST admin/settings/logo`; terms of use and privacy policy are
 * formatted text (paragraphs, lists, **bold**, https links) in kk, ru and en.
 */
export const ZAdminSettingsUpdateRequest = z.strictObject({
  version: ZVersion,
  logo: ZImageRef,
  footer_logo: ZImageRef,
  site_name: z.string({ error: MSG.required }).trim().min(1, { error: MSG.required }).max(SETTINGS_LIMITS.siteName, { error: MSG.tooLong }),
  /** The installed app's name under its icon (web manifest short_name); the site name when left empty. */
  short_name: z.string().trim().max(SETTINGS_LIMITS.shortName, { error: MSG.tooLong }),
  /** The page's meta description and the installed app's description, in kk, ru and en. */
  description: ZI18nInput(SETTINGS_LIMITS.description),
  footer_text: ZI18nInput(SETTINGS_LIMITS.footerText),
  terms_text: ZAllOrNone(SETTINGS_LIMITS.legalText),
  privacy_text: ZAllOrNone(SETTINGS_LIMITS.legalText),
  phone: z
    .string()
    .trim()
    .max(32, { error: MSG.tooLong })
    .regex(/^\+?[\d\s()-]*$/, { error: MSG.phoneInvalid }),
  email: z.union([z.literal(''), z.email({ error: MSG.invalidEmail }).max(120, { error: MSG.tooLong })], { error: MSG.invalidEmail }),
  instagram_link: optionalHttps,
  telegram_link: optionalHttps,
  whatsapp_link: optionalHttps,
  map_tile_url: ZTileUrl,
  map_attribution: z.string().trim().max(SETTINGS_LIMITS.attribution, { error: MSG.tooLong }),
});
export type TAdminSettingsUpdateRequest = z.input<typeof ZAdminSettingsUpdateRequest>;

/** GET admin/settings: the stored values, texts in every language. */
export const ZAdminSettings = z.object({
  version: z.number().int(),
  logo: z.string(),
  footer_logo: z.string(),
  site_name: z.string(),
  short_name: z.string(),
  description: ZI18nText,
  footer_text: ZI18nText,
  terms_text: ZI18nText,
  privacy_text: ZI18nText,
  phone: z.string(),
  email: z.string(),
  instagram_link: z.string(),
  telegram_link: z.string(),
  whatsapp_link: z.string(),
  map_tile_url: z.string(),
  map_attribution: z.string(),
});
export type TAdminSettings = z.infer<typeof ZAdminSettings>;
export const ZAdminSettingsResponse = ZData(ZAdminSettings);
export type TAdminSettingsResponse = z.infer<typeof ZAdminSettingsResponse>;

/** POST admin/settings/logo: multipart "image"; answers the address a save then refers to. */
export const ZLogoUploadResponse = ZData(z.object({ url: z.string() }));
export type TLogoUploadResponse = z.infer<typeof ZLogoUploadResponse>;

/** GET legal/{doc}: the terms of use or privacy policy in the request's language (formatted text). */
export const LEGAL_DOCS = ['terms', 'privacy'] as const;
export const ZLegalParams = z.object({ doc: z.enum(LEGAL_DOCS, { error: MSG.invalidValue }) });
export const ZLegalResponse = ZData(z.object({ text: z.string() }));
export type TLegalResponse = z.infer<typeof ZLegalResponse>;
