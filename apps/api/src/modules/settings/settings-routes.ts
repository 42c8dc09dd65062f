import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZSettingsResponse } from '@portal/contract';
import { requestLang } from '../../lib/request-lang';
import { settingsRepository } from './settings-repository';

export async function settingsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/settings', {
    schema: { tags: ['content'], summary: 'Site settings (logo, name, footer, contacts, map tiles) in the request language', response: { 200: ZSettingsResponse } },
    config: { cacheable: true },
  }, async (request) => ({ data: await settingsRepository.all(app.db, requestLang(request)) }));
}
