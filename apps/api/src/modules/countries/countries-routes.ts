import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pickText, ZCountriesResponse } from '@portal/contract';
import { countries } from '../../db/schema';
import { requestLang } from '../../lib/request-lang';

export async function countriesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/countries',
    {
      schema: { tags: ['content'], summary: 'Countries the carrier serves', response: { 200: ZCountriesResponse } },
      config: { cacheable: true },
    },
    async (request) => {
      const lang = requestLang(request);
      const rows = await app.db
        .select()
        .from(countries)
        .where(eq(countries.isActive, true))
        .orderBy(asc(countries.position), asc(countries.id));
      return {
        data: rows.map((c) => ({
          id: c.id,
          code: c.code,
          name: pickText(c.name, lang),
          flag: c.flag,
          phone_prefix: c.phonePrefix,
          currency: c.currency,
          customs_id: c.customsId,
        })),
      };
    },
  );
}
