import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  defaultPaymentMethods,
  formatAmount,
  formatMoney,
  localDate,
  parseAmount,
  PAYMENT_METHODS,
  toMajor,
  toMinor,
} from '@portal/contract';

const KZ_METHODS = defaultPaymentMethods('KZ');
const NEW_METHODS = { elsom: 0, mbank: 0, o_dengi: 0 };
import { auditLog, branches, customerBalances, customerTotals, orders, payments } from '../src/db/schema';
import { paymentsService } from '../src/modules/payments/payments-service';
import { parcelIn, parcelsIn } from './factories';
import { createTestApp, type TestContext } from './helpers';
import { manageClient, staffTokens, type Staff } from './manage-helpers';

let ctx: TestContext;
let staff: Staff;
let m: ReturnType<typeof manageClient>;
let tariffMinor: number;
let today: string;
beforeAll(async () => {
  ctx = await createTestApp();
  staff = await staffTokens(ctx);
  m = manageClient(ctx);
  const [b] = await ctx.database.db.select().from(branches).where(eq(branches.id, staff.branchId));
  tariffMinor = b!.tariff; // the column keeps minor units
  today = localDate(new Date(), b!.timeZone);
});
afterAll(async () => ctx.close());

/** A customer of the demo branch with parcels waiting there. */
async function customerAtBranch(weights: number[]) {
  const customer = await parcelsIn(ctx, 'at_branch', weights, { prefix: 'PM' });
  const lookup = await m.lookup(staff.branch, { customer: customer.user.client_code });
  expect(lookup.status).toBe(200);
  return { ...customer, lookup: lookup.json.data };
}

const balanceOf = async (token: string) => (await m.call('GET', '/balance', { token })).json.data;
const dayView = async (token = staff.branch, q = '') => (await m.call('GET', `/manage/day-close${q}`, { token })).json.data;

describe('hand-over payments', () => {
  it('splits one hand-over over two methods; the receipt shows paid and nothing remaining', async () => {
    const c = await customerAtBranch([1, 2, 0.5]);
    const total = c.lookup.total_minor as number;
    expect(total).toBe(toMinor(c.lookup.total));
    expect(c.lookup.debt).toBe(0);
    const cash = Math.floor(total / 3);
    const res = await m.complete(staff.branch, {
      customer_id: c.user.id,
      payments: [
        { method: 'cash', amount: cash },
        { method: 'kaspi_qr', amount: total - cash },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ total_minor: total, paid: total, remaining: 0, payment_method: 'kaspi_qr' });
    expect(res.json.data.payments.map((p: { method: string; amount: number }) => [p.method, p.amount])).toEqual([
      ['cash', cash],
      ['kaspi_qr', total - cash],
    ]);
    expect((await balanceOf(c.token)).balances).toEqual([{ currency: c.lookup.currency, balance: 0 }]);
  });

  it('refuses paying less unless staff confirm the debt; nothing is half-written', async () => {
    const c = await customerAtBranch([1, 1, 1]);
    const ids = c.lookup.parcels.map((p: { id: number }) => p.id);
    const twoOfThree = c.lookup.parcels.slice(0, 2).reduce((s: number, p: { price: number }) => s + toMinor(p.price), 0);
    const short = await m.complete(staff.branch, { customer_id: c.user.id, payments: [{ method: 'cash', amount: twoOfThree }] });
    expect(short.status).toBe(422);
    expect(short.json.code).toBe('payment_short');
    const [still] = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.userId, c.user.id));
    expect(still!.n).toBe(3);
    expect((await m.lookup(staff.branch, { customer: c.user.client_code })).json.data.parcels).toHaveLength(3);
    expect((await ctx.database.db.select().from(payments).where(eq(payments.userId, c.user.id))).length).toBe(0);

    // Takes all three, pays for two: the third becomes debt.
    const res = await m.complete(staff.branch, {
      customer_id: c.user.id,
      order_ids: ids,
      payments: [{ method: 'cash', amount: twoOfThree }],
      accept_debt: true,
    });
    expect(res.status).toBe(200);
    const debt = c.lookup.total_minor - twoOfThree;
    expect(res.json.data).toMatchObject({ paid: twoOfThree, remaining: debt });
    const bal = await balanceOf(c.token);
    expect(bal.balances).toEqual([{ currency: c.lookup.currency, balance: debt }]);
    expect(bal.history.map((h: { kind: string }) => h.kind).sort()).toEqual(['charge', 'payment']);

    // The next hand-over opens with the debt, and may take it with the new parcels (but not more).
    await parcelIn(ctx, 'at_branch', { owner: c, prefix: 'PM', weight: 2 });
    const next = (await m.lookup(staff.branch, { customer: c.phone })).json.data;
    expect(next.debt).toBe(debt);
    const owed = next.total_minor + debt;
    const tooMuch = await m.complete(staff.branch, { customer_id: c.user.id, payments: [{ method: 'card', amount: owed + 1 }] });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.json.code).toBe('payment_too_much');
    // The most it may take, as money in the caller's language (ru by default): "8 316 ₸", not "8316.00 KZT".
    expect(tooMuch.json.message).toContain(formatMoney(toMajor(owed), 'KZT', 'ru'));
    expect(tooMuch.json.message).not.toContain('KZT');
    const all = await m.complete(staff.branch, {
      customer_id: c.user.id,
      payments: [
        { method: 'card', amount: 100 },
        { method: 'cash', amount: owed - 100 },
      ],
    });
    expect(all.status).toBe(200);
    expect(all.json.data.remaining).toBe(0);
    expect((await balanceOf(c.token)).balances[0].balance).toBe(0);
    expect((await m.lookup(staff.branch, { customer: c.phone })).json.data.debt).toBe(0);
  });

  it('hands over with nothing paid (all debt) and takes the debt later without parcels', async () => {
    const c = await customerAtBranch([3]);
    const debt = c.lookup.total_minor as number;
    const res = await m.complete(staff.branch, { customer_id: c.user.id, payments: [], accept_debt: true });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ paid: 0, remaining: debt, payment_method: null });
    const receipt = await m.call('GET', `/receipts/${res.json.data.id}`, { token: c.token });
    expect(receipt.json.data).toMatchObject({ paid: 0, remaining: debt });

    const over = await m.call('POST', '/manage/payments', {
      token: staff.branch,
      body: { customer_id: c.user.id, payments: [{ method: 'cash', amount: debt + 1 }] },
    });
    expect(over.json.code).toBe('payment_too_much');
    const part = await m.call('POST', '/manage/payments', {
      token: staff.branch,
      body: { customer_id: c.user.id, payments: [{ method: 'transfer', amount: 1000 }] },
    });
    expect(part.status).toBe(200);
    expect(part.json.data.balance.balance).toBe(debt - 1000);
    const rest = await m.call('POST', '/manage/payments', {
      token: staff.admin,
      body: { customer_id: c.user.id, branch_id: staff.branchId, payments: [{ method: 'cash', amount: debt - 1000 }] },
    });
    expect(rest.json.data.balance.balance).toBe(0);
    const none = await m.call('POST', '/manage/payments', {
      token: staff.branch,
      body: { customer_id: c.user.id, payments: [{ method: 'cash', amount: 1 }] },
    });
    expect(none.json.code).toBe('no_debt');
    const bad = await m.call('POST', '/manage/payments', {
      token: staff.branch,
      lang: 'kk',
      body: {
        customer_id: c.user.id,
        payments: [
          { method: 'cash', amount: 1.5 },
          { method: 'bitcoin', amount: -1 },
        ],
      },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json.errors).sort()).toEqual(['payments.0.amount', 'payments.1.amount', 'payments.1.method']);
  });

  it('concurrent debt payments never take more than is owed', async () => {
    const c = await customerAtBranch([1]);
    await m.complete(staff.branch, { customer_id: c.user.id, payments: [], accept_debt: true });
    const debt = c.lookup.total_minor as number;
    const half = Math.ceil(debt / 2) + 1;
    const results = await Promise.all(
      [1, 2, 3].map(() =>
        m.call('POST', '/manage/payments', {
          token: staff.branch,
          body: { customer_id: c.user.id, payments: [{ method: 'cash', amount: half }] },
        }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect((await balanceOf(c.token)).balances[0].balance).toBe(debt - half);
  });

  it('keeps 10,000 random payments exact to the tiyn', async () => {
    const c = await customerAtBranch([1000]);
    await m.complete(staff.branch, { customer_id: c.user.id, payments: [], accept_debt: true });
    const debt = c.lookup.total_minor as number;
    expect(debt).toBe(1000 * tariffMinor);
    let seed = 20261123;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const byMethod: Record<string, bigint> = Object.fromEntries(PAYMENT_METHODS.map((k) => [k, 0n]));
    let exact = 0n;
    let naive = 0;
    const before = await dayView();
    const [branch] = await ctx.database.db.select().from(branches).where(eq(branches.id, staff.branchId));
    const staffUserId = (await m.call('GET', '/auth/user', { token: staff.branch })).json.data.id as number;
    for (let call = 0; call < 100; call++) {
      const list = Array.from({ length: 100 }, () => {
        // Typed the way staff type it, with tiyn, then parsed by the one helper.
        const text = `${Math.floor(rand() * 200)}.${String(Math.floor(rand() * 100)).padStart(2, '0')}`;
        const amount = Math.max(parseAmount(text)!, 1);
        // Every method this (Kazakh) branch takes.
        const method = KZ_METHODS[Math.floor(rand() * KZ_METHODS.length)]!;
        exact += BigInt(amount);
        byMethod[method] = byMethod[method]! + BigInt(amount);
        naive += Number(formatAmount(amount));
        return { method, amount };
      });
      // The route's own service call, 100 payments at a time (HTTP caps a call at 10); results are read over HTTP.
      await paymentsService.payDebt(ctx.database.db, branch!, c.user.id, list, staffUserId, 'en');
    }
    const bal = await balanceOf(c.token);
    expect(BigInt(bal.balances[0].balance)).toBe(BigInt(debt) - exact);
    // The balance kept beside the journal (read by the debtors worklist) agrees with the journal to the tiyn.
    const kept = await ctx.database.db.select().from(customerBalances).where(eq(customerBalances.userId, c.user.id));
    expect(kept.map((k) => [k.branchId, BigInt(k.balance)])).toEqual([[staff.branchId, BigInt(debt) - exact]]);
    const total = await ctx.database.db.select().from(customerTotals).where(eq(customerTotals.userId, c.user.id));
    expect(total.map((k) => [k.currency, BigInt(k.balance)])).toEqual([[kept[0]!.currency, BigInt(debt) - exact]]);
    const after = await dayView();
    for (const k of PAYMENT_METHODS) expect(BigInt(after.expected[k] - before.expected[k])).toBe(byMethod[k]);
    // What floating point would have made of the same sums: the reason amounts are integers.
    expect(Math.round(naive * 100)).toBe(Number(exact));
    expect(naive * 100 === Number(exact)).toBe(false);
  }, 120_000);
});

describe('reversal and close of day', () => {
  it('an admin reverses a payment once, with a reason; the debt comes back', async () => {
    const c = await customerAtBranch([1]);
    const total = c.lookup.total_minor as number;
    const done = await m.complete(staff.branch, { customer_id: c.user.id, payments: [{ method: 'card', amount: total }] });
    const pid = done.json.data.payments[0].id as number;
    expect((await m.call('POST', `/manage/payments/${pid}/reverse`, { token: staff.branch, body: { reason: 'wrong card' } })).status).toBe(
      403,
    );
    expect((await m.call('POST', `/manage/payments/${pid}/reverse`, { token: staff.admin, body: { reason: '' } })).status).toBe(422);
    const rev = await m.call('POST', `/manage/payments/${pid}/reverse`, { token: staff.admin, body: { reason: 'Card charge failed' } });
    expect(rev.status).toBe(200);
    expect(rev.json.data).toMatchObject({
      kind: 'reversal',
      amount: -total,
      reverses_id: pid,
      reason: 'Card charge failed',
      method: 'card',
    });
    const again = await Promise.all(
      [1, 2].map(() => m.call('POST', `/manage/payments/${pid}/reverse`, { token: staff.admin, body: { reason: 'twice' } })),
    );
    expect(again.map((r) => r.json.code)).toEqual(['already_reversed', 'already_reversed']);
    expect(
      (await m.call('POST', `/manage/payments/${rev.json.data.id}/reverse`, { token: staff.admin, body: { reason: 'undo' } })).json.code,
    ).toBe('payment_not_reversible');
    expect((await m.call('POST', `/manage/payments/99999999/reverse`, { token: staff.admin, body: { reason: 'none' } })).status).toBe(404);
    const receipt = await m.call('GET', `/receipts/${done.json.data.id}`, { token: c.token });
    expect(receipt.json.data).toMatchObject({ paid: 0, remaining: total });
    expect(receipt.json.data.payments[0].reversed_by_id).toBe(rev.json.data.id);
    expect((await balanceOf(c.token)).balances[0].balance).toBe(total);
    expect((await m.lookup(staff.branch, { customer: c.user.client_code })).json.data.debt).toBe(total);
    // Audited in the same transaction: who, why, what it was and what it became.
    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(pid)));
    expect(audit.filter((a) => a.action === 'payment.reverse')).toHaveLength(1);
    expect(audit.find((a) => a.action === 'payment.reverse')!.after).toMatchObject({ reason: 'Card charge failed', amount: -total });
  });

  it('closes the day with a difference; a closed day never changes, later money goes to the next day', async () => {
    // The other branch: its day is this test's alone.
    const other = staff.otherBranchId;
    const c = await parcelIn(ctx, 'at_branch', {
      prefix: 'PM',
      weight: 2,
      customer: { branchId: other },
      by: { branch: staff.otherBranch },
    });
    const look = (await m.lookup(staff.otherBranch, { customer: c.user.client_code })).json.data;
    const total = look.total_minor as number;
    const done = await m.complete(staff.otherBranch, {
      customer_id: c.user.id,
      payments: [
        { method: 'cash', amount: total - 500 },
        { method: 'card', amount: 500 },
      ],
    });
    expect(done.status).toBe(200);
    const [ob] = await ctx.database.db.select().from(branches).where(eq(branches.id, other));
    const day = localDate(new Date(), ob!.timeZone);

    const view = await dayView(staff.otherBranch);
    expect(view).toMatchObject({ business_date: day, open_date: day, close: null, payments_count: 2 });
    expect(view.expected).toEqual({ cash: total - 500, card: 500, transfer: 0, kaspi_qr: 0, ...NEW_METHODS });

    const counted = { cash: total - 700, card: 500, transfer: 0, kaspi_qr: 0 };
    expect(
      (await m.call('POST', '/manage/day-close', { token: staff.otherBranch, body: { counted: { ...counted, cash: -1 } } })).status,
    ).toBe(422);
    expect((await m.call('POST', '/manage/day-close', { token: staff.otherBranch, body: { counted, date: addDays(day, 1) } })).status).toBe(
      422,
    );
    const close = await m.call('POST', '/manage/day-close', { token: staff.otherBranch, body: { counted, note: 'short by 2 ₸' } });
    expect(close.status).toBe(200);
    expect(
      (
        await ctx.database.db
          .select()
          .from(auditLog)
          .where(eq(auditLog.targetId, String(close.json.data.id)))
      ).map((a) => a.action),
    ).toContain('day.close');
    expect(close.json.data).toMatchObject({
      business_date: day,
      expected: view.expected,
      counted,
      difference: { cash: -200, card: 0, transfer: 0, kaspi_qr: 0, ...NEW_METHODS },
      payments_count: 2,
      note: 'short by 2 ₸',
    });
    const twice = await Promise.all(
      [1, 2].map(() => m.call('POST', '/manage/day-close', { token: staff.otherBranch, body: { counted, date: day } })),
    );
    expect(twice.map((r) => r.json.code)).toEqual(['day_closed', 'day_closed']);

    // A reversal after the close lands in the next day; the closed day and its close stay as they were.
    const rev = await m.call('POST', `/manage/payments/${done.json.data.payments[1].id}/reverse`, {
      token: staff.admin,
      body: { reason: 'Card declined later' },
    });
    expect(rev.json.data.business_date).toBe(addDays(day, 1));
    const closedDay = await dayView(staff.otherBranch, `?date=${day}`);
    expect(closedDay.expected).toEqual(view.expected);
    expect(closedDay.close.difference.cash).toBe(-200);
    const open = await dayView(staff.otherBranch);
    expect(open).toMatchObject({ business_date: addDays(day, 1), open_date: addDays(day, 1), close: null });
    expect(open.expected.card).toBe(-500);
    const journal = await m.call('GET', `/manage/payments?date=${day}`, { token: staff.otherBranch });
    expect(journal.json.data.map((p: { amount: number }) => p.amount)).toEqual([total - 500, 500]);

    // Admins see every branch's closes; branch staff only their own.
    const all = await m.call('GET', '/manage/day-closes', { token: staff.admin });
    expect(all.json.data.some((d: { branch: { id: number } }) => d.branch.id === other)).toBe(true);
    const own = await m.call('GET', '/manage/day-closes', { token: staff.otherBranch });
    expect(own.json.data.every((d: { branch: { id: number } }) => d.branch.id === other)).toBe(true);
    expect((await m.call('GET', `/manage/day-closes?branch_id=${other}`, { token: staff.branch })).status).toBe(403);
  });
});

describe('role matrix', () => {
  it('every money call: signed out 401, customers and warehouse staff 403, another branch 403, own branch and admins 200', async () => {
    const c = await customerAtBranch([1]);
    await m.complete(staff.branch, { customer_id: c.user.id, payments: [], accept_debt: true });
    const paid = await m.call('POST', '/manage/payments', {
      token: staff.branch,
      body: { customer_id: c.user.id, payments: [{ method: 'cash', amount: 5 }] },
    });
    const pid = paid.json.data.payments[0].id as number;
    const b = staff.branchId;
    const calls: {
      name: string;
      method: 'GET' | 'POST';
      url: string;
      body?: Record<string, unknown>;
      admin: number;
      own: number;
      other?: number;
    }[] = [
      // Any branch may serve any customer, so every branch's staff may see what they owe.
      { name: 'balance of a customer', method: 'GET', url: `/manage/customers/${c.user.id}/balance`, admin: 200, own: 200, other: 200 },
      {
        name: 'pay debt',
        method: 'POST',
        url: '/manage/payments',
        body: { customer_id: c.user.id, branch_id: b, payments: [{ method: 'cash', amount: 1 }] },
        admin: 200,
        own: 200,
      },
      { name: 'journal', method: 'GET', url: `/manage/payments?branch_id=${b}`, admin: 200, own: 200 },
      { name: 'day', method: 'GET', url: `/manage/day-close?branch_id=${b}`, admin: 200, own: 200 },
      { name: 'closes', method: 'GET', url: `/manage/day-closes?branch_id=${b}`, admin: 200, own: 200 },
      {
        name: 'close',
        method: 'POST',
        url: '/manage/day-close',
        // A day branch staff may close too (within DAY_CLOSE_STAFF_DAYS): the admin closes it first, so theirs is a repeat.
        body: { branch_id: b, date: addDays(today, -2), counted: { cash: 0, card: 0, transfer: 0, kaspi_qr: 0 } },
        admin: 200,
        own: 409,
      },
      { name: 'reverse', method: 'POST', url: `/manage/payments/${pid}/reverse`, body: { reason: 'matrix' }, admin: 200, own: 403 },
    ];
    for (const k of calls) {
      const as = (token?: string) => m.call(k.method, k.url, { token, body: k.body }).then((r) => r.status);
      expect(await as(undefined), `${k.name} signed out`).toBe(401);
      expect(await as(c.token), `${k.name} customer`).toBe(403);
      expect(await as(staff.warehouse), `${k.name} warehouse`).toBe(403);
      expect(await as(staff.otherBranch), `${k.name} other branch`).toBe(k.other ?? 403);
      expect(await as(staff.admin), `${k.name} admin`).toBe(k.admin);
      expect(await as(staff.branch), `${k.name} own branch`).toBe(k.own);
    }
    expect((await m.call('GET', '/balance')).status).toBe(401);
    expect((await m.call('GET', '/manage/payments', { token: staff.admin })).status).toBe(422);
  });
});
