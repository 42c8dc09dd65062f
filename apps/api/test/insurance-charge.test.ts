import { and, eq, sql } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney, insurancePremiumMinor, toMajor } from '@portal/contract';
import { charges, declarations, orders } from '../src/db/schema';
import { confirm } from '../src/modules/online-payments/settlement';
import { statusIds } from '../src/modules/parcels/parcel-statuses';
import { parcelsIn, type CustomerWithParcels } from './factories';
import type { TestContext } from './helpers';
import type { Staff } from './manage-helpers';
import { enableProvider, expectKeptEqualsJournal, onlineApp, recordingDriver } from './online-payments-helpers';

/**
 * The insurance premium charged with the parcel (issue 36, ADR 090): fixed at dispatch from the owner's declaration,
 * then part of every amount the parcel costs — the waiting list, the counter, a payment request, the receipt (and its
 * PDF), its undoing. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL (where the burst's race is real).
 */
let ctx: TestContext;
let staff: Staff;
let m: Awaited<ReturnType<typeof onlineApp>>['m'];
const fake = recordingDriver('kaspi');
beforeAll(async () => {
  ({ ctx, staff, m } = await onlineApp());
  ctx.app.paymentDrivers.kaspi = fake.driver;
  await enableProvider(ctx, staff.branchId, 'kaspi', { key: 'k' });
}, 180_000);
afterAll(async () => ctx.close());

type Declared = { value: number; currency?: string; insured?: boolean; premium?: number | null; premiumCurrency?: string | null };

/** What the demo branch quotes (its seeded terms: 3 %, at least 500 ₸). */
const quote = (value: number) => insurancePremiumMinor(value, { rateBp: 300, minPremium: 50_000 }, 'KZT');

/** A declaration as the declarations module keeps it (written directly: that module is built beside this one). */
async function declare(c: CustomerWithParcels, code: string, d: Declared) {
  await ctx.database.db.insert(declarations).values({
    userId: c.user.id,
    trackCode: code,
    declaredValue: d.value,
    declaredCurrency: d.currency ?? 'KZT',
    insured: d.insured ?? true,
    insurancePremium: d.premium === undefined ? quote(d.value) : d.premium,
    insuranceCurrency: d.premiumCurrency === undefined ? 'KZT' : d.premiumCurrency,
    updatedBy: c.user.id,
  });
}

/** Parcels received for a new customer, declared as given (null: no declaration), then dispatched (and arrived). */
async function declaredParcels(decls: (Declared | null)[], to: 'in_transit' | 'at_branch' = 'at_branch', weights?: number[]) {
  const c = await parcelsIn(ctx, 'china_warehouse', weights ?? decls.map(() => 2), { prefix: 'IN' });
  for (const [i, d] of decls.entries()) if (d) await declare(c, c.codes[i]!, d);
  const sent = await m.dispatch(staff.warehouse, { track_codes: c.codes });
  expect(sent.json.data.counts.moved, sent.body).toBe(c.codes.length);
  if (to === 'at_branch') {
    const arrived = await m.arrive(staff.branch, { track_codes: c.codes });
    expect(arrived.json.data.counts.moved, arrived.body).toBe(c.codes.length);
  }
  return c;
}

const premiumOf = async (id: number) =>
  (await ctx.database.db.select({ p: orders.insurancePremium, price: orders.price }).from(orders).where(eq(orders.id, id)))[0]!;

async function pdfText(receiptId: number, token: string, lang: string) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/receipts/${receiptId}.pdf?lang=${lang}`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.statusCode).toBe(200);
  const parser = new PDFParse({ data: new Uint8Array(res.rawPayload) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}
const squash = (s: string) => s.replace(/\s/g, '');

describe('the premium fixed at dispatch', () => {
  it('is the kept premium of an insured declaration; the event says so; none without one', async () => {
    const c = await declaredParcels([{ value: 10_000_000 }, { value: 5_000_000, insured: false }, null], 'in_transit');
    expect((await premiumOf(c.ids[0]!)).p).toBe(300_000); // 3 % of 100 000 ₸
    expect((await premiumOf(c.ids[1]!)).p).toBe(0);
    expect((await premiumOf(c.ids[2]!)).p).toBe(0);
    const view = await m.call('GET', `/manage/parcel?code=${c.codes[0]}`, { token: staff.admin, lang: 'en' });
    expect(view.json.data.parcel.insurance_premium).toBe(3000);
    const dispatched = view.json.data.history.find((e: { action: string }) => e.action === 'dispatched');
    expect(dispatched.details).toMatchObject({
      insurance_premium: 3000,
      insurance_currency: 'KZT',
      insurance_source: 'kept',
      declared_value: 100_000,
    });
    const plain = await m.call('GET', `/manage/parcel?code=${c.codes[2]}`, { token: staff.admin, lang: 'en' });
    expect(plain.json.data.history.find((e: { action: string }) => e.action === 'dispatched').details).not.toHaveProperty(
      'insurance_premium',
    );
    // A change to the declaration after dispatch changes nothing on the parcel.
    await ctx.database.db
      .update(declarations)
      .set({ insurancePremium: 1 })
      .where(and(eq(declarations.userId, c.user.id), eq(declarations.trackCode, c.codes[0]!)));
    await m.arrive(staff.branch, { track_codes: c.codes });
    expect((await premiumOf(c.ids[0]!)).p).toBe(300_000);
  });

  it("is quoted again on the branch's terms when the kept one is in another currency, and none above the cap", async () => {
    const c = await declaredParcels(
      [
        { value: 10_000_000, premium: 5_000, premiumCurrency: 'KGS' }, // quoted for a Kyrgyz branch: quoted again here
        { value: 10_000_000, premium: null, premiumCurrency: null }, // insured, never quoted
        { value: 200_000_000, premium: null, premiumCurrency: null }, // 2 000 000 ₸: above the 1 000 000 ₸ cap
        { value: 100_000, premium: null, premiumCurrency: 'USD', currency: 'USD' }, // declared in dollars: not insurable here
        { value: 100_000, premium: null, premiumCurrency: null }, // 1 000 ₸: the minimum premium
      ],
      'in_transit',
    );
    expect(await Promise.all(c.ids.map(async (id) => (await premiumOf(id)).p))).toEqual([300_000, 300_000, 0, 0, 50_000]);
    const view = await m.call('GET', `/manage/parcel?code=${c.codes[2]}`, { token: staff.admin, lang: 'en' });
    expect(view.json.data.history.find((e: { action: string }) => e.action === 'dispatched').details).toMatchObject({
      insurance_premium: 0,
      insurance_source: 'not_insurable',
    });
  });
});

describe('charged with the parcel', () => {
  it('waiting, the counter, the receipt and its PDF all charge price + premium; the order shows what it is insured for', async () => {
    const c = await declaredParcels([{ value: 4_500_000 }, null], 'at_branch', [2, 1]);
    const [insured, plain] = [await premiumOf(c.ids[0]!), await premiumOf(c.ids[1]!)];
    expect(insured.p).toBe(135_000); // 3 % of 45 000 ₸
    const prices = insured.price! + plain.price!;

    const [row] = (await m.call('GET', '/orders/waiting', { token: c.token })).json.data;
    expect(row).toMatchObject({ total: prices + 135_000, insurance: 135_000, to_pay: prices + 135_000 });

    const order = await m.call('GET', `/orders/${c.ids[0]}`, { token: c.token, lang: 'en' });
    expect(order.json.data.insurance).toEqual({ premium: 1350, currency: 'KZT', declared_value: 45_000, declared_currency: 'KZT' });
    const card = await m.call('GET', `/orders/${c.ids[1]}`, { token: c.token, lang: 'en' });
    expect(card.json.data.insurance).toBeNull();

    const look = await m.lookup(staff.branch, { customer: c.user.client_code });
    expect(look.json.data.total_minor).toBe(prices + 135_000);
    expect(look.json.data.parcels.find((p: { id: number }) => p.id === c.ids[0]).insurance_premium).toBe(1350);

    const done = await m.complete(staff.branch, { customer_id: c.user.id, payment_method: 'cash' });
    expect(done.status, done.body).toBe(200);
    const receipt = done.json.data;
    expect(receipt.total_minor).toBe(prices + 135_000);
    expect(receipt.paid).toBe(prices + 135_000);
    const line = receipt.items.find((i: { order_id: number }) => i.order_id === c.ids[0]);
    expect(line).toMatchObject({ insurance: 1350, declared_value: 45_000, declared_currency: 'KZT', price: toMajor(insured.price!) });
    expect(receipt.items.find((i: { order_id: number }) => i.order_id === c.ids[1])).toMatchObject({ insurance: 0, declared_value: null });
    const [charge] = await ctx.database.db.select().from(charges).where(eq(charges.receiptId, receipt.id));
    expect(charge!.amount).toBe(prices + 135_000);

    const en = await pdfText(receipt.id, c.token, 'en');
    expect(squash(en)).toContain(squash(`Insurance ${c.codes[0]} (declared value ${formatMoney(45_000, 'KZT', 'en')})`));
    expect(squash(en)).toContain(squash(formatMoney(1350, 'KZT', 'en')));
    expect(en).not.toContain(`Insurance ${c.codes[1]}`);
    const ru = await pdfText(receipt.id, c.token, 'ru');
    expect(squash(ru)).toContain(squash(`Страховка ${c.codes[0]} (объявленная ценность ${formatMoney(45_000, 'KZT', 'ru')})`));
    await expectKeptEqualsJournal(ctx);
  });

  it('a payment request freezes price + premium, settles it, and the counter then takes nothing more', async () => {
    const c = await declaredParcels([{ value: 10_000_000 }], 'at_branch', [1.5]);
    const { price, p } = await premiumOf(c.ids[0]!);
    expect(p).toBe(300_000);
    const res = await m.call('POST', '/payments/requests', { token: c.token, body: { branch_id: staff.branchId } });
    expect(res.status, res.body).toBe(201);
    expect(res.json.data.amount).toBe(price! + 300_000);
    const id = res.json.data.id as string;
    const settled = await confirm(ctx.app, { provider: 'kaspi', requestId: id, providerRef: `I-${id}`, amount: price! + 300_000 });
    expect(settled).toEqual({ outcome: 'settled' });
    const [row] = (await m.call('GET', '/orders/waiting', { token: c.token })).json.data;
    expect(row).toMatchObject({ paid_online: price! + 300_000, to_pay: 0 });
    const done = await m.complete(staff.branch, { customer_id: c.user.id, payments: [] });
    expect(done.status, done.body).toBe(200);
    expect(done.json.data).toMatchObject({ total_minor: price! + 300_000, paid_online: price! + 300_000, remaining: 0 });
    await expectKeptEqualsJournal(ctx);
  });

  it('undoing the hand-over reverses the premium with the price', async () => {
    const c = await declaredParcels([{ value: 10_000_000 }], 'at_branch', [1]);
    const { price, p } = await premiumOf(c.ids[0]!);
    const done = await m.complete(staff.branch, { customer_id: c.user.id, payment_method: 'cash' });
    expect(done.json.data.total_minor).toBe(price! + p);
    const view = await m.call('GET', `/manage/parcel?code=${c.codes[0]}`, { token: staff.admin, lang: 'en' });
    const undo = await m.call('POST', `/manage/parcels/${c.ids[0]}/corrections`, {
      token: staff.admin,
      body: { kind: 'undo_handover', reason: 'Handed to the wrong person', updated_at: view.json.data.parcel.updated_at },
    });
    expect(undo.status, undo.body).toBe(200);
    expect(undo.json.data.undone_receipt).toMatchObject({ charge_reversed: price! + p, payments_returned: price! + p });
    // Back at the branch, it still costs price + premium (the premium stays the parcel's).
    const [row] = (await m.call('GET', '/orders/waiting', { token: c.token })).json.data;
    expect(row).toMatchObject({ total: price! + p, to_pay: price! + p });
    await expectKeptEqualsJournal(ctx);
  });
});

describe('a declaration changed while its parcel is dispatched (burst)', () => {
  it("charges the declaration as dispatch read it under the parcel's lock, never an older one", async () => {
    const n = 8;
    const c = await parcelsIn(
      ctx,
      'china_warehouse',
      Array.from({ length: n }, () => 1),
      { prefix: 'IR' },
    );
    for (const code of c.codes) await declare(c, code, { value: 10_000_000 });
    const ids = await statusIds(ctx.database.db);
    const db = ctx.database.db;
    // What the declarations module does on a change (issue 36, H3): the parcel's row under a share lock, refused once
    // it left the warehouse; otherwise the new premium, written while the lock is held a moment.
    const change = async (i: number): Promise<'changed' | 'refused'> => {
      await new Promise((r) => setTimeout(r, (i % 4) * 8));
      return db.transaction(async (tx) => {
        const res = await tx.execute(sql`select status_id from orders where id = ${c.ids[i]!} for share`);
        const rows = ((res as { rows?: unknown[] }).rows ?? res) as { status_id: number }[];
        if (rows[0]!.status_id !== ids.china_warehouse) return 'refused';
        await tx.execute(sql`select pg_sleep(0.05)`);
        await tx
          .update(declarations)
          .set({ insurancePremium: 400_000 + i })
          .where(and(eq(declarations.userId, c.user.id), eq(declarations.trackCode, c.codes[i]!)));
        return 'changed';
      });
    };
    const [outcomes, sent] = await Promise.all([
      Promise.all(c.ids.map((_, i) => change(i))),
      new Promise((r) => setTimeout(r, 12)).then(() => m.dispatch(staff.warehouse, { track_codes: c.codes })),
    ]);
    expect(sent.json.data.counts.moved, sent.body).toBe(n);
    for (const [i, id] of c.ids.entries()) {
      const [d] = await db
        .select()
        .from(declarations)
        .where(and(eq(declarations.userId, c.user.id), eq(declarations.trackCode, c.codes[i]!)));
      expect((await premiumOf(id)).p, `parcel ${i}: ${outcomes[i]}`).toBe(d!.insurancePremium);
      expect(d!.insurancePremium).toBe(outcomes[i] === 'changed' ? 400_000 + i : 300_000);
    }
  });
});

describe('the branch insurance terms (admin)', () => {
  it('reads and edits them as percent and amounts, kept as basis points and minor units, audited; bad ones are 422', async () => {
    const got = await m.call('GET', `/admin/branches/${staff.otherBranchId}`, { token: staff.admin });
    const b = got.json.data;
    expect(b).toMatchObject({ insurance_rate: 3, insurance_min_premium: 500, insurance_max_value: 1_000_000, uninsured_per_kg: 5000 });
    const { id: _id, is_active: _a, open_parcels: _o, customers: _c, updated_at: _u, ...fields } = b;
    const terms = { insurance_rate: 2.75, insurance_min_premium: 750.5, insurance_max_value: 0, uninsured_per_kg: 4000 };
    const saved = await m.call('PUT', `/admin/branches/${b.id}`, { token: staff.admin, body: { ...fields, ...terms } });
    expect(saved.status, saved.body).toBe(200);
    expect(saved.json.data).toMatchObject(terms);
    const [kept] = await ctx.database.db
      .execute(
        sql`select insurance_rate_bp, insurance_min_premium::text as min, insurance_max_value::text as cap, uninsured_per_kg::text as kg from branches where id = ${b.id}`,
      )
      .then((r) => ((r as { rows?: unknown[] }).rows ?? r) as Record<string, unknown>[]);
    expect(kept).toEqual({ insurance_rate_bp: 275, min: '75050', cap: '0', kg: '400000' });
    const audit = await m.call('GET', `/admin/audit?filters[target_type]=branch&filters[target_id]=${b.id}&filters[action]=branch.update`, {
      token: staff.admin,
    });
    expect(audit.json.data[0]).toMatchObject({ before: { insurance_rate: 3 }, after: { insurance_rate: 2.75 } });
    const version = saved.json.data.version as number;
    for (const [field, value] of [
      ['insurance_rate', 100.01],
      ['insurance_rate', 3.125],
      ['insurance_min_premium', -1],
      ['insurance_max_value', 1.001],
      ['uninsured_per_kg', 'a lot'],
    ] as const) {
      const bad = await m.call('PUT', `/admin/branches/${b.id}`, {
        token: staff.admin,
        lang: 'ru',
        body: { ...fields, ...terms, version, [field]: value },
      });
      expect([bad.status, Object.keys(bad.json.errors ?? {})], `${field} ${value}`).toEqual([422, [field]]);
    }
    // Absent terms are kept as they were (older clients).
    const { insurance_rate: _r, insurance_min_premium: _m, insurance_max_value: _x, uninsured_per_kg: _k, ...withoutTerms } = fields;
    const kept2 = await m.call('PUT', `/admin/branches/${b.id}`, { token: staff.admin, body: { ...withoutTerms, version } });
    expect(kept2.status, kept2.body).toBe(200);
    expect(kept2.json.data).toMatchObject(terms);
  });
});
