import { createHash } from 'node:crypto';

/** What the served pages and the web manifest say about the carrier, from the settings (ADR 068). */
export interface Brand {
  site_name: string;
  short_name: string;
  /** In the language of the request. */
  description: string;
  logo: string;
}

/** The logo the web build draws inline on its loading screen (public/brand/logo.svg): kept as drawn when it is the logo. */
export const BUILT_LOGO = '/brand/logo.svg';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** A short version of the logo's address, for the icons' addresses: a new logo is a new address, never a stale cache. */
export const logoVersion = (logo: string) => createHash('sha256').update(logo).digest('base64url').slice(0, 10);

/** The address of an installed-app icon made from the current logo (brand-routes.ts serves them). */
export const iconUrl = (name: string, brand: Pick<Brand, 'logo'>) => `/app-icons/${name}.png?v=${logoVersion(brand.logo)}`;

/** JSON inside a <script type="application/json">: nothing in it can close the element. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * The built index.html as the carrier has set it: the title, the meta description, the home-screen title, the
 * icons and the loading screen's logo from the settings, and the settings the app needs before its first answer
 * (#portal-brand: the name and logo the loading screen and the header use until GET settings arrives). Data, not a
 * script: the CSP's inline-script hashes stay those of the build.
 */
export function renderIndexHtml(template: string, brand: Brand): string {
  const name = escapeHtml(brand.site_name);
  let html = template
    .replace(/<title>[^<]*<\/title>/, () => `<title>${name}</title>`)
    .replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${escapeHtml(brand.description)}" />`,
    )
    .replace(
      /<meta name="apple-mobile-web-app-title" content="[^"]*"\s*\/?>/,
      () => `<meta name="apple-mobile-web-app-title" content="${escapeHtml(brand.short_name)}" />`,
    )
    .replace(/<link rel="icon"[^>]*>/, () => `<link rel="icon" href="${escapeHtml(brand.logo)}" />`)
    .replace(/<link rel="apple-touch-icon"[^>]*>/, () => `<link rel="apple-touch-icon" href="${iconUrl('apple-touch-icon', brand)}" />`);
  if (brand.logo !== BUILT_LOGO) {
    const img = `<img class="app-loading-logo" src="${escapeHtml(brand.logo)}" alt="" width="60" height="60" />`;
    html = html.replace(/<svg class="app-loading-logo"[\s\S]*?<\/svg>|<img class="app-loading-logo"[^>]*>/, () => img);
  }
  const data = `<script type="application/json" id="portal-brand">${scriptJson({ site_name: brand.site_name, logo: brand.logo })}</script>`;
  return html.replace('</head>', () => `${data}</head>`);
}

/** The web app manifest of the installed app: its name, description and icons from the settings. */
export function webManifest(brand: Brand, lang: string) {
  return {
    name: brand.site_name,
    short_name: brand.short_name,
    description: brand.description,
    id: '/',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#16181d',
    theme_color: '#16181d',
    lang,
    icons: [
      { src: iconUrl('icon-192', brand), sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: iconUrl('icon-512', brand), sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: iconUrl('maskable-512', brand), sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}
