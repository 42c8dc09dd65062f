import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { TDoorDeliveryState, TDoorFailReason } from '@portal/contract';
import type { DbOrTx } from '../../db/client';
import { deliveryZones, doorDeliveries, doorDeliveryAttempts, orders, orderStatuses, users } from '../../db/schema';

export type ZoneRow = typeof deliveryZones.$inferSelect;
export type DoorRow = typeof doorDeliveries.$inferSelect;
export type AttemptRow = typeof doorDeliveryAttempts.$inferSelect;

const OPEN: TDoorDeliveryState[] = ['requested', 'assigned', 'out'];

/** The door-delivery module's tables (ADR 094); parcels and people are only read here. */
export const doorRepository = {
  async zones(db: DbOrTx, branchId?: number): Promise<ZoneRow[]> {
    return db
      .select()
      .from(deliveryZones)
      .where(branchId === undefined ? undefined : eq(deliveryZones.branchId, branchId))
      .orderBy(asc(deliveryZones.branchId), asc(deliveryZones.name), asc(deliveryZones.id));
  },
  async zone(db: DbOrTx, id: number): Promise<ZoneRow | undefined> {
    const [row] = await db.select().from(deliveryZones).where(eq(deliveryZones.id, id));
    return row;
  },
  async insertZone(db: DbOrTx, values: typeof deliveryZones.$inferInsert): Promise<ZoneRow> {
    const [row] = await db.insert(deliveryZones).values(values).returning();
    return row!;
  },
  async updateZone(db: DbOrTx, id: number, values: Partial<typeof deliveryZones.$inferInsert>): Promise<ZoneRow | undefined> {
    const [row] = await db
      .update(deliveryZones)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(deliveryZones.id, id))
      .returning();
    return row;
  },
  /** The active zone of the branch whose postcodes hold this one (the lowest id when two do). */
  async zoneFor(db: DbOrTx, branchId: number, postcode: string): Promise<ZoneRow | undefined> {
    const [row] = await db
      .select()
      .from(deliveryZones)
      .where(and(eq(deliveryZones.branchId, branchId), eq(deliveryZones.active, true), sql`${postcode} = any(${deliveryZones.postcodes})`))
      .orderBy(asc(deliveryZones.id))
      .limit(1);
    return row;
  },

  /** The parcel as door delivery reads it (the parcels module owns it). */
  async parcel(db: DbOrTx, orderId: number) {
    const [row] = await db
      .select({
        id: orders.id,
        userId: orders.userId,
        branchId: orders.branchId,
        trackCode: orders.trackCode,
        status: orderStatuses.code,
        weight: orders.weight,
        dimensions: orders.dimensions,
        volumetricDivisor: orders.volumetricDivisor,
        price: orders.price,
        insurancePremium: orders.insurancePremium,
        storageUntil: orders.storageUntil,
        storageFeePerDay: orders.storageFeePerDay,
      })
      .from(orders)
      .innerJoin(orderStatuses, eq(orderStatuses.id, orders.statusId))
      .where(eq(orders.id, orderId));
    return row;
  },
  async person(db: DbOrTx, id: number) {
    const [row] = await db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        phone: users.phoneNumber,
        clientCode: users.clientCode,
        language: users.language,
        role: users.role,
        placeKind: users.placeKind,
        placeBranchId: users.placeBranchId,
      })
      .from(users)
      .where(eq(users.id, id));
    return row;
  },
  /** The branch's staff, who may be its couriers. */
  async staffOf(db: DbOrTx, branchId: number) {
    return db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(and(eq(users.role, 'staff'), eq(users.placeKind, 'branch'), eq(users.placeBranchId, branchId)))
      .orderBy(asc(users.lastName), asc(users.id));
  },

  /** A new request; none when the parcel already has an open one (the unique partial index decides a race). */
  async insert(db: DbOrTx, values: typeof doorDeliveries.$inferInsert): Promise<DoorRow | undefined> {
    const [row] = await db.insert(doorDeliveries).values(values).onConflictDoNothing().returning();
    return row;
  },
  async byId(db: DbOrTx, id: number): Promise<DoorRow | undefined> {
    const [row] = await db.select().from(doorDeliveries).where(eq(doorDeliveries.id, id));
    return row;
  },
  async latestOfOrder(db: DbOrTx, orderId: number): Promise<DoorRow | undefined> {
    const [row] = await db
      .select()
      .from(doorDeliveries)
      .where(eq(doorDeliveries.orderId, orderId))
      .orderBy(desc(doorDeliveries.id))
      .limit(1);
    return row;
  },
  async openOfBranch(db: DbOrTx, branchId: number): Promise<DoorRow[]> {
    return db
      .select()
      .from(doorDeliveries)
      .where(and(eq(doorDeliveries.branchId, branchId), inArray(doorDeliveries.state, OPEN)))
      .orderBy(asc(doorDeliveries.day), asc(doorDeliveries.id));
  },
  /** A courier's stops of a day, in the order they were assigned (the route), closed ones included. */
  async route(db: DbOrTx, branchId: number, courierUserId: number, day: string): Promise<DoorRow[]> {
    return db
      .select()
      .from(doorDeliveries)
      .where(and(eq(doorDeliveries.branchId, branchId), eq(doorDeliveries.courierUserId, courierUserId), eq(doorDeliveries.day, day)))
      .orderBy(asc(doorDeliveries.postcode), asc(doorDeliveries.street), asc(doorDeliveries.building), asc(doorDeliveries.id));
  },
  async attempts(db: DbOrTx, deliveryIds: number[]): Promise<AttemptRow[]> {
    if (!deliveryIds.length) return [];
    return db
      .select()
      .from(doorDeliveryAttempts)
      .where(inArray(doorDeliveryAttempts.deliveryId, deliveryIds))
      .orderBy(asc(doorDeliveryAttempts.id));
  },

  /** THE state step: one guarded UPDATE … WHERE state in (from) … RETURNING; none when another request moved it first. */
  async step(
    db: DbOrTx,
    id: number,
    from: TDoorDeliveryState[],
    set: Partial<typeof doorDeliveries.$inferInsert>,
    extra?: ReturnType<typeof eq>,
  ): Promise<DoorRow | undefined> {
    const [row] = await db
      .update(doorDeliveries)
      .set({ ...set, updatedAt: new Date() })
      .where(and(eq(doorDeliveries.id, id), inArray(doorDeliveries.state, from), ...(extra ? [extra] : [])))
      .returning();
    return row;
  },
  /**
   * Spends one try of the code before it is compared: counted and checked in one guarded UPDATE, so a burst of guesses
   * gets at most `max` comparisons. None when out of tries, not out, or no code.
   */
  async spendTry(db: DbOrTx, id: number, max: number): Promise<DoorRow | undefined> {
    const [row] = await db
      .update(doorDeliveries)
      .set({ codeAttempts: sql`${doorDeliveries.codeAttempts} + 1` })
      .where(
        and(
          eq(doorDeliveries.id, id),
          eq(doorDeliveries.state, 'out'),
          lt(doorDeliveries.codeAttempts, max),
          sql`${doorDeliveries.codeHash} is not null`,
        ),
      )
      .returning();
    return row;
  },
  async addAttempt(
    db: DbOrTx,
    values: {
      deliveryId: number;
      courierUserId: number | null;
      outcome: 'delivered' | 'failed';
      reason?: TDoorFailReason;
      note?: string | null;
    },
  ): Promise<void> {
    await db.insert(doorDeliveryAttempts).values(values);
  },
};
