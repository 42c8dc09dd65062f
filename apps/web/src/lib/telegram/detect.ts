import type { TelegramWebApp } from './types';

/**
 * Whether the page runs inside Telegram as a Mini App, known without the SDK (this module is in every first screen,
 * so it stays tiny): the bot's links carry `tg=1`, Telegram puts `tgWebAppData` in the address's hash, and a stub or
 * an already loaded SDK leaves `window.Telegram.WebApp.initData`. Once seen, the tab remembers it (a reload or a
 * navigation that dropped the hash is still inside Telegram).
 */
const TAB_FLAG = 'telegram_mini_app';
let inside: boolean | undefined;
let app: TelegramWebApp | null = null;

export function insideTelegram(loc: Pick<Location, 'search' | 'hash'> | undefined = globalThis.location): boolean {
  if (inside !== undefined) return inside;
  let kept = false;
  try {
    kept = globalThis.sessionStorage?.getItem(TAB_FLAG) === '1';
  } catch {
    kept = false;
  }
  const seen =
    Boolean(loc && (new URLSearchParams(loc.search).get('tg') === '1' || loc.hash.includes('tgWebAppData='))) ||
    Boolean(globalThis.window?.Telegram?.WebApp?.initData);
  inside = kept || seen;
  if (seen && !kept) {
    try {
      globalThis.sessionStorage?.setItem(TAB_FLAG, '1');
    } catch {
      /* storage blocked: this load still knows */
    }
  }
  return inside;
}

/** The WebApp object once the Telegram chunk has started it (null outside Telegram or before that). */
export function telegramApp(): TelegramWebApp | null {
  return app;
}

export function setTelegramApp(next: TelegramWebApp | null): void {
  app = next;
}

/** Tests: forget what was detected. */
export function resetTelegramDetection(): void {
  inside = undefined;
  app = null;
}
