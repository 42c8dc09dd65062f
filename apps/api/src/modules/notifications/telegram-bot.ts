import type { ChannelDriver } from './channels';
import { PermanentChannelError, RetryLaterError } from './channels';
import { openInPortalLabel, renderDetails } from './notification-texts';
import { payButtonLabel, payLink } from './pay-link';

export interface TelegramConfig {
  token: string;
  /** https://api.telegram.org, or a local fake in tests. */
  apiUrl: string;
  webhookSecret: string;
}

/**
 * A button that opens a page of the portal: inside Telegram as the Mini App (a `web_app` button, with `tg=1` so the
 * app knows it is framed, ADR 078) when the portal is on HTTPS, which Telegram requires of Mini Apps; else a link.
 */
export function portalButton(text: string, link: string): Record<string, unknown> {
  const url = new URL(link);
  if (url.protocol !== 'https:') return { text, url: url.toString() };
  url.searchParams.set('tg', '1');
  return { text, web_app: { url: url.toString() } };
}

/** Telegram's HTML parse mode needs only these three escaped in text. */
const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A Bot API answer with ok=false (https://core.telegram.org/bots/api#making-requests). */
export class TelegramApiError extends Error {
  constructor(
    readonly status: number,
    readonly description: string,
    readonly retryAfter: number | null,
  ) {
    super(`Telegram ${status}: ${description}`);
  }
}

interface BotAnswer<T> {
  ok: boolean;
  result?: T;
  error_code?: number;
  description?: string;
  parameters?: { retry_after?: number };
}

/** Calls one Bot API method with a JSON body; answers its result or throws TelegramApiError / a network error. */
export async function callBotApi<T>(cfg: TelegramConfig, method: string, body: object, timeoutMs = 10_000): Promise<T> {
  const res = await fetch(`${cfg.apiUrl}/bot${cfg.token}/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  let answer: BotAnswer<T>;
  try {
    answer = (await res.json()) as BotAnswer<T>;
  } catch {
    throw new TelegramApiError(res.status, `HTTP ${res.status} without a Bot API answer`, null);
  }
  if (!answer.ok)
    throw new TelegramApiError(
      answer.error_code ?? res.status,
      answer.description ?? 'unknown error',
      answer.parameters?.retry_after ?? null,
    );
  return answer.result as T;
}

/** The bot's @username, asked once per process (getMe). */
export function botUsername(cfg: TelegramConfig): () => Promise<string> {
  let cached: Promise<string> | null = null;
  return () => {
    cached ??= callBotApi<{ username: string }>(cfg, 'getMe', {}).then(
      (me) => me.username,
      (err: unknown) => {
        cached = null; // ask again next time
        throw err;
      },
    );
    return cached;
  };
}

/**
 * Telegram: each message as HTML (bold title, the text, then the parcel's facts: parcel, status, weight, price,
 * branch) with a button to its page in the portal (and one to pay, for an arrival at a branch taking money online),
 * sent to the chat the customer linked.
 * 403 (the customer blocked the bot) and 400 "chat not found" mark the channel unreachable at once; 429 waits the
 * retry_after Telegram names; other failures (5xx, network, timeout) are retried with backoff.
 */
export function telegramChannel(
  cfg: TelegramConfig,
  opts: { publicUrl: string; timeoutMs?: number; /** With online payments: an arrival's button to pay. */ payBaseUrl?: string | null },
): ChannelDriver {
  return {
    channel: 'telegram',
    async send(_db, to, message) {
      if (!to.address) throw new PermanentChannelError('no Telegram chat linked');
      const details = renderDetails(message.event, message.params, to.lang);
      const parts = [`<b>${escapeHtml(message.title)}</b>`];
      if (!details.length || message.event === 'storage_reminder') parts.push(escapeHtml(message.body));
      if (details.length) parts.push(details.map((d) => `${escapeHtml(d.label)}: <b>${escapeHtml(d.value)}</b>`).join('\n'));
      const link = new URL(message.link ?? '/notification', opts.publicUrl).toString();
      // Inside Telegram both open the Mini App (web_app buttons over https).
      const buttons = [[portalButton(openInPortalLabel(to.lang), link)]];
      const pay = payLink(message.event, message.params, opts.payBaseUrl ?? null);
      if (pay) buttons.unshift([portalButton(payButtonLabel(to.lang), pay)]);
      try {
        const sent = await callBotApi<{ message_id: number }>(
          cfg,
          'sendMessage',
          {
            chat_id: to.address,
            text: parts.join('\n\n'),
            parse_mode: 'HTML',
            link_preview_options: { is_disabled: true },
            reply_markup: { inline_keyboard: buttons },
          },
          opts.timeoutMs,
        );
        return { ref: String(sent.message_id) };
      } catch (err) {
        if (!(err instanceof TelegramApiError)) throw err;
        if (err.status === 429) throw new RetryLaterError(err.message, err.retryAfter ?? 5);
        if (err.status === 403 || (err.status === 400 && /chat not found/i.test(err.description)))
          throw new PermanentChannelError(err.message, true);
        if (err.status === 400) throw new PermanentChannelError(err.message);
        throw err;
      }
    },
  };
}
