import type { Plugin } from 'vite';
import { type Bundle, type Chunk, chunkFiles, chunkOfModule, entryFiles, FIRST_SCREENS } from './first-paint.ts';

/** V8's explicit compile hint (Chrome 136+): compile every function of this file eagerly, as the file streams in. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

const isChunk = (file: Bundle[string] | undefined): file is Chunk => file?.type === 'chunk';

/**
 * The chunks a first screen runs: the entry with every chunk it imports, and each FIRST_SCREENS page's chunks all
 * the way down (the same files index.html's PAGES preloads).
 */
export function startChunks(bundle: Bundle): Set<string> {
  const chunks = Object.values(bundle).filter(isChunk);
  const start = entryFiles(bundle);
  for (const module of Object.values(FIRST_SCREENS).flat()) {
    const chunk = chunkOfModule(chunks, module);
    if (chunk) chunkFiles(bundle, chunk, new Set()).forEach((f) => start.add(f));
  }
  return new Set([...start].filter((file) => isChunk(bundle[file])));
}

/**
 * Marks the chunks the first screens run with V8's compile hint. Without it V8 compiles a function only when it is
 * first called, on the main thread: on a cold load of /orders that was most of the entry's evaluation task and of
 * each first render (the router, the store, i18next, every component's first call). With the hint the whole file is
 * compiled on a background thread while it downloads (the scripts stream in), and the main thread only runs it.
 * Chunks loaded later (other pages, the map, spreadsheets) stay lazily compiled: most of their functions are never
 * called on a visit. Browsers without the hint read a comment. The hint is added after the file names' hashes are
 * made: a file's name changes with its code, and the hint follows from which chunks a first screen runs.
 */
export function compileHintsPlugin(): Plugin {
  return {
    name: 'portal-compile-hints',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const file of startChunks(bundle)) {
          const chunk = bundle[file];
          if (!isChunk(chunk) || chunk.code.startsWith(COMPILE_HINT)) continue;
          chunk.code = COMPILE_HINT + chunk.code;
          // A source map (a build with --sourcemap) moves down by one line, in the chunk and in its emitted .map file.
          if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
          const mapFile = bundle[`${file}.map`];
          if (mapFile?.type === 'asset') {
            const map = JSON.parse(typeof mapFile.source === 'string' ? mapFile.source : new TextDecoder().decode(mapFile.source)) as {
              mappings: string;
            };
            if (!chunk.map || map.mappings !== chunk.map.mappings) map.mappings = `;${map.mappings}`;
            mapFile.source = JSON.stringify(map);
          }
        }
      },
    },
  };
}
