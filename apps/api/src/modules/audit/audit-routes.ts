import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  pickText,
  pageMeta,
  ZAuditExportQuery,
  ZAuditListQuery,
  ZAuditListResponse,
  ZErrorBody,
  type TAuditEntry,
  type TLang,
} from '@portal/contract';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { branches } from '../../db/schema';
import { requestLang } from '../../lib/request-lang';
import { EXPORT_PRODUCES, exportGuard, exportMoment, exportRows, sendListExport } from '../reports/list-export';
import { auditRepository, type AuditFilters } from './audit-repository';
import { actionName, actionsNamed, auditChanges, auditSentence, placeName } from './audit-words';

type Query = {
  [K in 'filters[actor]' | 'filters[target_type]' | 'filters[target_id]' | 'filters[action]' | 'filters[from]' | 'filters[to]']?: string;
};

const filtersOf = (q: Query): AuditFilters => ({
  actor: q['filters[actor]'],
  targetType: q['filters[target_type]'],
  targetId: q['filters[target_id]'],
  action: q['filters[action]'],
  actionsNamed: q['filters[action]'] ? actionsNamed(q['filters[action]']) : [],
  from: q['filters[from]'],
  to: q['filters[to]'],
});

/** One page of the log in words, in `lang`: who (and where), the action's name, the sentence and the changes. */
async function auditPage(db: Db, filters: AuditFilters, page: number, perPage: number, lang: TLang) {
  const { rows, total } = await auditRepository.list(db, filters, page, perPage);
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
      ? await db.select({ id: branches.id, name: branches.name }).from(branches).where(inArray(branches.id, branchIds))
      : []
    ).map((b) => [b.id, pickText(b.name, lang)]),
  );
  const items: TAuditEntry[] = rows.map(({ entry, firstName, lastName }) => {
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
  });
  return { items, total };
}

/** GET admin/audit and its export (inside the admin area: admins only). Read-only: the log has no write calls at all. */
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
      const { items, total } = await auditPage(app.db, filtersOf(q), page, perPage, requestLang(request));
      return { data: items, meta: pageMeta(page, perPage, total) };
    },
  );

  r.get(
    '/audit/export',
    {
      schema: {
        tags: ['admin'],
        summary: 'The audit log as .xlsx or .csv, in words as the page shows it, for the same filters (at most 10 000 rows)',
        security: [{ bearer: [] }],
        querystring: ZAuditExportQuery,
        produces: EXPORT_PRODUCES,
        response: { 401: ZErrorBody, 403: ZErrorBody, 422: ZErrorBody },
      },
      preHandler: exportGuard(app),
    },
    async (request, reply) => {
      const { format, lang = requestLang(request), ...q } = request.query;
      const filters = filtersOf(q);
      const { rows, total } = await exportRows((page, perPage) => auditPage(app.db, filters, page, perPage, lang));
      const table = {
        columns: [
          { key: 'date' },
          { key: 'actor' },
          { key: 'place' },
          { key: 'action' },
          { key: 'summary' },
          { key: 'changes' },
          { key: 'ip' },
        ],
        rows: rows.map((e) => ({
          date: exportMoment(e.created_at),
          actor: e.actor_name,
          place: e.actor_place_name,
          action: e.action_name,
          summary: e.summary,
          changes: e.changes.map((c) => `${c.field}: ${c.before ?? '—'} → ${c.after ?? '—'}`).join('; '),
          ip: e.ip,
        })),
      };
      return sendListExport(reply, table, { format, lang, name: 'audit', total });
    },
  );
}
