import { describe, expect, it } from 'vitest';
import { ERROR_CODES, LANGUAGES } from '@portal/contract';
import { FLAT, fill, placeholdersOf, text, textInEveryLanguage } from '../src/texts/texts';

// The text files (src/texts/{kk,ru,en}.json) are edited by translators without touching code: these tests are what
// stops a key going missing in one language or a placeholder being renamed in one of them.
const keysOf = (lang: (typeof LANGUAGES)[number]) => [...FLAT[lang].keys()];
const allKeys = [...new Set(LANGUAGES.flatMap(keysOf))].sort();

describe('the text catalogue', () => {
  it('has every key in every language', () => {
    const missing = LANGUAGES.flatMap((lang) => allKeys.filter((key) => !FLAT[lang].has(key)).map((key) => `${lang}: ${key}`));
    expect(missing).toEqual([]);
  });

  it('names the same placeholders in every language', () => {
    const differing = allKeys.flatMap((key) => {
      const sets = LANGUAGES.map((lang) => [...new Set(placeholdersOf(FLAT[lang].get(key) ?? ''))].sort().join(','));
      return new Set(sets).size > 1 ? [`${key}: ${LANGUAGES.map((lang, i) => `${lang} {${sets[i]}}`).join(' · ')}`] : [];
    });
    expect(differing).toEqual([]);
  });

  it('has no empty text and no broken placeholder', () => {
    const bad = LANGUAGES.flatMap((lang) =>
      [...FLAT[lang]].filter(([, value]) => !value.trim() || /\{(?!\w+\})|(?<!\{\w*)\}/.test(value)).map(([key]) => `${lang}: ${key}`),
    );
    expect(bad).toEqual([]);
  });

  it('has a message for every error code and none for codes that do not exist', () => {
    const codes = allKeys.filter((key) => key.startsWith('errors.')).map((key) => key.slice('errors.'.length));
    expect(codes.sort()).toEqual([...ERROR_CODES].sort());
  });
});

describe('fill, the one interpolator', () => {
  it('puts in every {name} it has a value for and leaves the others as written', () => {
    expect(fill('{a} and {a}, {b}: {c}', { a: 'x', b: 0 })).toBe('x and x, 0: {c}');
    expect(fill('{a}', { a: '$& {b}', b: 'no' })).toBe('$& {b}');
    expect(fill('no params {a}')).toBe('no params {a}');
  });

  it('reads a text in each language and in all of them at once', () => {
    expect(text('support.reply_title', 'en', { id: 12 })).toBe('Reply to your request No. 12');
    expect(textInEveryLanguage('support.reply_title', { id: 12 })).toEqual({
      kk: '№12 өтінішіңізге жауап',
      ru: 'Ответ на ваше обращение №12',
      en: 'Reply to your request No. 12',
    });
  });
});
