import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZErrorBody, ZGetUserParams, ZGetUserResponse } from '@portal/contract';
import { notFound } from '../../lib/app-error';
import { authOf } from '../auth/auth-plugin';
import { toPublicUser } from './user-view';
import { usersRepository } from './users-repository';

export async function usersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/users/:id',
    {
      schema: {
        tags: ['users'],
        summary: 'A user: yourself, or anyone for staff and admins (others answer 404)',
        security: [{ bearer: [] }],
        params: ZGetUserParams,
        response: { 200: ZGetUserResponse, 401: ZErrorBody, 404: ZErrorBody, 422: ZErrorBody },
      },
      preHandler: app.authenticate,
    },
    async (request) => {
      const { user } = authOf(request);
      const id = request.params.id;
      // Customers asking for someone else get the same 404 as for an id that does not exist.
      if (id !== user.id && user.role === 'customer') throw notFound();
      const row = id === user.id ? user : await usersRepository.findById(app.db, id);
      if (!row) throw notFound();
      return { data: toPublicUser(row) };
    },
  );
}
