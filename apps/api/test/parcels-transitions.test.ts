import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { ORDER_STATUS_CODES, chargedPriceMinor, previousStatus, type TOrderStatusCode } from '@portal/contract';
import { branches, notifications, orderEvents, orders, receipts } from '../src/db/schema';
import type { BranchRow } from '../src/modules/branches/branches-repository';
import { parcels } from '../src/modules/parcels/parcels-service';
import { statusIds } from '../src/modules/parcels/parcel-statuses';
import { createTestApp, registerCustomer, type TestContext } from './helpers';
import { makeOrder, newTrackCode } from './orders-fixtures';

let ctx: TestContext;
let customer: { id: number; language: 'kk' | 'ru' | 'en'; branchId: number };
let branch: BranchRow;
const actor = { userId: null, ip: '10.0.0.9' };

beforeAll(async () => {
  ctx = await createTestApp();
  const c = await registerCustomer(ctx);
  const [b] = await ctx.database.db.select().from(branches).where(eq(branches.id, c.user.branch_id));
  branch = b!;
  customer = { id: c.user.id, language: 'ru', branchId: branch.id };
});
afterAll(async () => ctx.close());

/** One order of the customer in each status. */
async function onePerStatus() {
  const out = {} as Record<TOrderStatusCode, number>;
  for (const status of ORDER_STATUS_CODES)
    out[status] = (await makeOrder(ctx.database.db, { userId: customer.id, status, branchId: branch.id })).id;
  return out;
}

async function statusOf(id: number): Promise<TOrderStatusCode> {
  const ids = await statusIds(ctx.database.db);
  const [row] = await ctx.database.db.select({ s: orders.statusId }).from(orders).where(eq(orders.id, id));
  return Object.entries(ids).find(([, v]) => v === row!.s)![0] as TOrderStatusCode;
}

const eventsOf = (id: number) => ctx.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, id)).orderBy(orderEvents.id);
const unreadCount = async () => (await ctx.database.db.select().from(notifications).where(eq(notifications.userId, customer.id))).length;

/** Runs a transition on one order of each status; answers which ones moved. */
async function tryEach(
  run: (tx: Parameters<Parameters<typeof ctx.database.db.transaction>[0]>[0], id: number) => Promise<{ id: number }[]>,
) {
  const byStatus = await onePerStatus();
  const moved: TOrderStatusCode[] = [];
  for (const status of ORDER_STATUS_CODES) {
    const rows = await ctx.database.db.transaction(async (tx) => {
      try {
        return await run(tx, byStatus[status]);
      } catch {
        return [];
      }
    });
    if (rows.length) moved.push(status);
  }
  return { moved, byStatus };
}

describe('parcels module transitions: only from the previous status of the contract', () => {
  it('the contract names the step before each status', () => {
    expect(previousStatus('china_warehouse')).toBeNull();
    expect(previousStatus('in_transit')).toBe('china_warehouse');
    expect(previousStatus('at_branch')).toBe('in_transit');
    expect(previousStatus('delivered')).toBe('at_branch');
  });

  it('dispatch moves only china_warehouse; sets dispatched_at; writes the event with actor and place; tells the owner', async () => {
    const before = await unreadCount();
    const { moved, byStatus } = await tryEach((tx, id) => parcels.dispatch(tx, eq(orders.id, id), actor));
    expect(moved).toEqual(['china_warehouse']);
    const id = byStatus.china_warehouse;
    expect(await statusOf(id)).toBe('in_transit');
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, id));
    expect(row!.dispatchedAt).not.toBeNull();
    const last = (await eventsOf(id)).at(-1)!;
    expect(last).toMatchObject({ action: 'dispatched', ip: '10.0.0.9' });
    expect(last.details).toMatchObject({ place: 'china_warehouse' });
    expect(await unreadCount()).toBe(before + 1);
    // The others are untouched.
    for (const s of ['in_transit', 'at_branch', 'delivered'] as const) expect(await statusOf(byStatus[s])).toBe(s);
  });

  it('dispatch leaves unclaimed parcels where they are (no destination)', async () => {
    const o = await makeOrder(ctx.database.db, { userId: null, status: 'china_warehouse' });
    const moved = await ctx.database.db.transaction((tx) => parcels.dispatch(tx, eq(orders.id, o.id), actor));
    expect(moved).toHaveLength(0);
  });

  it('arrive moves only in_transit; prices weight × tariff; sets arrived_at and storage', async () => {
    const { moved, byStatus } = await tryEach((tx, id) => parcels.arrive(tx, [id], branch, '2031-01-31', actor));
    expect(moved).toEqual(['in_transit']);
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, byStatus.in_transit));
    // The row keeps minor units: the tariff's (minor units per kg) × the weight, rounded half up.
    expect(row).toMatchObject({
      price: chargedPriceMinor(row!.weight, branch.tariff, branch.currency),
      currency: branch.currency,
      storageUntil: '2031-01-31',
    });
    expect(row!.arrivedAt).not.toBeNull();
    expect((await eventsOf(byStatus.in_transit)).at(-1)).toMatchObject({ action: 'arrived', branchId: branch.id });
  });

  it('hand over moves only at_branch, with one receipt; anything else is refused as changed', async () => {
    const { moved, byStatus } = await tryEach((tx, id) =>
      parcels
        .handOver(tx, { customer, branch, orderIds: [id], paymentMethod: 'cash' }, { ...actor, userId: customer.id })
        .then((r) => r.orders),
    );
    expect(moved).toEqual(['at_branch']);
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, byStatus.at_branch));
    expect(row!.deliveredAt).not.toBeNull();
    expect(row!.receiptId).not.toBeNull();
    const [receipt] = await ctx.database.db.select().from(receipts).where(eq(receipts.id, row!.receiptId!));
    expect(receipt!.items.map((i) => i.order_id)).toEqual([byStatus.at_branch]);
    await expect(
      ctx.database.db.transaction((tx) =>
        parcels.handOver(
          tx,
          { customer, branch, orderIds: [byStatus.in_transit], paymentMethod: 'cash' },
          { ...actor, userId: customer.id },
        ),
      ),
    ).rejects.toMatchObject({ code: 'handover_changed' });
  });

  it('receive creates china_warehouse orders once per code (a known code is skipped)', async () => {
    const code = newTrackCode();
    const first = await ctx.database.db.transaction((tx) =>
      parcels.receive(tx, [{ trackCode: code, weight: 1.5, name: '', labelClientCode: null }], actor),
    );
    expect(first).toHaveLength(1);
    expect(await statusOf(first[0]!.id)).toBe('china_warehouse');
    expect((await eventsOf(first[0]!.id)).map((e) => e.action)).toEqual(['received']);
    const again = await ctx.database.db.transaction((tx) =>
      parcels.receive(tx, [{ trackCode: code, weight: 2, name: '', labelClientCode: null }], actor),
    );
    expect(again).toHaveLength(0);
  });

  it('claim gives only an unowned parcel, in any status, once', async () => {
    const free = await makeOrder(ctx.database.db, { userId: null, status: 'china_warehouse' });
    const owned = await makeOrder(ctx.database.db, { userId: customer.id, status: 'china_warehouse' });
    const other = await registerCustomer(ctx);
    const won = await ctx.database.db.transaction((tx) =>
      parcels.claim(tx, free.id, { id: other.user.id, branchId: other.user.branch_id }, actor, 'assigned', 'staff'),
    );
    expect(won?.userId).toBe(other.user.id);
    const again = await ctx.database.db.transaction((tx) =>
      parcels.claim(tx, free.id, { id: customer.id, branchId: branch.id }, actor, 'assigned', 'staff'),
    );
    expect(again).toBeNull();
    const notFree = await ctx.database.db.transaction((tx) =>
      parcels.claim(tx, owned.id, { id: other.user.id, branchId: null }, actor, 'assigned', 'staff'),
    );
    expect(notFree).toBeNull();
    const events = await ctx.database.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, free.id), inArray(orderEvents.action, ['assigned'])));
    expect(events).toHaveLength(1);
  });
});
