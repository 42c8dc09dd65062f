import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pickText, pageMeta, ZAuditListQuery, ZAuditListResponse, ZErrorBody } from '@portal/contract';
import { inArray } from 'drizzle-orm';
import { branches } from '../../db/schema';
import { requestLang } from '../../lib/request-lang';
import { auditRepository } from './audit-repository';
import { actionName, actionsNamed, auditChanges, auditSentence, placeName } from './audit-words';

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
      const lang = requestLang(request);
      const page = q['filters[page]'];
      const perPage = q['filters[per_page]'];
      const { rows, total } = await auditRepository.list(
        app.db,
        {
          actor: q['filters[actor]'],
          targetType: q['filters[target_type]'],
          targetId: q['filters[target_id]'],
          action: q['filters[action]'],
          actionsNamed: q['filters[action]'] ? actionsNamed(q['filters[action]']) : [],
          from: q['filters[from]'],
          to: q['filters[to]'],
        },
        page,
        perPage,
      );
      const branchIds = [
        ...new Set(
          rows
            .map((r) => r.entry.actorPlace?.match(/^branch:(\d+)$/)?.[1])
            .filter((id): id is string => Boolean(id))
            .map(Number),
        ),
      ];
      const branchNames = new Map(
        (branchIds.length
          ? await app.db.select({ id: branches.id, name: branches.name }).from(branches).where(inArray(branches.id, branchIds))
          : []
        ).map((b) => [b.id, pickText(b.name, lang)]),
      );
      return {
        data: rows.map(({ entry, firstName, lastName }) => {
          const name = firstName === null ? null : `${firstName} ${lastName ?? ''}`.trim();
          const place = placeName(entry.actorPlace, branchNames, lang);
          return {
            id: entry.id,
            actor_id: entry.actorId,
            actor_name: name,
            actor_role: entry.actorRole,
            actor_place: entry.actorPlace,
            action: entry.action,
            target_type: entry.targetType,
            target_id: entry.targetId,
            before: entry.before ?? null,
            after: entry.after ?? null,
            ip: entry.ip,
            created_at: entry.createdAt.toISOString(),
            actor_place_name: place,
            action_name: actionName(entry.action, lang),
            summary: auditSentence(
              {
                action: entry.action,
                actorName: name,
                actorPlace: place,
                targetType: entry.targetType,
                targetId: entry.targetId,
                after: entry.after,
              },
              lang,
            ),
            changes: auditChanges(entry.before, entry.after, lang),
          };
        }),
        meta: pageMeta(page, perPage, total),
      };
    },
  );
}
