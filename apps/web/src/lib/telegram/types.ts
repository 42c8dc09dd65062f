/**
 * The part of Telegram.WebApp (https://core.telegram.org/bots/webapps#initializing-mini-apps) the portal uses: typed
 * here, so the ordinary site's code never imports the SDK (it is loaded only inside Telegram, web-app.ts).
 */
export type TelegramThemeParams = Partial<
  Record<
    | 'bg_color'
    | 'secondary_bg_color'
    | 'section_bg_color'
    | 'text_color'
    | 'hint_color'
    | 'subtitle_text_color'
    | 'link_color'
    | 'section_separator_color'
    | 'destructive_text_color'
    | 'header_bg_color'
    | 'bottom_bar_bg_color',
    string
  >
>;

export interface TelegramInset {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

export interface TelegramBottomButton {
  setParams(params: { text?: string; color?: string; text_color?: string; is_active?: boolean; is_visible?: boolean }): unknown;
  show(): unknown;
  hide(): unknown;
  showProgress(leaveActive?: boolean): unknown;
  hideProgress(): unknown;
  onClick(cb: () => void): unknown;
  offClick(cb: () => void): unknown;
}

export interface TelegramBackButton {
  show(): unknown;
  hide(): unknown;
  onClick(cb: () => void): unknown;
  offClick(cb: () => void): unknown;
}

/** requestContact's answer: `response` is the raw signed string the server checks (auth/telegram/contact). */
export type TelegramContactAnswer = { status: 'sent'; response?: string } | { status: 'cancelled' };

export type TelegramEvent = 'themeChanged' | 'safeAreaChanged' | 'contentSafeAreaChanged' | 'viewportChanged';

export interface TelegramWebApp {
  initData: string;
  initDataUnsafe: { user?: { id: number; first_name?: string; last_name?: string; language_code?: string } };
  version: string;
  colorScheme: 'light' | 'dark';
  themeParams: TelegramThemeParams;
  safeAreaInset?: TelegramInset;
  contentSafeAreaInset?: TelegramInset;
  viewportStableHeight?: number;
  ready(): void;
  expand(): void;
  isVersionAtLeast(version: string): boolean;
  onEvent(event: TelegramEvent, cb: () => void): void;
  offEvent(event: TelegramEvent, cb: () => void): void;
  setHeaderColor?(color: string): void;
  setBackgroundColor?(color: string): void;
  setBottomBarColor?(color: string): void;
  requestContact(cb: (shared: boolean, answer?: TelegramContactAnswer) => void): void;
  /** Opens an address outside the Mini App (a payment provider's page, Kaspi's app link). */
  openLink?(url: string): void;
  MainButton: TelegramBottomButton;
  BackButton: TelegramBackButton;
}

declare global {
  interface Window {
    Telegram?: { WebApp?: TelegramWebApp };
  }
}
