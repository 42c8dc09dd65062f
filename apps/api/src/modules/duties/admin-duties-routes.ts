import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dayIn,
  ZDutyRuleResponse,
  ZDutyRulesResponse,
  ZEndDutyRuleRequest,
  ZErrorBody,
  ZExchangeRatesResponse,
  ZIdParam,
  ZRatesFetchResponse,
  ZSaveDutyRuleRequest,
} from '@portal/contract';
import { auditActorOf, recordAudit } from '../audit/audit';
import { dutiesRepository } from './duties-repository';
import { ruleView } from './duties-service';
import { endDutyRule, saveDutyRule } from './duty-rules-admin';
import { fetchRates, RATES_TIME_ZONE, recentRates } from './exchange-rates';

const security = [{ bearer: [] }];
const tags = ['admin'];
const errors = { 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 422: ZErrorBody };

/** admin/duty-rules (versioned edits, no overlaps per country) and admin/exchange-rates (recent days, fetch now). */
export async function adminDutiesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/duty-rules',
    {
      schema: {
        tags,
        security,
        summary: 'Duty-free limit rules of every country, newest first',
        response: { 200: ZDutyRulesResponse, ...errors },
      },
    },
    async () => ({ data: (await dutiesRepository.rules(app.db)).map(ruleView) }),
  );
  r.post(
    '/duty-rules',
    {
      schema: {
        tags,
        security,
        summary: 'Add a duty rule (409 duty_rule_overlap when it shares a day with another rule of its country)',
        body: ZSaveDutyRuleRequest,
        response: { 200: ZDutyRuleResponse, ...errors },
      },
    },
    async (request) => ({ data: await saveDutyRule(app.db, auditActorOf(request), null, request.body) }),
  );
  r.put(
    '/duty-rules/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Change a duty rule (409 stale_write when someone saved it since `version`; 409 duty_rule_overlap)',
        params: ZIdParam,
        body: ZSaveDutyRuleRequest,
        response: { 200: ZDutyRuleResponse, ...errors },
      },
    },
    async (request) => ({ data: await saveDutyRule(app.db, auditActorOf(request), request.params.id, request.body) }),
  );
  r.post(
    '/duty-rules/:id/end',
    {
      schema: {
        tags,
        security,
        summary: 'End a duty rule on a day (inclusive), so a new one can start the day after',
        params: ZIdParam,
        body: ZEndDutyRuleRequest,
        response: { 200: ZDutyRuleResponse, ...errors },
      },
    },
    async (request) => ({ data: await endDutyRule(app.db, auditActorOf(request), request.params.id, request.body) }),
  );
  r.get(
    '/exchange-rates',
    {
      schema: {
        tags,
        security,
        summary: "The NBK's rates of the last 7 days stored and the feed's last attempts",
        response: { 200: ZExchangeRatesResponse, ...errors },
      },
    },
    async () => ({ data: await recentRates(app.db) }),
  );
  r.post(
    '/exchange-rates/fetch',
    {
      schema: {
        tags,
        security,
        summary: "Fetch today's rates from the NBK feed now (a failure keeps the earlier days' rates and is answered as status 'failed')",
        body: z.unknown().optional(),
        response: { 200: ZRatesFetchResponse, ...errors },
      },
    },
    async (request) => {
      const result = await fetchRates(app.db, app.nbkRatesUrl, dayIn(new Date(), RATES_TIME_ZONE));
      await recordAudit(app.db, {
        actor: auditActorOf(request),
        action: 'exchange_rates.fetch',
        targetType: 'exchange_rates',
        targetId: null,
        after: result,
      });
      return { data: result };
    },
  );
}
