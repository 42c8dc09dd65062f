import type { TelegramInset, TelegramThemeParams, TelegramWebApp } from './types';
import { setTelegramApp } from './detect';

/**
 * Inside Telegram only (a lazy chunk: the ordinary site never loads it). Loads Telegram's own script through the
 * @twa-dev/sdk package unless a WebApp is already there (Telegram Web's iframe, a test's stub), starts it (ready,
 * expand) and keeps the page in Telegram's theme and safe areas.
 */
export async function loadTelegramWebApp(): Promise<TelegramWebApp | null> {
  if (!window.Telegram?.WebApp?.initData) await import('@twa-dev/sdk').catch(() => undefined);
  const app = window.Telegram?.WebApp;
  return app?.initData ? app : null;
}

/**
 * Telegram's colours as our semantic tokens (styles/tokens.css): the page, its cards, texts, lines and the danger
 * colour follow the chat's theme; the accent (our buttons, links) stays the carrier's orange.
 */
export function telegramTokens(theme: TelegramThemeParams): Record<string, string> {
  const pick = (...keys: (keyof TelegramThemeParams)[]) => keys.map((k) => theme[k]).find((v) => v && /^#[0-9a-f]{3,8}$/i.test(v));
  const tokens: Record<string, string | undefined> = {
    '--color-bg': pick('secondary_bg_color', 'bg_color'),
    '--color-surface': pick('section_bg_color', 'bg_color'),
    '--color-surface-raised': pick('section_bg_color', 'bg_color'),
    '--color-surface-sunken': pick('secondary_bg_color', 'bg_color'),
    '--color-text': pick('text_color'),
    '--color-text-muted': pick('subtitle_text_color', 'hint_color'),
    '--color-text-subtle': pick('hint_color'),
    '--color-border': pick('section_separator_color'),
    '--color-danger': pick('destructive_text_color'),
  };
  return Object.fromEntries(Object.entries(tokens).filter((e): e is [string, string] => e[1] !== undefined));
}

/** The safe areas (the device's and Telegram's own controls in full screen) as CSS variables global.css pads by. */
export function safeAreaVars(app: Pick<TelegramWebApp, 'safeAreaInset' | 'contentSafeAreaInset'>): Record<string, string> {
  const zero: TelegramInset = { top: 0, bottom: 0, left: 0, right: 0 };
  const device = app.safeAreaInset ?? zero;
  const content = app.contentSafeAreaInset ?? zero;
  const px = (side: keyof TelegramInset) => `${Math.max(0, (device[side] || 0) + (content[side] || 0))}px`;
  return { '--tg-safe-top': px('top'), '--tg-safe-bottom': px('bottom'), '--tg-safe-left': px('left'), '--tg-safe-right': px('right') };
}

const TOKEN_NAMES = ['--color-bg', '--color-surface', '--color-surface-raised', '--color-surface-sunken', '--color-text'];

/** Puts Telegram's theme and safe areas on <html> (inline: above both [data-theme] sets) and Telegram's bars in step. */
export function applyTelegramLook(app: TelegramWebApp, root: HTMLElement = document.documentElement): void {
  root.classList.add('tg');
  root.dataset.theme = app.colorScheme === 'light' ? 'light' : 'dark';
  for (const name of [...TOKEN_NAMES, '--color-text-muted', '--color-text-subtle', '--color-border', '--color-danger'])
    root.style.removeProperty(name);
  for (const [name, value] of Object.entries({ ...telegramTokens(app.themeParams), ...safeAreaVars(app) }))
    root.style.setProperty(name, value);
  const bg = app.themeParams.secondary_bg_color ?? app.themeParams.bg_color;
  if (bg) {
    app.setHeaderColor?.(bg);
    app.setBackgroundColor?.(bg);
    app.setBottomBarColor?.(bg);
  }
}

/** ready() and expand() at once, then the look, again whenever Telegram changes the theme or the safe areas. */
export function startTelegramWebApp(app: TelegramWebApp, onScheme?: (scheme: 'light' | 'dark') => void): void {
  setTelegramApp(app);
  app.ready();
  app.expand();
  const update = () => {
    applyTelegramLook(app);
    onScheme?.(app.colorScheme === 'light' ? 'light' : 'dark');
  };
  update();
  for (const event of ['themeChanged', 'safeAreaChanged', 'contentSafeAreaChanged'] as const) app.onEvent(event, update);
}

/** Telegram's language for a new customer: kk, ru or en; anything else is Russian. */
export function telegramLang(app: Pick<TelegramWebApp, 'initDataUnsafe'>): 'kk' | 'ru' | 'en' {
  const code = app.initDataUnsafe.user?.language_code?.toLowerCase().slice(0, 2);
  return code === 'kk' || code === 'en' ? code : 'ru';
}
