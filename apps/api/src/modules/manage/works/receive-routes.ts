import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MAX_PARCEL_PHOTOS,
  MAX_PHOTO_BYTES,
  sniffPhoto,
  ZReceiveParcelRequest,
  ZReceiveParcelResponse,
  ZUploadPhotosResponse,
  type TPhotoKind,
} from '@portal/contract';
import { AppError } from '../../../lib/app-error';
import { warehouseGuard } from '../manage-access';
import { receiveService } from '../receive-service';
import { errors, multipartError, security, tags, workContext } from './route-kit';

/** 1. Receive in China: photos, then weigh and record one parcel. The China warehouse's staff, admins. */
export async function receiveRoutes(app: FastifyInstance) {
  app.addHook('preHandler', warehouseGuard(app));
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/manage/photos',
    {
      schema: {
        tags,
        summary: 'Upload parcel photos (multipart "photos": JPEG/PNG/WebP, ≤ 5 MB each, ≤ 5)',
        security,
        consumes: ['multipart/form-data'],
        response: { 200: ZUploadPhotosResponse, ...errors },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw new AppError('photo_invalid');
      const files: { bytes: Buffer; kind: TPhotoKind }[] = [];
      try {
        for await (const part of request.files({ limits: { fileSize: MAX_PHOTO_BYTES, files: MAX_PARCEL_PHOTOS } })) {
          const bytes = await part.toBuffer();
          const kind = sniffPhoto(bytes);
          if (!kind) throw new AppError('photo_invalid');
          files.push({ bytes, kind });
        }
      } catch (error) {
        throw multipartError(error, 'photo_invalid');
      }
      if (!files.length) throw new AppError('photo_invalid');
      const saved: string[] = [];
      for (const f of files) saved.push(await app.uploads.saveImage('parcels', f.bytes, f.kind));
      return { data: { photos: saved } };
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
