// A local fake of the Telegram Bot API (https://core.telegram.org/bots/api) for tests: the methods the portal
// calls (getMe, setWebhook, deleteWebhook, getWebhookInfo, setChatMenuButton, sendMessage) with Telegram's answers and
// errors (Mini App addresses must be HTTPS), and
// the other direction: it posts updates to the registered webhook with the secret header, as Telegram does, and
// performs the method a webhook answers with. Control endpoints under /__fake let another process drive it.
import { createServer } from 'node:http';

/** Telegram opens Mini Apps only from HTTPS addresses. */
const isHttps = (url) => typeof url === 'string' && /^https:\/\/[^/]/.test(url);

/** @typedef {'ok' | 'blocked' | 'flood' | 'error' | 'hang' | 'not_found'} ChatMode */

export class FakeTelegram {
  /** @param {{ token: string, username?: string }} opts */
  constructor(opts) {
    this.token = opts.token;
    this.username = opts.username ?? 'orda_cargo_bot';
    this.url = '';
    /** @type {{ url: string, secret_token?: string, allowed_updates?: string[] } | null} */
    this.webhook = null;
    /** The bot's default menu button (setChatMenuButton without chat_id); Telegram's default is the command list. */
    this.menuButton = { type: 'commands' };
    /** Every Bot API call, in order: { method, body }. */
    this.calls = [];
    /** Messages the bot sent that Telegram accepted. */
    this.messages = [];
    /** @type {Map<string, ChatMode>} */
    this.modes = new Map();
    /** Seconds a 'flood' chat is told to wait (once; the next try goes through). */
    this.retryAfter = 1;
    this.nextMessageId = 100;
    this.nextUpdateId = 5000;
    this.server = createServer((req, res) => void this.handle(req, res));
  }

  async start() {
    await new Promise((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${this.server.address().port}`;
    return this.url;
  }

  async stop() {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  /** @param {string | number} chatId @param {ChatMode} mode */
  setMode(chatId, mode) {
    this.modes.set(String(chatId), mode);
  }

  /** Messages sent to one chat. */
  messagesTo(chatId) {
    return this.messages.filter((m) => String(m.chat_id) === String(chatId));
  }

  /**
   * A person writes `text` to the bot in a private chat: the update goes to the webhook (with the secret header,
   * or `secret` when given); a sendMessage the webhook answers with is performed. Answers the HTTP status and reply.
   */
  async sendUpdate({ chatId, text, languageCode = 'ru', secret, chatType = 'private' }) {
    if (!this.webhook) throw new Error('no webhook registered (setWebhook was not called)');
    const update = {
      update_id: this.nextUpdateId++,
      message: {
        message_id: this.nextMessageId++,
        date: Math.floor(Date.now() / 1000),
        text,
        chat: { id: Number(chatId), type: chatType, first_name: 'Aigerim' },
        from: { id: Number(chatId), is_bot: false, first_name: 'Aigerim', language_code: languageCode },
        ...(text.startsWith('/') ? { entities: [{ type: 'bot_command', offset: 0, length: text.split(' ')[0].length }] } : {}),
      },
    };
    const headers = { 'content-type': 'application/json' };
    const token = secret === undefined ? this.webhook.secret_token : secret;
    if (token) headers['x-telegram-bot-api-secret-token'] = token;
    const res = await fetch(this.webhook.url, { method: 'POST', headers, body: JSON.stringify(update) });
    const raw = await res.text();
    let reply = null;
    try {
      reply = raw ? JSON.parse(raw) : null;
    } catch {
      reply = null;
    }
    if (res.ok && reply?.method === 'sendMessage') this.accept(reply);
    return { status: res.status, reply };
  }

  accept(body) {
    const message = { ...body, message_id: this.nextMessageId++, at: new Date().toISOString() };
    this.messages.push(message);
    return message;
  }

  async handle(req, res) {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const send = (status, body) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const url = new URL(req.url ?? '/', 'http://fake');
    let body = {};
    try {
      body = raw ? JSON.parse(raw) : Object.fromEntries(url.searchParams);
    } catch {
      return send(400, { ok: false, error_code: 400, description: 'Bad Request: invalid JSON' });
    }

    // Control endpoints for tests in another process.
    if (url.pathname === '/__fake/messages') return send(200, this.messages);
    if (url.pathname === '/__fake/webhook') return send(200, this.webhook);
    if (url.pathname === '/__fake/menu-button') return send(200, this.menuButton);
    if (url.pathname === '/__fake/updates') return send(200, await this.sendUpdate(body));
    if (url.pathname === '/__fake/mode') {
      this.setMode(body.chat_id, body.mode);
      return send(200, { ok: true });
    }

    const match = /^\/bot([^/]+)\/(\w+)$/.exec(url.pathname);
    if (!match) return send(404, { ok: false, error_code: 404, description: 'Not Found' });
    const [, token, method] = match;
    this.calls.push({ method, body });
    if (token !== this.token) return send(401, { ok: false, error_code: 401, description: 'Unauthorized' });
    switch (method) {
      case 'getMe':
        return send(200, { ok: true, result: { id: 7000001, is_bot: true, first_name: 'Orda Cargo', username: this.username } });
      case 'setWebhook':
        if (!body.url) return send(400, { ok: false, error_code: 400, description: 'Bad Request: bad webhook: URL must be provided' });
        this.webhook = { url: body.url, secret_token: body.secret_token, allowed_updates: body.allowed_updates };
        return send(200, { ok: true, result: true, description: 'Webhook was set' });
      case 'deleteWebhook':
        this.webhook = null;
        return send(200, { ok: true, result: true, description: 'Webhook was deleted' });
      case 'getWebhookInfo':
        return send(200, { ok: true, result: { url: this.webhook?.url ?? '', pending_update_count: 0 } });
      case 'setChatMenuButton': {
        const button = body.menu_button ?? { type: 'default' };
        if (button.type === 'web_app') {
          if (typeof button.text !== 'string' || !button.text || button.text.length > 64)
            return send(400, { ok: false, error_code: 400, description: 'Bad Request: BUTTON_TEXT_INVALID' });
          if (!isHttps(button.web_app?.url))
            return send(400, { ok: false, error_code: 400, description: 'Bad Request: BUTTON_URL_INVALID' });
        } else if (!['commands', 'default'].includes(button.type)) {
          return send(400, { ok: false, error_code: 400, description: 'Bad Request: unsupported menu button type' });
        }
        if (body.chat_id === undefined) this.menuButton = button;
        return send(200, { ok: true, result: true });
      }
      case 'getChatMenuButton':
        return send(200, { ok: true, result: this.menuButton });
      case 'sendMessage':
        return this.sendMessage(body, send);
      default:
        return send(404, { ok: false, error_code: 404, description: 'Not Found: method not found' });
    }
  }

  sendMessage(body, send) {
    if (!body.chat_id || typeof body.text !== 'string' || !body.text)
      return send(400, { ok: false, error_code: 400, description: 'Bad Request: message text is empty' });
    for (const button of (body.reply_markup?.inline_keyboard ?? []).flat()) {
      if (button.web_app && !isHttps(button.web_app.url))
        return send(400, {
          ok: false,
          error_code: 400,
          description: `Bad Request: inline keyboard button Web App URL '${button.web_app.url}' is invalid: Only HTTPS links are allowed`,
        });
    }
    const chat = String(body.chat_id);
    const mode = this.modes.get(chat) ?? 'ok';
    if (mode === 'hang') return; // never answers
    if (mode === 'blocked') return send(403, { ok: false, error_code: 403, description: 'Forbidden: bot was blocked by the user' });
    if (mode === 'not_found') return send(400, { ok: false, error_code: 400, description: 'Bad Request: chat not found' });
    if (mode === 'error') return send(500, { ok: false, error_code: 500, description: 'Internal Server Error' });
    if (mode === 'flood') {
      this.modes.set(chat, 'ok');
      return send(429, {
        ok: false,
        error_code: 429,
        description: `Too Many Requests: retry after ${this.retryAfter}`,
        parameters: { retry_after: this.retryAfter },
      });
    }
    const message = this.accept(body);
    return send(200, {
      ok: true,
      result: {
        message_id: message.message_id,
        date: Math.floor(Date.now() / 1000),
        chat: { id: Number(chat), type: 'private' },
        text: body.text,
      },
    });
  }
}
