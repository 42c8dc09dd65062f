import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCreateTrustedRequest,
  ZErrorBody,
  ZIdParam,
  ZTrustedPassQuery,
  ZTrustedChoicesResponse,
  ZTrustedPassResponse,
  ZTrustedPeopleResponse,
  ZTrustedPersonResponse,
  ZUpdateTrustedRequest,
} from '@portal/contract';
import { requestLang } from '../../lib/request-lang';
import { perAddressLimit } from '../../plugins/rate-limits';
import { auditActorOf } from '../audit/audit';
import { authOf } from '../auth/auth-plugin';
import { createTrustedService } from './trusted-service';
import { TrustedTokenService } from './trusted-token';

const errors = { 401: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 422: ZErrorBody, 429: ZErrorBody };
const security = [{ bearer: [] }];
const tags = ['trusted'];

/** Decorates the app with the trusted people's tokens and service (the hand-over asks them at the counter). */
export const trustedPlugin = fp(async (app: FastifyInstance, opts: { secret: string; publicUrl: string }) => {
  const tokens = new TrustedTokenService(opts.secret);
  app.decorate('trustedTokens', tokens);
  app.decorate('trusted', createTrustedService({ db: app.db, tokens, sms: app.sms, publicUrl: opts.publicUrl }));
});

/** The customer's trusted people (ADR 091) and the public page of a trusted person's SMS link. */
export async function trustedRoutes(app: FastifyInstance) {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = app.authenticate;
  const me = (request: Parameters<typeof authOf>[0]) => authOf(request).user;

  r.get(
    '/trusted',
    {
      schema: {
        tags,
        security,
        summary: "The caller's trusted people, newest first",
        response: { 200: ZTrustedPeopleResponse, ...errors },
      },
      preHandler,
    },
    async (request) => ({ data: await app.trusted.list(me(request).id, requestLang(request)) }),
  );

  r.get(
    '/trusted/parcels',
    {
      schema: {
        tags,
        security,
        summary: "The caller's parcels a trusted person may be named for (at a branch or on the way)",
        response: { 200: ZTrustedChoicesResponse, ...errors },
      },
      preHandler,
    },
    async (request) => ({ data: await app.trusted.choices(me(request).id, requestLang(request)) }),
  );

  r.post(
    '/trusted',
    {
      schema: {
        tags,
        security,
        summary:
          'Name a trusted person (name, phone) for some own parcels at one branch or on the way, and days (from today, at most 14); at most 5 active (409 trusted_limit); the QR link goes to them by SMS',
        body: ZCreateTrustedRequest,
        response: { 201: ZTrustedPersonResponse, ...errors },
      },
      preHandler,
    },
    async (request, reply) =>
      reply.code(201).send({ data: await app.trusted.create(me(request), request.body, auditActorOf(request), requestLang(request)) }),
  );

  r.patch(
    '/trusted/:id',
    {
      schema: {
        tags,
        security,
        summary:
          "Change an active trusted person's parcels and days (the rules of naming one; name and phone stay). A later last day re-sends the link (429 trusted_sms_too_soon within a minute or past 5 sends)",
        params: ZIdParam,
        body: ZUpdateTrustedRequest,
        response: { 200: ZTrustedPersonResponse, ...errors },
      },
      preHandler,
    },
    async (request) => ({
      data: await app.trusted.update(me(request), request.params.id, request.body, auditActorOf(request), requestLang(request)),
    }),
  );

  r.post(
    '/trusted/:id/revoke',
    {
      schema: {
        tags,
        security,
        summary: 'Revoke a trusted person at once: their QR code is refused from the next scan',
        params: ZIdParam,
        body: z.unknown().optional(),
        response: { 200: ZTrustedPersonResponse, ...errors },
      },
      preHandler,
    },
    async (request) => ({ data: await app.trusted.revoke(me(request).id, request.params.id, auditActorOf(request), requestLang(request)) }),
  );

  r.post(
    '/trusted/:id/resend',
    {
      schema: {
        tags,
        security,
        summary: 'Send the trusted person their QR link again (once a minute, 5 times in all: 429 trusted_sms_too_soon)',
        params: ZIdParam,
        body: z.unknown().optional(),
        response: { 200: ZTrustedPersonResponse, ...errors },
      },
      preHandler,
    },
    async (request) => ({ data: await app.trusted.resend(me(request), request.params.id, auditActorOf(request), requestLang(request)) }),
  );

  r.get(
    '/trusted-pass',
    {
      schema: {
        tags,
        summary:
          "The public page of a trusted person's SMS link (no sign-in): their QR code, the parcels' codes, the branch and the days; nothing else of the customer",
        querystring: ZTrustedPassQuery,
        response: { 200: ZTrustedPassResponse, 422: ZErrorBody, 429: ZErrorBody },
      },
      config: perAddressLimit(30),
    },
    async (request) => ({ data: await app.trusted.pass(request.query.token, requestLang(request)) }),
  );
}
