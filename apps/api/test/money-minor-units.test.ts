import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { branches, charges, orders, receipts } from '../src/db/schema';
import { readMinor } from '../src/db/schema/columns';
import { openDatabase, type Database } from '../src/db/client';
import { parcelsIn } from './factories';
import { createTestApp, type TestContext } from './helpers';
import { manageClient, staffTokens, type Staff } from './manage-helpers';

/**
 * Money is integer minor units end to end (ADR 060): amounts whose floating-point computation would be a tiyn off are
 * kept, added and answered exactly, and migration 0021 turned the numeric columns into the same minor units.
 */
describe('money in minor units, on the database', () => {
  let ctx: TestContext;
  let staff: Staff;
  let m: ReturnType<typeof manageClient>;
  beforeAll(async () => {
    ctx = await createTestApp();
    staff = await staffTokens(ctx);
    m = manageClient(ctx);
  });
  afterAll(async () => ctx.close());

  /**
   * The demo branch's tariff, in a currency priced to its smallest coin (RUB): what is checked here is that minor units
   * stay exact. In tenge the same prices are rounded to whole units (ADR 072; test/money-customer-sees.test.ts).
   */
  const setTariff = (minor: number) =>
    ctx.database.db.update(branches).set({ tariff: minor, currency: 'RUB' }).where(eq(branches.id, staff.branchId));

  it('prices 2.35 kg (volumetric) × 1,890.10 at 4,441.74 — floats say 4,441.73 — and hands three over for exactly 13,325.22', async () => {
    // As floats 2.35 × 1890.1 is 4441.734999…, which rounds to 4441.73; exactly it is 4441.735, half up 4441.74.
    expect(Math.round(2.35 * 1890.1 * 100) / 100).toBe(4441.73);
    await setTariff(189_010);
    // 30 × 47 × 10 cm / 6000 = 2.35 kg volumetric, heavier than the 1 kg it weighs.
    const dimensions = { length: 30, width: 47, height: 10 };
    const { parcels: arrived, ...customer } = await parcelsIn(ctx, 'at_branch', [1, 1, 1], { prefix: 'MU', dimensions });
    expect(arrived.map((p: { price: number | null }) => p.price)).toEqual([4441.74, 4441.74, 4441.74]);

    // Kept as an integer of tiyn, read back as a JS integer.
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, arrived[0]!.id));
    expect(row).toMatchObject({ price: 444_174, tariff: 189_010, volumetricWeight: 2.35 });
    const order = (await m.call('GET', `/orders/${arrived[0]!.id}`, { token: customer.token })).json.data;
    expect(order).toMatchObject({ price: 4441.74, tariff: 1890.1, currency: 'RUB' });
    const context = (await m.call('GET', '/manage/context', { token: staff.branch })).json.data;
    expect(context.place_branch).toMatchObject({ id: staff.branchId, tariff: 1890.1 });

    const look = (await m.lookup(staff.branch, { customer: customer.user.client_code })).json.data;
    expect(look).toMatchObject({ total: 13325.22, total_minor: 1_332_522, branch: { tariff: 1890.1 } });
    const done = await m.complete(staff.branch, { customer_id: customer.user.id, payment_method: 'cash' });
    expect(done.status).toBe(200);
    expect(done.json.data).toMatchObject({ total: 13325.22, total_minor: 1_332_522, paid: 1_332_522, remaining: 0 });
    expect(done.json.data.items.map((i: { price: number; tariff: number }) => [i.price, i.tariff])).toEqual([
      [4441.74, 1890.1],
      [4441.74, 1890.1],
      [4441.74, 1890.1],
    ]);
    const [receipt] = await ctx.database.db.select().from(receipts).where(eq(receipts.id, done.json.data.id));
    expect(receipt!.total).toBe(1_332_522);
    expect(receipt!.items.map((i) => i.price)).toEqual([444_174, 444_174, 444_174]);
    const [charge] = await ctx.database.db.select().from(charges).where(eq(charges.receiptId, done.json.data.id));
    expect(charge!.amount).toBe(1_332_522);
  });

  it('adds three parcels of 0.10 to exactly 0.30 (floats say 0.30000000000000004)', async () => {
    expect(0.1 + 0.1 + 0.1).not.toBe(0.3);
    await setTariff(10_000); // 100.00 per kg: 1 g costs 0.10
    const customer = await parcelsIn(ctx, 'at_branch', [0.001, 0.001, 0.001], { prefix: 'MU' });
    const waiting = (await m.call('GET', '/orders/waiting', { token: customer.token })).json.data;
    expect(waiting).toMatchObject([{ count: 3, total: 30 }]);
    const look = (await m.lookup(staff.branch, { customer: customer.user.client_code })).json.data;
    expect(look).toMatchObject({ total: 0.3, total_minor: 30, total_weight: 0.003 });
    const done = await m.complete(staff.branch, { customer_id: customer.user.id, payments: [{ method: 'card', amount: 30 }] });
    expect(done.json.data).toMatchObject({ total: 0.3, total_minor: 30, paid: 30, remaining: 0 });
  });

  it('the worklist of parcels past their free storage carries the kept price as minor units', async () => {
    await setTariff(189_010);
    const { parcels: arrived } = await parcelsIn(ctx, 'at_branch', [1], {
      prefix: 'MU',
      dimensions: { length: 30, width: 47, height: 10 },
    });
    await ctx.database.db.update(orders).set({ storageUntil: '2020-01-01' }).where(eq(orders.id, arrived[0]!.id));
    const list = (await m.call('GET', '/manage/worklists/storage', { token: staff.branch })).json.data;
    expect(list.find((r: { id: number }) => r.id === arrived[0]!.id)).toMatchObject({ amount: 444_174, currency: 'RUB' });
  });

  it('a tariff typed in major units by an admin is kept in minor units and shown as typed', async () => {
    const text = (t: string) => ({ kk: t, ru: t, en: t });
    const week = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => ({ day, open: '09:00', close: '18:00' }));
    const body = { country_id: 1, name: text('Money'), city: text('Astana'), address: text('Turan 1'), latitude: 51, longitude: 71 };
    const more = { map_link: '', currency: 'KZT', storage_days: 10, working_hours: week, time_zone: 'Asia/Almaty', phones: [] };
    const saved = await m.call('POST', '/admin/branches', {
      token: staff.admin,
      body: { ...body, ...more, tariff: 2010.3, instagram: null, whatsapp: null, telegram: null },
    });
    expect(saved.status, saved.body).toBe(201);
    expect(saved.json.data.tariff).toBe(2010.3);
    const [row] = await ctx.database.db.select().from(branches).where(eq(branches.id, saved.json.data.id));
    expect(row!.tariff).toBe(201_030);
    expect((await m.call('GET', `/branches/${row!.id}`)).json.data.tariff).toBe(2010.3);
  });
});

describe('readMinor (the minorUnits column reading)', () => {
  it('reads what drivers hand over as integers and refuses anything it would have to round', () => {
    expect(readMinor('444174')).toBe(444_174);
    expect(readMinor('-30')).toBe(-30);
    expect(readMinor(1_332_522)).toBe(1_332_522);
    expect(readMinor(BigInt(Number.MAX_SAFE_INTEGER))).toBe(Number.MAX_SAFE_INTEGER);
    for (const bad of ['9007199254740993', '12.5', '', 'abc', 0.5, Number.NaN])
      expect(() => readMinor(bad), String(bad)).toThrow(RangeError);
  });
});

describe('migration 0021: numeric money columns → bigint minor units', () => {
  const MIGRATIONS = join(__dirname, '../src/db/migrations');
  const BEFORE = '0021_money_minor_units';
  let dir: string;
  let target: { databaseUrl?: string; dataDir?: string };
  let dropDb = async () => {};

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'portal-money-'));
    // The migrations as they stood before 0021: the same folder with the journal cut just before it.
    const before = join(dir, 'migrations');
    cpSync(MIGRATIONS, before, { recursive: true });
    const journal = JSON.parse(readFileSync(join(before, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
    const cut = journal.entries.findIndex((e) => e.tag === BEFORE);
    expect(cut).toBeGreaterThan(0);
    writeFileSync(join(before, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (serverUrl) {
      const { default: pg } = await import('pg');
      const name = `portal_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      target = { databaseUrl: url.toString() };
      dropDb = async () => {
        const c = new pg.Client({ connectionString: serverUrl });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      };
    } else target = { dataDir: join(dir, 'data') };
  });
  afterAll(async () => {
    await dropDb();
    rmSync(dir, { recursive: true, force: true });
  });

  it('turns every amount written as numeric into exactly its minor units (and leaves weights and missing prices alone)', async () => {
    let db: Database = await openDatabase({ ...target, migrationsFolder: join(dir, 'migrations') });
    try {
      // Rows as the code before 0021 wrote them: amounts with two decimals, some whose × 100 is not exact in floats.
      await db.executeSql(`
        insert into countries (id, code, name, phone_prefix, currency, client_code_prefix)
          values (901, 'ZZ', '{"ru":"Z","kk":"Z","en":"Z"}', '+9', 'KZT', 'ZZ');
        insert into branches (id, country_id, name, city, address, latitude, longitude, tariff, currency, working_hours)
          values (901, 901, '{"ru":"B","kk":"B","en":"B"}', '{"ru":"C","kk":"C","en":"C"}', '{"ru":"A","kk":"A","en":"A"}', 0, 0,
                  1890.10, 'KZT', '[]');
        insert into order_statuses (id, code, position, name) values (901, 'zz_status', 99, '{"ru":"S","kk":"S","en":"S"}');
        insert into users (id, phone_number, password_hash, first_name, last_name, client_code)
          values (901, '+99000000901', 'x', 'Ada', 'L', 'ZZ-901');
        insert into orders (id, track_code, weight, volumetric_weight, price, currency, tariff, status_id)
          values (9001, 'MIG0001', 1.000, 2.350, 4441.74, 'KZT', 1890.10, 901),
                 (9002, 'MIG0002', 0.290, null, 0.29, 'KZT', 1.00, 901),
                 (9003, 'MIG0003', 5.000, null, 9999999999.99, 'KZT', 99999999.99, 901),
                 (9004, 'MIG0004', 0.500, null, null, null, null, 901);
        insert into receipts (id, user_id, branch_id, staff_user_id, total_weight, total, currency, items)
          values (901, 901, 901, 901, 1.290, 4442.03, 'KZT',
                  '[{"order_id":9001,"track_code":"MIG0001","name":"","weight":1,"tariff":1890.1,"price":4441.74},
                    {"order_id":9002,"track_code":"MIG0002","name":"","weight":0.29,"tariff":1,"price":0.29}]');`);
    } finally {
      await db.close();
    }

    db = await openDatabase(target);
    try {
      const rows = await db.db.select().from(orders).where(eq(orders.statusId, 901)).orderBy(orders.id);
      expect(rows.map((r) => [r.id, r.price, r.tariff, r.weight, r.volumetricWeight])).toEqual([
        [9001, 444_174, 189_010, 1, 2.35],
        [9002, 29, 100, 0.29, null],
        [9003, 999_999_999_999, 9_999_999_999, 5, null],
        [9004, null, null, 0.5, null],
      ]);
      const [branch] = await db.db.select().from(branches).where(eq(branches.id, 901));
      expect(branch!.tariff).toBe(189_010);
      const [receipt] = await db.db.select().from(receipts).where(eq(receipts.id, 901));
      expect(receipt).toMatchObject({ total: 444_203, totalWeight: 1.29 });
      expect(receipt!.items).toEqual([
        { order_id: 9001, track_code: 'MIG0001', name: '', weight: 1, tariff: 189_010, price: 444_174 },
        { order_id: 9002, track_code: 'MIG0002', name: '', weight: 0.29, tariff: 100, price: 29 },
      ]);
      const types = await db.executeSql(
        `select table_name || '.' || column_name as c, data_type from information_schema.columns
          where (table_name, column_name) in (('branches','tariff'),('orders','price'),('orders','tariff'),('receipts','total'),('orders','weight'))
          order by 1`,
      );
      expect(types.rows).toEqual([
        { c: 'branches.tariff', data_type: 'bigint' },
        { c: 'orders.price', data_type: 'bigint' },
        { c: 'orders.tariff', data_type: 'bigint' },
        { c: 'orders.weight', data_type: 'numeric' },
        { c: 'receipts.total', data_type: 'bigint' },
      ]);
    } finally {
      await db.close();
    }
  });
});
