import { z } from 'zod';
import { ZData } from '../common/envelope';
import { MSG } from '../common/messages';
import { ZRequiredText } from '../common/fields';

/**
 * Our labels (issue 35, ADR 080): a parcel's number (ADR 079) as Code 128 and QR, the client code, destination,
 * weight, flight and date, box k of n; printed as an exact-size PDF or as ZPL to a network label printer.
 */
export const LABEL_SIZES = ['58x40', '100x150'] as const;
export const ZLabelSize = z.enum(LABEL_SIZES, { error: MSG.invalidValue });
export type TLabelSizeCode = z.infer<typeof ZLabelSize>;
/** Width × height in mm of each size. */
export const LABEL_SIZE_MM: Record<TLabelSizeCode, { width: number; height: number }> = {
  '58x40': { width: 58, height: 40 },
  '100x150': { width: 100, height: 150 },
};

/** Most boxes one tracking code may be received as. */
export const MAX_BOXES = 20;
export const ZBoxNumber = z.coerce
  .number({ error: MSG.invalidValue })
  .int({ error: MSG.invalidValue })
  .min(1, { error: MSG.invalidValue })
  .max(MAX_BOXES, { error: MSG.invalidValue });

/** GET manage/parcels/{id}/label?format=pdf|zpl&size=…[&box=n]: one label per box (or box n only). */
export const ZLabelQuery = z.object({
  format: z.enum(['pdf', 'zpl'], { error: MSG.invalidValue }).default('pdf'),
  size: ZLabelSize.default('100x150'),
  box: ZBoxNumber.optional(),
});
export type TLabelQuery = z.input<typeof ZLabelQuery>;

/** POST manage/parcels/{id}/label/print: ZPL to a printer of the staff member's place (its default when none is named). */
export const ZLabelPrintRequest = z.strictObject({
  /** The printer's default size when absent. */
  size: ZLabelSize.optional(),
  printer_id: z.number({ error: MSG.invalidValue }).int().positive().optional(),
  box: ZBoxNumber.optional(),
});
export type TLabelPrintRequest = z.infer<typeof ZLabelPrintRequest>;
export const ZLabelPrintResult = z.object({
  printer: z.object({ id: z.number().int(), name: z.string() }),
  size: ZLabelSize,
  /** Labels sent (one per box). */
  labels: z.number().int(),
  /** Not the first time this parcel's label was issued (audited as a reprint). */
  reprint: z.boolean(),
});
export type TLabelPrintResult = z.infer<typeof ZLabelPrintResult>;
export const ZLabelPrintResponse = ZData(ZLabelPrintResult);
export type TLabelPrintResponse = z.infer<typeof ZLabelPrintResponse>;

/** A printer as staff pick it (GET manage/printers: their place's printers). */
export const ZLabelPrinter = z.object({
  id: z.number().int(),
  name: z.string(),
  default_size: ZLabelSize,
  is_default: z.boolean(),
});
export type TLabelPrinter = z.infer<typeof ZLabelPrinter>;
export const ZLabelPrintersResponse = ZData(z.array(ZLabelPrinter));
export type TLabelPrintersResponse = z.infer<typeof ZLabelPrintersResponse>;

/** A printer as the admin sets it: where it stands (a branch, or null = the China warehouse) and its address. */
export const ZAdminLabelPrinter = ZLabelPrinter.extend({
  branch_id: z.number().int().nullable(),
  host: z.string(),
  port: z.number().int(),
  version: z.number().int(),
});
export type TAdminLabelPrinter = z.infer<typeof ZAdminLabelPrinter>;
export const ZAdminLabelPrintersResponse = ZData(z.array(ZAdminLabelPrinter));
export type TAdminLabelPrintersResponse = z.infer<typeof ZAdminLabelPrintersResponse>;
export const ZAdminLabelPrinterResponse = ZData(ZAdminLabelPrinter);

/** A host name or an IPv4/IPv6 address, nothing else (no scheme, path or port). */
const HOST_PATTERN =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[?[0-9A-Fa-f:]+\]?)$/;

/** POST admin/label-printers, PUT admin/label-printers/{id} (with version: an older one → 409). */
export const ZSaveAdminLabelPrinterRequest = z.strictObject({
  branch_id: z.number({ error: MSG.invalidValue }).int().positive().nullable(),
  name: ZRequiredText(60),
  host: ZRequiredText(253).regex(HOST_PATTERN, { error: MSG.invalidValue }),
  port: z
    .number({ error: MSG.invalidValue })
    .int()
    .min(1, { error: MSG.invalidValue })
    .max(65535, { error: MSG.invalidValue })
    .default(9100),
  default_size: ZLabelSize.default('100x150'),
  is_default: z.boolean({ error: MSG.invalidValue }).default(false),
  version: z.number().int().optional(),
});
export type TSaveAdminLabelPrinterRequest = z.input<typeof ZSaveAdminLabelPrinterRequest>;
