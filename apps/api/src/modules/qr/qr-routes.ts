import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZErrorBody, ZGetQrResponse } from '@portal/contract';
import { authOf } from '../../plugins/auth';

/** GET qr: the signed token the customer's QR code carries, with the client code and name shown beside it. */
export async function qrRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  r.get('/qr', {
    schema: { tags: ['qr'], security: [{ bearer: [] }], summary: "The caller's QR code content: a signed token staff scanners verify (revoked by bumping the QR version)", response: { 200: ZGetQrResponse, 401: ZErrorBody } },
    preHandler: app.authenticate,
  }, async (request) => {
    const { user } = authOf(request);
    return {
      data: {
        token: await app.qr.sign(user),
        client_code: user.clientCode,
        first_name: user.firstName,
        last_name: user.lastName,
        full_name: `${user.firstName} ${user.lastName}`.trim(),
      },
    };
  });
}
