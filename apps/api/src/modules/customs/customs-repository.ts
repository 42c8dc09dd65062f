import { and, asc, eq, sql } from 'drizzle-orm';
import type { TI18nText } from '@portal/contract';
import type { DbOrTx } from '../../db/client';
import { branches, countries, orderBoxes, orders, users } from '../../db/schema';

/** A parcel of a flight with what the broker's manifest says about it and its recipient (reads only). */
export interface ManifestParcelRow {
  id: number;
  trackCode: string;
  userId: number | null;
  weight: number;
  volumetricWeight: number | null;
  customsHeldAt: Date | null;
  customsHoldReason: (typeof orders.$inferSelect)['customsHoldReason'];
  customsHoldNote: string | null;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  clientCode: string | null;
  iin: string | null;
  personalNumber: string | null;
  branchName: TI18nText | null;
  countryCode: string | null;
  customsId: 'none' | 'iin' | 'personal_number' | null;
  boxes: number;
}

/**
 * SQL of the customs module (issue 36, ADR 085). It owns no table: it reads the parcels of a flight (orders.flight_id,
 * the parcels module's), their owners and the destination country's customs number rule; declarations come through
 * declarationsFor and bags through the bags module's bagsOf.
 */
export const customsRepository = {
  /** The flight's parcels (one branch's share when `branchId`), by tracking code. */
  async flightParcels(db: DbOrTx, flightId: number, branchId: number | undefined): Promise<ManifestParcelRow[]> {
    const rows = await db
      .select({
        id: orders.id,
        trackCode: orders.trackCode,
        userId: orders.userId,
        weight: orders.weight,
        volumetricWeight: orders.volumetricWeight,
        customsHeldAt: orders.customsHeldAt,
        customsHoldReason: orders.customsHoldReason,
        customsHoldNote: orders.customsHoldNote,
        firstName: users.firstName,
        lastName: users.lastName,
        phone: users.phoneNumber,
        clientCode: users.clientCode,
        iin: users.iin,
        personalNumber: users.personalNumber,
        branchName: branches.name,
        countryCode: countries.code,
        customsId: countries.customsId,
        boxes: sql<number>`(select count(*)::int from ${orderBoxes} ob where ob.order_id = ${orders}.id)`.mapWith(Number),
      })
      .from(orders)
      .leftJoin(users, eq(users.id, orders.userId))
      .leftJoin(branches, eq(branches.id, orders.branchId))
      .leftJoin(countries, eq(countries.id, branches.countryId))
      .where(and(eq(orders.flightId, flightId), branchId !== undefined ? eq(orders.branchId, branchId) : undefined))
      .orderBy(asc(orders.trackCode));
    return rows.map((r) => ({ ...r, boxes: Math.max(1, r.boxes) }));
  },
};
