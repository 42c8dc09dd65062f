import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

/** Text files worth compressing; images and fonts (woff2) are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|map)$/;
/** Below this, the headers cost more than compression saves. */
const MIN_BYTES = 1024;

/**
 * Writes `file.br` (brotli, best quality) and `file.gz` (gzip -9) beside every compressible file of the
 * build, once, so the server sends compressed bytes without compressing on each request
 * (@fastify/static `preCompressed`).
 */
export function precompressPlugin(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'portal-precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle() {
      precompressDir(resolve(config.root, config.build.outDir));
    },
  };
}

/** Writes .br and .gz beside every compressible file of at least MIN_BYTES under root; returns how many files. */
export function precompressDir(root: string): number {
  let count = 0;
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const file = join(dir, name);
      if (statSync(file).isDirectory()) {
        if (!name.startsWith('.')) walk(file);
        continue;
      }
      if (!COMPRESSIBLE.test(name)) continue;
      const bytes = readFileSync(file);
      if (bytes.length < MIN_BYTES) continue;
      writeFileSync(
        `${file}.br`,
        brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
      );
      writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
      count += 1;
    }
  };
  walk(root);
  return count;
}
