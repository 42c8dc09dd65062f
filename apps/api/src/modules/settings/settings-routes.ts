import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZErrorBody, ZLegalParams, ZLegalResponse, ZSettingsResponse } from '@portal/contract';
import { AppError } from '../../lib/app-error';
import { requestLang } from '../../lib/request-lang';
import { settingsRepository } from './settings-repository';

export async function settingsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/settings',
    {
      schema: {
        tags: ['content'],
        summary: 'Site settings (logo, name, footer, contacts, map tiles) in the request language',
        response: { 200: ZSettingsResponse },
      },
      config: { cacheable: true },
    },
    async (request) => ({ data: await settingsRepository.all(app.db, requestLang(request)) }),
  );

  r.get(
    '/legal/:doc',
    {
      schema: {
        tags: ['content'],
        summary: 'The terms of use or privacy policy written in the admin area (formatted text), in the request language',
        params: ZLegalParams,
        response: { 200: ZLegalResponse, 404: ZErrorBody, 422: ZErrorBody },
      },
      config: { cacheable: true },
    },
    async (request) => {
      const text = await settingsRepository.legalText(app.db, request.params.doc, requestLang(request));
      if (!text) throw new AppError('not_found');
      return { data: { text } };
    },
  );
}
