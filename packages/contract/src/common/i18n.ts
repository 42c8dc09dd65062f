import { z } from 'zod';
import { LANGUAGES } from './lang';

export * from './lang';

export const ZLang = z.enum(LANGUAGES);

/** A text stored in all three languages. */
export const ZI18nText = z.object({ kk: z.string(), ru: z.string(), en: z.string() });
