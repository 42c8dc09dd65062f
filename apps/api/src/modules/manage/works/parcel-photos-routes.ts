import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZParcelPhotosParams, ZParcelPhotosQuery, ZParcelPhotosResponse } from '@portal/contract';
import { staffGuard } from '../manage-access';
import { parcelPhotosService } from '../parcel-photos-service';
import { storeUploadedPhotos } from '../photo-upload';
import { errors, security, tags, workContext } from './route-kit';

/** 7a. Photos of a parcel by kind (ADR 081): damage by any staff who may see the parcel, hand-over at its branch. */
export async function parcelPhotoRoutes(app: FastifyInstance) {
  app.addHook('preHandler', staffGuard(app));
  app.withTypeProvider<ZodTypeProvider>().post(
    '/manage/parcels/:id/photos',
    {
      schema: {
        tags,
        summary:
          'Add photos of one kind to a parcel (multipart "photos", as manage/photos; at most 5 per kind): damage by any staff who may see it, hand-over by its branch, intake by the China warehouse; answers all its photos with signed addresses',
        security,
        consumes: ['multipart/form-data'],
        params: ZParcelPhotosParams,
        querystring: ZParcelPhotosQuery,
        response: { 200: ZParcelPhotosResponse, ...errors },
      },
    },
    async (request) => {
      const { user, actor } = workContext(request);
      const stored = await storeUploadedPhotos(app.uploads, request);
      try {
        const photos = await parcelPhotosService.add(
          app.db,
          user,
          actor.audit,
          request.params.id,
          request.query.kind,
          stored,
          app.uploads.urls,
        );
        return { data: { photos } };
      } catch (error) {
        await app.uploads.removePhotos(stored);
        throw error;
      }
    },
  );
}
