import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZBranchesResponse, ZBranchParams, ZBranchResponse, ZCountryBranchesParams, ZErrorBody } from '@portal/contract';
import { AppError } from '../../lib/app-error';
import { requestLang } from '../../lib/request-lang';
import { branchesRepository, toBranch } from './branches-repository';

export async function branchesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/country/:country_id/branches',
    {
      schema: {
        tags: ['content'],
        summary: "A country's branches with tariff, hours, map link, phones and social links",
        params: ZCountryBranchesParams,
        response: { 200: ZBranchesResponse, 422: ZErrorBody },
      },
      config: { cacheable: true },
    },
    async (request) => {
      const lang = requestLang(request);
      const rows = await branchesRepository.byCountry(app.db, request.params.country_id);
      return { data: rows.map((row) => toBranch(row, lang)) };
    },
  );

  r.get(
    '/branches/:id',
    {
      schema: {
        tags: ['content'],
        summary: 'One active branch',
        params: ZBranchParams,
        response: { 200: ZBranchResponse, 404: ZErrorBody, 422: ZErrorBody },
      },
      config: { cacheable: true },
    },
    async (request) => {
      const row = await branchesRepository.findById(app.db, request.params.id);
      if (!row || !row.isActive) throw new AppError('not_found');
      return { data: toBranch(row, requestLang(request)) };
    },
  );
}
