import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZErrorBody, ZInvitationCheckRequest, ZInvitationCheckResponse, ZSetPasswordRequest, ZSetPasswordResponse } from '@portal/contract';
import { perAddressLimit } from '../../plugins/rate-limits';

const errors = { 400: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 410: ZErrorBody, 422: ZErrorBody, 429: ZErrorBody };

/** The public side of a staff invitation (ADR 075): check a link, then set the password through it. */
export async function invitationRoutes(app: FastifyInstance, opts: { rateLimitPerMinute: number }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limit = perAddressLimit(opts.rateLimitPerMinute);
  const tags = ['auth'];

  r.post(
    '/auth/invitation',
    {
      schema: {
        tags,
        summary: 'Whether a set-password link is still good, and whom it is for (404 invalid or replaced, 409 used, 410 expired)',
        body: ZInvitationCheckRequest,
        response: { 200: ZInvitationCheckResponse, ...errors },
      },
      config: limit,
    },
    async (request) => ({ data: await app.invitations.check(request.body.token) }),
  );

  r.post(
    '/auth/set-password',
    {
      schema: {
        tags,
        summary: "Set an invited staff account's password through its one-time link; then sign in with it",
        body: ZSetPasswordRequest,
        response: { 200: ZSetPasswordResponse, ...errors },
      },
      config: limit,
    },
    async (request) => ({ data: await app.invitations.accept(request.body.token, request.body.password) }),
  );
}
