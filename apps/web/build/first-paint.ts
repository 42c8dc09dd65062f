import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';

/** The stylesheet links Vite writes into the built index.html for the entry's CSS. */
const LINK = /<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[^"]+\.css)"\s*\/?>/g;
/** The texts' files index.html's inline script preloads, as written there (filled in by the build). */
const TEXTS = /var TEXTS = \{\};/;
/** A texts chunk of src/locales (ru-core.ts …), by its module. */
const TEXTS_MODULE = /\/src\/locales\/((?:kk|ru|en)-(?:core|rest))\.ts$/;
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
 *   for the stored language before the entry script has run.
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
        const texts: Record<string, string> = {};
        for (const chunk of Object.values(ctx.bundle ?? {})) {
          const name = chunk.type === 'chunk' && chunk.facadeModuleId ? TEXTS_MODULE.exec(chunk.facadeModuleId)?.[1] : undefined;
          if (name) texts[name] = `${config.base}${chunk.fileName}`;
        }
        return withCss
          .replace(LOGO, () => inlineLogo(join(config.publicDir, 'brand/logo.svg')))
          .replace(TEXTS, () => `var TEXTS = ${JSON.stringify(texts)};`);
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
