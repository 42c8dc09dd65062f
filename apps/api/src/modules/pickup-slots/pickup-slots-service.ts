import { and, eq } from 'drizzle-orm';
import {
  PICKUP_BOOKING_DAYS,
  PICKUP_LEAD_MINUTES,
  accruedStorage,
  isFastLane,
  pickText,
  receiptTotalsMinor,
  sumMinor,
  type THandoverBooking,
  type TLang,
  type TPickupBooking,
  type TPickupPlace,
  type TPreparedSlot,
  type TSlotRule,
} from '@portal/contract';
import type { Db, DbOrTx } from '../../db/client';
import { pickupBookings, type PickupBookingRow } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import { recordAudit, type AuditActor } from '../audit/audit';
import { branchesRepository, type BranchRow } from '../branches/branches-repository';
import { statusIds } from '../parcels/parcel-statuses';
import { paymentsService } from '../payments/payments-service';
import { shelvesService } from '../shelves/shelves-service';
import { pickupSlotsRepository as repo } from './pickup-slots-repository';
import { slotTimes, type SlotTime } from './slot-times';

const MINUTE = 60_000;
/** The prepared list shows the slots starting from an hour ago to three days ahead (over a weekend). */
const PREPARED_BEHIND = 60 * MINUTE;
const PREPARED_AHEAD = 72 * 60 * MINUTE;

function toBooking(b: PickupBookingRow, branch: BranchRow, lang: TLang): TPickupBooking {
  return {
    id: b.id,
    branch: { id: branch.id, name: pickText(branch.name, lang), time_zone: branch.timeZone },
    slot_start: b.slotStart.toISOString(),
    slot_end: new Date(b.slotStart.getTime() + b.slotMinutes * MINUTE).toISOString(),
    state: b.state,
  };
}

async function branchOf(db: DbOrTx, id: number): Promise<BranchRow> {
  const branch = await branchesRepository.findById(db, id);
  if (!branch) throw new AppError('validation_failed', { fields: { branch_id: ['validation.invalid_value'] } });
  return branch;
}

async function bookable(db: DbOrTx, branch: BranchRow, now: Date): Promise<SlotTime[]> {
  const rules = await repo.rules(db, branch.id);
  return slotTimes(branch, rules, now, PICKUP_BOOKING_DAYS, new Date(now.getTime() + PICKUP_LEAD_MINUTES * MINUTE));
}

/** What the counter would take from each customer now (parcels, paid storage, debt) against their credit paid online. */
async function moneyOf(
  db: DbOrTx,
  branch: BranchRow,
  parcels: {
    userId: number | null;
    price: number | null;
    weight: number;
    insurancePremium: number;
    storageUntil: string | null;
    storageFeePerDay: number;
  }[],
  userId: number,
  now: Date,
) {
  const mine = parcels.filter((p) => p.userId === userId);
  const totals = receiptTotalsMinor(mine.map((p) => ({ priceMinor: p.price, weight: p.weight, insuranceMinor: p.insurancePremium })));
  const storage = sumMinor(
    mine.map((p) => accruedStorage({ storageUntil: p.storageUntil, storageFeePerDay: p.storageFeePerDay }, branch.timeZone, now).fee),
  );
  const balance = (await paymentsService.balances(db, userId)).find((b) => b.currency === branch.currency)?.balance ?? 0;
  return { total_minor: totals.totalMinor, storage_fee: storage, debt: Math.max(balance, 0), paid_online: Math.max(-balance, 0) };
}

/** Pickup slots (issue 37, ADR 092): rules, bookings, the prepared list and the counter's fast lane. */
export const pickupSlotsService = {
  async rules(db: DbOrTx, branchId: number): Promise<TSlotRule[]> {
    await branchOf(db, branchId);
    return (await repo.rules(db, branchId)).map((r) => ({ day: r.day, slot_minutes: r.slotMinutes as 15 | 30, capacity: r.capacity }));
  },

  /**
   * Bookings already made for slots from `now` on that the branch's rules no longer take: the slot is not offered any
   * more, or it holds more than its capacity (the excess). They keep their time.
   */
  async keptOutsideRules(db: DbOrTx, branchId: number, now = new Date()): Promise<number> {
    const branch = await branchOf(db, branchId);
    const ahead = new Date(now.getTime() + (PICKUP_BOOKING_DAYS + 1) * 24 * 60 * MINUTE);
    const booked = await repo.ofBranch(db, branch.id, now, ahead);
    if (!booked.length) return 0;
    const capacity = new Map(
      slotTimes(branch, await repo.rules(db, branch.id), now, PICKUP_BOOKING_DAYS + 1, now).map((s) => [s.start.getTime(), s.capacity]),
    );
    const perSlot = new Map<number, number>();
    for (const { booking } of booked) perSlot.set(booking.slotStart.getTime(), (perSlot.get(booking.slotStart.getTime()) ?? 0) + 1);
    let kept = 0;
    for (const [start, n] of perSlot) kept += Math.max(0, n - (capacity.get(start) ?? 0));
    return kept;
  },

  /** The admin's week of rules for a branch, replacing the last (bookings already made keep their slots). */
  async setRules(db: Db, branchId: number, rules: TSlotRule[], actor: AuditActor): Promise<TSlotRule[]> {
    await db.transaction(async (tx) => {
      await branchOf(tx, branchId);
      const before = await repo.rules(tx, branchId);
      await recordAudit(tx, { actor, action: 'pickup.rules_set', targetType: 'branch', targetId: branchId, before, after: rules });
      await repo.replaceRules(
        tx,
        branchId,
        rules.map((r) => ({ day: r.day, slotMinutes: r.slot_minutes, capacity: r.capacity })),
      );
    });
    return this.rules(db, branchId);
  },

  /** Per branch where something waits for the customer: the bookable slots with places left, and their booking. */
  async places(db: DbOrTx, userId: number, lang: TLang, now = new Date()): Promise<TPickupPlace[]> {
    const ids = await statusIds(db);
    const waiting = await repo.waitingCounts(db, ids.at_branch, userId);
    const active = await repo.active(db, userId);
    const out: TPickupPlace[] = [];
    for (const [branchId, count] of waiting) {
      const branch = await branchOf(db, branchId);
      const slots = await bookable(db, branch, now);
      const last = slots.at(-1);
      const counts = slots.length && last ? await repo.counts(db, branch.id, slots[0]!.start, last.end) : new Map<number, number>();
      const booking = active.find((b) => b.branchId === branchId);
      out.push({
        branch: { id: branch.id, name: pickText(branch.name, lang), address: pickText(branch.address, lang), time_zone: branch.timeZone },
        waiting: count,
        booking: booking ? toBooking(booking, branch, lang) : null,
        slots: slots.map((s) => ({
          start: s.start.toISOString(),
          end: s.end.toISOString(),
          left: Math.max(s.capacity - (counts.get(s.start.getTime()) ?? 0), 0),
        })),
      });
    }
    return out;
  },

  /**
   * Books a slot (or moves the customer's booking at that branch to it), in one transaction: only with parcels
   * waiting there, only a slot the rules offer now, never past its capacity (the counter's guarded UPDATE), one active
   * booking per customer and branch (the unique partial index: of two at once, one wins, the other 409).
   */
  async book(db: Db, userId: number, branchId: number, slotStartIso: string, lang: TLang, now = new Date()): Promise<TPickupBooking> {
    const branch = await branchOf(db, branchId);
    const at = new Date(slotStartIso).getTime();
    const slot = (await bookable(db, branch, now)).find((s) => s.start.getTime() === at);
    if (!slot) throw new AppError('pickup_slot_unavailable');
    const ids = await statusIds(db);
    if (!(await repo.waitingCounts(db, ids.at_branch, userId)).get(branchId)) throw new AppError('pickup_nothing_waiting');
    const row = await db.transaction(async (tx) => {
      for (const old of await repo.end(
        tx,
        and(eq(pickupBookings.userId, userId), eq(pickupBookings.branchId, branchId)),
        'cancelled',
        now,
      )) {
        await repo.release(tx, old.branchId, old.slotStart);
      }
      const booking = await repo.insertBooking(tx, { userId, branchId, slotStart: slot.start, slotMinutes: slot.minutes });
      if (!booking) throw new AppError('pickup_already_booked');
      if (!(await repo.take(tx, branchId, slot.start, slot.capacity))) throw new AppError('pickup_slot_full');
      return booking;
    });
    return toBooking(row, branch, lang);
  },

  async cancel(db: Db, userId: number, bookingId: number, lang: TLang, now = new Date()): Promise<TPickupBooking> {
    const row = await db.transaction(async (tx) => {
      const [ended] = await repo.end(tx, and(eq(pickupBookings.id, bookingId), eq(pickupBookings.userId, userId)), 'cancelled', now);
      if (!ended) {
        const b = await repo.byId(tx, bookingId);
        throw b && b.userId === userId ? new AppError('pickup_booking_ended') : notFound();
      }
      await repo.release(tx, ended.branchId, ended.slotStart);
      return ended;
    });
    return toBooking(row, await branchOf(db, row.branchId), lang);
  },

  /** The branch's prepared list: the booked slots from an hour ago to three days ahead, each slot's parcels in shelf order. */
  async prepared(db: DbOrTx, branch: BranchRow, now = new Date()): Promise<TPreparedSlot[]> {
    const rows = await repo.ofBranch(db, branch.id, new Date(now.getTime() - PREPARED_BEHIND), new Date(now.getTime() + PREPARED_AHEAD));
    const ids = await statusIds(db);
    const parcels = await repo.waiting(db, ids.at_branch, branch.id, [...new Set(rows.map((r) => r.user.id))]);
    const slots = new Map<number, TPreparedSlot>();
    for (const { booking: b, user } of rows) {
      const key = b.slotStart.getTime();
      const slot = slots.get(key) ?? {
        start: b.slotStart.toISOString(),
        end: new Date(key + b.slotMinutes * MINUTE).toISOString(),
        customers: [],
        lines: [],
      };
      slots.set(key, slot);
      const mine = parcels.filter((p) => p.userId === user.id);
      const money = await moneyOf(db, branch, parcels, user.id, now);
      slot.customers.push({
        booking_id: b.id,
        customer: {
          id: user.id,
          client_code: user.clientCode,
          name: `${user.firstName} ${user.lastName}`.trim(),
          phone_number: user.phoneNumber,
        },
        parcels: mine.length,
        prepaid: mine.length > 0 && isFastLane({ booked: true, weights_pending: 0, ...money }),
      });
    }
    for (const slot of slots.values()) {
      const codes = new Map(slot.customers.map((c) => [c.customer.id, c.customer.client_code]));
      const list = parcels.filter((p) => p.userId !== null && codes.has(p.userId));
      const owner = new Map(list.map((p) => [p.id, codes.get(p.userId!)!]));
      const lines = await shelvesService.pickList(
        db,
        branch.id,
        list.map((p) => ({ id: p.id, track_code: p.trackCode })),
      );
      slot.lines = lines.map((l) => ({
        order_id: l.order_id,
        track_code: l.track_code,
        shelf: l.shelf,
        client_code: owner.get(l.order_id) ?? '',
      }));
    }
    return [...slots.values()];
  },

  /** The hand-over look-up's booking line: the customer's active booking here and the fast-lane verdict. */
  async forCounter(
    db: DbOrTx,
    customerId: number,
    branchId: number,
    money: { total_minor: number; storage_fee: number; debt: number; paid_online: number; weights_pending: number },
  ): Promise<THandoverBooking | null> {
    const [b] = await repo.active(db, customerId, branchId);
    if (!b) return null;
    return {
      id: b.id,
      slot_start: b.slotStart.toISOString(),
      slot_end: new Date(b.slotStart.getTime() + b.slotMinutes * MINUTE).toISOString(),
      fast_lane: isFastLane({ booked: true, ...money }),
    };
  },

  /**
   * The hand-over happened: the customer's booking here is collected (in the hand-over's transaction), and its place
   * goes back to the slot, so a customer who came early leaves a later slot free for someone else.
   */
  async collected(tx: DbOrTx, customerId: number, branchId: number, now = new Date()): Promise<void> {
    const ended = await repo.end(tx, and(eq(pickupBookings.userId, customerId), eq(pickupBookings.branchId, branchId)), 'collected', now);
    for (const b of ended) await repo.release(tx, b.branchId, b.slotStart);
  },

  /** The customer deleted their account (ADR 069): their bookings are cancelled and their places given back. */
  async forgetCustomer(tx: DbOrTx, userId: number, now = new Date()): Promise<void> {
    for (const b of await repo.end(tx, eq(pickupBookings.userId, userId), 'cancelled', now))
      await repo.release(tx, b.branchId, b.slotStart);
  },
};
