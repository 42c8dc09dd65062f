import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZCustomsHoldRequest,
  ZCustomsManifestQuery,
  ZCustomsParcelParams,
  ZCustomsParcelResponse,
  ZFlightCustomsHoldRequest,
  ZFlightCustomsHoldResponse,
  ZFlightParams,
} from '@portal/contract';
import type { BranchRow } from '../branches/branches-repository';
import { authOf } from '../auth/auth-plugin';
import { requireCapability, resolveFlightScope, staffGuard } from '../manage/manage-access';
import { errors, security, workContext } from '../manage/works/route-kit';
import { EXPORT_PRODUCES } from '../reports/list-export';
import { customsService } from './customs-service';

const tags = ['customs'];
const MANIFEST_URL = '/manage/flights/:id/customs-manifest';
const scopes = new WeakMap<FastifyRequest, BranchRow | null>();

/** The place the guard resolved: null for admins and the China warehouse (every flight), a branch for its staff. */
function scopeOf(request: FastifyRequest): BranchRow | null {
  const scope = scopes.get(request);
  if (scope === undefined) throw new Error('customs route without its guard');
  return scope;
}

/**
 * Customs on flights (issue 36, ADR 085). One guard for the work: staff or admins (customers 403); the manifest also
 * needs the `exports` capability (the report and list exports' guard, ADR 075: it carries personal data). Then the
 * place: admins and the China warehouse reach every flight (or name a branch's share); branch staff their own branch's
 * parcels and flights only (another's → 403, checked by the service against the flight or parcel).
 */
export async function customsRoutes(app: FastifyInstance) {
  const staff = staffGuard(app);
  const download = requireCapability(app, 'exports');
  app.addHook('preHandler', async (request, reply) => {
    await (request.routeOptions.url?.endsWith(MANIFEST_URL) ? download : staff)(request, reply);
    const requested = (request.query as { branch_id?: number } | undefined)?.branch_id;
    scopes.set(request, await resolveFlightScope(app.db, authOf(request).user, requested));
  });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    MANIFEST_URL,
    {
      schema: {
        tags,
        summary:
          "The customs broker's manifest of a flight: one row per item line (recipient, IIN, values, weights, bag), xlsx with a summary sheet or CSV",
        security,
        params: ZFlightParams,
        querystring: ZCustomsManifestQuery,
        produces: EXPORT_PRODUCES,
        response: errors,
      },
    },
    async (request, reply) => {
      const ctx = workContext(request);
      const { format, lang = ctx.lang } = request.query;
      const file = await customsService.manifest(app.db, request.params.id, scopeOf(request), format, lang, ctx.actor);
      reply
        .header('content-type', format === 'csv' ? 'text/csv; charset=utf-8' : EXPORT_PRODUCES[0]!)
        .header('content-disposition', `attachment; filename="${file.name}"`)
        .header('cache-control', 'no-store');
      return reply.send(file.body as never);
    },
  );

  r.post(
    '/manage/parcels/:id/customs-hold',
    {
      schema: {
        tags,
        summary: 'Hold a parcel in transit for customs, with the reason (and a note): arrival waits until it is released',
        security,
        params: ZCustomsParcelParams,
        body: ZCustomsHoldRequest,
        response: { 200: ZCustomsParcelResponse, ...errors },
      },
    },
    async (request) => {
      const { lang, actor } = workContext(request);
      const { reason, note } = request.body;
      return { data: await customsService.hold(app.db, request.params.id, { reason, note }, scopeOf(request), actor, lang) };
    },
  );

  r.post(
    '/manage/parcels/:id/customs-release',
    {
      schema: {
        tags,
        summary: 'Customs released the parcel: it may arrive again; the owner is told',
        security,
        params: ZCustomsParcelParams,
        response: { 200: ZCustomsParcelResponse, ...errors },
      },
    },
    async (request) => {
      const { lang, actor } = workContext(request);
      return { data: await customsService.release(app.db, request.params.id, scopeOf(request), actor, lang) };
    },
  );

  r.post(
    '/manage/flights/:id/customs-hold',
    {
      schema: {
        tags,
        summary: "Hold several parcels of a flight for customs at once (by tracking code): each code's outcome",
        security,
        params: ZFlightParams,
        body: ZFlightCustomsHoldRequest,
        response: { 200: ZFlightCustomsHoldResponse, ...errors },
      },
    },
    async (request) => {
      const { lang, actor } = workContext(request);
      const { reason, note, track_codes } = request.body;
      return {
        data: await customsService.holdOnFlight(app.db, request.params.id, track_codes, { reason, note }, scopeOf(request), actor, lang),
      };
    },
  );
}
