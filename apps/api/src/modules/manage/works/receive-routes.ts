import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZReceiveParcelRequest, ZReceiveParcelResponse, ZUploadPhotosResponse } from '@portal/contract';
import { AppError } from '../../../lib/app-error';
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
      // Box weights weighed apart make the parcel's weight (their sum, in grams to stay exact); a differing total is refused.
      const boxWeights = b.box_weights ?? null;
      const summed = boxWeights ? boxWeights.reduce((sum, w) => sum + Math.round(w * 1000), 0) / 1000 : null;
      if (summed !== null && b.weight !== undefined && Math.abs(summed - b.weight) > 0.0005)
        throw new AppError('validation_failed', { fields: { weight: ['validation.invalid_value'] } });
      const boxCount = boxWeights?.length ?? b.boxes ?? 1;
      const data = await receiveService.receive(
        app.db,
        {
          trackCode: b.track_code,
          weight: summed ?? b.weight!,
          boxes: boxCount > 1 ? (boxWeights ?? Array.from({ length: boxCount }, () => null)) : undefined,
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
