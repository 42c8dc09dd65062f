import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorBody, ZGetQrResponse } from '@portal/contract';
import { authOf } from '../auth/auth-plugin';
import type { UserRow } from '../users/users-repository';
import { usersRepository } from '../users/users-repository';

/**
 * GET qr: the signed token the customer's QR code carries (fresh on every call, so it is renewed
 * silently while the customer uses the portal), with the client code and name shown beside it.
 * POST qr/renew: a new code; every earlier one stops working at once.
 */
export async function qrRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  const view = async (user: UserRow) => {
    const { token, expiresAt } = await app.qr.sign(user);
    return {
      token,
      client_code: user.clientCode,
      first_name: user.firstName,
      last_name: user.lastName,
      full_name: `${user.firstName} ${user.lastName}`.trim(),
      version: user.qrVersion,
      expires_at: expiresAt.toISOString(),
    };
  };

  r.get(
    '/qr',
    {
      schema: {
        tags: ['qr'],
        security: [{ bearer: [] }],
        summary: "The caller's QR code content: a signed token staff scanners verify (expires after QR_TTL_DAYS; revoked by renewing)",
        response: { 200: ZGetQrResponse, 401: ZErrorBody },
      },
      preHandler: app.authenticate,
    },
    async (request) => ({ data: await view(authOf(request).user) }),
  );

  r.post(
    '/qr/renew',
    {
      schema: {
        tags: ['qr'],
        security: [{ bearer: [] }],
        summary: 'Renew the QR code: every earlier code stops working at once',
        body: z.unknown().optional(),
        response: { 200: ZGetQrResponse, 401: ZErrorBody },
      },
      preHandler: app.authenticate,
    },
    async (request) => {
      const updated = await usersRepository.bumpQrVersion(app.db, authOf(request).user.id);
      return { data: await view(updated) };
    },
  );
}
