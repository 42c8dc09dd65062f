import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZErrorBody, ZIdParam, ZSlotRulesRequest, ZSlotRulesResponse, ZSlotRulesSavedResponse } from '@portal/contract';
import { auditActorOf } from '../audit/audit';
import { pickupSlotsService } from './pickup-slots-service';

const errors = { 401: ZErrorBody, 403: ZErrorBody, 422: ZErrorBody };

/** A branch's pickup slots by weekday (ADR 092), in the admin area (its one guard). */
export async function adminSlotRulesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin', 'pickup-slots'];
  const security = [{ bearer: [] }];
  r.get(
    '/branches/:id/slot-rules',
    {
      schema: {
        tags,
        security,
        summary: 'A branch’s pickup slot rules by weekday',
        params: ZIdParam,
        response: { 200: ZSlotRulesResponse, ...errors },
      },
    },
    async (request) => ({ data: { branch_id: request.params.id, rules: await pickupSlotsService.rules(app.db, request.params.id) } }),
  );
  r.put(
    '/branches/:id/slot-rules',
    {
      schema: {
        tags,
        security,
        summary:
          'Set a branch’s week of pickup slots (slot length 15 or 30 min, capacity per slot; a day left out or 0 has none); audited. `kept_bookings`: bookings already made that the new rules would not take (they keep their time)',
        params: ZIdParam,
        body: ZSlotRulesRequest,
        response: { 200: ZSlotRulesSavedResponse, ...errors },
      },
    },
    async (request) => {
      const rules = await pickupSlotsService.setRules(app.db, request.params.id, request.body.rules, auditActorOf(request));
      const kept = await pickupSlotsService.keptOutsideRules(app.db, request.params.id);
      return { data: { branch_id: request.params.id, rules, kept_bookings: kept } };
    },
  );
}
