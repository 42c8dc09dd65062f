import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const web = join(__dirname, '..', '..');
const css = readFileSync(join(__dirname, 'fonts.css'), 'utf8');
const faces = [...css.matchAll(/@font-face\s*{([^}]*)}/g)].map(([, body]) => ({
  display: /font-display:\s*([\w-]+)/.exec(body!)?.[1],
  weight: /font-weight:\s*([^;]+);/.exec(body!)?.[1]?.trim(),
  file: /url\(\.\/(fonts\/[\w-]+\.woff2)\)/.exec(body!)?.[1],
  range: /unicode-range:\s*([^;]+);/.exec(body!)?.[1]?.replace(/\s/g, ''),
}));
// The ranges the subsetting script keeps, split by split name.
const script = readFileSync(join(web, '..', '..', 'tools/fonts/subset-fonts.py'), 'utf8');
const kept = Object.fromEntries([...script.matchAll(/'(\w+)': '(U\+[^']+)'/g)].map(([, split, range]) => [split, range]));
const [minWeight, maxWeight] = /^WEIGHTS = \((\d+), (\d+)\)/m.exec(script)!.slice(1).map(Number) as [number, number];

/** Every font-weight the app's styles ask for (CSS files and inline styles), numbers only. */
function weightsUsed(dir: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...weightsUsed(path));
    else if (/\.(css|tsx?)$/.test(entry.name) && entry.name !== 'fonts.css') {
      const text = readFileSync(path, 'utf8');
      for (const [, value] of text.matchAll(/font-?[wW]eight:\s*['"]?([^;'",}\n]+)/g)) {
        const weight = value!.trim() === 'bold' ? 700 : value!.trim() === 'normal' ? 400 : Number(value);
        if (Number.isFinite(weight)) found.push(weight);
      }
    }
  }
  return found;
}

describe('web fonts', () => {
  it('are subset files of at most 28 KB, each shown at once in the fallback font (swap) and fetched only for its letters', () => {
    expect(faces.length).toBeGreaterThanOrEqual(6);
    for (const face of faces) {
      expect(face.display).toBe('swap');
      expect(statSync(join(__dirname, face.file!)).size).toBeLessThanOrEqual(28 * 1024);
      const split = /-(\w+)\.woff2$/.exec(face.file!)![1]!;
      expect(face.range, face.file).toBe(kept[split]);
    }
  });

  it('weigh at most 75 KB in all, what a Kazakh page fetches (it needs every file; 92 KB before the weight axis was cut)', () => {
    const total = faces.reduce((sum, face) => sum + statSync(join(__dirname, face.file!)).size, 0);
    expect(total).toBeLessThanOrEqual(75 * 1024);
  });

  it('keep the weights the styles use, and only those', () => {
    for (const face of faces) expect(face.weight, face.file).toBe(`${minWeight} ${maxWeight}`);
    const used = weightsUsed(join(web, 'src'));
    expect(used.length).toBeGreaterThan(50);
    for (const weight of used) {
      expect(weight).toBeGreaterThanOrEqual(minWeight);
      expect(weight).toBeLessThanOrEqual(maxWeight);
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
