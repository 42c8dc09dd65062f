import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CONTENT_IMAGE_MAX_BYTES, ZContentImageParams, ZContentImageResponse, ZErrorBody } from '@portal/contract';
import { AppError } from '../../lib/app-error';
import { auditActorOf, recordAudit } from '../audit/audit';
import { sniffImage } from './images';

/**
 * POST admin/uploads/{kind} (inside the admin area): one content image (news, lessons, marketplaces,
 * prohibited-items), multipart field "image", JPEG/PNG/WebP by its bytes, at most CONTENT_IMAGE_MAX_BYTES.
 * The answer's URL is what a save then refers to; an upload nothing refers to is removed a day later.
 */
export async function adminUploadsRoutes(app: FastifyInstance) {
  await app.register(multipart, {
    limits: { fileSize: CONTENT_IMAGE_MAX_BYTES, files: 1, fields: 0, parts: 1, fieldSize: 1024, headerPairs: 50 },
    throwFileSizeLimit: true,
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/uploads/:kind',
    {
      schema: {
        tags: ['admin'],
        summary: 'Upload one content image (multipart "image": JPEG, PNG or WebP, at most 2 MB); answers its URL',
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data'],
        params: ZContentImageParams,
        response: { 201: ZContentImageResponse, 401: ZErrorBody, 403: ZErrorBody, 413: ZErrorBody, 422: ZErrorBody },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new AppError('image_invalid');
      let bytes: Buffer | null = null;
      try {
        const part = await request.file();
        if (part) bytes = await part.toBuffer();
      } catch (error) {
        const code = (error as { code?: string }).code ?? '';
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('image_too_large');
        throw new AppError('image_invalid');
      }
      const kind = bytes?.length ? sniffImage(bytes) : null;
      if (!bytes || !kind) throw new AppError('image_invalid');
      const url = await app.uploads.saveImage(request.params.kind, bytes, kind);
      await app.db.transaction((tx) =>
        recordAudit(tx, {
          actor: auditActorOf(request),
          action: 'upload.create',
          targetType: 'upload',
          // The file name (the audit's target id is short); the whole address is in `after`.
          targetId: url.slice(url.lastIndexOf('/') + 1),
          after: { url, kind: request.params.kind, type: kind, bytes: bytes.length },
        }),
      );
      return reply.code(201).send({ data: { url } });
    },
  );
}
