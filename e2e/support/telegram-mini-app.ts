import { createHmac } from 'node:crypto';
import type { BrowserContext, Page } from '@playwright/test';

/**
 * Telegram as a Mini App sees it, for browser tests (ADR 078): initData and requestContact answers signed with the
 * bot's token exactly as Telegram documents it, and a stubbed window.Telegram.WebApp (put in place before the app's
 * scripts run) that draws its MainButton and BackButton as plain elements at the page's edges, records what the app
 * asked of it, and answers requestContact with the signed contact.
 */
export function signTelegram(fields: Record<string, string>, token: string): string {
  const check = Object.keys(fields)
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('\n');
  const secret = createHmac('sha256', 'WebAppData').update(token).digest();
  const hash = createHmac('sha256', secret).update(check).digest('hex');
  return new URLSearchParams({ ...fields, hash }).toString();
}

export interface TelegramPerson {
  id: number;
  first_name: string;
  last_name: string;
  language_code: string;
}

const now = () => String(Math.floor(Date.now() / 1000));

export function initDataFor(person: TelegramPerson, token: string): string {
  return signTelegram({ auth_date: now(), query_id: `AAH${person.id}${Date.now()}`, user: JSON.stringify(person) }, token);
}

export function contactFor(person: TelegramPerson, phone: string, token: string): string {
  const contact = { user_id: person.id, phone_number: phone.replace('+', ''), first_name: person.first_name, last_name: person.last_name };
  return signTelegram({ auth_date: now(), contact: JSON.stringify(contact) }, token);
}

export const TELEGRAM_THEMES = {
  light: {
    bg_color: '#ffffff',
    secondary_bg_color: '#efeff4',
    section_bg_color: '#ffffff',
    text_color: '#000000',
    hint_color: '#8e8e93',
    subtitle_text_color: '#8e8e93',
    link_color: '#2481cc',
    button_color: '#2481cc',
    button_text_color: '#ffffff',
    section_separator_color: '#c8c7cc',
    destructive_text_color: '#ff3b30',
  },
  dark: {
    bg_color: '#212d3b',
    secondary_bg_color: '#151e27',
    section_bg_color: '#1d2733',
    text_color: '#ffffff',
    hint_color: '#7d8b99',
    subtitle_text_color: '#7d8b99',
    link_color: '#5eb5f7',
    button_color: '#5288c1',
    button_text_color: '#ffffff',
    section_separator_color: '#0d1217',
    destructive_text_color: '#ef5b5b',
  },
} as const;

export interface StubOptions {
  initData: string;
  contact?: string;
  colorScheme?: 'light' | 'dark';
  safeTop?: number;
}

/** window.Telegram.WebApp for every page of the context (or page) from now on. */
export async function stubTelegram(target: Page | BrowserContext, opts: StubOptions): Promise<void> {
  const scheme = opts.colorScheme ?? 'light';
  await target.addInitScript(
    ({ initData, contact, scheme, theme, safeTop }) => {
      const state = {
        main: { text: '', visible: false, clicks: [] as (() => void)[] },
        back: { visible: false, clicks: [] as (() => void)[] },
        calls: [] as string[],
      };
      const bar = (id: string, css: string) => {
        let el = document.getElementById(id);
        if (!el) {
          el = document.createElement('button');
          el.id = id;
          el.dataset.testid = id;
          el.setAttribute('style', css);
          document.documentElement.appendChild(el);
        }
        return el;
      };
      const drawMain = (params: { color?: string; text_color?: string }) => {
        const el = bar(
          'tg-main-button',
          'position:fixed;left:8px;right:8px;bottom:8px;height:48px;border:0;border-radius:10px;font:600 16px system-ui;z-index:99999',
        );
        el.textContent = state.main.text;
        el.style.display = state.main.visible ? 'block' : 'none';
        if (params.color) el.style.background = params.color;
        if (params.text_color) el.style.color = params.text_color;
        el.onclick = () => state.main.clicks.forEach((c) => c());
      };
      const drawBack = () => {
        const el = bar(
          'tg-back-button',
          'position:fixed;right:8px;bottom:64px;height:32px;padding:0 12px;border:0;border-radius:16px;background:#0008;color:#fff;font:14px system-ui;z-index:99999',
        );
        el.textContent = '‹ Back';
        el.style.display = state.back.visible ? 'block' : 'none';
        el.onclick = () => state.back.clicks.forEach((c) => c());
      };
      const user = JSON.parse(new URLSearchParams(initData).get('user') ?? '{}') as unknown;
      let mainParams: { color?: string; text_color?: string } = {};
      const main = {
        setParams(p: { text?: string; is_visible?: boolean; color?: string; text_color?: string }) {
          if (p.text !== undefined) state.main.text = p.text;
          if (p.is_visible !== undefined) state.main.visible = p.is_visible;
          mainParams = { ...mainParams, ...p };
          drawMain(mainParams);
          return main;
        },
        show: () => main.setParams({ is_visible: true }),
        hide: () => main.setParams({ is_visible: false }),
        showProgress: () => main,
        hideProgress: () => main,
        onClick(cb: () => void) {
          state.main.clicks.push(cb);
          return main;
        },
        offClick(cb: () => void) {
          state.main.clicks = state.main.clicks.filter((c) => c !== cb);
          return main;
        },
      };
      const back = {
        show() {
          state.back.visible = true;
          drawBack();
          return back;
        },
        hide() {
          state.back.visible = false;
          drawBack();
          return back;
        },
        onClick(cb: () => void) {
          state.back.clicks.push(cb);
          return back;
        },
        offClick(cb: () => void) {
          state.back.clicks = state.back.clicks.filter((c) => c !== cb);
          return back;
        },
      };
      const w = window as unknown as { Telegram: unknown; __tg: unknown };
      w.__tg = state;
      w.Telegram = {
        WebApp: {
          initData,
          initDataUnsafe: { user },
          version: '8.0',
          platform: 'ios',
          colorScheme: scheme,
          themeParams: theme,
          safeAreaInset: { top: safeTop, bottom: 0, left: 0, right: 0 },
          contentSafeAreaInset: { top: 0, bottom: 0, left: 0, right: 0 },
          ready: () => state.calls.push('ready'),
          expand: () => state.calls.push('expand'),
          isVersionAtLeast: () => true,
          onEvent: () => undefined,
          offEvent: () => undefined,
          setHeaderColor: () => undefined,
          setBackgroundColor: () => undefined,
          setBottomBarColor: () => undefined,
          requestContact(cb: (shared: boolean, answer?: unknown) => void) {
            state.calls.push('requestContact');
            setTimeout(() => (contact ? cb(true, { status: 'sent', response: contact }) : cb(false, { status: 'cancelled' })), 50);
          },
          MainButton: main,
          BackButton: back,
        },
      };
    },
    { initData: opts.initData, contact: opts.contact ?? '', scheme, theme: TELEGRAM_THEMES[scheme], safeTop: opts.safeTop ?? 0 },
  );
}
