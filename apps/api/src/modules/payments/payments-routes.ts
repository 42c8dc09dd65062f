import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  pickText,
  ZCloseDayRequest,
  ZCustomerBalanceResponse,
  ZDayCloseQuery,
  ZDayCloseResponse,
  ZDayCloseViewResponse,
  ZErrorBody,
  ZIdParam,
  ZListDayClosesQuery,
  ZListDayClosesResponse,
  ZListPaymentsQuery,
  ZListPaymentsResponse,
  ZPayDebtRequest,
  ZPayDebtResponse,
  ZReversePaymentRequest,
  ZReversePaymentResponse,
  ZStaffBalanceQuery,
} from '@portal/contract';
import { notFound } from '../../lib/app-error';
import { requestLang } from '../../lib/request-lang';
import { authOf } from '../auth/auth-plugin';
import { auditActorOf } from '../audit/audit';
import { branchesRepository } from '../branches/branches-repository';
import { requireCapability, resolveWorkBranch } from '../manage/manage-access';
import { paymentsService } from './payments-service';
import { manageRepository } from '../manage/manage-repository';
import { assertServable } from '../manage/handover-service';

const errors = { 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 422: ZErrorBody };
const security = [{ bearer: [] }];

/**
 * Money: the customer's balance, payments of debt at the counter, the day's journal and its close (branch staff of
 * that branch; admins any branch, naming it), and reversals (capability refunds, ADR 075).
 */
export async function paymentsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const branchWork = app.requireRole('staff', 'admin');
  const ctx = (request: FastifyRequest) => ({ user: authOf(request).user, lang: requestLang(request) });

  r.get(
    '/balance',
    {
      schema: {
        tags: ['payments'],
        summary: "The signed-in customer's balance per currency (positive = owed) and money history",
        security,
        response: { 200: ZCustomerBalanceResponse, ...errors },
      },
      preHandler: app.authenticate,
    },
    async (request) => {
      const { user, lang } = ctx(request);
      return { data: await paymentsService.customerBalance(app.db, user.id, lang) };
    },
  );

  r.get(
    '/manage/customers/:id/balance',
    {
      schema: {
        tags: ['payments'],
        summary: "A customer's balance and money history (branch staff, admins)",
        security,
        params: ZIdParam,
        querystring: ZStaffBalanceQuery,
        response: { 200: ZCustomerBalanceResponse, ...errors },
      },
      preHandler: branchWork,
    },
    async (request) => {
      const { user, lang } = ctx(request);
      if (user.role !== 'admin') await resolveWorkBranch(app.db, user, request.query.branch_id);
      const customer = await manageRepository.customerById(app.db, request.params.id);
      if (!customer) throw notFound();
      return { data: await paymentsService.customerBalance(app.db, customer.id, lang) };
    },
  );

  r.post(
    '/manage/payments',
    {
      schema: {
        tags: ['payments'],
        summary: 'Take payment of open debt at the counter (no parcels)',
        security,
        body: ZPayDebtRequest,
        response: { 200: ZPayDebtResponse, ...errors },
      },
      preHandler: branchWork,
    },
    async (request) => {
      const { user, lang } = ctx(request);
      const branch = await resolveWorkBranch(app.db, user, request.body.branch_id);
      const customer = await manageRepository.customerById(app.db, request.body.customer_id);
      if (!customer) throw notFound();
      assertServable(customer);
      return {
        data: await paymentsService.payDebt(app.db, branch, customer.id, request.body.payments, user.id, lang, auditActorOf(request)),
      };
    },
  );

  r.get(
    '/manage/payments',
    {
      schema: {
        tags: ['payments'],
        summary: "One business day's payments at a branch (default: the open day)",
        security,
        querystring: ZListPaymentsQuery,
        response: { 200: ZListPaymentsResponse, ...errors },
      },
      preHandler: branchWork,
    },
    async (request) => {
      const { user, lang } = ctx(request);
      const branch = await resolveWorkBranch(app.db, user, request.query.branch_id);
      return { data: await paymentsService.dayPayments(app.db, branch, request.query.date, lang) };
    },
  );

  r.get(
    '/manage/day-close',
    {
      schema: {
        tags: ['payments'],
        summary: 'A business day at a branch: expected per method, and its close if closed',
        security,
        querystring: ZDayCloseQuery,
        response: { 200: ZDayCloseViewResponse, ...errors },
      },
      preHandler: branchWork,
    },
    async (request) => {
      const { user, lang } = ctx(request);
      const branch = await resolveWorkBranch(app.db, user, request.query.branch_id);
      return { data: await paymentsService.dayView(app.db, branch, request.query.date, pickText(branch.name, lang), lang) };
    },
  );

  r.post(
    '/manage/day-close',
    {
      schema: {
        tags: ['payments'],
        summary: 'Close a business day: counted amounts per method; the difference is kept; a closed day never changes',
        security,
        body: ZCloseDayRequest,
        response: { 200: ZDayCloseResponse, ...errors },
      },
      preHandler: branchWork,
    },
    async (request) => {
      const { user, lang } = ctx(request);
      const branch = await resolveWorkBranch(app.db, user, request.body.branch_id);
      return {
        data: await paymentsService.closeDay(
          app.db,
          branch,
          { date: request.body.date, counted: request.body.counted, note: request.body.note },
          { userId: user.id, admin: user.role === 'admin' },
          lang,
          auditActorOf(request),
        ),
      };
    },
  );

  r.get(
    '/manage/day-closes',
    {
      schema: {
        tags: ['payments'],
        summary: 'Closed days, newest first: admins every branch (or one), branch staff their own',
        security,
        querystring: ZListDayClosesQuery,
        response: { 200: ZListDayClosesResponse, ...errors },
      },
      preHandler: branchWork,
    },
    async (request) => {
      const { user, lang } = ctx(request);
      const q = request.query;
      let branchId = q.branch_id;
      if (user.role !== 'admin') branchId = (await resolveWorkBranch(app.db, user, q.branch_id)).id;
      return { data: await paymentsService.listCloses(app.db, { branchId, from: q.from, to: q.to }, lang) };
    },
  );

  r.post(
    '/manage/payments/:id/reverse',
    {
      schema: {
        tags: ['payments'],
        summary:
          'Reverse a payment with a reason (capability refunds; staff: payments taken at their own branch): a negative row in the open business day, audited',
        security,
        params: ZIdParam,
        body: ZReversePaymentRequest,
        response: { 200: ZReversePaymentResponse, ...errors },
      },
      preHandler: requireCapability(app, 'refunds'),
    },
    async (request) => {
      const { user } = authOf(request);
      // Staff reach the payments of their own branch only (warehouse staff none); admins every payment (ADR 075).
      const onlyBranchId = user.role === 'admin' ? undefined : (await resolveWorkBranch(app.db, user, undefined)).id;
      const { payment } = await paymentsService.reverse(
        app.db,
        request.params.id,
        request.body.reason,
        { ...auditActorOf(request), id: user.id },
        requestLang(request),
        (id) => branchesRepository.findById(app.db, id),
        onlyBranchId,
      );
      return { data: payment };
    },
  );
}
