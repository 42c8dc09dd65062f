import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const web = join(__dirname, '..', '..');
const css = readFileSync(join(__dirname, 'fonts.css'), 'utf8');
const faces = [...css.matchAll(/@font-face\s*{([^}]*)}/g)].map(([, body]) => ({
  display: /font-display:\s*([\w-]+)/.exec(body!)?.[1],
  file: /url\(\.\/(fonts\/[\w-]+\.woff2)\)/.exec(body!)?.[1],
  range: /unicode-range:\s*([^;]+);/.exec(body!)?.[1]?.replace(/\s/g, ''),
}));
// The ranges the subsetting script keeps, split by split name.
const script = readFileSync(join(web, '..', '..', 'tools/fonts/subset-fonts.py'), 'utf8');
const kept = Object.fromEntries([...script.matchAll(/'(\w+)': '(U\+[^']+)'/g)].map(([, split, range]) => [split, range]));

describe('web fonts', () => {
  it('are subset files of at most 40 KB, each shown at once in the fallback font (swap) and fetched only for its letters', () => {
    expect(faces.length).toBeGreaterThanOrEqual(6);
    for (const face of faces) {
      expect(face.display).toBe('swap');
      expect(statSync(join(__dirname, face.file!)).size).toBeLessThanOrEqual(40 * 1024);
      const split = /-(\w+)\.woff2$/.exec(face.file!)![1]!;
      expect(face.range, face.file).toBe(kept[split]);
    }
  });

  it('cover every letter of the Kazakh, Russian and English alphabets and the tenge sign', () => {
    const covered = (ch: string) =>
      faces.some(({ range }) =>
        range!.split(',').some((part) => {
          const [lo, hi = lo] = part.slice(2).split('-');
          const code = ch.codePointAt(0)!;
          return code >= parseInt(lo!, 16) && code <= parseInt(hi!, 16);
        }),
      );
    const letters = 'АӘБВГҒДЕЁЖЗИЙКҚЛМНҢОӨПРСТУҰҮФХҺЦЧШЩЪЫІЬЭЮЯABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789₸№«»—–';
    for (const ch of letters + letters.toLowerCase()) expect(covered(ch), ch).toBe(true);
  });

  it('index.html preloads the first paint font', () => {
    const html = readFileSync(join(web, 'index.html'), 'utf8');
    expect(html).toMatch(/<link rel="preload" href="\/src\/styles\/fonts\/inter-cyrillic\.woff2" as="font" type="font\/woff2" crossorigin/);
    expect(faces.map((face) => face.file)).toContain('fonts/inter-cyrillic.woff2');
  });
});
