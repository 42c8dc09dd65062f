import { readFile } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LANGUAGES, type TLang } from '@portal/contract';
import { requestLang } from '../../lib/request-lang';
import { ifNoneMatchHits, strongEtag } from '../../plugins/etag';
import { settingsRepository } from '../settings/settings-repository';
import { isAppIconName, plainAppIcon, renderAppIcon, type AppIconName } from './app-icons';
import { BUILT_LOGO, renderIndexHtml, webManifest, type Brand } from './brand-page';
import { legalHtml } from './legal-html';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends the web app's index.html as the carrier has set it (the SPA's every page), with this status. */
    sendAppPage(request: FastifyRequest, reply: FastifyReply, status: number): Promise<FastifyReply>;
    /** The last index.html this process sent in `lang` (or the build's): for answers that cannot wait for the database. */
    lastAppPage(lang: TLang): string;
  }
}

/** Icons made from a logo, kept per logo address (a few: the current one and any a page still shows). */
const ICON_LOGOS_KEPT = 4;
/** Compressed pages kept per ETag (one per language and settings). */
const PAGES_KEPT = 8;

/**
 * The carrier's brand on everything served outside /api (ADR 068): index.html, the web manifest and its icons
 * (made from the uploaded logo with sharp), /favicon.ico and the standalone legal pages, all from the settings.
 * The settings are read through the content cache, so an admin's save shows at once here and within its 5 s elsewhere.
 */
export const brandRoutes = fp(async (app: FastifyInstance, opts: { webDist: string; template: string | null }) => {
  const { webDist, template } = opts;
  const webRoot = resolve(webDist) + sep;

  async function brandOf(lang: TLang): Promise<Brand> {
    const key = `brand ${lang}`;
    const kept = app.contentCache.get(key);
    if (kept) return JSON.parse(String(kept.payload)) as Brand;
    const generation = app.contentCache.generation;
    const s = await settingsRepository.all(app.db, lang);
    const brand: Brand = { site_name: s.site_name, short_name: s.short_name, description: s.description, logo: s.logo || BUILT_LOGO };
    const payload = JSON.stringify(brand);
    app.contentCache.set(key, generation, { payload, type: 'application/json', etag: '' });
    return brand;
  }

  const lastPages = new Map<TLang, string>();
  const compressed = new Map<string, { br: Buffer; gzip: Buffer }>();
  app.decorate('lastAppPage', (lang: TLang) => lastPages.get(lang) ?? lastPages.values().next().value ?? template ?? '');
  app.decorate('sendAppPage', async (request: FastifyRequest, reply: FastifyReply, status: number) => {
    const lang = requestLang(request);
    const html = renderIndexHtml(template ?? '', await brandOf(lang));
    lastPages.set(lang, html);
    const etag = strongEtag(html);
    reply.code(status).header('cache-control', 'no-cache').header('vary', 'Accept-Language, Accept-Encoding').header('etag', etag);
    reply.type('text/html; charset=utf-8');
    if (status === 200 && ifNoneMatchHits(request.headers['if-none-match'], etag)) return reply.code(304).send();
    // Compressed once per page version at the build's quality (the build used to do it), not on every request.
    let variants = compressed.get(etag);
    if (!variants) {
      variants = {
        br: brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: html.length } }),
        gzip: gzipSync(html, { level: 9 }),
      };
      if (compressed.size >= PAGES_KEPT) compressed.delete(compressed.keys().next().value!);
      compressed.set(etag, variants);
    }
    const accepts = String(request.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : null;
    if (!encoding) return reply.send(html);
    return reply.header('content-encoding', encoding).send(variants[encoding]);
  });

  /** The logo's bytes: an upload from storage, or a file of the built web app (the demo logo); null when neither. */
  async function logoBytes(logo: string): Promise<Buffer | null> {
    const key = app.uploads.keyOf(logo);
    if (key) {
      const object = await app.uploads.open(key);
      if (!object) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of object.body) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    }
    const file = resolve(webDist, `.${logo.split('?')[0]}`);
    if (!file.startsWith(webRoot)) return null;
    return readFile(file).catch(() => null);
  }

  const icons = new Map<string, Map<AppIconName, Promise<Buffer>>>();
  function iconOf(logo: string, name: AppIconName): Promise<Buffer> {
    let set = icons.get(logo);
    if (!set) {
      if (icons.size >= ICON_LOGOS_KEPT) icons.delete(icons.keys().next().value!);
      set = new Map();
      icons.set(logo, set);
    }
    let icon = set.get(name);
    if (!icon) {
      icon = (async () => {
        const bytes = await logoBytes(logo);
        if (!bytes) return plainAppIcon(name);
        try {
          return await renderAppIcon(bytes, name);
        } catch (error) {
          app.log.warn({ err: error, logo }, 'the logo could not be drawn as an app icon');
          return plainAppIcon(name);
        }
      })();
      icon.catch(() => set.delete(name));
      set.set(name, icon);
    }
    return icon;
  }

  async function sendIcon(request: FastifyRequest, reply: FastifyReply, name: AppIconName) {
    const brand = await brandOf(requestLang(request));
    const png = await iconOf(brand.logo, name);
    // Addressed by the logo's version (?v=): a new logo is a new address.
    return reply.header('cache-control', 'public, max-age=86400').type('image/png').send(png);
  }

  if (template) app.get('/index.html', (request, reply) => app.sendAppPage(request, reply, 200));

  app.get('/manifest.webmanifest', async (request, reply) => {
    const lang = requestLang(request);
    const body = JSON.stringify(webManifest(await brandOf(lang), lang));
    const etag = strongEtag(body);
    reply.header('cache-control', 'no-cache').header('vary', 'Accept-Language').header('etag', etag).type('application/manifest+json');
    if (ifNoneMatchHits(request.headers['if-none-match'], etag)) return reply.code(304).send();
    return reply.send(body);
  });

  app.get<{ Params: { file: string } }>('/app-icons/:file', async (request, reply) => {
    const name = /^([a-z0-9-]+)\.png$/.exec(request.params.file)?.[1];
    if (!name || !isAppIconName(name) || name === 'favicon') return reply.code(404).type('text/plain').send('Not found');
    return sendIcon(request, reply, name);
  });

  app.get('/favicon.ico', async (request, reply) => sendIcon(request, reply, 'favicon'));

  app.get<{ Params: { file: string } }>('/legal/:file', async (request, reply) => {
    const doc = /^(terms|privacy)\.html$/.exec(request.params.file)?.[1] as 'terms' | 'privacy' | undefined;
    if (!doc) return reply.code(404).type('text/plain').send('Not found');
    const lang = requestLang(request);
    const texts = Object.fromEntries(
      await Promise.all(LANGUAGES.map(async (l) => [l, await settingsRepository.legalText(app.db, doc, l)] as const)),
    ) as Record<TLang, string>;
    if (!LANGUAGES.some((l) => texts[l])) return reply.code(404).type('text/plain').send('Not found');
    const html = legalHtml(doc, texts, await brandOf(lang), lang);
    return reply.header('cache-control', 'no-cache').header('vary', 'Accept-Language').type('text/html; charset=utf-8').send(html);
  });
});
