import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZManageContextResponse } from '@portal/contract';
import { contextService } from '../context-service';
import { staffGuard } from '../manage-access';
import { errors, security, tags, workContext } from './route-kit';

/** Where the staff screen starts: the caller's place and works. Any staff, any place. */
export async function contextRoutes(app: FastifyInstance) {
  app.addHook('preHandler', staffGuard(app));
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/manage/context',
    {
      schema: {
        tags,
        summary: "The caller's place, the works it allows, and all branches",
        security,
        response: { 200: ZManageContextResponse, ...errors },
      },
    },
    async (request) => {
      const { user, lang } = workContext(request);
      return { data: await contextService.of(app.db, user, lang) };
    },
  );
}
