import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZApproveClaimRequest,
  ZClaimMessageRequest,
  ZClaimParams,
  ZPayClaimRequest,
  ZRejectClaimRequest,
  ZStaffClaimResponse,
  ZStaffClaimsQuery,
  ZStaffClaimsResponse,
} from '@portal/contract';
import { staffGuard } from '../manage/manage-access';
import { errors, security, tags, workContext } from '../manage/works/route-kit';
import { payClaim } from './claims-payout';
import { claimsService, staffBranchOf } from './claims-service';

/**
 * The claims work (ADR 088): branch staff the claims of their branch's parcels, admins every claim (others 403, an
 * unknown or another branch's claim 404). Staff guard for the scope; the reach is the service's (staffBranchOf).
 */
export async function claimsStaffRoutes(app: FastifyInstance) {
  app.addHook('preHandler', staffGuard(app));
  app.addHook('preHandler', async (request) => {
    staffBranchOf(workContext(request).user);
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const urls = app.uploads.urls;
  const one = { params: ZClaimParams, response: { 200: ZStaffClaimResponse, ...errors } };

  r.get(
    '/manage/claims',
    {
      schema: {
        tags,
        security,
        summary:
          'The claims queue: open by the next deadline (first answer, then decision; overdue flagged), approved waiting for payout, or done',
        querystring: ZStaffClaimsQuery,
        response: { 200: ZStaffClaimsResponse, ...errors },
      },
    },
    async (request) => {
      const { user } = workContext(request);
      return { data: await claimsService.queue(app.db, user, request.query.view ?? 'open', request.query.branch_id) };
    },
  );

  r.get('/manage/claims/:id', { schema: { tags, security, summary: 'A claim with its gathered evidence', ...one } }, async (request) => ({
    data: await claimsService.staffGet(app.db, workContext(request).user, request.params.id, urls),
  }));

  r.post(
    '/manage/claims/:id/take',
    { schema: { tags, security, summary: 'Take an open claim in review (the first answer)', ...one } },
    async (request) => {
      const { user, actor } = workContext(request);
      return { data: await claimsService.take(app.db, user, actor.audit, request.params.id, urls) };
    },
  );

  r.post(
    '/manage/claims/:id/message',
    { schema: { tags, security, summary: 'Ask the customer for more (shown on their claim)', body: ZClaimMessageRequest, ...one } },
    async (request) => {
      const { user, actor } = workContext(request);
      return { data: await claimsService.message(app.db, user, actor.audit, request.params.id, request.body.text, urls) };
    },
  );

  r.post(
    '/manage/claims/:id/approve',
    {
      schema: {
        tags,
        security,
        summary: 'Approve with an amount up to the cap (above: an admin or the capability claims, else 403 claim_over_cap)',
        body: ZApproveClaimRequest,
        ...one,
      },
    },
    async (request) => {
      const { user, actor } = workContext(request);
      return {
        data: await claimsService.approve(app.db, user, actor.audit, request.params.id, request.body.amount, request.body.note, urls),
      };
    },
  );

  r.post(
    '/manage/claims/:id/reject',
    { schema: { tags, security, summary: 'Reject with a reason the customer reads', body: ZRejectClaimRequest, ...one } },
    async (request) => {
      const { user, actor } = workContext(request);
      return { data: await claimsService.reject(app.db, user, actor.audit, request.params.id, request.body.reason, urls) };
    },
  );

  r.post(
    '/manage/claims/:id/pay',
    {
      schema: {
        tags,
        security,
        summary:
          "Pay an approved claim once: to the customer's balance, back through the provider of their online payment for the parcel, or in cash from the branch's drawer (409 claim_paid for every other request)",
        body: ZPayClaimRequest,
        ...one,
      },
    },
    async (request) => {
      const { user, lang, actor } = workContext(request);
      return {
        data: await payClaim(app, {
          user,
          actor: { ...actor.audit, id: user.id },
          id: request.params.id,
          method: request.body.method,
          lang,
        }),
      };
    },
  );
}
