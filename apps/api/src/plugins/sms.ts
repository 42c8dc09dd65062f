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
  send(message: SmsMessage): Promise<void>;
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
      const line = JSON.stringify({ to: message.to, text: message.text, code: message.code ?? null, purpose: message.purpose ?? null, at: new Date().toISOString() });
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
  if (config.sms.driver === 'http' && config.sms.httpUrl) return createHttpDriver(config.sms.httpUrl, config.sms.httpToken, config.sms.sender);
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
