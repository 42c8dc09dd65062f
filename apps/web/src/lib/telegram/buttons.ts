import { useEffect, useRef } from 'react';
import { telegramApp } from './detect';

export interface MainButtonSpec {
  text: string;
  onClick: () => void;
  progress?: boolean;
  disabled?: boolean;
}

/** The accent our buttons use, for Telegram's MainButton (the carrier's orange, not the chat's blue). */
function accent(): { color?: string; text_color?: string } {
  const style = getComputedStyle(document.documentElement);
  const color = style.getPropertyValue('--color-accent').trim();
  const text = style.getPropertyValue('--color-on-accent').trim();
  return /^#[0-9a-f]{3,8}$/i.test(color) ? { color, text_color: /^#[0-9a-f]{3,8}$/i.test(text) ? text : '#ffffff' } : {};
}

/**
 * Telegram's MainButton as the page's main action while the page shows (null: none). Answers whether Telegram
 * draws it, so the page leaves out its own button. Outside Telegram it does nothing and answers false.
 */
export function useTelegramMainButton(spec: MainButtonSpec | null): boolean {
  const app = telegramApp();
  const handler = useRef(spec?.onClick);
  handler.current = spec?.onClick;
  const shown = Boolean(app && spec);
  useEffect(() => {
    if (!app || !shown) return;
    const click = () => handler.current?.();
    app.MainButton.onClick(click);
    return () => {
      app.MainButton.offClick(click);
      app.MainButton.hide();
    };
  }, [app, shown]);
  const text = spec?.text;
  const progress = Boolean(spec?.progress);
  const disabled = Boolean(spec?.disabled);
  useEffect(() => {
    if (!app || !shown || !text) return;
    app.MainButton.setParams({ text, ...accent(), is_active: !disabled && !progress, is_visible: true });
    if (progress) app.MainButton.showProgress(false);
    else app.MainButton.hideProgress();
  }, [app, shown, text, progress, disabled]);
  return shown;
}

/** Telegram's BackButton while `canGoBack` (the app's own history has a page before this one). */
export function useTelegramBackButton(canGoBack: boolean, goBack: () => void): void {
  const app = telegramApp();
  const handler = useRef(goBack);
  handler.current = goBack;
  useEffect(() => {
    if (!app) return;
    if (!canGoBack) {
      app.BackButton.hide();
      return;
    }
    const click = () => handler.current();
    app.BackButton.onClick(click);
    app.BackButton.show();
    return () => {
      app.BackButton.offClick(click);
    };
  }, [app, canGoBack]);
}
