import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZErrorBody,
  ZIdParam,
  ZPaymentDifferenceResponse,
  ZPaymentDifferencesQuery,
  ZPaymentDifferencesResponse,
  ZReconcileRequest,
  ZReconcileResponse,
  ZRefundOnlinePaymentRequest,
  ZRefundOnlinePaymentResponse,
  ZResolvePaymentDifferenceRequest,
} from '@portal/contract';
import { AppError } from '../../lib/app-error';
import { requestLang } from '../../lib/request-lang';
import { authOf } from '../auth/auth-plugin';
import { auditActorOf, recordAudit } from '../audit/audit';
import { requireCapability, resolveWorkBranch, staffGuard } from '../manage/manage-access';
import { refundOnlinePayment } from './online-refunds';
import { reconcile } from './reconciliation';
import { reconciliationRepository as repo } from './reconciliation-repository';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 422: ZErrorBody, 502: ZErrorBody };
const security = [{ bearer: [] }];
const tags = ['payments'];

/**
 * The books of online money for staff (ADR 077): refunds through the provider (capability refunds; staff the payments
 * of their own branch, admins any) and the differences reconciliation found (staff of the branch, admins every one).
 * The scope's guard once, the refunds' capability on its route; the rules live in online-refunds.ts and reconciliation.ts.
 */
export async function onlineBooksRoutes(app: FastifyInstance) {
  // The scope's guard, once (manage-access.ts): staff only; the branch is narrowed per call by `scope` below.
  app.addHook('preHandler', staffGuard(app));
  const r = app.withTypeProvider<ZodTypeProvider>();
  /** Staff reach their own branch only (warehouse staff none: 403); admins every branch or the one they name. */
  const scope = async (request: FastifyRequest, named?: number): Promise<number | undefined> => {
    const { user } = authOf(request);
    if (user.role === 'admin') return named;
    return (await resolveWorkBranch(app.db, user, undefined)).id;
  };

  r.post(
    '/manage/payments/:id/refund',
    {
      schema: {
        tags,
        summary:
          'Refund all or part of an online payment through its provider with a reason (capability refunds; staff: their branch): a negative row naming it in the open business day; 502 and nothing written when the provider refuses',
        security,
        params: ZIdParam,
        body: ZRefundOnlinePaymentRequest,
        response: { 200: ZRefundOnlinePaymentResponse, ...errors },
      },
      preHandler: requireCapability(app, 'refunds'),
    },
    async (request) => {
      const { user } = authOf(request);
      const payment = await refundOnlinePayment(app, {
        paymentId: request.params.id,
        amount: request.body.amount,
        reason: request.body.reason,
        actor: { ...auditActorOf(request), id: user.id },
        lang: requestLang(request),
        onlyBranchId: await scope(request),
      });
      return { data: payment };
    },
  );

  r.get(
    '/manage/payment-differences',
    {
      schema: {
        tags,
        summary: 'Differences reconciliation found between our online payments and the providers’ (open by default)',
        security,
        querystring: ZPaymentDifferencesQuery,
        response: { 200: ZPaymentDifferencesResponse, ...errors },
      },
    },
    async (request) => {
      const branchId = await scope(request, request.query.branch_id);
      return { data: await repo.list(app.db, { branchId, resolved: request.query.state === 'resolved' }, requestLang(request)) };
    },
  );

  r.post(
    '/manage/payment-differences/check',
    {
      schema: {
        tags,
        summary: 'Run reconciliation now (staff: their branch; admins: every branch or the one named)',
        security,
        body: ZReconcileRequest,
        response: { 200: ZReconcileResponse, ...errors },
      },
    },
    async (request) => {
      const branchId = await scope(request, request.body?.branch_id);
      const { found } = await reconcile(app, { branchId });
      return { data: { found } };
    },
  );

  r.post(
    '/manage/payment-differences/:id/resolve',
    {
      schema: {
        tags,
        summary: 'Mark a difference resolved, saying what was done (audited)',
        security,
        params: ZIdParam,
        body: ZResolvePaymentDifferenceRequest,
        response: { 200: ZPaymentDifferenceResponse, ...errors },
      },
    },
    async (request) => {
      const { user } = authOf(request);
      const lang = requestLang(request);
      const only = await scope(request);
      const found = await repo.byId(app.db, request.params.id);
      if (!found) throw new AppError('not_found');
      if (only !== undefined && found.branchId !== only) throw new AppError('forbidden');
      await app.db.transaction(async (tx) => {
        const row = await repo.resolve(tx, found.id, user.id, request.body.note);
        if (!row) throw new AppError('conflict');
        await recordAudit(tx, {
          actor: auditActorOf(request),
          action: 'payment_difference.resolve',
          targetType: 'payment_difference',
          targetId: found.id,
          before: { kind: found.kind, provider: found.provider, request_id: found.requestId },
          after: { resolution: request.body.note },
        });
      });
      const [view] = (await repo.list(app.db, { branchId: found.branchId, resolved: true }, lang)).filter((d) => d.id === found.id);
      return { data: view! };
    },
  );
}
