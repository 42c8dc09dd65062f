import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { TI18nText } from '@portal/contract';
import type { DbOrTx } from '../../db/client';
import { branches, flights, labelIssues, labelPrinters, orderBoxes, orders, users } from '../../db/schema';

export type PrinterRow = typeof labelPrinters.$inferSelect;
export type PrinterInput = Pick<PrinterRow, 'branchId' | 'name' | 'host' | 'port' | 'defaultSize' | 'isDefault'>;

export interface LabelParcelRow {
  id: number;
  trackCode: string;
  weight: number;
  receivedAt: Date;
  branchId: number | null;
  branchName: TI18nText | null;
  clientCode: string | null;
  labelClientCode: string | null;
  flightRef: string | null;
  flightDate: string | null;
}

/** The place a printer stands at: a branch, or the China warehouse (null). */
const atPlace = (branchId: number | null) => (branchId === null ? isNull(labelPrinters.branchId) : eq(labelPrinters.branchId, branchId));

/** What labels read (orders, boxes, branches, flights: other modules' tables, read only) and write (printers, issues). */
export const labelsRepository = {
  async parcel(db: DbOrTx, id: number): Promise<LabelParcelRow | undefined> {
    const [row] = await db
      .select({
        id: orders.id,
        trackCode: orders.trackCode,
        weight: orders.weight,
        receivedAt: orders.receivedAt,
        branchId: orders.branchId,
        branchName: branches.name,
        clientCode: users.clientCode,
        labelClientCode: orders.labelClientCode,
        flightRef: flights.carrierRef,
        flightDate: flights.departureDate,
      })
      .from(orders)
      .leftJoin(branches, eq(branches.id, orders.branchId))
      .leftJoin(users, eq(users.id, orders.userId))
      .leftJoin(flights, eq(flights.id, orders.flightId))
      .where(eq(orders.id, id))
      .limit(1);
    return row;
  },

  /** Box weights of a parcel received as several boxes, box 1 first (none for a single box). */
  async boxes(db: DbOrTx, orderId: number): Promise<{ box: number; weight: number | null }[]> {
    return db
      .select({ box: orderBoxes.box, weight: orderBoxes.weight })
      .from(orderBoxes)
      .where(eq(orderBoxes.orderId, orderId))
      .orderBy(asc(orderBoxes.box));
  },

  /** Counts one issue of the parcel's label (print or download) and answers how many there have been, this one included. */
  async issue(tx: DbOrTx, orderId: number, userId: number): Promise<number> {
    const [row] = await tx
      .insert(labelIssues)
      .values({ orderId, count: 1, firstBy: userId })
      .onConflictDoUpdate({ target: labelIssues.orderId, set: { count: sql`${labelIssues.count} + 1`, lastAt: sql`now()` } })
      .returning({ count: labelIssues.count });
    return row!.count;
  },

  async printers(db: DbOrTx, branchId: number | null | 'all'): Promise<PrinterRow[]> {
    return db
      .select()
      .from(labelPrinters)
      .where(branchId === 'all' ? undefined : atPlace(branchId))
      .orderBy(asc(labelPrinters.branchId), asc(labelPrinters.name), asc(labelPrinters.id));
  },

  async printer(db: DbOrTx, id: number): Promise<PrinterRow | undefined> {
    const [row] = await db.select().from(labelPrinters).where(eq(labelPrinters.id, id)).limit(1);
    return row;
  },

  async insertPrinter(tx: DbOrTx, input: PrinterInput): Promise<PrinterRow> {
    const [row] = await tx.insert(labelPrinters).values(input).returning();
    return row!;
  },

  /** Saves a printer unless someone saved it since `version` (then undefined). */
  async updatePrinter(tx: DbOrTx, id: number, version: number | undefined, input: PrinterInput): Promise<PrinterRow | undefined> {
    const [row] = await tx
      .update(labelPrinters)
      .set({ ...input, version: sql`${labelPrinters.version} + 1`, updatedAt: sql`now()` })
      .where(and(eq(labelPrinters.id, id), version === undefined ? undefined : eq(labelPrinters.version, version)))
      .returning();
    return row;
  },

  async deletePrinter(tx: DbOrTx, id: number): Promise<PrinterRow | undefined> {
    const [row] = await tx.delete(labelPrinters).where(eq(labelPrinters.id, id)).returning();
    return row;
  },

  /** One default per place: the others of the place stop being it. */
  async clearDefaults(tx: DbOrTx, branchId: number | null, exceptId: number): Promise<void> {
    await tx
      .update(labelPrinters)
      .set({ isDefault: false })
      .where(and(atPlace(branchId), ne(labelPrinters.id, exceptId), eq(labelPrinters.isDefault, true)));
  },
};
