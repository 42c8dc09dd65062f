import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZBranchesResponse, ZCountryBranchesParams, ZErrorBody } from '@portal/contract';
import { requestLang } from '../../lib/request-lang';
import { branchesRepository, toBranch } from './branches-repository';

export async function branchesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/country/:country_id/branches', {
    schema: {
      tags: ['content'],
      summary: "A country's branches with tariff, hours, map link, phones and social links",
      params: ZCountryBranchesParams,
      response: { 200: ZBranchesResponse, 422: ZErrorBody },
    },
  }, async (request) => {
    const lang = requestLang(request);
    const rows = await branchesRepository.byCountry(app.db, request.params.country_id);
    return { data: rows.map((row) => toBranch(row, lang)) };
  });
}
