import { describe, expect, it } from 'vitest';

/** Every locale file of the app and of features that keep their own (src/**\/locales/<lang>/<ns>.json). */
const files = import.meta.glob<Record<string, unknown>>('/src/**/locales/{kk,ru,en}/*.json', { eager: true, import: 'default' });
const LANGS = ['kk', 'ru', 'en'] as const;

function flatten(value: unknown, prefix = ''): Record<string, string> {
  if (typeof value !== 'object' || value === null) return { [prefix]: String(value) };
  return Object.entries(value).reduce<Record<string, string>>(
    (out, [key, child]) => ({ ...out, ...flatten(child, prefix ? `${prefix}.${key}` : key) }),
    {},
  );
}

/** "src/locales" + "auth" → { kk: {...}, ru: {...}, en: {...} } */
function groups() {
  const out = new Map<string, Partial<Record<(typeof LANGS)[number], Record<string, string>>>>();
  for (const [path, content] of Object.entries(files)) {
    const match = /^(.*)\/locales\/(kk|ru|en)\/([^/]+)\.json$/.exec(path);
    if (!match) continue;
    const [, dir, lang, ns] = match as unknown as [string, string, (typeof LANGS)[number], string];
    const key = `${dir}/locales/*/${ns}.json`;
    const group = out.get(key) ?? {};
    group[lang] = normalize(flatten(content));
    out.set(key, group);
  }
  return out;
}

/** Plural forms differ by language (ru has _few and _many, kk and en do not): compare their base key. */
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
function normalize(texts: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, text] of Object.entries(texts)) {
    const base = key.replace(PLURAL_SUFFIX, '');
    if (!(base in out) || key.endsWith('_other')) out[base] = text;
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('translations', () => {
  it('finds the locale files', () => {
    expect(groups().size).toBeGreaterThanOrEqual(5);
  });

  for (const [name, group] of groups()) {
    it(`${name} exists in kk, ru and en with the same keys, no empty texts and the same placeholders`, () => {
      for (const lang of LANGS) expect(group[lang], `${name} is missing in ${lang}`).toBeDefined();
      const keys = LANGS.map((lang) => Object.keys(group[lang] ?? {}).sort());
      const all = [...new Set(keys.flat())].sort();
      for (const [i, lang] of LANGS.entries()) {
        const missing = all.filter((k) => !keys[i]!.includes(k));
        expect(missing, `${name}: keys missing in ${lang}`).toEqual([]);
      }
      for (const key of all) {
        const texts = LANGS.map((lang) => group[lang]![key]!);
        for (const [i, text] of texts.entries()) expect(text.trim(), `${name}: ${key} is empty in ${LANGS[i]}`).not.toBe('');
        expect(placeholders(texts[0]!), `${name}: ${key} placeholders differ`).toEqual(placeholders(texts[1]!));
        expect(placeholders(texts[1]!), `${name}: ${key} placeholders differ`).toEqual(placeholders(texts[2]!));
      }
    });
  }
});
