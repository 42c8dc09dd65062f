import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZAdminLabelPrinterResponse,
  ZAdminLabelPrintersResponse,
  ZErrorBody,
  ZIdParam,
  ZSaveAdminLabelPrinterRequest,
  type TAdminLabelPrinter,
  type TSaveAdminLabelPrinterRequest,
} from '@portal/contract';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { auditActorOf, recordAudit, type AuditActor } from '../audit/audit';
import { branchesRepository } from '../branches/branches-repository';
import { labelsRepository, type PrinterInput, type PrinterRow } from './labels-repository';

const security = [{ bearer: [] }];
const tags = ['admin'];
const errors = { 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 422: ZErrorBody };

const view = (p: PrinterRow): TAdminLabelPrinter => ({
  id: p.id,
  branch_id: p.branchId,
  name: p.name,
  host: p.host,
  port: p.port,
  default_size: p.defaultSize,
  is_default: p.isDefault,
  version: p.version,
});

async function input(db: Db, body: TSaveAdminLabelPrinterRequest): Promise<PrinterInput> {
  const parsed = ZSaveAdminLabelPrinterRequest.parse(body);
  if (parsed.branch_id !== null && !(await branchesRepository.findById(db, parsed.branch_id)))
    throw new AppError('validation_failed', { fields: { branch_id: ['validation.invalid_value'] } });
  return {
    branchId: parsed.branch_id,
    name: parsed.name,
    host: parsed.host,
    port: parsed.port,
    defaultSize: parsed.default_size,
    isDefault: parsed.is_default,
  };
}

/** Saves a printer (new when id is null) and keeps one default per place, audited, in one transaction. */
async function save(db: Db, actor: AuditActor, id: number | null, body: TSaveAdminLabelPrinterRequest): Promise<TAdminLabelPrinter> {
  const values = await input(db, body);
  return db.transaction(async (tx) => {
    const before = id === null ? undefined : await labelsRepository.printer(tx, id);
    if (id !== null && !before) throw notFound();
    const saved =
      id === null ? await labelsRepository.insertPrinter(tx, values) : await labelsRepository.updatePrinter(tx, id, body.version, values);
    if (!saved) throw new AppError('conflict');
    if (saved.isDefault) await labelsRepository.clearDefaults(tx, saved.branchId, saved.id);
    await recordAudit(tx, {
      actor,
      action: id === null ? 'label_printer.create' : 'label_printer.update',
      targetType: 'label_printer',
      targetId: saved.id,
      before: before ? view(before) : undefined,
      after: view(saved),
    });
    return view(saved);
  });
}

/** admin/label-printers: the label printers of each place (a branch, or the China warehouse: branch_id null). */
export async function adminPrintersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/label-printers',
    { schema: { tags, summary: 'Label printers of every place', security, response: { 200: ZAdminLabelPrintersResponse, ...errors } } },
    async () => ({ data: (await labelsRepository.printers(app.db, 'all')).map(view) }),
  );
  r.post(
    '/label-printers',
    {
      schema: {
        tags,
        summary: 'Add a label printer (name, host, raw TCP port, default size; the default one of its place)',
        security,
        body: ZSaveAdminLabelPrinterRequest,
        response: { 200: ZAdminLabelPrinterResponse, ...errors },
      },
    },
    async (request) => ({ data: await save(app.db, auditActorOf(request), null, request.body) }),
  );
  r.put(
    '/label-printers/:id',
    {
      schema: {
        tags,
        summary: 'Change a label printer (409 when someone saved it since `version`)',
        security,
        params: ZIdParam,
        body: ZSaveAdminLabelPrinterRequest,
        response: { 200: ZAdminLabelPrinterResponse, ...errors },
      },
    },
    async (request) => ({ data: await save(app.db, auditActorOf(request), request.params.id, request.body) }),
  );
  r.delete(
    '/label-printers/:id',
    {
      schema: {
        tags,
        summary: 'Remove a label printer',
        security,
        params: ZIdParam,
        response: { 200: ZAdminLabelPrinterResponse, ...errors },
      },
    },
    async (request) => {
      const removed = await app.db.transaction(async (tx) => {
        const row = await labelsRepository.deletePrinter(tx, request.params.id);
        if (!row) throw notFound();
        await recordAudit(tx, {
          actor: auditActorOf(request),
          action: 'label_printer.delete',
          targetType: 'label_printer',
          targetId: row.id,
          before: view(row),
        });
        return row;
      });
      return { data: view(removed) };
    },
  );
}
