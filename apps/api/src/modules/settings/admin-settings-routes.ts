import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  LOGO_MAX_BYTES,
  ZAdminSettingsResponse,
  ZAdminSettingsUpdateRequest,
  ZBagSettings,
  ZBagSettingsResponse,
  ZClaimSettings,
  ZClaimSettingsResponse,
  ZErrorBody,
  ZLogoUploadResponse,
  ZWeightSettings,
  ZWeightSettingsResponse,
} from '@portal/contract';
import { AppError } from '../../lib/app-error';
import { auditActorOf, recordAudit } from '../audit/audit';
import { sniffImage } from '../uploads/images';
import { createAdminSettingsService, logoReferences } from './admin-settings-service';
import { bagSettings } from './bag-settings';
import { weightSettings } from './weight-settings';
import { claimsSettings } from './claims-settings';
import { looksLikeSvg, svgProblem } from './svg-check';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 413: ZErrorBody, 422: ZErrorBody };
const security = [{ bearer: [] }];
const tags = ['admin'];

/** admin/settings… (inside the admin area: the admin guard runs first). */
export async function adminSettingsRoutes(app: FastifyInstance) {
  app.uploads.registerReferences('logos', logoReferences);
  await app.register(multipart, {
    limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 0, parts: 1, fieldSize: 1024, headerPairs: 50 },
    throwFileSizeLimit: true,
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = createAdminSettingsService({ db: app.db, uploads: app.uploads });

  r.get(
    '/settings',
    {
      schema: {
        tags,
        summary: 'The site settings as stored, texts in every language, with the version a save sends back',
        security,
        response: { 200: ZAdminSettingsResponse, ...errors },
      },
    },
    async () => ({ data: await service.get() }),
  );

  r.put(
    '/settings',
    {
      schema: {
        tags,
        summary: 'Save the site settings (409 when someone saved them since `version`); visitors see them within 60 s',
        security,
        body: ZAdminSettingsUpdateRequest,
        response: { 200: ZAdminSettingsResponse, ...errors },
      },
    },
    async (request) => ({ data: await service.update(auditActorOf(request), request.body) }),
  );

  r.get(
    '/settings/bags',
    {
      schema: {
        tags,
        summary: "A bag's weighing check: the empty bag's tare and the tolerance (grams and/or hundredths of a percent)",
        security,
        response: { 200: ZBagSettingsResponse, ...errors },
      },
    },
    async () => ({ data: await bagSettings.get(app.db) }),
  );

  r.put(
    '/settings/bags',
    {
      schema: {
        tags,
        summary: 'Save the tare and tolerance the next bags are sealed with (sealed bags keep theirs); audited',
        security,
        body: ZBagSettings,
        response: { 200: ZBagSettingsResponse, ...errors },
      },
    },
    async (request) => ({ data: await bagSettings.update(app.db, auditActorOf(request), request.body) }),
  );

  r.get(
    '/settings/weights',
    {
      schema: {
        tags,
        summary: 'The branch weighing tolerance (grams and percent of the China weight, the larger wins; ADR 089)',
        security,
        response: { 200: ZWeightSettingsResponse, ...errors },
      },
    },
    async () => ({ data: await weightSettings.get(app.db) }),
  );

  r.put(
    '/settings/weights',
    {
      schema: {
        tags,
        summary: 'Save the tolerance the next branch weighings are compared with (a check keeps its own); audited',
        security,
        body: ZWeightSettings,
        response: { 200: ZWeightSettingsResponse, ...errors },
      },
    },
    async (request) => ({ data: await weightSettings.update(app.db, auditActorOf(request), request.body) }),
  );

  r.get(
    '/settings/claims',
    {
      schema: {
        tags,
        summary:
          "Claims' deadlines (hours to the first answer, days to the decision) and windows (damage after hand-over, lost after dispatch)",
        security,
        response: { 200: ZClaimSettingsResponse, ...errors },
      },
    },
    async () => ({ data: await claimsSettings.get(app.db) }),
  );

  r.put(
    '/settings/claims',
    {
      schema: {
        tags,
        summary: 'Save the claims settings; claims opened from now on take these deadlines; audited',
        security,
        body: ZClaimSettings,
        response: { 200: ZClaimSettingsResponse, ...errors },
      },
    },
    async (request) => ({ data: await claimsSettings.update(app.db, auditActorOf(request), request.body) }),
  );

  r.post(
    '/settings/logo',
    {
      schema: {
        tags,
        summary: 'Upload a logo (multipart "image": PNG, WebP or SVG without scripts or outside references, at most 512 KB)',
        security,
        consumes: ['multipart/form-data'],
        response: { 201: ZLogoUploadResponse, ...errors },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new AppError('logo_invalid');
      let bytes: Buffer | null = null;
      try {
        const part = await request.file();
        if (part) bytes = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('logo_too_large');
        throw new AppError('logo_invalid');
      }
      if (!bytes?.length) throw new AppError('logo_invalid');
      const sniffed = sniffImage(bytes);
      let type: 'png' | 'webp' | 'svg';
      if (sniffed === 'png' || sniffed === 'webp') type = sniffed;
      else if (!sniffed && looksLikeSvg(bytes)) {
        const problem = svgProblem(bytes);
        if (problem) {
          request.log.info({ problem }, 'logo svg refused');
          throw new AppError('svg_unsafe');
        }
        type = 'svg';
      } else throw new AppError('logo_invalid');
      const url = await app.uploads.saveImage('logos', bytes, type);
      await app.db.transaction((tx) =>
        recordAudit(tx, {
          actor: auditActorOf(request),
          action: 'upload.create',
          targetType: 'upload',
          targetId: url.slice(url.lastIndexOf('/') + 1),
          after: { url, kind: 'logos', type, bytes: bytes.length },
        }),
      );
      return reply.code(201).send({ data: { url } });
    },
  );
}
