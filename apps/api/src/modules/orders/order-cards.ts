import { sql } from 'drizzle-orm';
import type { TCustomsHoldReason } from '@portal/contract';
import { readMinor } from '../../db/schema/columns';
import { branches, flightArrivals, orderBoxes, orders } from '../../db/schema';

/** What a customer's order card needs. */
export const cardColumns = {
  id: orders.id,
  userId: orders.userId,
  trackCode: orders.trackCode,
  name: orders.name,
  weight: orders.weight,
  price: orders.price,
  currency: orders.currency,
  statusId: orders.statusId,
  receivedAt: orders.receivedAt,
  arrivedAt: orders.arrivedAt,
  deliveredAt: orders.deliveredAt,
  storageUntil: orders.storageUntil,
  /** Minor units per day after storage_until (0 = free): the countdown's "then N ₸ a day". */
  storageFeePerDay: orders.storageFeePerDay,
  archivedAt: orders.archivedAt,
  /** What the card's weights block needs (the chargeable weight beside the price). */
  dimensions: orders.dimensions,
  volumetricWeight: orders.volumetricWeight,
  volumetricDivisor: orders.volumetricDivisor,
  /**
   * Its flight's expected arrival at its branch (YYYY-MM-DD), read from the flight (a delay changes it for all). The
   * names are written out qualified: in a one-table select Drizzle drops the table from an interpolated column, which made the
   * subquery compare flight_arrivals with itself (more than one row as soon as a flight has two destinations).
   */
  expectedArrival: sql<
    string | null
  >`(select fa.expected_arrival::text from ${flightArrivals} fa where fa.flight_id = ${orders}.flight_id and fa.branch_id = ${orders}.branch_id)`,
  /** Boxes it was received as (issue 35; no rows = one box), read by order_boxes' primary key. */
  boxCount: sql<number>`(select count(*)::int from ${orderBoxes} ob where ob.order_id = ${orders}.id)`.mapWith(Number),
  /** Held by customs (issue 36): since when, why, staff's note. */
  customsHeldAt: orders.customsHeldAt,
  customsHoldReason: orders.customsHoldReason,
  customsHoldNote: orders.customsHoldNote,
  /** Minor units fixed at dispatch (ADR 090), charged with the price; 0 = not insured. */
  insurancePremium: orders.insurancePremium,
  /** The premium's currency while insured: the parcel's, or before arrival its branch's (null when not insured). */
  insuranceCurrency: sql<
    string | null
  >`(case when ${orders}.insurance_premium > 0 then coalesce(${orders}.currency, (select b.currency from ${branches} b where b.id = ${orders}.branch_id)) end)`,
};
type OrderRow = typeof orders.$inferSelect;

/**
 * An order card as one JSON array (`numberedPageWithSession`): the card's columns in order, timestamps as epoch
 * milliseconds, numerics as JSON numbers (the `decimal` column's own reading; the price's bigint minor units checked
 * by `readMinor` as the `minorUnits` column does), so `fromPageJson` gives what drizzle
 * reads for `cardColumns` (test/orders-api.test.ts compares the two).
 */
const epochMs = (column: unknown) => sql`(extract(epoch from ${column}) * 1000)::float8`;
export const pageJson = sql`json_build_array(${orders.id}, ${orders.userId}, ${orders.trackCode}, ${orders.name}, ${orders.weight}, ${orders.price},
  ${orders.currency}, ${orders.statusId}, ${epochMs(orders.receivedAt)}, ${epochMs(orders.arrivedAt)}, ${epochMs(orders.deliveredAt)},
  ${orders.storageUntil}::text, ${epochMs(orders.archivedAt)}, ${cardColumns.expectedArrival},
  ${orders.dimensions}, ${orders.volumetricWeight}, ${orders.volumetricDivisor}, ${orders.storageFeePerDay}, ${cardColumns.boxCount},
  ${epochMs(orders.customsHeldAt)}, ${orders.customsHoldReason}, ${orders.customsHoldNote},
  ${orders.insurancePremium}, ${cardColumns.insuranceCurrency})`;
export type PageJsonRow = [
  number,
  number | null,
  string,
  string,
  number,
  number | null,
  string | null,
  number,
  number,
  number | null,
  number | null,
  string | null,
  number | null,
  string | null,
  { length: number; width: number; height: number } | null,
  number | null,
  number | null,
  number | string,
  number,
  number | null,
  TCustomsHoldReason | null,
  string | null,
  number | string,
  string | null,
];
const dateOf = (ms: number | null) => (ms === null ? null : new Date(ms));
export const fromPageJson = (r: PageJsonRow): OrderCardRow => ({
  id: r[0],
  userId: r[1],
  trackCode: r[2],
  name: r[3],
  weight: r[4],
  price: r[5] === null ? null : readMinor(r[5]),
  currency: r[6],
  statusId: r[7],
  receivedAt: new Date(r[8]),
  arrivedAt: dateOf(r[9]),
  deliveredAt: dateOf(r[10]),
  storageUntil: r[11],
  archivedAt: dateOf(r[12]),
  expectedArrival: r[13],
  dimensions: r[14],
  // numeric in json is a JSON number: Number() keeps the decimal column's own reading.
  volumetricWeight: r[15] === null ? null : Number(r[15]),
  volumetricDivisor: r[16],
  storageFeePerDay: readMinor(r[17]),
  boxCount: r[18],
  customsHeldAt: dateOf(r[19]),
  customsHoldReason: r[20],
  customsHoldNote: r[21],
  insurancePremium: readMinor(r[22]),
  insuranceCurrency: r[23],
});

export type OrderCardRow = Pick<OrderRow, Exclude<keyof typeof cardColumns, 'expectedArrival' | 'boxCount' | 'insuranceCurrency'>> & {
  expectedArrival: string | null;
  boxCount: number;
  insuranceCurrency: string | null;
};
export type OrderDetailsRow = OrderCardRow & Pick<OrderRow, 'tariff' | 'branchId' | 'dispatchedAt' | 'receiptId'>;
