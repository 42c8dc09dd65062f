import { and, asc, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insurancePremiumMinor, MAX_DECLARATION_ITEMS, type TDeclarationView } from '@portal/contract';
import { auditLog, branches, declarationItems, declarations, orders, orderStatuses } from '../src/db/schema';
import { aCustomer, parcelIn, type Customer } from './factories';
import { client, createTestApp, type TestContext } from './helpers';
import { manageClient, newCode, staffTokens, type Staff } from './manage-helpers';
import en from '../src/texts/en.json';
import ru from '../src/texts/ru.json';

/**
 * Declarations (issue 36, ADR 086): item lines, declared value and the choice to insure, by the customer until
 * dispatch and by the warehouse at receipt. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL (where the
 * bursts are real races on separate connections).
 */
let ctx: TestContext;
let staff: Staff;
let m: ReturnType<typeof manageClient>;
let call: ReturnType<typeof client>;

beforeAll(async () => {
  ctx = await createTestApp();
  staff = await staffTokens(ctx);
  m = manageClient(ctx);
  call = client(ctx.app);
});
afterAll(async () => ctx.close());

const line = (over: Record<string, unknown> = {}) => ({
  description: 'Sneakers',
  quantity: 2,
  unit_price: 12_550,
  currency: 'CNY',
  url: 'https://item.taobao.com/item.htm?id=1',
  marketplace_order: '2026-1123',
  ...over,
});
const body = (over: Record<string, unknown> = {}) => ({ items: [line()], declared_value: null, insured: false, updated_at: null, ...over });

const get = (token: string, code: string, lang?: string) => call('GET', `/declarations/${code}`, { token, lang });
const put = (token: string, code: string, b: unknown, lang?: string) => call('PUT', `/declarations/${code}`, { token, body: b, lang });
const staffGet = (token: string, id: number) => call('GET', `/manage/parcels/${id}/declaration`, { token });
const staffPut = (token: string, id: number, b: unknown) => call('PUT', `/manage/parcels/${id}/declaration`, { token, body: b });

/** A customer at the demo branch with a saved code (not received yet). */
async function saver(): Promise<{ c: Customer; code: string }> {
  const c = await aCustomer(ctx, { branchId: staff.branchId, lang: 'en' });
  const code = newCode('DC');
  expect((await m.saveTrack(c.token, code)).status).toBe(200);
  return { c, code };
}

async function setTerms(t: { rate?: number; min?: number; max?: number; perKg?: number }) {
  await ctx.database.db
    .update(branches)
    .set({
      insuranceRateBp: t.rate ?? 300,
      insuranceMinPremium: t.min ?? 0,
      insuranceMaxValue: t.max ?? 0,
      uninsuredPerKg: t.perKg ?? 0,
    })
    .where(eq(branches.id, staff.branchId));
}

const linesOf = async (declarationId: number) =>
  ctx.database.db
    .select()
    .from(declarationItems)
    .where(eq(declarationItems.declarationId, declarationId))
    .orderBy(asc(declarationItems.position));
const rowOf = async (userId: number, code: string) =>
  (
    await ctx.database.db
      .select()
      .from(declarations)
      .where(and(eq(declarations.userId, userId), eq(declarations.trackCode, code)))
  )[0];

describe('declarations: the customer', () => {
  it('an empty declaration of a saved code, then two lines saved whole: totals per currency, the value suggested', async () => {
    const { c, code } = await saver();
    const empty = await get(c.token, code);
    expect(empty.status).toBe(200);
    const v0 = empty.json.data as TDeclarationView;
    expect(v0).toMatchObject({ items: [], totals: [], insured: false, editable: true, locked_reason: null, updated_at: null });
    expect(v0.terms?.currency).toBe('KZT');

    const saved = await put(
      c.token,
      code,
      body({ items: [line(), line({ description: 'Cap', quantity: 1, unit_price: 5_000, currency: 'USD', url: null })] }),
    );
    expect(saved.status).toBe(200);
    const v = saved.json.data as TDeclarationView;
    expect(v.items.map((i) => i.description)).toEqual(['Sneakers', 'Cap']);
    expect(v.totals).toEqual([
      { currency: 'CNY', amount: 25_100 },
      { currency: 'USD', amount: 5_000 },
    ]);
    expect(v.suggested_value).toBeNull(); // mixed currencies: the customer types the value

    const kzt = await put(c.token, code, body({ items: [line({ currency: 'KZT', unit_price: 500_000 })], updated_at: v.updated_at }));
    expect(kzt.status).toBe(200);
    expect(kzt.json.data.suggested_value).toBe(1_000_000);
    expect((await get(c.token, code)).json.data).toEqual(kzt.json.data);
  });

  it('validation edges: 50 lines yes, 51 no; huge, control characters, bad currency, bad address, quantity → 422', async () => {
    const { c, code } = await saver();
    const fifty = Array.from({ length: MAX_DECLARATION_ITEMS }, (_, i) => line({ description: `Item ${i}` }));
    const ok = await put(c.token, code, body({ items: fifty }));
    expect(ok.status).toBe(200);
    expect(ok.json.data.items).toHaveLength(50);
    const updatedAt = ok.json.data.updated_at;
    const bad: unknown[] = [
      { items: [...fifty, line()] },
      { items: [line({ description: 'x'.repeat(201) })] },
      { items: [line({ description: 'x'.repeat(100_000) })] },
      { items: [line({ description: 'two\nlines' })] },
      { items: [line({ description: 'bell\u0007' })] },
      { items: [line({ description: '   ' })] },
      { items: [line({ currency: 'GBP' })] },
      { items: [line({ currency: 'cny' })] },
      { items: [line({ url: 'javascript:alert(1)' })] },
      { items: [line({ url: `https://a.cn/${'x'.repeat(2000)}` })] },
      { items: [line({ marketplace_order: 'x'.repeat(65) })] },
      { items: [line({ quantity: 0 })] },
      { items: [line({ quantity: 10_000 })] },
      { items: [line({ quantity: 1.5 })] },
      { items: [line({ unit_price: -1 })] },
      { items: [line({ unit_price: 1.5 })] },
      { items: [line({ extra: 1 })] },
      { declared_value: -5 },
      { updated_at: 'yesterday' },
    ];
    for (const over of bad) {
      const res = await put(c.token, code, body({ updated_at: updatedAt, ...(over as object) }), 'ru');
      expect(res.status, JSON.stringify(over).slice(0, 80)).toBe(422);
      expect(res.json.code).toBe('validation_failed');
    }
    // Past the body limit: 413, still a clear refusal.
    expect((await put(c.token, code, body({ items: [line({ description: 'x'.repeat(1_000_000) })] }))).status).toBe(413);
    expect((await get(c.token, code)).json.data.items).toHaveLength(50);
  });

  it("someone else's code, or a code never saved, is 404 (read and write)", async () => {
    const { code } = await saver();
    const other = await aCustomer(ctx, { branchId: staff.branchId });
    expect((await get(other.token, code)).status).toBe(404);
    expect((await put(other.token, code, body())).status).toBe(404);
    expect((await get(other.token, 'NEVER12345')).status).toBe(404);
    expect((await call('GET', `/declarations/${code}`)).status).toBe(401);
  });

  it('insured needs a value > 0 and within the cap; the premium is THE rule on the branch terms, kept', async () => {
    const { c, code } = await saver();
    await setTerms({ rate: 250, min: 150_000, max: 50_000_000, perKg: 200_000 });
    try {
      const none = await put(c.token, code, body({ insured: true }), 'en');
      expect(none.status).toBe(422);
      expect(none.json).toMatchObject({ code: 'insurance_needs_value', message: en.errors.insurance_needs_value });
      expect((await put(c.token, code, body({ insured: true, declared_value: 0 }))).json.code).toBe('insurance_needs_value');
      const above = await put(c.token, code, body({ insured: true, declared_value: 50_000_001 }), 'ru');
      expect(above.status).toBe(422);
      expect(above.json.code).toBe('insurance_above_cap');
      expect(above.json.message).toContain('500');

      const small = await put(c.token, code, body({ insured: true, declared_value: 1_000_000 }));
      expect(small.status).toBe(200);
      const terms = { rateBp: 250, minPremium: 150_000 };
      expect(small.json.data.premium).toBe(insurancePremiumMinor(1_000_000, terms, 'KZT'));
      expect(small.json.data.premium).toBe(150_000); // the minimum
      const big = await put(c.token, code, body({ insured: true, declared_value: 23_456_789, updated_at: small.json.data.updated_at }));
      expect(big.json.data.premium).toBe(insurancePremiumMinor(23_456_789, terms, 'KZT'));
      expect(big.json.data).toMatchObject({ premium_currency: 'KZT', declared_currency: 'KZT', insured: true });
      const row = await rowOf(c.user.id, code);
      expect(row).toMatchObject({ insurancePremium: big.json.data.premium, insured: true, declaredValue: 23_456_789 });
      // The terms change later: the kept premium does not.
      await setTerms({ rate: 900 });
      expect((await get(c.token, code)).json.data.premium).toBe(big.json.data.premium);
      // Uninsured again: no premium.
      const off = await put(c.token, code, body({ declared_value: 23_456_789, updated_at: big.json.data.updated_at }));
      expect(off.json.data).toMatchObject({ insured: false, premium: null });
    } finally {
      await setTerms({});
    }
  });

  it('a stale version is 409; so is "new" when it exists', async () => {
    const { c, code } = await saver();
    const first = await put(c.token, code, body());
    const second = await put(c.token, code, body({ updated_at: first.json.data.updated_at, items: [line({ quantity: 3 })] }));
    expect(second.status).toBe(200);
    const stale = await put(c.token, code, body({ updated_at: first.json.data.updated_at }), 'en');
    expect(stale.status).toBe(409);
    expect(stale.json.code).toBe('stale_write');
    expect((await put(c.token, code, body())).status).toBe(409);
    expect((await get(c.token, code)).json.data.items[0].quantity).toBe(3);
  });

  it('the uninsured limit follows the received weight; after dispatch the declaration is read only (409 in the caller language)', async () => {
    await setTerms({ perKg: 200_000 });
    try {
      const p = await parcelIn(ctx, 'china_warehouse', { customer: { branchId: staff.branchId }, weight: 2.5 });
      const v = (await get(p.token, p.code)).json.data as TDeclarationView;
      expect(v.terms).toMatchObject({ weight_kg: 2.5, uninsured_limit: 500_000 });
      const saved = await put(p.token, p.code, body());
      expect(saved.status).toBe(200);
      expect((await m.dispatch(staff.warehouse, { track_codes: [p.code] })).status).toBe(200);
      const after = (await get(p.token, p.code)).json.data as TDeclarationView;
      expect(after).toMatchObject({ editable: false, locked_reason: 'dispatched' });
      const refused = await put(p.token, p.code, body({ updated_at: after.updated_at }), 'ru');
      expect(refused.status).toBe(409);
      expect(refused.json).toMatchObject({ code: 'declaration_locked', message: ru.errors.declaration_locked });
      expect((await staffPut(staff.warehouse, p.id, body({ updated_at: after.updated_at }))).json.code).toBe('declaration_locked');
    } finally {
      await setTerms({});
    }
  });
});

describe('declarations: staff at receipt', () => {
  it("the warehouse corrects the owner's lines (audited); the customer sees them corrected; a branch reads only", async () => {
    const p = await parcelIn(ctx, 'china_warehouse', { customer: { branchId: staff.branchId } });
    const mine = await put(p.token, p.code, body({ items: [line(), line({ description: 'Socks' })] }));
    const seen = await staffGet(staff.warehouse, p.id);
    expect(seen.status).toBe(200);
    expect(seen.json.data).toMatchObject({ editable: true, track_code: p.code, updated_at: mine.json.data.updated_at });

    const fixed = await staffPut(
      staff.warehouse,
      p.id,
      body({ items: [line({ quantity: 5 }), line({ description: 'Socks' })], updated_at: seen.json.data.updated_at }),
    );
    expect(fixed.status).toBe(200);
    const customer = (await get(p.token, p.code)).json.data as TDeclarationView;
    expect(customer.items[0]!.quantity).toBe(5);
    expect(customer.corrected_by_warehouse).toBe(true);
    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'declaration.corrected'), eq(auditLog.targetId, String(p.id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.before).toMatchObject({ lines: 2 });
    expect(audit[0]!.after).toMatchObject({ lines: 2, totals: [{ currency: 'CNY', amount: 12_550 * 7 }] });

    // Stale: the customer's older version.
    expect((await put(p.token, p.code, body({ updated_at: mine.json.data.updated_at }))).json.code).toBe('stale_write');
    // The customer's own save clears the mark.
    const own = await put(p.token, p.code, body({ updated_at: customer.updated_at }));
    expect(own.json.data.corrected_by_warehouse).toBe(false);

    const branchView = await staffGet(staff.branch, p.id);
    expect(branchView.json.data).toMatchObject({ editable: false, locked_reason: 'read_only' });
    expect((await staffPut(staff.branch, p.id, body({ updated_at: own.json.data.updated_at }))).status).toBe(403);
    expect((await staffGet(staff.otherBranch, p.id)).status).toBe(404);
    expect((await staffGet(p.token, p.id)).status).toBe(403);
    expect((await staffGet(staff.warehouse, 2_000_000_000)).status).toBe(404);
  });

  it('an unowned parcel: read shows why, a correction is 409 declaration_no_owner', async () => {
    const p = await parcelIn(ctx, 'unclaimed');
    expect((await staffGet(staff.warehouse, p.id)).json.data).toMatchObject({ editable: false, locked_reason: 'no_owner', items: [] });
    const res = await call('PUT', `/manage/parcels/${p.id}/declaration`, { token: staff.warehouse, body: body(), lang: 'en' });
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({ code: 'declaration_no_owner', message: en.errors.declaration_no_owner });
  });
});

describe('declarations: bursts', () => {
  it('10 parallel saves of one version: exactly one wins, its lines alone remain (no interleaving)', async () => {
    for (const start of ['new', 'existing'] as const) {
      const { c, code } = await saver();
      const version = start === 'new' ? null : (await put(c.token, code, body())).json.data.updated_at;
      const burst = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          put(c.token, code, body({ updated_at: version, items: [1, 2, 3].map((n) => line({ description: `save ${i} line ${n}` })) })),
        ),
      );
      const statuses = burst.map((r) => r.status).sort();
      expect(statuses, start).toEqual([200, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
      const won = burst.findIndex((r) => r.status === 200);
      const row = await rowOf(c.user.id, code);
      const lines = await linesOf(row!.id);
      expect(lines.map((l) => [l.position, l.description])).toEqual([1, 2, 3].map((n, i) => [i, `save ${won} line ${n}`]));
    }
  });

  it('a save racing dispatch: one outcome each time, never saved after the dispatch', async () => {
    for (let round = 0; round < 6; round += 1) {
      const p = await parcelIn(ctx, 'china_warehouse', { customer: { branchId: staff.branchId } });
      const first = await put(p.token, p.code, body());
      const [saved, sent] = await Promise.all([
        put(p.token, p.code, body({ updated_at: first.json.data.updated_at, items: [line({ description: 'late' })] })),
        m.dispatch(staff.warehouse, { track_codes: [p.code] }),
      ]);
      expect(sent.status).toBe(200);
      expect([200, 409]).toContain(saved.status);
      const lines = await linesOf((await rowOf(p.user.id, p.code))!.id);
      expect(lines.map((l) => l.description)).toEqual([saved.status === 200 ? 'late' : 'Sneakers']);
      if (saved.status === 409) expect(saved.json.code).toBe('declaration_locked');
    }
  });

  it('a save waiting behind an uncommitted dispatch sees it when it commits (409), never lands after it', async () => {
    if (!ctx.databaseUrl) return; // one PGlite connection: no second transaction to hold open
    const p = await parcelIn(ctx, 'china_warehouse', { customer: { branchId: staff.branchId } });
    const first = await put(p.token, p.code, body());
    const [inTransit] = await ctx.database.db.select().from(orderStatuses).where(eq(orderStatuses.code, 'in_transit'));
    const held = new pg.Client({ connectionString: ctx.databaseUrl });
    await held.connect();
    try {
      await held.query('begin');
      await held.query('update orders set status_id = $1, dispatched_at = now() where id = $2', [inTransit!.id, p.id]);
      let settled = false;
      const save = put(p.token, p.code, body({ updated_at: first.json.data.updated_at, items: [line({ description: 'late' })] })).finally(
        () => {
          settled = true;
        },
      );
      await new Promise((r) => setTimeout(r, 400));
      expect(settled).toBe(false); // it waits on the parcel's row
      await held.query('commit');
      const res = await save;
      expect(res.status).toBe(409);
      expect(res.json.code).toBe('declaration_locked');
      const lines = await linesOf((await rowOf(p.user.id, p.code))!.id);
      expect(lines.map((l) => l.description)).toEqual(['Sneakers']);
      const [order] = await ctx.database.db.select().from(orders).where(eq(orders.id, p.id));
      expect(order!.statusId).toBe(inTransit!.id);
    } finally {
      await held.end();
    }
  });
});
