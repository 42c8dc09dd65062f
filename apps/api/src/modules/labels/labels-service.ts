import {
  formatBoxCode,
  formatDate,
  formatParcelNumber,
  formatWeight,
  pickText,
  REPORT_TIME_ZONE,
  type TLabelPrintRequest,
  type TLabelPrintResult,
  type TLang,
} from '@portal/contract';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { text } from '../../texts/texts';
import { recordAudit, type AuditActor } from '../audit/audit';
import type { UserRow } from '../users/users-repository';
import { labelPdf, labelZpl, type LabelContent, type TLabelSize } from './label-render';
import { labelsRepository, type LabelParcelRow, type PrinterRow } from './labels-repository';
import { sendRaw } from './printer-socket';

export interface LabelActor {
  user: UserRow;
  audit: AuditActor;
}

/** The place a staff member works at as printers go: a branch id, the China warehouse (null); admins: 'all'. */
export function placeOf(user: UserRow): number | null | 'all' {
  if (user.role === 'admin') return 'all';
  if (user.placeKind === 'china_warehouse') return null;
  return user.placeBranchId ?? -1;
}

/**
 * Who may label a parcel: admins and the China warehouse any parcel; a branch's staff the parcels addressed to their
 * branch. Anyone else is answered as if the parcel did not exist (404).
 */
function assertSees(user: UserRow, parcel: LabelParcelRow | undefined): asserts parcel is LabelParcelRow {
  if (!parcel) throw notFound();
  const place = placeOf(user);
  if (place === 'all' || place === null) return;
  if (parcel.branchId !== place) throw notFound();
}

/** The labels of a parcel: one per box (box k of n), or only box `only`. */
export function labelContents(
  parcel: LabelParcelRow,
  boxes: { box: number; weight: number | null }[],
  only: number | undefined,
  lang: TLang,
): LabelContent[] {
  const count = Math.max(1, boxes.length);
  if (only !== undefined && only > count) throw new AppError('validation_failed', { fields: { box: ['validation.invalid_value'] } });
  const title = parcel.clientCode ?? parcel.labelClientCode ?? text('labels.no_client', lang);
  const destination = parcel.branchName ? pickText(parcel.branchName, lang) : '—';
  const when = parcel.flightRef
    ? text('labels.flight', lang, { flight: parcel.flightRef, date: formatDate(parcel.flightDate!, lang) })
    : text('labels.received', lang, { date: formatDate(parcel.receivedAt, lang, { timeZone: REPORT_TIME_ZONE }) });
  const out: LabelContent[] = [];
  for (let box = 1; box <= count; box++) {
    if (only !== undefined && box !== only) continue;
    const boxWeight = boxes[box - 1]?.weight ?? null;
    const lines = [destination, formatWeight(boxWeight ?? parcel.weight, lang), when];
    if (count > 1) lines.push(text('labels.box', lang, { box, boxes: count }));
    lines.push(parcel.trackCode);
    out.push({ code: count > 1 ? formatBoxCode(parcel.id, box) : formatParcelNumber(parcel.id), title, lines });
  }
  return out;
}

async function load(db: Db, user: UserRow, id: number, box: number | undefined, lang: TLang) {
  const parcel = await labelsRepository.parcel(db, id);
  assertSees(user, parcel);
  const boxes = await labelsRepository.boxes(db, id);
  return { parcel, labels: labelContents(parcel, boxes, box, lang) };
}

/** The printer a print goes to: the one named (of the staff member's place), else the place's default. */
async function printerFor(db: Db, user: UserRow, printerId: number | undefined): Promise<PrinterRow> {
  const place = placeOf(user);
  if (printerId !== undefined) {
    const printer = await labelsRepository.printer(db, printerId);
    if (!printer || (place !== 'all' && printer.branchId !== place)) throw notFound();
    return printer;
  }
  // Admins without a place print at the China warehouse's default.
  const list = await labelsRepository.printers(db, place === 'all' ? null : place);
  const printer = list.find((p) => p.isDefault) ?? (list.length === 1 ? list[0] : undefined);
  if (!printer) throw new AppError('printer_not_set');
  return printer;
}

export const labelsService = {
  /**
   * The label as a file (PDF or ZPL). Any issue after the first (a print or a download) is a reprint: audited with
   * who, which format and size, and how many times the label has now been issued.
   */
  async file(
    db: Db,
    actor: LabelActor,
    id: number,
    query: { format: 'pdf' | 'zpl'; size: TLabelSize; box?: number },
    lang: TLang,
  ): Promise<{ body: Buffer | string; contentType: string; fileName: string }> {
    const { parcel, labels } = await load(db, actor.user, id, query.box, lang);
    const body = query.format === 'pdf' ? await labelPdf(labels, query.size) : labelZpl(labels, query.size);
    await db.transaction(async (tx) => {
      const count = await labelsRepository.issue(tx, parcel.id, actor.user.id);
      if (count > 1)
        await recordAudit(tx, {
          actor: actor.audit,
          action: 'label.reprint',
          targetType: 'order',
          targetId: parcel.id,
          after: { track_code: parcel.trackCode, format: query.format, size: query.size, box: query.box ?? null, count },
        });
    });
    const name = formatParcelNumber(parcel.id) + (query.box ? `B${query.box}` : '');
    return query.format === 'pdf'
      ? { body, contentType: 'application/pdf', fileName: `${name}-${query.size}.pdf` }
      : { body, contentType: 'text/plain; charset=utf-8', fileName: `${name}-${query.size}.zpl` };
  },

  /**
   * Sends the ZPL to a printer of the place. Nothing is counted or audited unless the printer took the job; every
   * print that did is audited (label.print the first time, label.reprint after).
   */
  async print(db: Db, actor: LabelActor, id: number, body: TLabelPrintRequest, lang: TLang): Promise<TLabelPrintResult> {
    const { parcel, labels } = await load(db, actor.user, id, body.box, lang);
    const printer = await printerFor(db, actor.user, body.printer_id);
    const size = body.size ?? printer.defaultSize;
    try {
      await sendRaw(printer.host, printer.port, labelZpl(labels, size));
    } catch {
      throw new AppError('printer_unreachable', { params: { printer: printer.name } });
    }
    const count = await db.transaction(async (tx) => {
      const n = await labelsRepository.issue(tx, parcel.id, actor.user.id);
      await recordAudit(tx, {
        actor: actor.audit,
        action: n > 1 ? 'label.reprint' : 'label.print',
        targetType: 'order',
        targetId: parcel.id,
        after: { track_code: parcel.trackCode, printer: printer.name, size, labels: labels.length, box: body.box ?? null, count: n },
      });
      return n;
    });
    return { printer: { id: printer.id, name: printer.name }, size, labels: labels.length, reprint: count > 1 };
  },

  /** The printers staff may print to: their place's (admins: the China warehouse's). */
  async printers(db: Db, user: UserRow): Promise<PrinterRow[]> {
    const place = placeOf(user);
    return labelsRepository.printers(db, place === 'all' ? null : place);
  },
};
