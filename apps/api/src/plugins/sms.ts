import { appendFile, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config/env';

export interface SmsMessage {
  to: string;
  text: string;
  /** The one-time code the text carries, for the outbox only; never logged. */
  code?: string;
  purpose?: string;
}

export interface SmsDriver {
  readonly name: string;
  /** Sends one message; throws when the provider refuses or does not answer. Answers the provider's message id when known. */
  send(message: SmsMessage): Promise<{ id?: string } | void>;
}

/** Provider's phone format: digits only, no plus (both Kazakh providers want 77001234567). */
const digits = (phone: string) => phone.replace(/\D/g, '');

async function readJson(res: Response, provider: string): Promise<Record<string, unknown>> {
  if (!res.ok) throw new Error(`${provider} answered HTTP ${res.status}`);
  try {
    return (await res.json()) as Record<string, unknown>;
  } catch {
    throw new Error(`${provider} answered something that is not JSON`);
  }
}

/**
 * Mobizon (mobizon.kz) — POST {api}/service/message/sendsmsmessage?output=json&api=v1&apiKey=…
 * with recipient, text and from; answers {code, data: {messageId, campaignId}, message}; code 0 is success.
 */
export function createMobizonDriver(opts: { apiUrl: string; apiKey: string; sender?: string; timeoutMs?: number }): SmsDriver {
  return {
    name: 'mobizon',
    async send(message) {
      const url = new URL('/service/message/sendsmsmessage', opts.apiUrl);
      url.search = new URLSearchParams({ output: 'json', api: 'v1', apiKey: opts.apiKey }).toString();
      const body = new URLSearchParams({ recipient: digits(message.to), text: message.text });
      if (opts.sender) body.set('from', opts.sender);
      const res = await fetch(url, { method: 'POST', body, signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000) });
      const json = await readJson(res, 'Mobizon');
      if (json.code !== 0) throw new Error(`Mobizon refused the message: code ${String(json.code)} ${String(json.message ?? '')}`.trim());
      const data = (json.data ?? {}) as { messageId?: string | number };
      return { id: data.messageId !== undefined ? String(data.messageId) : undefined };
    },
  };
}

/**
 * SMSC.kz — POST {api}/sys/send.php with login, psw, phones, mes, sender, charset=utf-8, fmt=3 (JSON);
 * answers {id, cnt} or {error, error_code}.
 */
export function createSmscDriver(opts: {
  apiUrl: string;
  login: string;
  password: string;
  sender?: string;
  timeoutMs?: number;
}): SmsDriver {
  return {
    name: 'smsc',
    async send(message) {
      const body = new URLSearchParams({
        login: opts.login,
        psw: opts.password,
        phones: digits(message.to),
        mes: message.text,
        charset: 'utf-8',
        fmt: '3',
      });
      if (opts.sender) body.set('sender', opts.sender);
      const res = await fetch(new URL('/sys/send.php', opts.apiUrl), {
        method: 'POST',
        body,
        signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
      });
      const json = await readJson(res, 'SMSC.kz');
      if (json.error !== undefined || json.id === undefined)
        throw new Error(`SMSC.kz refused the message: ${String(json.error_code ?? '')} ${String(json.error ?? 'no id')}`.trim());
      return { id: String(json.id) };
    },
  };
}

/**
 * Development driver: the message is "delivered" to the console and appended as one JSON line
 * to the outbox file, where people and browser tests read codes. It writes to stdout directly,
 * not through the logger, so no log line ever carries a code.
 */
export function createOutboxDriver(file: string, opts: { quiet?: boolean } = {}): SmsDriver {
  return {
    name: 'outbox',
    async send(message) {
      const line = JSON.stringify({
        to: message.to,
        text: message.text,
        code: message.code ?? null,
        purpose: message.purpose ?? null,
        at: new Date().toISOString(),
      });
      await mkdir(dirname(file), { recursive: true });
      await appendFile(file, `${line}\n`, 'utf8');
      if (!opts.quiet) process.stdout.write(`\n[sms outbox] to ${message.to}: ${message.text}\n\n`);
    },
  };
}

/** A real provider reached over HTTP: POST { to, text, sender } with a bearer token. */
export function createHttpDriver(url: string, token: string | undefined, sender: string): SmsDriver {
  return {
    name: 'http',
    async send(message) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ to: message.to, text: message.text, sender }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`SMS provider answered ${res.status}`);
    },
  };
}

export function createSmsDriver(config: AppConfig): SmsDriver {
  const { sms } = config;
  if (sms.driver === 'mobizon' && sms.mobizonApiKey)
    return createMobizonDriver({ apiUrl: sms.mobizonApiUrl, apiKey: sms.mobizonApiKey, sender: sms.sender });
  if (sms.driver === 'smsc' && sms.smscLogin && sms.smscPassword)
    return createSmscDriver({ apiUrl: sms.smscApiUrl, login: sms.smscLogin, password: sms.smscPassword, sender: sms.sender });
  if (config.sms.driver === 'http' && config.sms.httpUrl)
    return createHttpDriver(config.sms.httpUrl, config.sms.httpToken, config.sms.sender);
  return createOutboxDriver(config.sms.outboxFile, { quiet: config.isTest });
}

declare module 'fastify' {
  interface FastifyInstance {
    sms: SmsDriver;
  }
}

export const smsPlugin = fp(async (app: FastifyInstance, opts: { driver: SmsDriver }) => {
  app.decorate('sms', opts.driver);
});
