import type { FastifyInstance } from 'fastify';
import { ZAdminLessonCreateRequest, ZAdminLessonResponse, ZAdminLessonsResponse, ZAdminLessonUpdateRequest } from '@portal/contract';
import { orderedContentRoutes } from '../admin/content-routes';
import { createAdminLessonsService } from './admin-lessons-service';
import { lessonImageReferences } from './lesson-images';

/** admin/lessons… (inside the admin area): lessons with their ordered steps. */
export async function adminLessonsRoutes(app: FastifyInstance) {
  app.uploads.registerReferences('lessons', lessonImageReferences);
  orderedContentRoutes(app, {
    path: 'lessons',
    noun: 'free lesson',
    schemas: {
      list: ZAdminLessonsResponse,
      item: ZAdminLessonResponse,
      create: ZAdminLessonCreateRequest,
      update: ZAdminLessonUpdateRequest,
    },
    service: createAdminLessonsService({ db: app.db, uploads: app.uploads }),
  });
}
