import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IndexHtmlTransformContext, Plugin, ResolvedConfig } from 'vite';
import { firstScreens, START_CALLS } from '../src/app/pages.ts';

/** The stylesheet links Vite writes into the built index.html for the entry's CSS. */
const LINK = /<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[^"]+\.css)"\s*\/?>/g;
/** The texts' files index.html's inline script preloads, as written there (filled in by the build). */
const TEXTS = /var TEXTS = \{\};/;
/** A texts chunk of src/locales (ru-core.ts …), by its module. */
const TEXTS_MODULE = /\/src\/locales\/((?:kk|ru|en)-(?:core|rest))\.ts$/;
/** The files of the pages index.html's inline script preloads, as written there (filled in by the build). */
const PAGES = /var PAGES = \{\};/;

/** The calls index.html's inline script sends at start, as written there (filled in from the page list). */
const CALLS = /var CALLS = \{\};/;

/**
 * The first screens of the page list (src/app/pages.ts), by whether a token is kept and the address ('1 /orders'):
 * the modules under src/ each one's route loads. index.html's script preloads their chunks and styles with the page,
 * instead of after the entry script has run and matched the route (preloadPage). scripts/bundle-size.mjs checks in
 * Chromium that home, /orders and /auth get their chunks from the page's script, not from the app's.
 */
export const FIRST_SCREENS: Record<string, string[]> = Object.fromEntries(
  firstScreens().map((s) => [`${s.signedIn ? 1 : 0} ${s.path}`, s.modules]),
);

/**
 * The calls of the start, as index.html's script sends them (under /api): every start's, a kept token's, and each
 * signed-in first screen's own — the same addresses RTK Query's endpoints ask for (lib/api/addresses.ts).
 */
export function startCalls(): { always: string[]; signedIn: string[]; screens: Record<string, string[]> } {
  const api = (address: string) => `/api/${address}`;
  return {
    always: START_CALLS.always.map(api),
    signedIn: START_CALLS.signedIn.map(api),
    screens: Object.fromEntries(
      firstScreens()
        .filter((s) => s.signedIn && s.calls.length)
        .map((s) => [s.path, s.calls.map(api)]),
    ),
  };
}

/** Writes the start's calls into index.html's inline script, in the dev server as in the build. */
export function startCallsPlugin(): Plugin {
  return {
    name: 'portal-start-calls',
    transformIndexHtml: (html) => html.replace(CALLS, () => `var CALLS = ${JSON.stringify(startCalls())};`),
  };
}

export type Bundle = NonNullable<IndexHtmlTransformContext['bundle']>;
export type Chunk = Extract<Bundle[string], { type: 'chunk' }>;

/** A chunk's files beyond those already loaded (`have`): it, the chunks it imports (all the way down), their CSS. */
export function chunkFiles(bundle: Bundle, chunk: Chunk, have: Set<string>): string[] {
  const files: string[] = [];
  const visit = (c: Chunk) => {
    if (have.has(c.fileName) || files.includes(c.fileName)) return;
    files.push(c.fileName);
    for (const css of c.viteMetadata?.importedCss ?? []) if (!files.includes(css)) files.push(css);
    for (const name of c.imports) {
      const next = bundle[name];
      if (next?.type === 'chunk') visit(next);
    }
  };
  visit(chunk);
  return files;
}

/** The chunk a module under src/ is the entry of, or else the shared chunk that holds it. */
export function chunkOfModule(chunks: Chunk[], module: string): Chunk | undefined {
  return (
    chunks.find((c) => c.facadeModuleId?.endsWith(`/${module}`)) ?? chunks.find((c) => c.moduleIds.some((id) => id.endsWith(`/${module}`)))
  );
}

/** What the page loads anyway: the entry and the chunks it imports (Vite's own modulepreload links), with their CSS. */
export function entryFiles(bundle: Bundle): Set<string> {
  const files = new Set<string>();
  for (const entry of Object.values(bundle).filter((c): c is Chunk => c.type === 'chunk' && c.isEntry))
    chunkFiles(bundle, entry, new Set()).forEach((f) => files.add(f));
  return files;
}

/** The loading screen's logo in index.html (#root), as written there. */
const LOGO = /<img class="app-loading-logo" src="\/brand\/logo\.svg" alt="" width="60" height="60" \/>/;

/**
 * The built index.html paints its loading screen as soon as it arrives, waiting for no other file:
 * - the entry's CSS (fonts, tokens, global styles, the shell's modules: 23 KB, 7 KB in brotli) is put inside it
 *   instead of linked: a linked stylesheet blocks the first paint until its own round trip ends, and the app's first
 *   render waits for no CSS file either. The file stays in assets/ (pages' chunks link their own CSS as before);
 * - the loading screen's logo is public/brand/logo.svg drawn inline instead of an <img> fetched after the page
 *   (the same picture at the same 60 px; LoadingScreen, which replaces it, shows the <img>);
 * - the inline script's TEXTS names the built file of each language's texts (kk-core, kk-rest, …), which it preloads
 *   for the stored language before the entry script has run, and PAGES the files of the FIRST_SCREENS pages.
 */
export function firstPaintPlugin(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'portal-first-paint',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const withCss = html.replace(LINK, (link, file: string) => {
          const asset = ctx.bundle?.[file];
          if (!asset || asset.type !== 'asset') return link;
          const css = typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
          if (css.includes('</style')) return link;
          return `<style>${css.trim()}</style>`;
        });
        const bundle = ctx.bundle ?? {};
        const chunks = Object.values(bundle).filter((c): c is Chunk => c.type === 'chunk');
        const texts: Record<string, string> = {};
        for (const chunk of chunks) {
          const name = chunk.facadeModuleId ? TEXTS_MODULE.exec(chunk.facadeModuleId)?.[1] : undefined;
          if (name) texts[name] = `${config.base}${chunk.fileName}`;
        }
        const have = entryFiles(bundle);
        const pages: Record<string, string[]> = {};
        for (const [screen, modules] of Object.entries(FIRST_SCREENS)) {
          const files = new Set<string>();
          for (const module of modules) {
            const chunk = chunkOfModule(chunks, module);
            if (chunk) chunkFiles(bundle, chunk, new Set([...have, ...files])).forEach((file) => files.add(file));
          }
          if (files.size) pages[screen] = [...files].map((file) => `${config.base}${file}`);
        }
        return withCss
          .replace(LOGO, () => inlineLogo(join(config.publicDir, 'brand/logo.svg')))
          .replace(TEXTS, () => `var TEXTS = ${JSON.stringify(texts)};`)
          .replace(PAGES, () => `var PAGES = ${JSON.stringify(pages)};`);
      },
    },
  };
}

/** logo.svg as an inline, decorative <svg> of the loading screen's logo class (60 px by its CSS). */
export function inlineLogo(file: string): string {
  const svg = readFileSync(file, 'utf8').trim();
  return svg
    .replace(/<svg\b[^>]*>/, (open) =>
      open
        .replace(/\s(?:width|height|role|aria-label)="[^"]*"/g, '')
        .replace('<svg', '<svg class="app-loading-logo" width="60" height="60" aria-hidden="true" focusable="false"'),
    )
    .replace(/>\s+</g, '><');
}
