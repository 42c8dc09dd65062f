import { eq } from 'drizzle-orm';
import { DEFAULT_VOLUMETRIC_DIVISOR, pickText, type TI18nText, type TLang, type TSettings } from '@portal/contract';
import type { DbOrTx } from '../../db/client';
import { settings } from '../../db/schema';

export const SETTINGS_KEYS = [
  'logo',
  'footer_logo',
  'site_name',
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
    out.volumetric_divisor = divisorOf(map.get('volumetric_divisor'));
    return out;
  },

  /** The terms of use or privacy policy in `lang` (ru fallback), or '' when none is written. */
  async legalText(db: DbOrTx, doc: 'terms' | 'privacy', lang: TLang): Promise<string> {
    const [row] = await db
      .select({ value: settings.value })
      .from(settings)
      .where(eq(settings.key, doc === 'terms' ? 'terms_text' : 'privacy_text'))
      .limit(1);
    return hasText(row?.value) ? pickText(row!.value as TI18nText, lang) : '';
  },

  /** cm³ per kg of volumetric weight (the `volumetric_divisor` setting, 6000 unless set). */
  async volumetricDivisor(db: DbOrTx): Promise<number> {
    const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, 'volumetric_divisor')).limit(1);
    return divisorOf(row?.value);
  },
};
