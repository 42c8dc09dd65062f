import { and, asc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { branchSlotRules, orders, pickupBookings, pickupSlotCounters, users, type PickupBookingRow } from '../../db/schema';
import type { SlotRule } from './slot-times';

/** The pickup-slots module's tables (ADR 092); orders and users are only read. */
export const pickupSlotsRepository = {
  async rules(db: DbOrTx, branchId: number): Promise<SlotRule[]> {
    const rows = await db.select().from(branchSlotRules).where(eq(branchSlotRules.branchId, branchId));
    return rows.map((r) => ({ day: r.day as SlotRule['day'], slotMinutes: r.slotMinutes, capacity: r.capacity }));
  },

  async replaceRules(db: DbOrTx, branchId: number, rules: SlotRule[]): Promise<void> {
    await db.delete(branchSlotRules).where(eq(branchSlotRules.branchId, branchId));
    if (rules.length)
      await db
        .insert(branchSlotRules)
        .values(rules.map((r) => ({ branchId, day: r.day, slotMinutes: r.slotMinutes, capacity: r.capacity })));
  },

  /** Booked counts of a branch's slots in [from, to). */
  async counts(db: DbOrTx, branchId: number, from: Date, to: Date): Promise<Map<number, number>> {
    const rows = await db
      .select()
      .from(pickupSlotCounters)
      .where(
        and(
          eq(pickupSlotCounters.branchId, branchId),
          gt(pickupSlotCounters.slotStart, new Date(from.getTime() - 1)),
          lt(pickupSlotCounters.slotStart, to),
        ),
      );
    return new Map(rows.map((r) => [r.slotStart.getTime(), r.booked]));
  },

  /** One more booking in the slot, only while it has room: the guarded UPDATE decides races (false = full). */
  async take(db: DbOrTx, branchId: number, slotStart: Date, capacity: number): Promise<boolean> {
    await db.insert(pickupSlotCounters).values({ branchId, slotStart, booked: 0 }).onConflictDoNothing();
    const taken = await db
      .update(pickupSlotCounters)
      .set({ booked: sql`${pickupSlotCounters.booked} + 1` })
      .where(
        and(
          eq(pickupSlotCounters.branchId, branchId),
          eq(pickupSlotCounters.slotStart, slotStart),
          lt(pickupSlotCounters.booked, capacity),
        ),
      )
      .returning({ booked: pickupSlotCounters.booked });
    return taken.length === 1;
  },

  async release(db: DbOrTx, branchId: number, slotStart: Date): Promise<void> {
    await db
      .update(pickupSlotCounters)
      .set({ booked: sql`greatest(${pickupSlotCounters.booked} - 1, 0)` })
      .where(and(eq(pickupSlotCounters.branchId, branchId), eq(pickupSlotCounters.slotStart, slotStart)));
  },

  /** The new active booking, or null when the customer already has one at the branch (the unique partial index). */
  async insertBooking(db: DbOrTx, row: { userId: number; branchId: number; slotStart: Date; slotMinutes: number }) {
    const [b] = await db.insert(pickupBookings).values(row).onConflictDoNothing().returning();
    return b ?? null;
  },

  /** Ends an active booking (guarded: only `booked` leaves), returning it; null when it was not active. */
  async end(db: DbOrTx, where: ReturnType<typeof and>, state: 'cancelled' | 'collected' | 'missed', now: Date) {
    return db
      .update(pickupBookings)
      .set({ state, endedAt: now })
      .where(and(where, eq(pickupBookings.state, 'booked')))
      .returning();
  },

  async byId(db: DbOrTx, id: number): Promise<PickupBookingRow | undefined> {
    const [b] = await db.select().from(pickupBookings).where(eq(pickupBookings.id, id)).limit(1);
    return b;
  },

  async active(db: DbOrTx, userId: number, branchId?: number): Promise<PickupBookingRow[]> {
    return db
      .select()
      .from(pickupBookings)
      .where(
        and(
          eq(pickupBookings.userId, userId),
          eq(pickupBookings.state, 'booked'),
          branchId === undefined ? undefined : eq(pickupBookings.branchId, branchId),
        ),
      );
  },

  /** A branch's active bookings of slots starting in [from, to), earliest first, with their customers. */
  async ofBranch(db: DbOrTx, branchId: number, from: Date, to: Date) {
    return db
      .select({
        booking: pickupBookings,
        user: {
          id: users.id,
          clientCode: users.clientCode,
          firstName: users.firstName,
          lastName: users.lastName,
          phoneNumber: users.phoneNumber,
        },
      })
      .from(pickupBookings)
      .innerJoin(users, eq(users.id, pickupBookings.userId))
      .where(
        and(
          eq(pickupBookings.branchId, branchId),
          eq(pickupBookings.state, 'booked'),
          gt(pickupBookings.slotStart, new Date(from.getTime() - 1)),
          lt(pickupBookings.slotStart, to),
        ),
      )
      .orderBy(asc(pickupBookings.slotStart), asc(pickupBookings.id));
  },

  /** The parcels waiting (at_branch) for these customers at the branch, with what the counter will charge. */
  async waiting(db: DbOrTx, atBranchId: number, branchId: number, userIds: number[]) {
    if (!userIds.length) return [];
    return db
      .select({
        id: orders.id,
        userId: orders.userId,
        trackCode: orders.trackCode,
        price: orders.price,
        weight: orders.weight,
        insurancePremium: orders.insurancePremium,
        storageUntil: orders.storageUntil,
        storageFeePerDay: orders.storageFeePerDay,
      })
      .from(orders)
      .where(and(eq(orders.statusId, atBranchId), eq(orders.branchId, branchId), inArray(orders.userId, userIds)))
      .orderBy(asc(orders.arrivedAt), asc(orders.id));
  },

  /** Where parcels wait for a customer: branch → count. */
  async waitingCounts(db: DbOrTx, atBranchId: number, userId: number): Promise<Map<number, number>> {
    const rows = await db
      .select({ branchId: orders.branchId, n: sql<number>`count(*)`.mapWith(Number) })
      .from(orders)
      .where(and(eq(orders.statusId, atBranchId), eq(orders.userId, userId)))
      .groupBy(orders.branchId);
    return new Map(rows.flatMap((r) => (r.branchId === null ? [] : [[r.branchId, r.n] as [number, number]])));
  },

  /** Takes the reminders due (once: the guarded UPDATE stamps them, so two processes never both send one). */
  async dueReminders(db: DbOrTx, now: Date, until: Date) {
    return db
      .update(pickupBookings)
      .set({ remindedAt: now })
      .where(
        and(
          eq(pickupBookings.state, 'booked'),
          sql`${pickupBookings.remindedAt} is null`,
          gt(pickupBookings.slotStart, now),
          lt(pickupBookings.slotStart, until),
        ),
      )
      .returning();
  },

  /** Bookings whose slot ended two hours ago and nobody collected: missed (their unique place is free for a new one). */
  async markMissed(db: DbOrTx, now: Date) {
    return db
      .update(pickupBookings)
      .set({ state: 'missed', endedAt: now })
      .where(
        and(
          eq(pickupBookings.state, 'booked'),
          sql`${pickupBookings.slotStart} + make_interval(mins => ${pickupBookings.slotMinutes} + 120) < ${now.toISOString()}::timestamptz`,
        ),
      )
      .returning({ id: pickupBookings.id });
  },
};
