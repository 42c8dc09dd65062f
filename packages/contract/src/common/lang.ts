/**
 * Languages without zod: the web's first screen imports these, and a module holding a zod schema would
 * bring the validation library with it (the /auth speed budget). common/i18n.ts re-exports them.
 */
export const LANGUAGES = ['kk', 'ru', 'en'] as const;
export type TLang = (typeof LANGUAGES)[number];
export const DEFAULT_LANG: TLang = 'ru';

export function isLang(value: unknown): value is TLang {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Picks the language from an Accept-Language header: the first supported tag wins, ru otherwise. */
export function langFromHeader(header: string | undefined | null): TLang {
  if (!header) return DEFAULT_LANG;
  const tags = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { tag: tag.trim().toLowerCase(), q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .sort((a, b) => b.q - a.q);
  for (const { tag } of tags) {
    const base = tag.split('-')[0];
    if (isLang(base)) return base;
  }
  return DEFAULT_LANG;
}

/** A text stored in all three languages (ZI18nText in common/i18n.ts validates it). */
export type TI18nText = { kk: string; ru: string; en: string };

/** The text in the wanted language, falling back to ru, then to any non-empty one. */
export function pickText(text: TI18nText | null | undefined, lang: TLang): string {
  if (!text) return '';
  return text[lang] || text.ru || text.en || text.kk || '';
}
