import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZErrorBody, ZLessonParams, ZLessonResponse, ZLessonsResponse } from '@portal/contract';
import { AppError } from '../../lib/app-error';
import { requestLang } from '../../lib/request-lang';
import { lessonsRepository } from './lessons-repository';

export async function lessonsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['content'];
  r.get(
    '/lessons',
    {
      schema: { tags, summary: 'Free lessons in display order', response: { 200: ZLessonsResponse } },
      config: { cacheable: true },
    },
    async (request) => ({ data: await lessonsRepository.all(app.db, requestLang(request)) }),
  );

  r.get(
    '/lessons/:id',
    {
      schema: {
        tags,
        summary: 'One free lesson with its steps in order',
        params: ZLessonParams,
        response: { 200: ZLessonResponse, 404: ZErrorBody, 422: ZErrorBody },
      },
      config: { cacheable: true },
    },
    async (request) => {
      const lesson = await lessonsRepository.find(app.db, request.params.id, requestLang(request));
      if (!lesson) throw new AppError('not_found');
      return { data: lesson };
    },
  );
}
