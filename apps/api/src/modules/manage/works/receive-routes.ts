import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZReceiveParcelRequest, ZReceiveParcelResponse, ZUploadPhotosResponse } from '@portal/contract';
import { warehouseGuard } from '../manage-access';
import { storeUploadedPhotos } from '../photo-upload';
import { receiveService } from '../receive-service';
import { errors, security, tags, workContext } from './route-kit';

/** 1. Receive in China: weigh and record one parcel with its intake photos (manage/photos, parcel-photos-routes.ts). The China warehouse's staff, admins. */
export async function receiveRoutes(app: FastifyInstance) {
  app.addHook('preHandler', warehouseGuard(app));
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/manage/photos',
    {
      schema: {
        tags,
        summary:
          'Upload intake photos before manage/receive (multipart "photos": JPEG/PNG/WebP, ≤ 5 MB and ≤ 50 Mpx each, ≤ 5): stored upright, without metadata, resized, with thumbnails; answers their identifiers (served only by signed addresses)',
        security,
        consumes: ['multipart/form-data'],
        response: { 200: ZUploadPhotosResponse, ...errors },
      },
    },
    async (request) => {
      const stored = await storeUploadedPhotos(app.uploads, request);
      return { data: { photos: stored.map((p) => `/uploads/${p.key}`) } };
    },
  );

  r.post(
    '/manage/receive',
    {
      schema: {
        tags,
        summary: 'Receive and weigh one parcel at the China warehouse',
        security,
        body: ZReceiveParcelRequest,
        response: { 200: ZReceiveParcelResponse, ...errors },
      },
    },
    async (request) => {
      const { lang, actor } = workContext(request);
      const b = request.body;
      const data = await receiveService.receive(
        app.db,
        {
          trackCode: b.track_code,
          weight: b.weight,
          dimensions: b.dimensions ?? null,
          labelClientCode: b.label_client_code ?? null,
          photos: b.photos ?? [],
        },
        actor,
        lang,
      );
      return { data };
    },
  );
}
