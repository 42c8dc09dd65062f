import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import readXlsx from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countries, declarationItems, declarations, users } from '../src/db/schema';
import { aCustomer, staffAt } from './factories';
import { createTestApp, type TestContext } from './helpers';
import { manageClient } from './manage-helpers';

/**
 * Golden files of the customs broker's manifest (issue 36, ADR 085): a fixed flight (one bag of two parcels, one parcel
 * without a bag, item lines with a formula, quotes, commas and Cyrillic, a recipient without the IIN their country
 * asks for) downloaded as CSV (compared byte for byte) and xlsx (its cells read back, both sheets). The file's data is
 * made in a fresh database through the real calls, in a fixed order, so ids, client codes and bag numbers repeat.
 * A deliberate change of the layout: `UPDATE_GOLDEN=1 npx vitest run test/customs-manifest-golden.test.ts`.
 */
const GOLDEN = join(import.meta.dirname, 'golden');
const update = process.env.UPDATE_GOLDEN === '1';

let ctx: TestContext;
let flightId: number;
beforeAll(async () => {
  ctx = await createTestApp();
  const m = manageClient(ctx);
  const [warehouse, admin, branch] = await Promise.all([staffAt(ctx, 'warehouse'), staffAt(ctx, 'admin'), staffAt(ctx, 'branch')]);
  const branchId = branch.user.place!.branch_id!;
  const ok = <R extends { status: number; body: string }>(res: R, step: string): R => {
    if (res.status !== 200) throw new Error(`${step}: ${res.status} ${res.body}`);
    return res;
  };
  // Registered one after the other: client codes follow in this order.
  const aigerim = await aCustomer(ctx, { phone: '+77059990001', firstName: 'Айгерим', lastName: 'Садыкова', branchId, lang: 'kk' });
  const john = await aCustomer(ctx, { phone: '+77059990002', firstName: 'John', lastName: 'O"Brien, Jr', branchId, lang: 'en' });
  await ctx.database.db.update(users).set({ iin: '900101300015' }).where(eq(users.id, aigerim.user.id));
  const parcels: [typeof aigerim, string, number][] = [
    [aigerim, 'GOLDCUSTOMS0001', 2.5],
    [john, 'GOLDCUSTOMS0002', 1.25],
    [aigerim, 'GOLDCUSTOMS0003', 0.4],
  ];
  const ids: number[] = [];
  for (const [owner, code, weight] of parcels) {
    ok(await m.saveTrack(owner.token, code), 'save');
    ids.push(ok(await m.receive(warehouse.token, { track_code: code, weight }), 'receive').json.data.parcel.id);
  }
  flightId = ok(
    await m.call('POST', '/manage/flights', {
      token: warehouse.token,
      body: {
        mode: 'air',
        carrier_ref: 'KC-2026/11',
        departure_date: '2026-11-20',
        arrivals: [{ branch_id: branchId, expected_arrival: '2026-11-27' }],
      },
    }),
    'flight',
  ).json.data.id;
  ok(
    await m.call('PUT', '/admin/settings/bags', { token: admin.token, body: { tare_grams: 0, tolerance_grams: 100_000, tolerance_bp: 0 } }),
    'tolerance',
  );
  const bag = ok(await m.call('POST', '/manage/bags', { token: warehouse.token, body: { branch_id: branchId } }), 'bag').json.data.id;
  ok(
    await m.call('POST', `/manage/bags/${bag}/items`, { token: warehouse.token, body: { codes: ['GOLDCUSTOMS0001', 'GOLDCUSTOMS0002'] } }),
    'scan',
  );
  ok(await m.call('POST', `/manage/bags/${bag}/weigh`, { token: warehouse.token, body: { weight_grams: 3750 } }), 'weigh');
  ok(await m.call('POST', `/manage/bags/${bag}/seal`, { token: warehouse.token, body: {} }), 'seal');
  ok(await m.call('POST', `/manage/bags/${bag}/dispatch`, { token: warehouse.token, body: { flight_id: flightId } }), 'bag on flight');
  ok(await m.dispatch(warehouse.token, { track_codes: ['GOLDCUSTOMS0003'], flight_id: flightId }), 'dispatch');
  // The country asks for the IIN from now on (these left before the gate, ADR 084): John's row is flagged.
  await ctx.database.db.update(countries).set({ customsId: 'iin' }).where(eq(countries.code, 'KZ'));
  const declare = async (userId: number, trackCode: string, value: number | null, items: (typeof declarationItems.$inferInsert)[]) => {
    const [d] = await ctx.database.db
      .insert(declarations)
      .values({ userId, trackCode, declaredValue: value, declaredCurrency: value === null ? null : 'KZT' })
      .returning({ id: declarations.id });
    if (items.length) await ctx.database.db.insert(declarationItems).values(items.map((i) => ({ ...i, declarationId: d!.id })));
  };
  const line = (position: number, description: string, quantity: number, unitPrice: number, currency: string, more = {}) =>
    ({ declarationId: 0, position, description, quantity, unitPrice, currency, ...more }) as typeof declarationItems.$inferInsert;
  await declare(aigerim.user.id, 'GOLDCUSTOMS0001', 4_500_000, [
    line(1, 'Чехол для телефона, силикон', 2, 1550, 'CNY', { url: 'https://item.taobao.com/item.htm?id=1', marketplaceOrder: '3021-889' }),
    line(2, '=HYPERLINK("http://x","click")', 1, 9900, 'CNY'),
    line(3, 'Sneakers "Air"', 1, 3_500_000, 'KZT', { marketplaceOrder: '+7701' }),
  ]);
  await declare(john.user.id, 'GOLDCUSTOMS0002', null, []);
  // GOLDCUSTOMS0003: no declaration at all.
  const body = { reason: 'value', note: 'invoice, please' };
  ok(await m.call('POST', `/manage/parcels/${ids[2]}/customs-hold`, { token: admin.token, body }), 'hold');
}, 180_000);
afterAll(async () => ctx.close());

async function download(format: 'csv' | 'xlsx', lang: string): Promise<Buffer> {
  const { token } = await staffAt(ctx, 'warehouse');
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/manage/flights/${flightId}/customs-manifest?format=${format}&lang=${lang}`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.rawPayload;
}

function golden(name: string, actual: Buffer | string): Buffer {
  const path = join(GOLDEN, name);
  if (update) {
    mkdirSync(GOLDEN, { recursive: true });
    writeFileSync(path, actual);
  }
  if (!existsSync(path)) throw new Error(`no golden file ${name}: run with UPDATE_GOLDEN=1 once and review it`);
  return readFileSync(path);
}

describe('customs manifest golden files', () => {
  it.each(['en', 'ru'])('CSV in %s equals the golden file byte for byte', async (lang) => {
    const csv = await download('csv', lang);
    expect(csv.equals(golden(`customs-manifest.${lang}.csv`, csv)), csv.toString('utf8')).toBe(true);
  });

  it('xlsx cells (both sheets, read back) equal the golden file', async () => {
    const sheets = await readXlsx(await download('xlsx', 'en'));
    const cells = JSON.stringify(sheets, null, 1) + '\n';
    expect(cells).toBe(golden('customs-manifest.en.xlsx.json', cells).toString('utf8'));
  });
});
