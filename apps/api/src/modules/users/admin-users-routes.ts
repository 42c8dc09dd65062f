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
  ZAdminUsersExportQuery,
  ZAdminUsersQuery,
  ZAdminUsersResponse,
  ZErrorBody,
  ZOk,
  pickText,
} from '@portal/contract';
import { branches } from '../../db/schema';
import { requestLang } from '../../lib/request-lang';
import { text } from '../../texts/texts';
import { EXPORT_PRODUCES, exportGuard, exportMoment, exportRows, sendListExport, yesNo } from '../reports/list-export';
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
    '/users/export',
    {
      schema: {
        tags: ['admin'],
        summary: 'The users list as .xlsx or .csv: the rows the screen shows for the same search and role (at most 10 000)',
        security: [{ bearer: [] }],
        querystring: ZAdminUsersExportQuery,
        produces: EXPORT_PRODUCES,
        response: errors,
      },
      preHandler: exportGuard(app),
    },
    async (request, reply) => {
      const { format, lang = requestLang(request), ...q } = request.query;
      const filters = { search: q['filters[search]'], role: q['filters[role]'] };
      const { rows, total } = await exportRows((page, perPage) => service.list(filters, page, perPage));
      const names = new Map(
        (await app.db.select({ id: branches.id, name: branches.name }).from(branches)).map((b) => [b.id, pickText(b.name, lang)]),
      );
      const place = (u: (typeof rows)[number]) =>
        !u.place
          ? null
          : u.place.kind === 'china_warehouse'
            ? text('audit.place.china_warehouse', lang)
            : (names.get(u.place.branch_id ?? 0) ?? null);
      const table = {
        columns: [
          { key: 'id' },
          { key: 'client_code' },
          { key: 'name' },
          { key: 'phone_number' },
          { key: 'role' },
          { key: 'place' },
          { key: 'branch' },
          { key: 'language' },
          { key: 'blocked' },
          { key: 'created_at' },
        ],
        rows: rows.map((u) => ({
          id: u.id,
          client_code: u.client_code,
          name: `${u.first_name} ${u.last_name}`.trim(),
          phone_number: u.phone_number,
          role: text(`reports.values.role.${u.role}`, lang),
          place: place(u),
          branch: u.branch_id !== null ? (names.get(u.branch_id) ?? null) : null,
          language: u.language,
          blocked: yesNo(u.blocked, lang),
          created_at: exportMoment(u.created_at),
        })),
      };
      return sendListExport(reply, table, { format, lang, name: 'users', total });
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
