import { pickText, type TI18nText, type TLang, type TSettings } from '@portal/contract';
import type { DbOrTx } from '../../db/client';
import { settings } from '../../db/schema';

export const SETTINGS_KEYS = [
  'logo', 'footer_logo', 'site_name', 'footer_text', 'terms_of_use', 'privacy_policy', 'phone', 'email',
  'instagram_link', 'telegram_link', 'whatsapp_link', 'map_tile_url', 'map_attribution',
] as const satisfies readonly (keyof TSettings)[];

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
    return out;
  },
};
