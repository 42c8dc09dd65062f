import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  pageMeta,
  ZAdminChangePhoneRequest,
  ZAdminChangePhoneResponse,
  ZAdminRenameUserRequest,
  ZAdminCreateUserRequest,
  ZAdminInvitationResponse,
  ZAdminUpdateUserRequest,
  ZAdminUserDetailResponse,
  ZAdminUserParams,
  ZAdminUserResponse,
  ZAdminUsersQuery,
  ZAdminUsersResponse,
  ZErrorBody,
  ZOk,
} from '@portal/contract';
import { auditActorOf } from '../audit/audit';
import { createAdminUserRescue } from './admin-user-rescue';
import { createAdminUsersService } from './admin-users-service';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 422: ZErrorBody };

/** admin/users… (inside the admin area: the admin guard runs first). */
export async function adminUsersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = createAdminUsersService({ db: app.db, invitations: app.invitations });
  const rescue = createAdminUserRescue({ db: app.db, sms: app.sms });

  r.get(
    '/users',
    {
      schema: {
        tags: ['admin'],
        summary: 'Users, newest first; search by phone, name or client code',
        security: [{ bearer: [] }],
        querystring: ZAdminUsersQuery,
        response: { 200: ZAdminUsersResponse, ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      const { items, total } = await service.list(
        { search: q['filters[search]'], role: q['filters[role]'] },
        q['filters[page]'],
        q['filters[per_page]'],
      );
      return { data: items, meta: pageMeta(q['filters[page]'], q['filters[per_page]'], total) };
    },
  );

  r.get(
    '/users/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'One user: profile, latest parcels, live sessions',
        security: [{ bearer: [] }],
        params: ZAdminUserParams,
        response: { 200: ZAdminUserDetailResponse, ...errors },
      },
    },
    async (request) => ({ data: await service.detail(request.params.id) }),
  );

  r.patch(
    '/users/:id',
    {
      schema: {
        tags: ['admin'],
        summary:
          "Change role, staff place, capabilities or blocked (409 on a stale updated_at; never yourself or the last admin); capabilities count from the user's next request",
        security: [{ bearer: [] }],
        params: ZAdminUserParams,
        body: ZAdminUpdateUserRequest,
        response: { 200: ZAdminUserResponse, ...errors },
      },
    },
    async (request) => ({ data: await service.update(auditActorOf(request), request.params.id, request.body) }),
  );

  r.post(
    '/users',
    {
      schema: {
        tags: ['admin'],
        summary: 'A staff or admin account for a phone with no account; an SMS in its language brings a one-time link to set the password',
        security: [{ bearer: [] }],
        body: ZAdminCreateUserRequest,
        response: { 201: ZAdminUserResponse, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await service.create(auditActorOf(request), request.body) }),
  );

  r.post(
    '/users/:id/invitation',
    {
      schema: {
        tags: ['admin'],
        summary: 'Send a staff or admin account a new set-password link by SMS (the earlier link stops working)',
        security: [{ bearer: [] }],
        params: ZAdminUserParams,
        response: { 200: ZAdminInvitationResponse, ...errors },
      },
    },
    async (request) => ({ data: await service.invite(auditActorOf(request), request.params.id) }),
  );

  r.post(
    '/users/:id/end-sessions',
    {
      schema: {
        tags: ['admin'],
        summary: 'End every session of a user',
        security: [{ bearer: [] }],
        params: ZAdminUserParams,
        response: { 200: ZOk, ...errors },
      },
    },
    async (request) => {
      await service.endSessions(auditActorOf(request), request.params.id);
      return { data: { message: 'ok' } };
    },
  );

  r.post(
    '/users/:id/phone',
    {
      schema: {
        tags: ['admin'],
        summary: 'Move a customer to a new number (lost SIM): reason audited, sessions ended, QR revoked, SMS to the new number',
        security: [{ bearer: [] }],
        params: ZAdminUserParams,
        body: ZAdminChangePhoneRequest,
        response: { 200: ZAdminChangePhoneResponse, ...errors },
      },
    },
    async (request) => ({ data: await rescue.changePhone(auditActorOf(request), request.params.id, request.body) }),
  );

  r.put(
    '/users/:id/name',
    {
      schema: {
        tags: ['admin'],
        summary: "Correct a customer's first and last name (audited)",
        security: [{ bearer: [] }],
        params: ZAdminUserParams,
        body: ZAdminRenameUserRequest,
        response: { 200: ZAdminUserResponse, ...errors },
      },
    },
    async (request) => ({ data: await rescue.rename(auditActorOf(request), request.params.id, request.body) }),
  );
}
