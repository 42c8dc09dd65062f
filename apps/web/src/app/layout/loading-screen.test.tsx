import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { IndexHtmlTransformContext } from 'vite';
import { firstPaintPlugin } from '../../../build/first-paint';
import i18next from 'i18next';
import { LANGUAGES } from '@portal/contract';
import { loadLanguage } from '../../lib/i18n/i18n';
import { BOOT_LOADING_LABEL, LoadingScreen } from './loading-screen';

afterEach(async () => {
  await i18next.changeLanguage('en');
});

describe('LoadingScreen', () => {
  it('its label is translated (kk, ru, en), and the before-texts label says the same words', async () => {
    for (const lang of LANGUAGES) {
      await loadLanguage(lang);
      await i18next.changeLanguage(lang);
      const { unmount } = render(<LoadingScreen />);
      const label = screen.getByRole('status').getAttribute('aria-label');
      expect(label).toBe(i18next.t('common:loading'));
      expect(BOOT_LOADING_LABEL[lang]).toBe(label);
      unmount();
    }
    expect(BOOT_LOADING_LABEL.kk).toBe('Жүктелуде');
  });

  it('index.html paints the same screen before any script: same elements and classes, its logo drawn inline once built', async () => {
    const web = join(__dirname, '../../..');
    const source = readFileSync(join(web, 'index.html'), 'utf8');
    const plugin = firstPaintPlugin();
    (plugin.configResolved as (c: unknown) => void)({ publicDir: join(web, 'public') });
    const css = '.app-loading{display:grid}';
    const bundle = { 'assets/index-abc.css': { type: 'asset', source: css } };
    const built = (plugin.transformIndexHtml as { handler: (html: string, ctx: IndexHtmlTransformContext) => string }).handler(
      // As Vite leaves it: the source's stylesheet links (/src/styles/…) become the one link of the entry's CSS.
      source
        .replace(/<link rel="stylesheet" href="\/src\/[^"]+" \/>\s*/g, '')
        .replace('</head>', '<link rel="stylesheet" crossorigin href="/assets/index-abc.css">\n</head>'),
      { bundle } as unknown as IndexHtmlTransformContext,
    );
    // The entry's CSS is in the page, not linked: nothing holds the first paint.
    expect(built).toContain(`<style>${css}</style>`);
    expect(built).not.toMatch(/<link rel="stylesheet"/);

    /** Each element as tag.classes with its children; the logo is the same picture as an <img> or inline <svg>. */
    const shape = (el: Element): string => {
      const cls = el.getAttribute('class') ?? '';
      const tag = cls === 'app-loading-logo' ? 'logo' : el.tagName.toLowerCase();
      const kids = tag === 'logo' ? [] : [...el.children].map(shape);
      return `${tag}.${cls}${kids.length ? `(${kids.join(',')})` : ''}`;
    };
    const staticRoot = new DOMParser().parseFromString(built, 'text/html').getElementById('root')!;
    expect(staticRoot.querySelector('svg.app-loading-logo')).not.toBeNull();
    expect(staticRoot.querySelector('svg.app-loading-logo path')).not.toBeNull();
    const { container } = render(<LoadingScreen />);
    expect([...staticRoot.children].map(shape)).toEqual([...container.children].map(shape));
  });
});
