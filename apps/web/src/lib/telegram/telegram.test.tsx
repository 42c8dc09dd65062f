import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render } from '@testing-library/react';
import { insideTelegram, resetTelegramDetection, setTelegramApp } from './detect';
import { applyTelegramLook, safeAreaVars, startTelegramWebApp, telegramLang, telegramTokens } from './web-app';
import { useTelegramBackButton, useTelegramMainButton, type MainButtonSpec } from './buttons';
import type { TelegramWebApp } from './types';

/** A stubbed window.Telegram.WebApp: records what the app asks of Telegram. */
function stubWebApp(over: Partial<TelegramWebApp> = {}) {
  const handlers = new Map<string, () => void>();
  const main = { params: {} as Record<string, unknown>, clicks: [] as (() => void)[], visible: false, progress: false };
  const back = { visible: false, clicks: [] as (() => void)[] };
  const app: TelegramWebApp = {
    initData: 'auth_date=1&hash=x',
    initDataUnsafe: { user: { id: 7, language_code: 'kk' } },
    version: '8.0',
    colorScheme: 'light',
    themeParams: {
      bg_color: '#ffffff',
      secondary_bg_color: '#f0f0f5',
      section_bg_color: '#fefefe',
      text_color: '#111111',
      hint_color: '#999999',
      button_color: '#2481cc',
    } as never,
    safeAreaInset: { top: 44, bottom: 34, left: 0, right: 0 },
    contentSafeAreaInset: { top: 56, bottom: 0, left: 0, right: 0 },
    ready: vi.fn(),
    expand: vi.fn(),
    isVersionAtLeast: () => true,
    onEvent: (event, cb) => handlers.set(event, cb),
    offEvent: (event) => handlers.delete(event),
    setHeaderColor: vi.fn(),
    setBackgroundColor: vi.fn(),
    setBottomBarColor: vi.fn(),
    requestContact: vi.fn(),
    MainButton: {
      setParams: (p) => {
        Object.assign(main.params, p);
        main.visible = p.is_visible ?? main.visible;
      },
      show: () => (main.visible = true),
      hide: () => (main.visible = false),
      showProgress: () => (main.progress = true),
      hideProgress: () => (main.progress = false),
      onClick: (cb) => main.clicks.push(cb),
      offClick: (cb) => (main.clicks = main.clicks.filter((c) => c !== cb)),
    },
    BackButton: {
      show: () => (back.visible = true),
      hide: () => (back.visible = false),
      onClick: (cb) => back.clicks.push(cb),
      offClick: (cb) => (back.clicks = back.clicks.filter((c) => c !== cb)),
    },
    ...over,
  };
  return { app, handlers, main, back };
}

beforeEach(() => {
  resetTelegramDetection();
  sessionStorage.clear();
  document.documentElement.removeAttribute('style');
  document.documentElement.className = '';
});
afterEach(() => {
  delete window.Telegram;
  resetTelegramDetection();
});

describe('detecting Telegram without the SDK', () => {
  it('is outside Telegram on the ordinary site; inside with tg=1, tgWebAppData in the hash or a WebApp with initData, and the tab remembers', () => {
    expect(insideTelegram({ search: '', hash: '' })).toBe(false);
    resetTelegramDetection();
    expect(insideTelegram({ search: '?tg=1', hash: '' })).toBe(true);
    resetTelegramDetection();
    expect(insideTelegram({ search: '', hash: '' })).toBe(true); // the tab remembered
    sessionStorage.clear();
    resetTelegramDetection();
    expect(insideTelegram({ search: '', hash: '#tgWebAppData=query_id%3D1&tgWebAppVersion=8.0' })).toBe(true);
    sessionStorage.clear();
    resetTelegramDetection();
    window.Telegram = { WebApp: stubWebApp().app };
    expect(insideTelegram({ search: '', hash: '' })).toBe(true);
  });
});

describe('theme and safe areas', () => {
  it('maps Telegram theme colours to our tokens, keeps our accent, and ignores what is not a colour', () => {
    const tokens = telegramTokens({
      bg_color: '#ffffff',
      secondary_bg_color: '#efeff4',
      section_bg_color: '#fafafa',
      text_color: '#000000',
      hint_color: '#8e8e93',
      section_separator_color: '#c8c7cc',
      destructive_text_color: 'red;}',
    });
    expect(tokens).toMatchObject({
      '--color-bg': '#efeff4',
      '--color-surface': '#fafafa',
      '--color-text': '#000000',
      '--color-text-muted': '#8e8e93',
      '--color-border': '#c8c7cc',
    });
    expect(tokens).not.toHaveProperty('--color-accent');
    expect(tokens).not.toHaveProperty('--color-danger');
    expect(telegramTokens({ bg_color: '#17212b' })).toEqual({
      '--color-bg': '#17212b',
      '--color-surface': '#17212b',
      '--color-surface-raised': '#17212b',
      '--color-surface-sunken': '#17212b',
    });
  });

  it('pads by the device and content safe areas together', () => {
    expect(
      safeAreaVars({
        safeAreaInset: { top: 44, bottom: 34, left: 0, right: 0 },
        contentSafeAreaInset: { top: 56, bottom: 0, left: 0, right: 0 },
      }),
    ).toEqual({
      '--tg-safe-top': '100px',
      '--tg-safe-bottom': '34px',
      '--tg-safe-left': '0px',
      '--tg-safe-right': '0px',
    });
    expect(safeAreaVars({})['--tg-safe-top']).toBe('0px');
  });

  it('starts Telegram (ready, expand), puts the look on <html> and follows a theme change', () => {
    const { app, handlers } = stubWebApp();
    const schemes: string[] = [];
    startTelegramWebApp(app, (s) => schemes.push(s));
    expect(app.ready).toHaveBeenCalled();
    expect(app.expand).toHaveBeenCalled();
    const root = document.documentElement;
    expect(root.classList.contains('tg')).toBe(true);
    expect(root.dataset.theme).toBe('light');
    expect(root.style.getPropertyValue('--color-bg')).toBe('#f0f0f5');
    expect(root.style.getPropertyValue('--tg-safe-top')).toBe('100px');
    expect(app.setHeaderColor).toHaveBeenCalledWith('#f0f0f5');
    app.colorScheme = 'dark';
    app.themeParams = { bg_color: '#17212b', text_color: '#f5f5f5' };
    handlers.get('themeChanged')!();
    expect(root.dataset.theme).toBe('dark');
    expect(root.style.getPropertyValue('--color-bg')).toBe('#17212b');
    expect(root.style.getPropertyValue('--color-text')).toBe('#f5f5f5');
    expect(schemes).toEqual(['light', 'dark']);
    app.safeAreaInset = { top: 0, bottom: 20, left: 0, right: 0 };
    app.contentSafeAreaInset = { top: 0, bottom: 0, left: 0, right: 0 };
    handlers.get('safeAreaChanged')!();
    expect(root.style.getPropertyValue('--tg-safe-bottom')).toBe('20px');
  });

  it('takes a new customer’s language from Telegram: kk, ru, en, else ru', () => {
    const of = (code?: string) => telegramLang({ initDataUnsafe: { user: { id: 1, language_code: code } } });
    expect([of('kk'), of('en'), of('ru'), of('uk'), of(undefined), of('en-US')]).toEqual(['kk', 'en', 'ru', 'ru', 'ru', 'en']);
  });

  it('applyTelegramLook drops a colour the new theme no longer names', () => {
    const { app } = stubWebApp();
    applyTelegramLook(app);
    expect(document.documentElement.style.getPropertyValue('--color-surface')).toBe('#fefefe');
    app.themeParams = { bg_color: '#000000' };
    applyTelegramLook(app);
    expect(document.documentElement.style.getPropertyValue('--color-text')).toBe('');
  });
});

describe('Telegram’s buttons', () => {
  function MainButtonPage({ spec }: { spec: MainButtonSpec | null }) {
    const drawn = useTelegramMainButton(spec);
    return <p>{drawn ? 'telegram draws it' : 'our own button'}</p>;
  }

  it('the MainButton shows the page’s action in our accent, calls its latest handler, shows progress, and hides when the page goes', () => {
    const { app, main } = stubWebApp();
    document.documentElement.style.setProperty('--color-accent', '#f97316');
    document.documentElement.style.setProperty('--color-on-accent', '#1d0e03');
    setTelegramApp(app);
    const first = vi.fn();
    const view = render(<MainButtonPage spec={{ text: 'Share phone number', onClick: first }} />);
    expect(view.getByText('telegram draws it')).toBeTruthy();
    expect(main.params).toMatchObject({ text: 'Share phone number', color: '#f97316', text_color: '#1d0e03', is_active: true });
    expect(main.visible).toBe(true);
    main.clicks.forEach((c) => c());
    expect(first).toHaveBeenCalledTimes(1);
    const second = vi.fn();
    view.rerender(<MainButtonPage spec={{ text: 'Share phone number', onClick: second, progress: true }} />);
    main.clicks.forEach((c) => c());
    expect(second).toHaveBeenCalledTimes(1);
    expect(first).toHaveBeenCalledTimes(1);
    expect(main.progress).toBe(true);
    expect(main.params.is_active).toBe(false);
    view.unmount();
    expect(main.visible).toBe(false);
    expect(main.clicks).toHaveLength(0);
  });

  it('outside Telegram the page keeps its own button', () => {
    const view = render(<MainButtonPage spec={{ text: 'x', onClick: () => undefined }} />);
    expect(view.getByText('our own button')).toBeTruthy();
  });

  it('the BackButton shows while there is a page to go back to and goes back once per tap', () => {
    const { app, back } = stubWebApp();
    setTelegramApp(app);
    const goBack = vi.fn();
    function Page({ can }: { can: boolean }) {
      useTelegramBackButton(can, goBack);
      return null;
    }
    const view = render(<Page can={false} />);
    expect(back.visible).toBe(false);
    view.rerender(<Page can />);
    expect(back.visible).toBe(true);
    back.clicks.forEach((c) => c());
    expect(goBack).toHaveBeenCalledTimes(1);
    view.rerender(<Page can={false} />);
    expect(back.visible).toBe(false);
    expect(back.clicks).toHaveLength(0);
  });
});
