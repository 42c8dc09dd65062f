import { z } from 'zod';
import { ZData } from '../common/envelope';

/** GET settings: the spec's section 3 fields, texts in the request's language, plus the map tile source. */
export const ZSettings = z.object({
  logo: z.string(),
  footer_logo: z.string(),
  site_name: z.string(),
  /** The installed app's name under its icon (the site name when none is set). */
  short_name: z.string(),
  /** The site's description in the request's language (the page's meta description). */
  description: z.string(),
  footer_text: z.string(),
  terms_of_use: z.string(),
  privacy_policy: z.string(),
  phone: z.string(),
  email: z.string(),
  instagram_link: z.string(),
  telegram_link: z.string(),
  whatsapp_link: z.string(),
  map_tile_url: z.string(),
  map_attribution: z.string(),
  /** cm³ per kg of volumetric weight (L × W × H / divisor), 6000 unless set. */
  volumetric_divisor: z.number().int().positive(),
});
export type TSettings = z.infer<typeof ZSettings>;
export const ZSettingsResponse = ZData(ZSettings);
export type TSettingsResponse = z.infer<typeof ZSettingsResponse>;
