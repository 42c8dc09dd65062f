import { and, eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { iinCheckDigit, localDate } from '@portal/contract';
import { auditLog, branches, customsIdNotices, notifications, orders, orderStatuses, users } from '../src/db/schema';
import { aCustomer, parcelsIn, type Customer } from './factories';
import { client, createTestApp, type TestContext } from './helpers';
import { manageClient, staffTokens, type Staff } from './manage-helpers';

/** Identity for customs (issue 36, ADR 084): the IIN and Kyrgyz PIN on the profile, per-country need, the dispatch gate. */
let ctx: TestContext;
let staff: Staff;
let call: ReturnType<typeof client>;
let m: ReturnType<typeof manageClient>;
beforeAll(async () => {
  ctx = await createTestApp();
  staff = await staffTokens(ctx);
  call = client(ctx.app);
  m = manageClient(ctx);
});
afterAll(async () => ctx?.close());

let serial = 0;
/** A fresh valid IIN (a birth date in 1990, a serial, its check digit). */
function anIin(): string {
  for (;;) {
    serial++;
    const first11 = `9005150${String(3000 + serial).padStart(4, '0')}`;
    const check = iinCheckDigit(first11);
    if (check !== null) return first11 + check;
  }
}
const update = (token: string, body: unknown, lang = 'en') => call('POST', '/auth/user/update', { token, body, lang });
const needs = (countryId: number, customsId: string, token = staff.admin) =>
  call('PUT', `/admin/countries/${countryId}/customs`, { token, body: { customs_id: customsId }, lang: 'en' });
const statusOf = async (ids: number[]) =>
  (
    await ctx.database.db
      .select({ id: orders.id, code: orderStatuses.code })
      .from(orders)
      .innerJoin(orderStatuses, eq(orderStatuses.id, orders.statusId))
      .where(inArray(orders.id, ids))
      .orderBy(orders.id)
  ).map((r) => r.code);
const noticesOf = async (userId: number) =>
  ctx.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.event, 'customs_id_needed')));

describe('the personal numbers on the profile', () => {
  it('sets, shows, refuses in every language and clears the IIN; audits set/cleared without the number', async () => {
    const c = await aCustomer(ctx);
    const iin = anIin();
    const set = await update(c.token, { iin });
    expect(set.status, set.body).toBe(200);
    expect(set.json.data).toMatchObject({ iin, personal_number: null });
    expect((await call('GET', '/auth/user', { token: c.token })).json.data.iin).toBe(iin);

    const wrongCheck = iin.slice(0, 11) + ((Number(iin[11]) + 1) % 10);
    const texts = new Set<string>();
    for (const lang of ['kk', 'ru', 'en']) {
      const bad = await update(c.token, { iin: wrongCheck }, lang);
      expect([bad.status, bad.json.code]).toEqual([422, 'validation_failed']);
      texts.add(bad.json.errors.iin[0]);
    }
    expect(texts.size).toBe(3);
    expect([...texts].join(' ')).toMatch(/IIN.*12 digits/);
    for (const bad of ['12345', 'abcdefghijkl', '7910283027281', 791028302728, '791328302728'])
      expect((await update(c.token, { iin: bad })).status, String(bad)).toBe(422);
    expect((await call('GET', '/auth/user', { token: c.token })).json.data.iin).toBe(iin);

    const cleared = await update(c.token, { iin: null });
    expect(cleared.json.data.iin).toBeNull();

    const rows = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.customs_id'), eq(auditLog.targetId, String(c.user.id))))
      .orderBy(auditLog.id);
    expect(rows.map((r) => [r.before, r.after])).toEqual([
      [{ iin: 'none' }, { iin: 'set' }],
      [{ iin: 'set' }, { iin: 'none' }],
    ]);
    expect(JSON.stringify(rows)).not.toContain(iin);
  });

  it('takes a Kyrgyz personal number (14 digits, sex and a real birth date) and refuses others', async () => {
    const c = await aCustomer(ctx);
    const ok = await update(c.token, { personal_number: '21503199012345' });
    expect(ok.json.data.personal_number).toBe('21503199012345');
    const bad = await update(c.token, { personal_number: '23002199012345' }, 'ru');
    expect(bad.status).toBe(422);
    expect(bad.json.errors.personal_number[0]).toMatch(/персональный номер/);
  });

  it("are shown to the admin on the customer's page, never in the users list or to staff", async () => {
    const c = await aCustomer(ctx);
    const iin = anIin();
    await update(c.token, { iin, personal_number: '21503199012345' });
    const page = await call('GET', `/admin/users/${c.user.id}`, { token: staff.admin });
    expect(page.json.data).toMatchObject({ iin, personal_number: '21503199012345' });
    const list = await call('GET', `/admin/users?filters[search]=${encodeURIComponent(c.phone)}`, { token: staff.admin });
    expect(list.body).not.toContain(iin);
    expect((await call('GET', `/admin/users/${c.user.id}`, { token: staff.branch })).status).toBe(403);
  });

  it('are erased with the account', async () => {
    const c = await aCustomer(ctx);
    await update(c.token, { iin: anIin(), personal_number: '11203198500001' });
    expect((await call('POST', '/auth/send-code/delete-account', { token: c.token, ip: '10.77.0.1' })).status).toBe(200);
    const erased = await call('POST', '/auth/user/delete', { token: c.token, body: { code: ctx.sms.lastCode(c.phone) } });
    expect(erased.status, erased.body).toBe(200);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, c.user.id));
    expect([row!.iin, row!.personalNumber]).toEqual([null, null]);
  });
});

describe('what a country needs (admin)', () => {
  it('is set by the admin only, audited, public on the countries list', async () => {
    expect((await needs(1, 'iin', staff.warehouse)).status).toBe(403);
    expect((await needs(1, 'passport')).status).toBe(422);
    expect((await needs(999999, 'iin')).status).toBe(404);
    const set = await needs(2, 'personal_number');
    expect(set.json.data).toMatchObject({ id: 2, customs_id: 'personal_number' });
    const list = await call('GET', '/countries');
    expect(list.json.data.find((c: { id: number }) => c.id === 2).customs_id).toBe('personal_number');
    expect((await call('GET', '/admin/countries', { token: staff.admin })).json.data[0].customs_id).toBeDefined();
    const [row] = await ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'country.customs_id'));
    expect(row).toMatchObject({ before: { customs_id: 'none' }, after: { customs_id: 'personal_number' } });
    expect((await needs(2, 'none')).status).toBe(200);
  });
});

describe('the dispatch gate', () => {
  let without: Customer & { codes: string[]; ids: number[] };
  let withIin: Customer & { codes: string[]; ids: number[] };
  beforeAll(async () => {
    expect((await needs(1, 'iin')).status).toBe(200);
    without = await parcelsIn(ctx, 'china_warehouse', [1, 2], { customer: { branchId: staff.branchId }, prefix: 'CU' });
    withIin = await parcelsIn(ctx, 'china_warehouse', [1], { customer: { branchId: staff.branchId }, prefix: 'CI' });
    expect((await update(withIin.token, { iin: anIin() })).status).toBe(200);
  });

  it('marks the blocked parcels in the dispatch list (the missing number named, never the number)', async () => {
    const list = await call('GET', `/manage/dispatch?q=C&branch_id=${staff.branchId}&filters[per_page]=100`, { token: staff.warehouse });
    const mark = (id: number) => list.json.data.find((p: { id: number }) => p.id === id)?.customs_id_missing;
    expect([mark(without.ids[0]!), mark(without.ids[1]!), mark(withIin.ids[0]!)]).toEqual(['iin', 'iin', null]);
  });

  it('refuses the whole dispatch naming the parcels in the caller’s language, and tells the owner once a day', async () => {
    const codes = [...without.codes, ...withIin.codes];
    const messages: string[] = [];
    for (const lang of ['en', 'ru', 'kk']) {
      const res = await m.call('POST', '/manage/dispatch', { token: staff.warehouse, body: { track_codes: codes }, lang });
      expect([res.status, res.json.code]).toEqual([422, 'customs_id_missing']);
      for (const code of without.codes) expect(res.json.message).toContain(code);
      expect(res.json.message).not.toContain(withIin.codes[0]);
      messages.push(res.json.message);
    }
    expect(messages[0]).toContain('IIN');
    expect(messages[1]).toContain('ИИН');
    expect(messages[2]).toContain('ЖСН');
    // All or nothing: the owner with an IIN did not leave either.
    expect(await statusOf([...without.ids, ...withIin.ids])).toEqual(['china_warehouse', 'china_warehouse', 'china_warehouse']);
    // By selection and "all matching" too.
    expect((await m.dispatch(staff.warehouse, { order_ids: [without.ids[0]] })).json.code).toBe('customs_id_missing');
    expect((await m.dispatch(staff.warehouse, { all_matching: { q: without.codes[0] } })).json.code).toBe('customs_id_missing');

    const told = await noticesOf(without.user.id);
    expect(told).toHaveLength(1); // four refusals, one message today
    expect(told[0]).toMatchObject({ link: '/profile/account', params: { customs_id: 'iin', count: 2 } });
    expect(await noticesOf(withIin.user.id)).toHaveLength(0);
    const shown = await call('GET', '/auth/user', { token: without.token, lang: 'en' });
    expect(JSON.stringify(shown.json.data.notifications)).toContain('Add your IIN so your parcels can leave China');
  });

  it('lets them go once the IIN is given', async () => {
    expect((await update(without.token, { iin: anIin() })).status).toBe(200);
    const res = await m.dispatch(staff.warehouse, { track_codes: [...without.codes, ...withIin.codes] });
    expect(res.status, res.body).toBe(200);
    expect(res.json.data.counts.moved).toBe(3);
  });

  it('refuses a parcel to a country that needs the personal number when only an IIN is given', async () => {
    expect((await needs(1, 'personal_number')).status).toBe(200);
    const c = await parcelsIn(ctx, 'china_warehouse', [1], { customer: { branchId: staff.branchId }, prefix: 'CK' });
    await update(c.token, { iin: anIin() });
    const res = await m.call('POST', '/manage/dispatch', { token: staff.warehouse, body: { track_codes: c.codes }, lang: 'en' });
    expect(res.json.code).toBe('customs_id_missing');
    expect(res.json.message).toContain('personal number');
    await update(c.token, { personal_number: '21503199012345' });
    expect((await m.dispatch(staff.warehouse, { track_codes: c.codes })).json.data.counts.moved).toBe(1);
    expect((await needs(1, 'iin')).status).toBe(200);
  });

  it('a notice already sent today is kept by the database (the primary key), not by memory', async () => {
    const c = await aCustomer(ctx);
    const made = await parcelsIn(ctx, 'china_warehouse', [1], { owner: c, prefix: 'CN' });
    const [branch] = await ctx.database.db.select().from(branches).where(eq(branches.id, staff.branchId));
    // Another process told them earlier today (the branch's calendar day): the row is all this one can know.
    await ctx.database.db.insert(customsIdNotices).values({ userId: c.user.id, day: localDate(new Date(), branch!.timeZone) });
    expect((await m.dispatch(staff.warehouse, { track_codes: made.codes })).json.code).toBe('customs_id_missing');
    expect(await noticesOf(c.user.id)).toHaveLength(0);
    // Yesterday's row does not count.
    const other = await parcelsIn(ctx, 'china_warehouse', [1], { customer: { branchId: staff.branchId }, prefix: 'CN' });
    const yesterday = localDate(new Date(Date.now() - 86_400_000), branch!.timeZone);
    await ctx.database.db.insert(customsIdNotices).values({ userId: other.user.id, day: yesterday });
    expect((await m.dispatch(staff.warehouse, { track_codes: other.codes })).json.code).toBe('customs_id_missing');
    expect(await noticesOf(other.user.id)).toHaveLength(1);
  });

  it('on PostgreSQL: a dispatch waits for an IIN being cleared (FOR SHARE) and is then refused; a burst leaves none out without it', async () => {
    if (!ctx.databaseUrl) return; // a second connection needs a server (PGlite is one process's)
    const made: (Customer & { codes: string[]; ids: number[] })[] = [];
    for (let i = 0; i < 6; i++) {
      const p = await parcelsIn(ctx, 'china_warehouse', [1], { customer: { branchId: staff.branchId }, prefix: 'CR' });
      expect((await update(p.token, { iin: anIin() })).status).toBe(200);
      made.push(p);
    }
    // Each owner's IIN is being cleared in a transaction not yet committed while the dispatches are sent.
    const clearing = await Promise.all(
      made.map(async (p) => {
        const conn = new pg.Client({ connectionString: ctx.databaseUrl });
        await conn.connect();
        await conn.query('begin');
        await conn.query('update users set iin = null where id = $1', [p.user.id]);
        return conn;
      }),
    );
    const answers = made.map((p) => m.dispatch(staff.warehouse, { track_codes: p.codes }));
    const settled = await Promise.race([
      Promise.all(answers).then(() => 'answered'),
      new Promise((r) => setTimeout(() => r('waiting'), 400)),
    ]);
    expect(settled).toBe('waiting'); // held by the owners' row locks
    await Promise.all(clearing.map(async (conn) => (await conn.query('commit'), conn.end())));
    const results = await Promise.all(answers);
    expect(results.map((r) => r.json.code)).toEqual(made.map(() => 'customs_id_missing'));
    expect(await statusOf(made.flatMap((p) => p.ids))).toEqual(made.map(() => 'china_warehouse'));

    // A free-running burst: dispatches racing clears; every parcel that left has an owner whose clear came after.
    for (const p of made) await update(p.token, { iin: anIin() });
    const burst = await Promise.all(
      made.flatMap((p) => [m.dispatch(staff.warehouse, { track_codes: p.codes }), update(p.token, { iin: null })]),
    );
    expect(burst.every((r) => r.status === 200 || r.json?.code === 'customs_id_missing')).toBe(true);
  });
});
