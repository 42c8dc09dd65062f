import { describe, expect, it } from 'vitest';
import { COMPILE_HINT, compileHintsPlugin } from '../../build/compile-hints';
import type { Bundle } from '../../build/first-paint';

const web = '/repo/apps/web';

function chunk(fileName: string, more: { facade?: string; imports?: string[]; modules?: string[]; entry?: boolean } = {}) {
  return {
    type: 'chunk' as const,
    fileName,
    code: `export const file = ${JSON.stringify(fileName)};\n`,
    map: { mappings: 'AAAA;AACA' },
    facadeModuleId: more.facade ? `${web}/${more.facade}` : null,
    isEntry: more.entry ?? false,
    imports: more.imports ?? [],
    moduleIds: (more.modules ?? []).map((module) => `${web}/${module}`),
    viteMetadata: { importedCss: new Set<string>() },
  };
}

/** A bundle like the build's: the entry and its shared chunks, first screens' pages, and pages loaded later. */
function bundle(): Bundle {
  const files = [
    chunk('assets/index-a.js', { entry: true, imports: ['assets/compat-a.js', 'assets/base-api-a.js'] }),
    chunk('assets/compat-a.js'),
    chunk('assets/base-api-a.js', { imports: ['assets/compat-a.js'] }),
    chunk('assets/orders-page-a.js', {
      facade: 'src/features/orders/pages/orders-page.tsx',
      imports: ['assets/status-chip-a.js', 'assets/compat-a.js'],
    }),
    chunk('assets/status-chip-a.js', { imports: ['assets/format-a.js'] }),
    chunk('assets/format-a.js'),
    // Home's page and, through its imports, the chunk it shares with /orders.
    chunk('assets/home-page-a.js', { facade: 'src/app/pages/home-page.tsx', imports: ['assets/box-a.js'] }),
    chunk('assets/box-a.js', { modules: ['src/features/orders/components/track-search-box.tsx'] }),
    chunk('assets/leaflet-a.js'),
    chunk('assets/reports-page-a.js', { facade: 'src/features/admin/pages/reports-page.tsx', imports: ['assets/leaflet-a.js'] }),
  ];
  const maps = files.map((c) => ({ type: 'asset' as const, fileName: `${c.fileName}.map`, source: JSON.stringify(c.map) }));
  const css = { type: 'asset' as const, fileName: 'assets/orders-page-a.css', source: '.a{}' };
  return Object.fromEntries([...files, ...maps, css].map((file) => [file.fileName, file])) as unknown as Bundle;
}

function run(files: Bundle): void {
  const hook = compileHintsPlugin().generateBundle as { handler: (options: unknown, bundle: Bundle) => void };
  hook.handler({}, files);
}

const code = (files: Bundle, name: string) => (files[name] as { code: string }).code;

describe('compile hints on the first screens’ chunks', () => {
  it('marks the entry with what it imports and every first screen’s chunks all the way down, and nothing loaded later', () => {
    const files = bundle();
    run(files);
    const marked = Object.values(files)
      .filter((file) => file.type === 'chunk' && code(files, file.fileName).startsWith(COMPILE_HINT))
      .map((file) => file.fileName)
      .sort();
    expect(marked).toEqual([
      'assets/base-api-a.js',
      'assets/box-a.js',
      'assets/compat-a.js',
      'assets/format-a.js',
      'assets/home-page-a.js',
      'assets/index-a.js',
      'assets/orders-page-a.js',
      'assets/status-chip-a.js',
    ]);
    expect(code(files, 'assets/leaflet-a.js')).toBe('export const file = "assets/leaflet-a.js";\n');
    expect((files['assets/orders-page-a.css'] as { source: string }).source).toBe('.a{}');
  });

  it('puts the hint on the first line once, and moves the source map down by that line', () => {
    const files = bundle();
    run(files);
    run(files);
    const index = code(files, 'assets/index-a.js');
    expect(index.split('\n')[0]).toBe(COMPILE_HINT.trim());
    expect(index.indexOf(COMPILE_HINT, 1)).toBe(-1);
    expect(JSON.parse((files['assets/index-a.js.map'] as { source: string }).source).mappings).toBe(';AAAA;AACA');
    expect((files['assets/index-a.js'] as unknown as { map: { mappings: string } }).map.mappings).toBe(';AAAA;AACA');
    expect(JSON.parse((files['assets/leaflet-a.js.map'] as { source: string }).source).mappings).toBe('AAAA;AACA');
  });
});
