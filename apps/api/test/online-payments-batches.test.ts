import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentRequests, payments } from '../src/db/schema';
import { confirm } from '../src/modules/online-payments/settlement';
import type { TestContext } from './helpers';
import type { Staff } from './manage-helpers';
import {
  expectKeptEqualsJournal,
  onlineApp,
  openRequest,
  recordingDriver,
  waitingCustomer,
  enableProvider,
} from './online-payments-helpers';

/**
 * Settlement in micro-batches (ADR 077 "Speed"): confirmations that carry the request as their callback read it
 * (`known`) and arrive together are settled in one transaction of set-wise statements. Exactly once must hold as on
 * the single path: duplicates in and across batches, a hand-over racing them, and a row that fails the batch (it is
 * rolled back and every confirmation settles singly, so the bad one fails alone).
 */
let ctx: TestContext;
let staff: Staff;
let m: Awaited<ReturnType<typeof onlineApp>>['m'];
const fake = recordingDriver('kaspi');
beforeAll(async () => {
  ({ ctx, staff, m } = await onlineApp());
  ctx.app.paymentDrivers.kaspi = fake.driver;
  await enableProvider(ctx, staff.branchId, 'kaspi', { key: 'k' });
});
afterAll(async () => ctx.close());

const requestRow = async (id: string) => (await ctx.database.db.select().from(paymentRequests).where(eq(paymentRequests.id, id)))[0]!;
const journalOf = (requestId: string) => ctx.database.db.select().from(payments).where(eq(payments.requestId, requestId));

async function requestFor() {
  const c = await waitingCustomer(ctx, staff, [1]);
  const amount = c.lookup.total_minor + c.lookup.storage_fee;
  const id = await openRequest(ctx, {
    userId: c.user.id,
    branchId: staff.branchId,
    provider: 'kaspi',
    amount,
    parcelIds: c.ids,
    currency: c.lookup.currency,
  });
  // As a callback has it: the request read before settling (open), which sends it through the batches.
  return { c, id, amount, known: await requestRow(id) };
}

async function requestsFor(n: number) {
  const out = [];
  for (let i = 0; i < n; i++) out.push(await requestFor());
  return out;
}

describe('batches', () => {
  it('confirmations of many requests at once, each sent three times: every request settled once and linked; one the counter took meanwhile is refunded', async () => {
    const all = await requestsFor(10);
    const taken = all[4]!;
    const cash = await m.complete(staff.branch, { customer_id: taken.c.user.id, payments: [{ method: 'cash', amount: taken.amount }] });
    expect(cash.status, cash.body).toBe(200);
    const calls = all.flatMap((r) =>
      Array.from({ length: 3 }, () => ({
        r,
        p: confirm(ctx.app, { provider: 'kaspi', requestId: r.id, providerRef: `B-${r.id}`, amount: r.amount, known: r.known }),
      })),
    );
    const outcomes = await Promise.all(calls.map(async ({ r, p }) => ({ id: r.id, outcome: (await p).outcome })));
    for (const r of all) {
      const mine = outcomes.filter((o) => o.id === r.id).map((o) => o.outcome);
      const row = await requestRow(r.id);
      const journal = await journalOf(r.id);
      if (r === taken) {
        // The counter took the money first: the online money is written with its refund, once.
        expect(mine.sort()).toEqual(['duplicate', 'duplicate', 'refunded']);
        expect(row.status).toBe('refunded');
        expect(journal.map((j) => j.amount).sort((a, b) => a - b)).toEqual([-r.amount, r.amount]);
      } else {
        expect(mine.sort()).toEqual(['duplicate', 'duplicate', 'settled']);
        expect(row.status).toBe('paid');
        expect(journal.map((j) => [j.amount, j.providerRef])).toEqual([[r.amount, `B-${r.id}`]]);
        expect(row.paymentId).toBe(journal[0]!.id);
      }
    }
    await expectKeptEqualsJournal(ctx);
  });

  it('20 identical confirmations at once settle once', async () => {
    const { c, id, amount, known } = await requestFor();
    const input = { provider: 'kaspi' as const, requestId: id, providerRef: `I-${id}`, amount, known };
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => confirm(ctx.app, input)));
    expect(outcomes.filter((o) => o.outcome === 'settled')).toHaveLength(1);
    expect(outcomes.filter((o) => o.outcome === 'duplicate')).toHaveLength(19);
    expect((await journalOf(id)).map((r) => r.amount)).toEqual([amount]);
    const balance = await m.call('GET', '/balance', { token: c.token });
    expect(balance.json.data.balances).toEqual([{ currency: c.lookup.currency, balance: -amount }]);
    await expectKeptEqualsJournal(ctx);
  });

  it('a confirmation racing a cash hand-over of the same parcels: exactly one takes the money', async () => {
    for (let round = 0; round < 4; round++) {
      const { c, id, amount, known } = await requestFor();
      const [settled, counter] = await Promise.all([
        confirm(ctx.app, { provider: 'kaspi', requestId: id, providerRef: `H-${id}`, amount, known }),
        m.complete(staff.branch, { customer_id: c.user.id, payments: [{ method: 'cash', amount }] }),
      ]);
      const online = settled.outcome === 'settled';
      const cash = counter.status === 200;
      expect([online, cash].filter(Boolean)).toHaveLength(1);
      if (online) expect(counter.json.code).toBe('payment_too_much');
      else expect(settled.outcome).toBe('refunded');
      const balance = await m.call('GET', '/balance', { token: c.token });
      expect(balance.json.data.balances).toEqual([{ currency: c.lookup.currency, balance: online ? -amount : 0 }]);
    }
    await expectKeptEqualsJournal(ctx);
  });

  it('a row that fails its batch fails alone: the batch is rolled back and the others settle singly', async () => {
    const all = await requestsFor(6);
    const [first, ...rest] = all;
    // A reference the journal already has (another request's): its journal row breaks the unique index.
    expect((await confirm(ctx.app, { provider: 'kaspi', requestId: first!.id, providerRef: 'SAME', amount: first!.amount })).outcome).toBe(
      'settled',
    );
    const bad = rest[2]!;
    const results = await Promise.allSettled(
      rest.map((r) =>
        confirm(ctx.app, {
          provider: 'kaspi',
          requestId: r.id,
          providerRef: r === bad ? 'SAME' : `F-${r.id}`,
          amount: r.amount,
          known: r.known,
        }),
      ),
    );
    rest.forEach((r, i) => {
      if (r === bad) expect(results[i]!.status).toBe('rejected');
      else expect(results[i]).toEqual({ status: 'fulfilled', value: { outcome: 'settled' } });
    });
    expect((await requestRow(bad.id)).status).toBe('open');
    expect(await journalOf(bad.id)).toEqual([]);
    for (const r of rest.filter((x) => x !== bad)) expect((await journalOf(r.id)).map((j) => j.amount)).toEqual([r.amount]);
    await expectKeptEqualsJournal(ctx);
  });
});
