import { LANGUAGES, type TI18nText, type TLang } from '@portal/contract';
import en from './en.json' with { type: 'json' };
import kk from './kk.json' with { type: 'json' };
import ru from './ru.json' with { type: 'json' };

/**
 * Every text the server sends or shows (SMS, Telegram, push and the notifications list, error messages, staff
 * answers, export headings) lives in one JSON file per language beside this one, nested by domain, so a translator
 * edits words without touching code. Placeholders are `{name}`; numbers, money and dates are formatted by the
 * contract's formatter before they are put in. The files are imported, so the build bundles them into the server.
 */
export type Catalogue = typeof en;

/** The dotted keys of a nested text table: 'errors.not_found', 'notifications.pay.card', … */
export type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

export type TextKey = Leaves<Catalogue>;

/** English gives the shape: a key missing from kk or ru fails the typecheck, and the catalogue test names it. */
export const CATALOGUES: Record<TLang, Catalogue> = { kk, ru, en };

export type TextValues = Readonly<Record<string, string | number>>;

/** Every `{name}` of a text, for the test that holds the languages to the same set. */
export const placeholdersOf = (template: string): string[] => [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);

/**
 * The one interpolator: each `{name}` becomes `params[name]`; a name without a value stays as written. Values are
 * put in as they are (a number as its digits: ids, counts); format amounts, weights and dates with the contract's
 * formatter first.
 */
export function fill(template: string, params?: TextValues): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
}

function flatten(table: object, prefix = '', into = new Map<string, string>()): Map<string, string> {
  for (const [key, value] of Object.entries(table)) {
    if (typeof value === 'string') into.set(prefix + key, value);
    else flatten(value as object, `${prefix}${key}.`, into);
  }
  return into;
}

/** Every language's texts by dotted key, made once at start. */
export const FLAT: Record<TLang, ReadonlyMap<string, string>> = {
  kk: flatten(kk),
  ru: flatten(ru),
  en: flatten(en),
};

/** A text in `lang` with its placeholders filled (English if a language lacks it; the key itself if none has it). */
export function text(key: TextKey, lang: TLang, params?: TextValues): string {
  return fill(FLAT[lang].get(key) ?? FLAT.en.get(key) ?? key, params);
}

/** A text in every language, for messages stored once and read in the reader's language. */
export function textInEveryLanguage(key: TextKey, params?: TextValues): TI18nText {
  return Object.fromEntries(LANGUAGES.map((lang) => [lang, text(key, lang, params)])) as TI18nText;
}

/** Whether `key` names a text (for keys that come from data, such as an error code). */
export const isTextKey = (key: string): key is TextKey => FLAT.en.has(key);
