export type ChatMode = 'ok' | 'blocked' | 'flood' | 'error' | 'hang' | 'not_found';

export interface SentMessage {
  chat_id: string | number;
  text: string;
  parse_mode?: string;
  reply_markup?: { inline_keyboard: { text: string; url?: string; web_app?: { url: string } }[][] };
  message_id: number;
  at: string;
  [key: string]: unknown;
}

export declare class FakeTelegram {
  constructor(opts: { token: string; username?: string });
  readonly token: string;
  readonly username: string;
  url: string;
  webhook: { url: string; secret_token?: string; allowed_updates?: string[] } | null;
  /** The bot's default menu button, as setChatMenuButton last set it. */
  menuButton: { type: string; text?: string; web_app?: { url: string } };
  calls: { method: string; body: Record<string, unknown> }[];
  messages: SentMessage[];
  retryAfter: number;
  start(): Promise<string>;
  stop(): Promise<void>;
  setMode(chatId: string | number, mode: ChatMode): void;
  messagesTo(chatId: string | number): SentMessage[];
  sendUpdate(opts: {
    chatId: number;
    text: string;
    languageCode?: string;
    secret?: string;
    chatType?: string;
  }): Promise<{ status: number; reply: Record<string, unknown> | null }>;
}
