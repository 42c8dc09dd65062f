import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { branches, countries, payments } from '../src/db/schema';
import { parcelsIn, staffAt } from './factories';
import { createTestApp, type TestContext } from './helpers';
import { manageClient, staffTokens, type Staff } from './manage-helpers';

/** Payment methods per branch (ADR 073): the admin's list, the country's defaults, and the counter refusing the rest. */

let ctx: TestContext;
let staff: Staff;
let m: ReturnType<typeof manageClient>;
let bishkek: { id: number; token: string };
beforeAll(async () => {
  ctx = await createTestApp();
  staff = await staffTokens(ctx);
  m = manageClient(ctx);
  const [kg] = await ctx.database.db.select({ id: countries.id }).from(countries).where(eq(countries.code, 'KG'));
  const [b] = await ctx.database.db.select({ id: branches.id }).from(branches).where(eq(branches.countryId, kg!.id)).limit(1);
  bishkek = { id: b!.id, token: (await staffAt(ctx, { kind: 'branch', branch_id: b!.id })).token };
});
afterAll(async () => ctx.close());

const methodsOf = async (branchId: number) =>
  (await ctx.database.db.select({ m: branches.paymentMethods }).from(branches).where(eq(branches.id, branchId)))[0]!.m;

describe('payment methods per branch', () => {
  it('each country’s branches take its methods: Kaspi QR in Almaty, Элсом and MBank in Bishkek', async () => {
    expect(await methodsOf(staff.branchId)).toEqual(['cash', 'card', 'kaspi_qr', 'transfer']);
    expect(await methodsOf(bishkek.id)).toEqual(['cash', 'card', 'elsom', 'mbank', 'transfer']);
    const c = await parcelsIn(ctx, 'at_branch', [1], { prefix: 'PMK', by: { branch: bishkek.token }, customer: { branchId: bishkek.id } });
    const lookup = (await m.lookup(bishkek.token, { customer: c.user.client_code })).json.data;
    expect(lookup.branch.payment_methods).toEqual(['cash', 'card', 'elsom', 'mbank', 'transfer']);
    expect(lookup.currency).toBe('KGS');
  });

  it('the counter refuses a method its branch does not take (422 in the caller’s language), nothing written; takes one it does', async () => {
    const c = await parcelsIn(ctx, 'at_branch', [1], { prefix: 'PMK', by: { branch: bishkek.token }, customer: { branchId: bishkek.id } });
    const lookup = (await m.lookup(bishkek.token, { customer: c.user.client_code })).json.data;
    const total = lookup.total_minor as number;
    const refused = await m.call('POST', '/orders/complete', {
      token: bishkek.token,
      lang: 'kk',
      body: { customer_id: c.user.id, payments: [{ method: 'kaspi_qr', amount: total }] },
    });
    expect(refused.status).toBe(422);
    expect(refused.json.code).toBe('payment_method_not_accepted');
    expect(refused.json.message).toBe('Бұл пункт мұндай төлем тәсілін қабылдамайды');
    // The older single-method call is held to the same list.
    const old = await m.call('POST', '/orders/complete', {
      token: bishkek.token,
      lang: 'ru',
      body: { customer_id: c.user.id, payment_method: 'kaspi_qr' },
    });
    expect(old.status).toBe(422);
    expect(old.json.message).toBe('Этот пункт не принимает такой способ оплаты');
    expect((await m.lookup(bishkek.token, { customer: c.user.client_code })).json.data.parcels).toHaveLength(1);
    expect(await ctx.database.db.select().from(payments).where(eq(payments.userId, c.user.id))).toEqual([]);

    const ok = await m.complete(bishkek.token, {
      customer_id: c.user.id,
      payments: [
        { method: 'elsom', amount: total - 100 },
        { method: 'mbank', amount: 100 },
      ],
    });
    expect(ok.status, ok.body).toBe(200);
    expect(ok.json.data.payments.map((p: { method: string }) => p.method)).toEqual(['elsom', 'mbank']);
    // The close of day breaks the day down by the new methods too, and says which the branch takes.
    const day = (await m.call('GET', '/manage/day-close', { token: bishkek.token })).json.data;
    expect(day.payment_methods).toEqual(['cash', 'card', 'elsom', 'mbank', 'transfer']);
    expect(day.expected).toMatchObject({ elsom: total - 100, mbank: 100, kaspi_qr: 0 });
  });

  it('debt paid without parcels is held to the list as well', async () => {
    const c = await parcelsIn(ctx, 'delivered', [1], { prefix: 'PMK', pay: 'none' });
    const res = await m.call('POST', '/manage/payments', {
      token: staff.branch,
      body: { customer_id: c.user.id, payments: [{ method: 'mbank', amount: 100 }] },
    });
    expect(res.status, res.body).toBe(422);
    expect(res.json.code).toBe('payment_method_not_accepted');
  });

  it('the admin edits a branch’s methods and storage fee; a new branch gets its country’s defaults; bad lists are refused', async () => {
    const current = (await m.call('GET', `/admin/branches/${staff.branchId}`, { token: staff.admin })).json.data;
    expect(current).toMatchObject({ payment_methods: ['cash', 'card', 'kaspi_qr', 'transfer'], storage_fee_per_day: 100 });
    const { id: _id, is_active: _a, open_parcels: _p, customers: _c, updated_at: _u, ...body } = current;
    for (const bad of [[], ['cash', 'cash'], ['bitcoin'], 'cash']) {
      const res = await m.call('PUT', `/admin/branches/${staff.branchId}`, { token: staff.admin, body: { ...body, payment_methods: bad } });
      expect(res.status).toBe(422);
    }
    expect(
      (await m.call('PUT', `/admin/branches/${staff.branchId}`, { token: staff.admin, body: { ...body, storage_fee_per_day: -1 } })).status,
    ).toBe(422);
    const saved = await m.call('PUT', `/admin/branches/${staff.branchId}`, {
      token: staff.admin,
      body: { ...body, payment_methods: ['cash', 'transfer'], storage_fee_per_day: 150.5 },
    });
    expect(saved.status, saved.body).toBe(200);
    expect(saved.json.data).toMatchObject({ payment_methods: ['cash', 'transfer'], storage_fee_per_day: 150.5 });
    expect((await ctx.database.db.select().from(branches).where(eq(branches.id, staff.branchId)))[0]!.storageFeePerDay).toBe(15_050);
    // Left out on a later save: the list stays.
    const { payment_methods: _pm, ...withoutMethods } = { ...body, version: saved.json.data.version };
    const kept = await m.call('PUT', `/admin/branches/${staff.branchId}`, { token: staff.admin, body: withoutMethods });
    expect(kept.json.data.payment_methods).toEqual(['cash', 'transfer']);
    // The counter now refuses card at this branch.
    const c = await parcelsIn(ctx, 'at_branch', [1], { prefix: 'PMK' });
    const total = (await m.lookup(staff.branch, { customer: c.user.client_code })).json.data.total_minor;
    const card = await m.complete(staff.branch, { customer_id: c.user.id, payments: [{ method: 'card', amount: total }] });
    expect(card.status).toBe(422);
    // Audited like every field of a branch.
    const audit = await m.call(
      'GET',
      `/admin/audit?filters[target_type]=branch&filters[target_id]=${staff.branchId}&filters[action]=branch.update`,
      {
        token: staff.admin,
      },
    );
    expect(
      audit.json.data.some((r: { after: { payment_methods?: string[] } }) => r.after.payment_methods?.join() === 'cash,transfer'),
    ).toBe(true);
    // Put back for the other tests of this file.
    await m.call('PUT', `/admin/branches/${staff.branchId}`, { token: staff.admin, body: { ...body, version: kept.json.data.version } });

    const kgCountry = (await ctx.database.db.select().from(countries).where(eq(countries.code, 'KG')))[0]!;
    const created = await m.call('POST', '/admin/branches', {
      token: staff.admin,
      body: {
        ...body,
        version: undefined,
        country_id: kgCountry.id,
        currency: 'KGS',
        time_zone: 'Asia/Bishkek',
        payment_methods: undefined,
      },
    });
    expect(created.status, created.body).toBe(201);
    expect(created.json.data.payment_methods).toEqual(['cash', 'card', 'elsom', 'mbank', 'transfer']);
  });
});
