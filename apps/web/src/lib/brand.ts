/** What the page's HTML says about the carrier before GET settings has answered (the API writes it, ADR 068). */
export interface PageBrand {
  site_name: string;
  logo: string;
}

/** The web build's own logo (public/brand/logo.svg), when the page carries none (the dev server's page). */
const BUILT_LOGO = '/brand/logo.svg';
let kept: PageBrand | undefined;

/**
 * The carrier's name and logo from the served index.html (`<script type="application/json" id="portal-brand">`):
 * the loading screen and the header use them until the settings arrive, so no name is built into the app.
 */
export function pageBrand(): PageBrand {
  if (kept) return kept;
  let found: Partial<PageBrand> = {};
  try {
    const text = typeof document === 'undefined' ? null : document.getElementById('portal-brand')?.textContent;
    if (text) found = JSON.parse(text) as Partial<PageBrand>;
  } catch {
    /* a page without it (the dev server's) */
  }
  kept = {
    site_name: typeof found.site_name === 'string' ? found.site_name : '',
    logo: typeof found.logo === 'string' && found.logo ? found.logo : BUILT_LOGO,
  };
  return kept;
}

/** Tests: read the page again. */
export function resetPageBrand() {
  kept = undefined;
}
