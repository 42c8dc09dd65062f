import { and, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEEKDAYS, type TPickupPlace } from '@portal/contract';
import { branches, notifications, pickupBookings, pickupSlotCounters } from '../src/db/schema';
import { sendPickupReminders } from '../src/modules/pickup-slots/pickup-reminders';
import { pickupSlotsService } from '../src/modules/pickup-slots/pickup-slots-service';
import { slotTimes } from '../src/modules/pickup-slots/slot-times';
import { aCustomer, parcelIn } from './factories';
import { createTestApp, type TestContext } from './helpers';
import { manageClient, staffTokens, type Staff } from './manage-helpers';

/**
 * Pickup slots (issue 37, ADR 092): a branch's capacity per slot by weekday; a customer books a slot for what waits;
 * the branch's prepared list in shelf order; the fast lane at the counter; one reminder; never past capacity.
 */
let ctx: TestContext;
let staff: Staff;
let m: ReturnType<typeof manageClient>;
beforeAll(async () => {
  ctx = await createTestApp();
  staff = await staffTokens(ctx);
  m = manageClient(ctx);
  expect((await setRules(3)).status).toBe(200);
});
afterAll(async () => ctx.close());

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const setRules = (capacity: number, slot_minutes = 30, branchId = staff.branchId) =>
  m.call('PUT', `/admin/branches/${branchId}/slot-rules`, {
    token: staff.admin,
    body: { rules: WEEKDAYS.map((day) => ({ day, slot_minutes, capacity })) },
  });
const places = async (token: string) => (await m.call('GET', '/pickup-slots', { token })).json.data as TPickupPlace[];
const book = (token: string, slot_start: string, branch_id = staff.branchId) =>
  m.call('POST', '/pickup-bookings', { token, body: { branch_id, slot_start }, lang: 'en' });
const waiting = () => parcelIn(ctx, 'at_branch', { prefix: 'PS' });
const counter = async (start: string) =>
  (
    await ctx.database.db
      .select()
      .from(pickupSlotCounters)
      .where(and(eq(pickupSlotCounters.branchId, staff.branchId), eq(pickupSlotCounters.slotStart, new Date(start))))
  )[0]?.booked ?? 0;
const activeOf = (userId: number) =>
  ctx.database.db
    .select()
    .from(pickupBookings)
    .where(and(eq(pickupBookings.userId, userId), eq(pickupBookings.state, 'booked')));
/** Every customer's active bookings of one slot of the branch: what its counter must say. */
const bookedIn = async (start: string) =>
  (
    await ctx.database.db
      .select()
      .from(pickupBookings)
      .where(
        and(eq(pickupBookings.branchId, staff.branchId), eq(pickupBookings.slotStart, new Date(start)), eq(pickupBookings.state, 'booked')),
      )
  ).length;
/** The n-th bookable slot of the branch (a fresh customer's view). */
let slotIndex = 0;
async function nextSlot(token: string): Promise<string> {
  const place = (await places(token)).find((p) => p.branch.id === staff.branchId)!;
  const free = place.slots.filter((s) => s.left > 0);
  return free[slotIndex++ % free.length]!.start;
}

describe('slot times', () => {
  const branch = {
    timeZone: 'Asia/Almaty',
    workingHours: WEEKDAYS.map((day) => ({ day, open: '09:00', close: '18:00', break_start: '13:00', break_end: '14:00' })),
  };
  // Monday 30 Nov 2026, 00:00 in Almaty (UTC+5).
  const now = new Date('2026-11-29T19:00:00Z');
  it('cuts the opening hours minus the break into whole slots, in the branch time zone', () => {
    const slots = slotTimes(branch, [{ day: 'mon', slotMinutes: 30, capacity: 2 }], now, 1, now);
    expect(slots).toHaveLength(16);
    expect(slots[0]!.start.toISOString()).toBe('2026-11-30T04:00:00.000Z');
    expect(slots.map((s) => s.start.toISOString())).not.toContain('2026-11-30T08:00:00.000Z'); // 13:00, the break
    expect(slots[8]!.start.toISOString()).toBe('2026-11-30T09:00:00.000Z'); // 14:00
    expect(slots.at(-1)!.end.toISOString()).toBe('2026-11-30T13:00:00.000Z'); // 18:00
    expect(slotTimes(branch, [{ day: 'mon', slotMinutes: 15, capacity: 2 }], now, 1, now)).toHaveLength(32);
  });
  it('leaves out slots before the lead time, days without a rule or with capacity 0, and closed days', () => {
    const later = new Date('2026-11-30T05:10:00Z'); // 10:10 local
    const slots = slotTimes(branch, [{ day: 'mon', slotMinutes: 30, capacity: 2 }], later, 1, new Date(later.getTime() + 30 * 60_000));
    expect(slots[0]!.start.toISOString()).toBe('2026-11-30T06:00:00.000Z'); // 11:00: 10:30 starts before 10:40
    expect(slotTimes(branch, [{ day: 'mon', slotMinutes: 30, capacity: 0 }], now, 1, now)).toHaveLength(0);
    expect(slotTimes(branch, [{ day: 'tue', slotMinutes: 30, capacity: 2 }], now, 1, now)).toHaveLength(0);
    const closed = { ...branch, workingHours: [{ day: 'mon' as const, open: null, close: null }] };
    expect(slotTimes(closed, [{ day: 'mon', slotMinutes: 30, capacity: 2 }], now, 1, now)).toHaveLength(0);
  });
});

describe('rules, booking and cancelling', () => {
  it('the admin sets 15- or 30-minute slots by weekday; anything else is refused whole', async () => {
    expect((await setRules(3, 20)).status).toBe(422);
    const bad = await m.call('PUT', `/admin/branches/${staff.branchId}/slot-rules`, {
      token: staff.admin,
      body: {
        rules: [
          { day: 'mon', slot_minutes: 30, capacity: 2 },
          { day: 'mon', slot_minutes: 30, capacity: 3 },
        ],
      },
    });
    expect(bad.status).toBe(422);
    expect((await m.call('PUT', `/admin/branches/${staff.branchId}/slot-rules`, { token: staff.branch, body: { rules: [] } })).status).toBe(
      403,
    );
    const got = await m.call('GET', `/admin/branches/${staff.branchId}/slot-rules`, { token: staff.admin });
    expect(got.json.data.rules).toHaveLength(7);
    expect(got.json.data.rules[0]).toMatchObject({ slot_minutes: 30, capacity: 3 });
  });

  it('only with something waiting there; a slot the rules do not offer is refused', async () => {
    const nobody = await aCustomer(ctx);
    expect(await places(nobody.token)).toEqual([]);
    const p = await waiting();
    const slot = await nextSlot(p.token);
    expect((await book(nobody.token, slot)).json.code).toBe('pickup_nothing_waiting');
    expect((await book(p.token, '2020-01-01T04:00:00Z')).json.code).toBe('pickup_slot_unavailable');
    expect((await book(p.token, 'tomorrow')).status).toBe(422);
  });

  it('books, moves (the old place is free again) and cancels once; not someone else’s', async () => {
    const p = await waiting();
    const [a, b] = [await nextSlot(p.token), await nextSlot(p.token)];
    const first = await book(p.token, a);
    expect(first.status, first.body).toBe(200);
    expect(first.json.data).toMatchObject({ state: 'booked', slot_start: new Date(a).toISOString() });
    const place = (await places(p.token)).find((x) => x.branch.id === staff.branchId)!;
    expect(place.booking?.id).toBe(first.json.data.id);
    expect(place.waiting).toBe(1);
    expect(await counter(a)).toBe(1);
    const moved = await book(p.token, b);
    expect(moved.status, moved.body).toBe(200);
    expect([await counter(a), await counter(b)]).toEqual([0, 1]);
    expect(await activeOf(p.user.id)).toHaveLength(1);
    const other = await waiting();
    expect((await m.call('POST', `/pickup-bookings/${moved.json.data.id}/cancel`, { token: other.token })).status).toBe(404);
    const cancelled = await m.call('POST', `/pickup-bookings/${moved.json.data.id}/cancel`, { token: p.token });
    expect(cancelled.json.data.state).toBe('cancelled');
    expect(await counter(b)).toBe(0);
    expect((await m.call('POST', `/pickup-bookings/${moved.json.data.id}/cancel`, { token: p.token, lang: 'en' })).json.code).toBe(
      'pickup_booking_ended',
    );
  });

  it('a full slot is refused and shows no places left', async () => {
    expect((await setRules(1)).status).toBe(200);
    const [p, q] = [await waiting(), await waiting()];
    const slot = await nextSlot(p.token);
    expect((await book(p.token, slot)).status).toBe(200);
    const res = await book(q.token, slot);
    expect(res.status).toBe(409);
    expect(res.json.code).toBe('pickup_slot_full');
    const seen = (await places(q.token))
      .find((x) => x.branch.id === staff.branchId)!
      .slots.find((s) => s.start === new Date(slot).toISOString());
    expect(seen?.left).toBe(0);
    expect((await setRules(3)).status).toBe(200);
  });

  it('new rules keep the bookings already made and say how many they would not take', async () => {
    const p = await waiting();
    const slot = await nextSlot(p.token);
    expect((await book(p.token, slot)).status).toBe(200);
    const upcoming = await ctx.database.db
      .select()
      .from(pickupBookings)
      .where(
        and(eq(pickupBookings.branchId, staff.branchId), eq(pickupBookings.state, 'booked'), gt(pickupBookings.slotStart, new Date())),
      );
    expect(upcoming.length).toBeGreaterThanOrEqual(1);
    // No slots at all: every booking from now on is outside the rules, and each keeps its time.
    const none = await setRules(0);
    expect([none.status, none.json.data.kept_bookings]).toEqual([200, upcoming.length]);
    expect(await activeOf(p.user.id)).toHaveLength(1);
    // One place a slot: the slot with two bookings keeps one too many.
    const q = await waiting();
    expect((await setRules(3)).json.data.kept_bookings).toBe(0);
    expect((await book(q.token, slot)).status).toBe(200);
    const perSlot = new Map<number, number>();
    for (const b of [...upcoming, ...(await activeOf(q.user.id))])
      perSlot.set(b.slotStart.getTime(), (perSlot.get(b.slotStart.getTime()) ?? 0) + 1);
    const excess = [...perSlot.values()].reduce((sum, n) => sum + Math.max(0, n - 1), 0);
    expect(excess).toBeGreaterThanOrEqual(1);
    expect((await setRules(1)).json.data.kept_bookings).toBe(excess);
    expect((await setRules(3)).status).toBe(200);
  });
});

describe('the branch: prepared list, the counter, reminders', () => {
  it('lists the slot’s customers and parcels in shelf order, marks the fast lane at the counter and collects on hand-over', async () => {
    const p = await waiting();
    const slot = await nextSlot(p.token);
    const booked = (await book(p.token, slot)).json.data;
    const [branch] = await ctx.database.db.select().from(branches).where(eq(branches.id, staff.branchId));
    const list = await pickupSlotsService.prepared(ctx.database.db, branch!, new Date(new Date(slot).getTime() - 30 * 60_000));
    const mine = list.find((s) => s.start === booked.slot_start)!;
    expect(mine.customers.map((c) => c.customer.id)).toContain(p.user.id);
    expect(mine.lines.map((l) => l.track_code)).toContain(p.code);
    // The parcel costs money and nothing was paid ahead: not prepaid, not the fast lane.
    expect(mine.customers.find((c) => c.customer.id === p.user.id)!.prepaid).toBe(false);
    const staffView = await m.call('GET', '/manage/pickup-slots', { token: staff.branch });
    expect(staffView.status, staffView.body).toBe(200);
    const looked = await m.lookup(staff.branch, { customer: p.user.client_code });
    expect(looked.json.data.pickup_booking).toMatchObject({ id: booked.id, fast_lane: false });
    const taken = await counter(booked.slot_start);
    const done = await m.complete(staff.branch, { customer_id: p.user.id, order_ids: [p.id], payment_method: 'cash' });
    expect(done.status, done.body).toBe(200);
    const [row] = await ctx.database.db.select().from(pickupBookings).where(eq(pickupBookings.id, booked.id));
    expect(row!.state).toBe('collected');
    // Collected before the slot: its place goes back, so someone else may book it.
    expect(await counter(booked.slot_start)).toBe(taken - 1);
    expect(await counter(booked.slot_start)).toBe(await bookedIn(booked.slot_start));
  });

  it('reminds once, an hour before the slot', async () => {
    const p = await waiting();
    const slot = await nextSlot(p.token);
    await book(p.token, slot);
    const before = new Date(new Date(slot).getTime() - 45 * 60_000);
    expect(await sendPickupReminders(ctx.database.db, new Date(new Date(slot).getTime() - 3 * 3600_000))).toBe(0);
    expect(await sendPickupReminders(ctx.database.db, before)).toBeGreaterThanOrEqual(1);
    expect(await sendPickupReminders(ctx.database.db, before)).toBe(0);
    const sent = await ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, p.user.id), eq(notifications.event, 'pickup_reminder')));
    expect(sent).toHaveLength(1);
  });
});

describe.runIf(onPostgres)('bursts on PostgreSQL', () => {
  it('capacity 3, 20 customers booking the slot at once: exactly 3 bookings', async () => {
    const customers = [];
    for (let i = 0; i < 20; i++) customers.push(await waiting());
    const slot = await nextSlot(customers[0]!.token);
    const answers = await Promise.all(customers.map((c) => book(c.token, slot)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.status !== 200).map((a) => a.json.code)).toEqual(Array(17).fill('pickup_slot_full'));
    expect(await counter(slot)).toBe(3);
    const rows = await ctx.database.db
      .select()
      .from(pickupBookings)
      .where(and(eq(pickupBookings.slotStart, new Date(slot)), eq(pickupBookings.state, 'booked')));
    expect(rows).toHaveLength(3);
  });

  // Requests of one customer that reach the server one after the other are moves (each 200, the last one stands); those
  // that meet in the database lose to the unique index with pickup_already_booked. Either way: one active booking, and
  // the slots' counters hold exactly that one booking.
  it('one customer booking twice at once (and moving twice at once): one active booking, counters agree', async () => {
    for (let round = 0; round < 3; round++) {
      const p = await waiting();
      const slots = [await nextSlot(p.token), await nextSlot(p.token), await nextSlot(p.token)];
      const answers = await Promise.all(slots.map((s) => book(p.token, s)));
      expect(answers.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(1);
      for (const a of answers.filter((x) => x.status !== 200)) expect([a.status, a.json.code]).toEqual([409, 'pickup_already_booked']);
      expect(await activeOf(p.user.id)).toHaveLength(1);
      const moves = [await nextSlot(p.token), await nextSlot(p.token)];
      const moved = await Promise.all(moves.map((s) => book(p.token, s)));
      expect(moved.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(1);
      for (const a of moved.filter((x) => x.status !== 200)) expect([a.status, a.json.code]).toEqual([409, 'pickup_already_booked']);
      const active = await activeOf(p.user.id);
      expect(active).toHaveLength(1);
      expect(moves).toContain(active[0]!.slotStart.toISOString());
      for (const s of new Set([...slots, ...moves])) expect(await counter(s)).toBe(await bookedIn(s));
    }
  });

  it('two processes sending reminders at once send each one once', async () => {
    const p = await waiting();
    const slot = await nextSlot(p.token);
    await book(p.token, slot);
    const at = new Date(new Date(slot).getTime() - 50 * 60_000);
    const sent = await Promise.all([sendPickupReminders(ctx.database.db, at), sendPickupReminders(ctx.database.db, at)]);
    expect(sent[0]! + sent[1]!).toBeGreaterThanOrEqual(1);
    const rows = await ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, p.user.id), eq(notifications.event, 'pickup_reminder')));
    expect(rows).toHaveLength(1);
  });
});
