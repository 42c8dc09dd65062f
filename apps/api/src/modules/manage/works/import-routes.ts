import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  IMPORT_MAX_BYTES,
  pageMeta,
  ZImportCommitResponse,
  ZImportDetailResponse,
  ZImportMappingRequest,
  ZImportParams,
  ZImportPreviewResponse,
  ZImportRejectedQuery,
  ZImportRowsQuery,
  ZImportUndoResponse,
} from '@portal/contract';
import { AppError } from '../../../lib/app-error';
import { readSpreadsheet } from '../import-parse';
import { importService } from '../import-service';
import { importUndo } from '../import-undo';
import { warehouseGuard } from '../manage-access';
import { errors, multipartError, security, tags, workContext } from './route-kit';

/** 2. Import a spreadsheet of received parcels: preview every row, then commit. The China warehouse's staff, admins. */
export async function importRoutes(app: FastifyInstance) {
  app.addHook('preHandler', warehouseGuard(app));
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/manage/imports',
    {
      schema: {
        tags,
        summary: 'Upload an .xlsx or .csv of received parcels: the preview of every row',
        security,
        consumes: ['multipart/form-data'],
        response: { 200: ZImportPreviewResponse, ...errors },
      },
    },
    async (request) => {
      const { user, actor } = workContext(request);
      if (!request.isMultipart()) throw new AppError('import_file_invalid');
      let file: { name: string; bytes: Buffer } | null = null;
      try {
        const part = await request.file({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1 } });
        if (part) file = { name: part.filename || 'import', bytes: await part.toBuffer() };
      } catch (error) {
        throw multipartError(error, 'import_file_invalid');
      }
      if (!file || !file.bytes.length) throw new AppError('import_file_invalid');
      const lines = await readSpreadsheet(file.name, file.bytes);
      return { data: await importService.preview(app.db, user, file.name, lines, actor) };
    },
  );

  r.get(
    '/manage/imports/:id',
    {
      schema: {
        tags,
        summary: 'An import: summary and a page of its rows (filter by outcome)',
        security,
        params: ZImportParams,
        querystring: ZImportRowsQuery,
        response: { 200: ZImportDetailResponse, ...errors },
      },
    },
    async (request) => {
      const { user, lang } = workContext(request);
      const q = request.query;
      const perPage = q['filters[per_page]'];
      const page = q['filters[page]'];
      const found = await importService.detail(app.db, user, request.params.id, { page, perPage, outcome: q.outcome }, lang);
      return { data: { ...found.summary, rows: found.rows }, meta: pageMeta(page, perPage, found.total) };
    },
  );

  r.post(
    '/manage/imports/:id/commit',
    {
      schema: {
        tags,
        summary: 'Apply every valid row of an import in one transaction',
        security,
        params: ZImportParams,
        response: { 200: ZImportCommitResponse, ...errors },
      },
    },
    async (request) => {
      const { user, actor } = workContext(request);
      return { data: await importService.commit(app.db, user, request.params.id, actor) };
    },
  );

  r.post(
    '/manage/imports/:id/mapping',
    {
      schema: {
        tags,
        summary: 'Read the uploaded file again with the columns chosen (kept for files with the same header row)',
        security,
        params: ZImportParams,
        body: ZImportMappingRequest,
        response: { 200: ZImportPreviewResponse, ...errors },
      },
    },
    async (request) => {
      const { user, actor } = workContext(request);
      return { data: await importService.remap(app.db, user, request.params.id, request.body, actor) };
    },
  );

  r.post(
    '/manage/imports/:id/undo',
    {
      schema: {
        tags,
        summary: 'Undo a committed import within the hour (its parcels removed) while none of them has moved on',
        security,
        params: ZImportParams,
        response: { 200: ZImportUndoResponse, ...errors },
      },
    },
    async (request) => {
      const { user, actor } = workContext(request);
      return { data: await importUndo.undo(app.db, user, request.params.id, actor) };
    },
  );

  r.get(
    '/manage/imports/:id/rejected',
    {
      schema: {
        tags,
        summary: "The import's rejected rows as .xlsx or .csv: the original cells and the reason per row",
        security,
        params: ZImportParams,
        querystring: ZImportRejectedQuery,
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'text/csv'],
        response: { ...errors },
      },
    },
    async (request, reply) => {
      const { user, lang } = workContext(request);
      const format = request.query.format;
      const file = await importUndo.rejectedFile(app.db, user, request.params.id, format, lang);
      reply
        .header(
          'content-type',
          format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        )
        .header(
          'content-disposition',
          `attachment; filename="${encodeURIComponent(file.name)}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
        )
        .header('cache-control', 'no-store');
      return reply.send(file.body as never);
    },
  );
}
