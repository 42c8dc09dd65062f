import { eq, inArray } from 'drizzle-orm';
import { DEFAULT_VOLUMETRIC_DIVISOR, pickText, type TI18nText, type TLang, type TSettings } from '@portal/contract';
import type { DbOrTx } from '../../db/client';
import { settings } from '../../db/schema';

export const SETTINGS_KEYS = [
  'logo',
  'footer_logo',
  'site_name',
  'short_name',
  'description',
  'footer_text',
  'terms_of_use',
  'privacy_policy',
  'phone',
  'email',
  'instagram_link',
  'telegram_link',
  'whatsapp_link',
  'map_tile_url',
  'map_attribution',
] as const satisfies readonly (keyof TSettings)[];

/** The volumetric divisor setting (cm³ per kg): a positive whole number, else the contract's default. */
function divisorOf(value: unknown): number {
  const n = typeof value === 'string' || typeof value === 'number' ? Number(value) : NaN;
  return Number.isInteger(n) && n > 0 ? n : DEFAULT_VOLUMETRIC_DIVISOR;
}

/** A legal text with {site_name}, {email} and {phone} replaced by the settings' values (the contract's LEGAL_PLACEHOLDERS). */
export function fillLegalPlaceholders(text: string, values: { site_name: string; email: string; phone: string }): string {
  return text.replace(/\{(site_name|email|phone)\}/g, (_, name: keyof typeof values) => values[name]);
}

const hasText = (value: unknown) =>
  !!value && typeof value === 'object' && Object.values(value).some((v) => typeof v === 'string' && v.trim());

export const settingsRepository = {
  /** All settings with texts in `lang` (ru fallback); missing keys are empty strings. */
  async all(db: DbOrTx, lang: TLang): Promise<TSettings> {
    const rows = await db.select().from(settings);
    const map = new Map(rows.map((r) => [r.key, r.value]));
    const out = {} as TSettings;
    for (const key of SETTINGS_KEYS) {
      const value = map.get(key);
      out[key] = typeof value === 'string' ? value : value ? pickText(value as TI18nText, lang) : '';
    }
    // Terms and privacy written in the admin area are pages of the app; until then the stored links stay.
    if (hasText(map.get('terms_text'))) out.terms_of_use = '/terms';
    if (hasText(map.get('privacy_text'))) out.privacy_policy = '/privacy';
    out.short_name ||= out.site_name;
    out.volumetric_divisor = divisorOf(map.get('volumetric_divisor'));
    return out;
  },

  /**
   * The terms of use or privacy policy in `lang` (ru fallback), or '' when none is written; its placeholders
   * ({site_name}, {email}, {phone}) filled in from the settings as they are now.
   */
  async legalText(db: DbOrTx, doc: 'terms' | 'privacy', lang: TLang): Promise<string> {
    const key = doc === 'terms' ? 'terms_text' : 'privacy_text';
    const rows = await db
      .select({ key: settings.key, value: settings.value })
      .from(settings)
      .where(inArray(settings.key, [key, 'site_name', 'email', 'phone']));
    const map = new Map(rows.map((r) => [r.key, r.value]));
    const text = map.get(key);
    if (!hasText(text)) return '';
    const plain = (name: string) => {
      const value = map.get(name);
      return typeof value === 'string' ? value : '';
    };
    return fillLegalPlaceholders(pickText(text as TI18nText, lang), {
      site_name: plain('site_name'),
      email: plain('email'),
      phone: plain('phone'),
    });
  },

  /** cm³ per kg of volumetric weight (the `volumetric_divisor` setting, 6000 unless set). */
  async volumetricDivisor(db: DbOrTx): Promise<number> {
    const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, 'volumetric_divisor')).limit(1);
    return divisorOf(row?.value);
  },
};
