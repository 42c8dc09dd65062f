import { createHash, randomBytes } from 'node:crypto';
import type { TLang, TTelegramLink, TTelegramUpdate } from '@portal/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { senderBrand } from '../settings/sender-brand';
import { botUsername, callBotApi, portalButton, type TelegramConfig } from './telegram-bot';
import { telegramRepository } from './telegram-repository';
import { botText, langOfTelegramUser, type BotText } from './telegram-texts';

/** A t.me link works this long, once. */
export const LINK_TTL_MS = 15 * 60 * 1000;
/** Where Telegram posts updates (under /api). */
export const WEBHOOK_PATH = '/api/telegram/webhook';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** `/start <token>` (the deep link's payload), `/start`, `/stop`; with the @bot suffix group chats add. */
const COMMAND = /^\/(start|stop)(?:@\w+)?(?:\s+([A-Za-z0-9_-]{1,64}))?\s*$/;

/** A reply the webhook answers with: Telegram performs it (https://core.telegram.org/bots/api#making-requests-when-getting-updates). */
export type WebhookReply = Record<string, unknown>;

/**
 * The bot: one-time t.me links that connect a chat to the customer who asked for them, unlinking, the updates
 * Telegram posts to the webhook, and registering that webhook. Stateless: any API process can serve any call.
 */
export function createTelegramService(opts: { db: Db; cfg: TelegramConfig; publicUrl: string }) {
  const { db, cfg } = opts;
  const username = botUsername(cfg);
  const settingsUrl = `${opts.publicUrl}/profile/notifications`;

  const reply = async (chatId: number, key: BotText, lang: TLang): Promise<WebhookReply> => ({
    method: 'sendMessage',
    chat_id: chatId,
    text: botText(key, lang, (await senderBrand(db)).name),
    reply_markup: { inline_keyboard: [[portalButton(botText('open_settings', lang), settingsUrl)]] },
  });

  return {
    /** A fresh one-time link for the customer (their earlier unused link stops working). */
    async createLink(userId: number): Promise<TTelegramLink> {
      let name: string;
      try {
        name = await username();
      } catch {
        throw new AppError('channel_unavailable');
      }
      const token = randomBytes(24).toString('base64url');
      const expiresAt = new Date(Date.now() + LINK_TTL_MS);
      await telegramRepository.replaceToken(db, userId, hashToken(token), expiresAt);
      return { url: `https://t.me/${name}?start=${token}`, expires_at: expiresAt.toISOString() };
    },

    async unlink(userId: number): Promise<void> {
      await telegramRepository.unlink(db, userId);
    },

    /** One update from the webhook; answers what the bot says back (or null: nothing to say). */
    async handleUpdate(update: TTelegramUpdate): Promise<WebhookReply | null> {
      const message = update.message;
      if (!message?.text || message.chat.type !== 'private') return null;
      const chatId = message.chat.id;
      const fromLang = langOfTelegramUser(message.from?.language_code);
      const command = COMMAND.exec(message.text.trim());
      if (command?.[1] === 'stop') {
        const langs = await telegramRepository.unlinkChat(db, String(chatId));
        return reply(chatId, 'stopped', langs[0] ?? fromLang);
      }
      const token = command?.[1] === 'start' ? command[2] : undefined;
      if (!token) return reply(chatId, 'welcome', fromLang);
      const linked = await db.transaction(async (tx) => {
        const userId = await telegramRepository.claimToken(tx, hashToken(token));
        if (userId === null) return null;
        await telegramRepository.link(tx, userId, String(chatId));
        return telegramRepository.languageOf(tx, userId);
      });
      return linked ? reply(chatId, 'linked', linked) : reply(chatId, 'link_invalid', fromLang);
    },

    /**
     * Tells Telegram where to post updates, with the secret it must repeat in a header, and makes the bot's menu
     * button open the portal as a Mini App (ADR 078; Telegram takes only HTTPS addresses, so not on a plain-HTTP
     * development server). The button is named after the carrier.
     */
    async registerWebhook(): Promise<void> {
      await callBotApi(cfg, 'setWebhook', {
        url: `${opts.publicUrl}${WEBHOOK_PATH}`,
        secret_token: cfg.webhookSecret,
        allowed_updates: ['message'],
      });
      const app = portalButton((await senderBrand(db)).name.slice(0, 64), `${opts.publicUrl}/`);
      if ('web_app' in app) await callBotApi(cfg, 'setChatMenuButton', { menu_button: { type: 'web_app', ...app } });
    },
  };
}

export type TelegramService = ReturnType<typeof createTelegramService>;
