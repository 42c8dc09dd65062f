import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZErrorBody, ZSessionResponse, ZTelegramAuthRequest, ZTelegramContactRequest, ZTelegramContactResponse } from '@portal/contract';
import { askedLang, requestLang } from '../../lib/request-lang';
import { perAddressLimit } from '../../plugins/rate-limits';
import type { TelegramAuth } from './telegram-auth';

const tags = ['auth'];
const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 422: ZErrorBody, 429: ZErrorBody };

/** Signing in inside the Telegram Mini App (issue 34): the bot's signature instead of a password or a code. */
export async function telegramAuthRoutes(app: FastifyInstance, opts: { telegramAuth: TelegramAuth; rateLimitPerMinute: number }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = perAddressLimit(opts.rateLimitPerMinute);
  // A new account takes the language the app asks in (Telegram's language_code for a new user).
  const client = (request: FastifyRequest) => ({
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    lang: askedLang(request) ?? requestLang(request),
  });

  r.post(
    '/auth/telegram',
    {
      schema: {
        tags,
        summary: 'Sign in with the Telegram Mini App’s initData (a linked Telegram user)',
        body: ZTelegramAuthRequest,
        response: { 200: ZSessionResponse, ...errors },
      },
      config,
    },
    async (request) => ({ data: await opts.telegramAuth.withInitData(request.body.init_data, client(request)) }),
  );

  r.post(
    '/auth/telegram/contact',
    {
      schema: {
        tags,
        summary: 'Link the account with the phone Telegram shared, or start registration with it proven',
        body: ZTelegramContactRequest,
        response: { 200: ZTelegramContactResponse, ...errors },
      },
      config,
    },
    async (request) => ({ data: await opts.telegramAuth.withContact(request.body.contact, client(request)) }),
  );
}
