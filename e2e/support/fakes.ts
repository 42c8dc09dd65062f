import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatTime } from '@portal/contract/common/format';
import { DATA_DIR } from './env';

type Fakes = { telegram: string; telegram_token: string; kaspi: string; kaspiDevice: string };

/** Where start-server.mjs runs the fakes of outside services for this run (and the Kaspi device it registered). */
export function fakes(): Fakes {
  return JSON.parse(readFileSync(join(DATA_DIR, 'fakes.json'), 'utf8')) as Fakes;
}

/** The token of the run's bot (Telegram signs a Mini App's initData and shared contacts with it). */
export function telegramBotToken(): string {
  return fakes().telegram_token;
}

/** The customer's Kaspi app scans and confirms a payment (the fake's emulator routes, as Kaspi's test stand has). */
export async function kaspiPays(qrPaymentId: string): Promise<void> {
  for (const step of ['scan', 'confirm']) {
    const res = await fetch(`${fakes().kaspi}/test/payment/${step}/${encodeURIComponent(qrPaymentId)}`, { method: 'POST' });
    if (!res.ok) throw new Error(`Kaspi fake ${step} answered ${res.status}: ${await res.text()}`);
  }
}

export interface TelegramMessage {
  chat_id: number | string;
  text: string;
  parse_mode?: string;
  reply_markup?: { inline_keyboard: { text: string; url: string }[][] };
  at: string;
}

/** Messages the bot sent, as the fake Bot API accepted them. */
export async function telegramMessages(chatId: number): Promise<TelegramMessage[]> {
  const all = (await (await fetch(`${fakes().telegram}/__fake/messages`)).json()) as TelegramMessage[];
  return all.filter((m) => String(m.chat_id) === String(chatId));
}

/** A person writes to the bot: the fake posts the update to the portal's webhook, as Telegram would. */
export async function telegramWrite(chatId: number, text: string, languageCode = 'ru') {
  const res = await fetch(`${fakes().telegram}/__fake/updates`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ chatId, text, languageCode }),
  });
  return (await res.json()) as { status: number; reply: Record<string, unknown> | null };
}

/**
 * A Telegram-like chat page of the messages (HTML as the bot sent it: Telegram's HTML subset is safe to show as
 * is), so a screenshot shows what the customer reads in the app.
 */
export function telegramChatHtml(messages: TelegramMessage[], theme: 'light' | 'dark'): string {
  const bubbles = messages
    .map((m) => {
      const text = m.parse_mode === 'HTML' ? m.text : m.text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
      const buttons = (m.reply_markup?.inline_keyboard ?? [])
        .flat()
        .map((b) => `<a class="button" href="${b.url}">${b.text} ↗</a>`)
        .join('');
      const time = formatTime(m.at, 'ru', { timeZone: 'Asia/Almaty' });
      return `<div class="msg"><div class="bubble">${text.replace(/\n/g, '<br>')}<span class="time">${time}</span></div>${buttons}</div>`;
    })
    .join('');
  const dark = theme === 'dark';
  return `<!doctype html><html><head><meta charset="utf-8"><style>
    body { margin: 0; font: 15px/1.4 system-ui, sans-serif; background: ${dark ? '#0e1621' : '#c8d7a8'}; color: ${dark ? '#f5f5f5' : '#000'}; }
    header { display: flex; gap: 12px; align-items: center; padding: 10px 16px; background: ${dark ? '#17212b' : '#fff'}; box-shadow: 0 1px 2px rgba(0,0,0,.2); }
    .avatar { width: 40px; height: 40px; border-radius: 50%; background: #f97316; color: #fff; display: grid; place-items: center; font-weight: 700; }
    header small { display: block; color: ${dark ? '#7f91a4' : '#707579'}; }
    main { padding: 16px 12px; display: grid; gap: 10px; max-width: 520px; }
    .bubble { background: ${dark ? '#182533' : '#fff'}; border-radius: 14px 14px 14px 4px; padding: 8px 12px 6px; white-space: normal; }
    .time { float: right; margin: 6px 0 0 12px; font-size: 12px; color: ${dark ? '#6d7f8f' : '#a0acb6'}; }
    .button { display: block; margin-top: 4px; padding: 9px; text-align: center; border-radius: 10px; background: ${dark ? 'rgba(24,37,51,.85)' : 'rgba(255,255,255,.55)'}; color: ${dark ? '#fff' : '#000'}; text-decoration: none; font-weight: 500; }
  </style></head><body><header><div class="avatar">OC</div><div><strong>Orda Cargo</strong><small>бот</small></div></header><main>${bubbles}</main></body></html>`;
}
