import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pageMeta, ZAuditListQuery, ZAuditListResponse, ZErrorBody } from '@portal/contract';
import { auditRepository } from './audit-repository';

/** GET admin/audit (inside the admin area: admins only). Read-only: the log has no write calls at all. */
export async function auditRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/audit',
    {
      schema: {
        tags: ['admin'],
        summary: 'The audit log, newest first; filter by actor, target, action and dates',
        security: [{ bearer: [] }],
        querystring: ZAuditListQuery,
        response: { 200: ZAuditListResponse, 401: ZErrorBody, 403: ZErrorBody, 422: ZErrorBody },
      },
    },
    async (request) => {
      const q = request.query;
      const page = q['filters[page]'];
      const perPage = q['filters[per_page]'];
      const { rows, total } = await auditRepository.list(
        app.db,
        {
          actor: q['filters[actor]'],
          targetType: q['filters[target_type]'],
          targetId: q['filters[target_id]'],
          action: q['filters[action]'],
          from: q['filters[from]'],
          to: q['filters[to]'],
        },
        page,
        perPage,
      );
      return {
        data: rows.map(({ entry, firstName, lastName }) => ({
          id: entry.id,
          actor_id: entry.actorId,
          actor_name: firstName === null ? null : `${firstName} ${lastName ?? ''}`.trim(),
          actor_role: entry.actorRole,
          actor_place: entry.actorPlace,
          action: entry.action,
          target_type: entry.targetType,
          target_id: entry.targetId,
          before: entry.before ?? null,
          after: entry.after ?? null,
          ip: entry.ip,
          created_at: entry.createdAt.toISOString(),
        })),
        meta: pageMeta(page, perPage, total),
      };
    },
  );
}
