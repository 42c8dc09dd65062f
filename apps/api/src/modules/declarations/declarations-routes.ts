import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZDeclarationParams, ZDeclarationResponse, ZErrorBody, ZParcelDeclarationParams, ZSaveDeclarationRequest } from '@portal/contract';
import { requestLang } from '../../lib/request-lang';
import { authOf } from '../auth/auth-plugin';
import { auditActorOf } from '../audit/audit';
import { staffGuard } from '../manage/manage-access';
import { declarationsService } from './declarations-service';

const errors = { 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 422: ZErrorBody };
const security = [{ bearer: [] }];
/** 50 lines of 200 characters, a 2000-character address and an order number each, with room for JSON. */
const bodyLimit = 256 * 1024;

/** The customer's declaration of one of their codes (issue 36, ADR 086): item lines, declared value, insurance. */
export async function declarationsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['declarations'];
  const preHandler = app.authenticate;
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  r.get(
    '/declarations/:trackCode',
    {
      schema: {
        tags,
        security,
        summary:
          "The caller's declaration of one of their saved codes or parcels: item lines, totals, declared value, insurance and the branch's terms (404 for any other code)",
        params: ZDeclarationParams,
        response: { 200: ZDeclarationResponse, ...errors },
      },
      preHandler,
    },
    async (request) => ({
      data: await declarationsService.getForCustomer(app.db, authOf(request).user.id, request.params.trackCode),
    }),
  );

  r.put(
    '/declarations/:trackCode',
    {
      schema: {
        tags,
        security,
        summary:
          'Replaces the declaration (lines, declared value, insured) until the parcel is dispatched (409 declaration_locked); updated_at is the version edited (409 stale_write); insuring needs a value within the cap (422)',
        params: ZDeclarationParams,
        body: ZSaveDeclarationRequest,
        response: { 200: ZDeclarationResponse, ...errors },
      },
      bodyLimit,
      preHandler,
    },
    async (request) => ({
      data: await declarationsService.saveForCustomer(
        app.db,
        authOf(request).user.id,
        request.params.trackCode,
        request.body,
        requestLang(request),
      ),
    }),
  );
}

/** Staff: a parcel's declaration at receipt — the China warehouse completes or corrects it, a branch reads it. */
export async function declarationsStaffRoutes(app: FastifyInstance) {
  app.addHook('preHandler', staffGuard(app));
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['manage'];

  r.get(
    '/manage/parcels/:id/declaration',
    {
      schema: {
        tags,
        security,
        summary: "A parcel's declaration (its owner's for its code): editable by the China warehouse until dispatch, read only at a branch",
        params: ZParcelDeclarationParams,
        response: { 200: ZDeclarationResponse, ...errors },
      },
    },
    async (request) => ({ data: await declarationsService.getForStaff(app.db, authOf(request).user, request.params.id) }),
  );

  r.put(
    '/manage/parcels/:id/declaration',
    {
      schema: {
        tags,
        security,
        summary:
          "The warehouse corrects the owner's declaration at receipt (409 declaration_no_owner, declaration_locked, stale_write); audited; the customer sees it corrected",
        params: ZParcelDeclarationParams,
        body: ZSaveDeclarationRequest,
        response: { 200: ZDeclarationResponse, ...errors },
      },
      bodyLimit,
    },
    async (request) => ({
      data: await declarationsService.saveForStaff(
        app.db,
        authOf(request).user,
        auditActorOf(request),
        request.params.id,
        request.body,
        requestLang(request),
      ),
    }),
  );
}
