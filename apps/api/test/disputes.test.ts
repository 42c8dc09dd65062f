import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orderEvents, orders, orderStatuses } from '../src/db/schema';
import { createTestApp, registerCustomer, type TestContext } from './helpers';
import { manageClient, newCode, staffTokens, upload, type Staff } from './manage-helpers';

/**
 * Disputed tracking codes (issue 12, ADR 021): a code two customers saved is never silently the earliest saver's.
 * Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL (where the races are real: separate connections).
 */
let ctx: TestContext;
let staff: Staff;
let m: ReturnType<typeof manageClient>;
beforeAll(async () => {
  ctx = await createTestApp();
  staff = await staffTokens(ctx);
  m = manageClient(ctx);
});
afterAll(async () => ctx.close());

type Customer = Awaited<ReturnType<typeof registerCustomer>>;

const orderOf = async (code: string) => (await ctx.database.db.select().from(orders).where(eq(orders.trackCode, code)))[0];
const actionsOf = async (id: number) =>
  (await ctx.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, id)).orderBy(orderEvents.id)).map((e) => e.action);
const savedOf = async (c: Customer, code: string) =>
  ((await m.call('GET', '/saved-tracks?filters[per_page]=100', { token: c.token })).json.data as { track_code: string }[]).find(
    (t) => t.track_code === code,
  ) as { track_code: string; order: { id: number } | null; checking: boolean } | undefined;
const notesOf = async (c: Customer) =>
  (await m.call('GET', '/auth/user', { token: c.token })).json.data.notifications.orders.data as {
    title: string;
    body: string;
  }[];
/** The codes of the customer's orders at the China warehouse (where every parcel of these tests is). */
const myOrderCodes = async (c: Customer) => {
  const [status] = await ctx.database.db.select().from(orderStatuses).where(eq(orderStatuses.code, 'china_warehouse'));
  const res = await m.call('GET', `/orders/status/${status!.id}/orders?filters[per_page]=100`, { token: c.token });
  return (res.json.data as { track_code: string }[]).map((o) => o.track_code);
};
const disputes = async (token: string, q?: string) =>
  m.call('GET', `/manage/disputes?filters[per_page]=100${q ? `&q=${q}` : ''}`, { token, lang: 'en' });
const assign = (token: string, id: number, body: Record<string, unknown>) =>
  m.call('POST', `/manage/disputes/${id}/assign`, { token, body, lang: 'en' });

describe('disputed codes at receipt', () => {
  it('two savers and no client code on the label: received as disputed, owned by nobody, both told it is being checked', async () => {
    const [a, b] = [await registerCustomer(ctx), await registerCustomer(ctx)];
    const code = newCode();
    await m.saveTrack(a.token, code, 'Sneakers');
    await m.saveTrack(b.token, code, 'Phone');
    const res = await m.call('POST', '/manage/receive', { token: staff.warehouse, body: { track_code: code, weight: 1.5 }, lang: 'en' });
    expect(res.status).toBe(200);
    expect(res.json.data.matched_by).toBe('disputed');
    expect(res.json.data.message).toMatch(/disputed/i);
    expect(res.json.data.parcel).toMatchObject({ customer: null, disputed: true, name: '' });
    for (const lang of ['ru', 'kk']) {
      const code2 = newCode();
      await m.saveTrack(a.token, code2);
      await m.saveTrack(b.token, code2);
      const other = await m.call('POST', '/manage/receive', { token: staff.warehouse, body: { track_code: code2, weight: 1 }, lang });
      expect(other.json.data.message).toContain(lang === 'ru' ? 'спорная' : 'Даулы');
    }

    const order = (await orderOf(code))!;
    expect(order.userId).toBeNull();
    expect(order.disputedAt).not.toBeNull();
    expect(await actionsOf(order.id)).toEqual(['received', 'disputed']);

    for (const c of [a, b]) {
      expect(await savedOf(c, code)).toMatchObject({ order: null, checking: true, given_to_other: false });
      expect(await myOrderCodes(c)).not.toContain(code);
      expect((await notesOf(c)).some((n) => n.title === 'Проверяем посылку' && n.body.includes(code))).toBe(true);
    }
    // In the staff list with both savers (earliest first); not among the unclaimed parcels.
    const list = await disputes(staff.warehouse, code.slice(-6));
    expect(list.status).toBe(200);
    const row = list.json.data.find((d: { parcel: { track_code: string } }) => d.parcel.track_code === code);
    expect(row.savers.map((s: { user_id: number }) => s.user_id)).toEqual([a.user.id, b.user.id]);
    expect(row.savers[0]).toMatchObject({ client_code: a.user.client_code, phone_number: a.phone, name: 'Sneakers', first_name: 'Test' });
    expect(Date.parse(row.savers[0].saved_at)).toBeLessThanOrEqual(Date.parse(row.savers[1].saved_at));
    const unclaimed = await m.call('GET', `/manage/unclaimed?q=${code}`, { token: staff.warehouse });
    expect(unclaimed.json.data).toEqual([]);
    // Nobody can take it as an unclaimed parcel either.
    const byPhone = await m.call('POST', `/manage/unclaimed/${order.id}/assign`, { token: staff.warehouse, body: { customer: a.phone } });
    expect(byPhone.status).toBe(409);
    // Not dispatched while held.
    await m.dispatch(staff.warehouse, { track_codes: [code] });
    expect((await orderOf(code))!.statusId).toBe(order.statusId);
  });

  it('the label names one of the savers: that customer gets it, and it is never disputed afterwards', async () => {
    const [a, b, c] = [await registerCustomer(ctx), await registerCustomer(ctx), await registerCustomer(ctx)];
    const code = newCode();
    await m.saveTrack(a.token, code);
    await m.saveTrack(b.token, code, 'Mine');
    const res = await m.receive(staff.warehouse, { track_code: code, weight: 2, label_client_code: b.user.client_code });
    expect(res.json.data.parcel.customer.id).toBe(b.user.id);
    expect(res.json.data.parcel.disputed).toBe(false);
    expect((await orderOf(code))!.ownerSource).toBe('label');
    const late = await m.saveTrack(c.token, code);
    expect(late.status).toBe(409);
    expect(late.json.code).toBe('track_owned_by_other');
    expect((await orderOf(code))!.userId).toBe(b.user.id);
    expect(await savedOf(a, code)).toMatchObject({ order: null, checking: false, given_to_other: true });
  });

  it('one saver only: as before, theirs; a second saver before hand-over makes it disputed; after hand-over it stays theirs', async () => {
    const [a, b] = [await registerCustomer(ctx), await registerCustomer(ctx)];
    const code = newCode();
    await m.saveTrack(a.token, code);
    const res = await m.receive(staff.warehouse, { track_code: code, weight: 1 });
    expect(res.json.data.matched_by).toBe('saved_track');
    expect(res.json.data.parcel.customer.id).toBe(a.user.id);
    expect(await myOrderCodes(a)).toContain(code);

    const second = await m.saveTrack(b.token, code, 'Also mine');
    expect(second.status).toBe(200);
    expect(second.json.data).toMatchObject({ order: null, claimed: false, saved_track: { checking: true, order: null } });
    const order = (await orderOf(code))!;
    expect(order).toMatchObject({ userId: null, ownerSource: null, name: '' });
    expect(order.disputedAt).not.toBeNull();
    expect(await actionsOf(order.id)).toEqual(['received', 'claimed', 'disputed']);
    expect(await myOrderCodes(a)).not.toContain(code);
    expect(await savedOf(a, code)).toMatchObject({ order: null, checking: true });
    expect((await m.call('GET', `/orders/${order.id}`, { token: a.token })).status).toBe(404);

    // Handed over (delivered): a later saver is refused, as before.
    const [c, d] = [await registerCustomer(ctx), await registerCustomer(ctx)];
    const done = newCode();
    await m.saveTrack(c.token, done);
    await m.receive(staff.warehouse, { track_code: done, weight: 1 });
    const [delivered] = await ctx.database.db.select().from(orderStatuses).where(eq(orderStatuses.code, 'delivered'));
    await ctx.database.db.update(orders).set({ statusId: delivered!.id }).where(eq(orders.trackCode, done));
    expect((await m.saveTrack(d.token, done)).json.code).toBe('track_owned_by_other');
    expect((await orderOf(done))!.userId).toBe(c.user.id);
  });

  it('a parcel received for a label-only customer or assigned by staff is never disputed by a saver', async () => {
    const [owner, saver] = [await registerCustomer(ctx), await registerCustomer(ctx)];
    const code = newCode();
    await m.receive(staff.warehouse, { track_code: code, weight: 1, label_client_code: owner.user.client_code });
    expect((await m.saveTrack(saver.token, code)).json.code).toBe('track_owned_by_other');
    const free = newCode();
    const rec = await m.receive(staff.warehouse, { track_code: free, weight: 1 });
    await m.call('POST', `/manage/unclaimed/${rec.json.data.parcel.id}/assign`, {
      token: staff.warehouse,
      body: { customer: owner.phone },
    });
    expect((await m.saveTrack(saver.token, free)).json.code).toBe('track_owned_by_other');
  });

  it('two saves and a receipt racing: the parcel is never silently given to one of the two savers', async () => {
    for (let i = 0; i < 6; i++) {
      const [a, b] = [await registerCustomer(ctx), await registerCustomer(ctx)];
      const code = newCode();
      const [sa, sb, rec] = await Promise.all([
        m.saveTrack(a.token, code),
        m.saveTrack(b.token, code),
        m.receive(staff.warehouse, { track_code: code, weight: 1 }),
      ]);
      expect([sa.status, sb.status, rec.status]).toEqual([200, 200, 200]);
      const order = (await orderOf(code))!;
      // Both saved it and the label named nobody: disputed, whatever the order the three ran in.
      expect(order.userId, `round ${i}: ${rec.json.data.matched_by}`).toBeNull();
      expect(order.disputedAt).not.toBeNull();
      expect(await savedOf(a, code)).toMatchObject({ checking: true, order: null });
      expect(await savedOf(b, code)).toMatchObject({ checking: true, order: null });
      const events = await actionsOf(order.id);
      expect(events.filter((e) => e === 'disputed')).toHaveLength(1);
    }
  });
});

describe('staff assign a disputed parcel', () => {
  async function disputed() {
    const [a, b, c] = [await registerCustomer(ctx), await registerCustomer(ctx), await registerCustomer(ctx)];
    const code = newCode();
    await m.saveTrack(a.token, code, 'Sneakers');
    await m.saveTrack(b.token, code, 'Boots');
    const rec = await m.receive(staff.warehouse, { track_code: code, weight: 1 });
    return { a, b, c, code, id: rec.json.data.parcel.id as number };
  }

  it('to one of its savers with a note: theirs, history and audit, the owner told, the other saver told it went elsewhere', async () => {
    const { a, b, c, code, id } = await disputed();
    // Only a saver; a note is required; only warehouse staff and admins.
    const notSaver = await assign(staff.warehouse, id, { user_id: c.user.id, note: 'Screenshot checked' });
    expect(notSaver.status).toBe(422);
    expect(notSaver.json.code).toBe('dispute_not_saver');
    expect((await assign(staff.warehouse, id, { user_id: b.user.id, note: ' ' })).status).toBe(422);
    expect((await assign(staff.warehouse, id, { user_id: b.user.id })).status).toBe(422);
    for (const token of [a.token, staff.branch]) expect((await assign(token, id, { user_id: b.user.id, note: 'x' })).status).toBe(403);
    expect((await m.call('GET', '/manage/disputes', { token: staff.branch })).status).toBe(403);
    expect((await m.call('GET', '/manage/disputes', { token: a.token })).status).toBe(403);
    expect((await m.call('GET', '/manage/disputes')).status).toBe(401);
    expect((await assign(staff.warehouse, 999999999, { user_id: b.user.id, note: 'x' })).status).toBe(404);

    const res = await assign(staff.warehouse, id, { user_id: b.user.id, note: 'Order screenshot from Taobao matches' });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ customer: { id: b.user.id }, disputed: false, name: 'Boots' });
    const order = (await orderOf(code))!;
    expect(order).toMatchObject({ userId: b.user.id, ownerSource: 'staff', disputedAt: null });
    expect(await myOrderCodes(b)).toContain(code);
    expect(await savedOf(b, code)).toMatchObject({ order: { id }, checking: false, given_to_other: false });
    // The saver who lost the check reads the outcome on their saved code, not "waiting at the warehouse" forever.
    expect(await savedOf(a, code)).toMatchObject({ order: null, checking: false, given_to_other: true });
    expect(await myOrderCodes(a)).not.toContain(code);

    const events = await ctx.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, id)).orderBy(orderEvents.id);
    expect(events.map((e) => e.action)).toEqual(['received', 'disputed', 'assigned']);
    expect(events[2]!.details).toMatchObject({ dispute: true, note: 'Order screenshot from Taobao matches' });
    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'parcel.assigned'), eq(auditLog.targetId, String(id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).toMatchObject({ user_id: b.user.id, note: 'Order screenshot from Taobao matches' });

    // In the customer's language (ru by default), whatever language staff use.
    expect((await notesOf(b))[0]!.title).toBe('Посылка принята на складе в Китае');
    expect((await notesOf(a))[0]).toMatchObject({ title: 'Проверка посылки завершена' });
    expect((await notesOf(a))[0]!.body).toContain(code);
    // The note stays with staff: the new owner's timeline says "assigned", nothing more.
    const timeline = await m.call('GET', `/orders/${id}/status/pending`, { token: b.token });
    expect(JSON.stringify(timeline.json)).not.toContain('Taobao');

    // Done: no longer disputed, not listed, a second assignment is 409.
    const again = await assign(staff.admin, id, { user_id: a.user.id, note: 'No' });
    expect(again.status).toBe(409);
    expect(again.json.code).toBe('dispute_resolved');
    expect((await disputes(staff.warehouse, code)).json.data).toEqual([]);
  });

  it('two simultaneous assigns: exactly one wins, the other is 409', async () => {
    for (let i = 0; i < 3; i++) {
      const { a, b, code, id } = await disputed();
      const results = await Promise.all([
        assign(staff.warehouse, id, { user_id: a.user.id, note: 'Checked A' }),
        assign(staff.admin, id, { user_id: b.user.id, note: 'Checked B' }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      const winner = results.find((r) => r.status === 200)!.json.data.customer.id;
      expect((await orderOf(code))!.userId).toBe(winner);
      expect((await actionsOf(id)).filter((e) => e === 'assigned')).toHaveLength(1);
    }
  });

  it('customers never see each other: a saver of a disputed code gets a yes/no "being checked", nothing of the parcel', async () => {
    const { a, b, code, id } = await disputed();
    for (const c of [a, b]) {
      expect((await m.call('GET', `/orders/${id}`, { token: c.token })).status).toBe(404);
      expect((await m.call('GET', `/orders/${id}/status/pending`, { token: c.token })).status).toBe(404);
      const look = await m.call('GET', `/orders/lookup?track_code=${code}`, { token: c.token });
      expect(look.json.data).toMatchObject({ found: 'saved_track', order: null, saved_track: { checking: true, order: null } });
      const body = JSON.stringify((await m.call('GET', '/saved-tracks', { token: c.token })).json);
      for (const other of [a, b].filter((x) => x !== c)) {
        expect(body).not.toContain(other.user.client_code);
        expect(body).not.toContain(other.phone);
      }
    }
    // After the check the winner sees their parcel, the other only their saved code (no longer being checked).
    await assign(staff.warehouse, id, { user_id: a.user.id, note: 'Checked' });
    expect((await m.call('GET', `/orders/${id}`, { token: a.token })).status).toBe(200);
    expect((await m.call('GET', `/orders/${id}`, { token: b.token })).status).toBe(404);
  });
});

describe('disputed worklist and import', () => {
  it('the reports worklist lists disputed parcels with their savers, and exports the same rows', async () => {
    const [a, b] = [await registerCustomer(ctx), await registerCustomer(ctx)];
    const code = newCode();
    await m.saveTrack(a.token, code);
    await m.saveTrack(b.token, code);
    await m.receive(staff.warehouse, { track_code: code, weight: 1 });
    const list = await m.call('GET', '/manage/worklists/disputed', { token: staff.admin });
    expect(list.status).toBe(200);
    const row = list.json.data.find((r: { track_code: string }) => r.track_code === code);
    expect(row).toMatchObject({ client_code: `${a.user.client_code}, ${b.user.client_code}`, days: 0 });
    expect(row.phone_number).toContain(a.phone);
    const csv = await m.call('GET', '/manage/reports/export?table=disputed&format=csv&lang=en', { token: staff.admin });
    expect(csv.status).toBe(200);
    expect(csv.body).toContain('Saved by (client codes)');
    expect(csv.body).toContain(code);
    expect((await m.call('GET', '/manage/worklists/disputed', { token: staff.warehouse })).status).toBe(403);
  });

  it('an import row whose code two customers saved (label naming neither) is received as disputed', async () => {
    const [a, b] = [await registerCustomer(ctx), await registerCustomer(ctx)];
    const code = newCode();
    await m.saveTrack(a.token, code);
    await m.saveTrack(b.token, code);
    const file = [
      {
        field: 'file',
        name: 'p.csv',
        type: 'text/csv',
        bytes: Buffer.from(`Трек-код;Вес, кг;Код клиента;Наименование\r\n${code};1,5;;\r\n`, 'utf8'),
      },
    ];
    const preview = await upload(ctx, '/manage/imports', staff.warehouse, file);
    expect(preview.json.data.counts, JSON.stringify(preview.json)).toMatchObject({ unclaimed: 1 });
    const detail = await m.call('GET', `/manage/imports/${preview.json.data.id}`, { token: staff.warehouse, lang: 'en' });
    expect(detail.json.data.rows[0].reason).toContain('disputed');
    const done = await m.call('POST', `/manage/imports/${preview.json.data.id}/commit`, { token: staff.warehouse });
    expect(done.status).toBe(200);
    const order = (await orderOf(code))!;
    expect(order.userId).toBeNull();
    expect(order.disputedAt).not.toBeNull();
    expect(await actionsOf(order.id)).toEqual(['received', 'disputed']);
    expect(await savedOf(a, code)).toMatchObject({ checking: true });
  });
});

describe('a disputed code nobody saves any more', () => {
  const release = (token: string, id: number, body: Record<string, unknown>, lang = 'en') =>
    m.call('POST', `/manage/disputes/${id}/release`, { token, body, lang });
  const deleteSaved = async (c: Customer, code: string) => {
    const list = (await m.call('GET', '/saved-tracks?filters[per_page]=100', { token: c.token })).json.data as {
      id: number;
      track_code: string;
    }[];
    const saved = list.find((t) => t.track_code === code)!;
    expect((await m.call('DELETE', `/saved-tracks/${saved.id}/delete`, { token: c.token })).status).toBe(200);
  };

  it('is released to the unclaimed parcels with a note, once, only by warehouse staff and only when no saver is left', async () => {
    const [a, b] = [await registerCustomer(ctx), await registerCustomer(ctx)];
    const code = newCode();
    await m.saveTrack(a.token, code);
    await m.saveTrack(b.token, code);
    await m.call('POST', '/manage/receive', { token: staff.warehouse, body: { track_code: code, weight: 1.5 } });
    const order = (await orderOf(code))!;
    const note = { note: 'Both customers deleted the code; the seller will tell us whose it is' };

    // While anyone saves the code, it is theirs to sort out: 422 in the caller's language, nothing changed.
    const early = await release(staff.warehouse, order.id, note);
    expect(early.status).toBe(422);
    expect(early.json.code).toBe('dispute_has_savers');
    expect((await release(staff.warehouse, order.id, note, 'kk')).json.message).toMatch(/клиенттерде сақтаулы/);
    await deleteSaved(a, code);
    expect((await release(staff.warehouse, order.id, note)).status).toBe(422);
    await deleteSaved(b, code);
    expect((await orderOf(code))!.disputedAt).not.toBeNull();

    // Branch staff and customers may not; a note is required; an unknown parcel is 404.
    expect((await release(staff.branch, order.id, note)).status).toBe(403);
    expect((await release(a.token, order.id, note)).status).toBe(403);
    const blank = await release(staff.warehouse, order.id, { note: '   ' });
    expect(blank.status).toBe(422);
    expect(blank.json.errors.note).toBeDefined();
    expect((await release(staff.warehouse, 987654321, note)).status).toBe(404);

    // Five at once (separate connections on PostgreSQL): exactly one releases it, the others are told it is done.
    const burst = await Promise.all(Array.from({ length: 5 }, () => release(staff.warehouse, order.id, note)));
    expect(burst.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    const won = burst.find((r) => r.status === 200)!;
    expect(won.json.data).toMatchObject({ track_code: code, customer: null, disputed: false });

    const after = (await orderOf(code))!;
    expect(after).toMatchObject({ userId: null, disputedAt: null });
    expect(await actionsOf(order.id)).toEqual(['received', 'disputed', 'dispute_released']);
    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'parcel.dispute_released'), eq(auditLog.targetId, String(order.id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).toMatchObject({ note: note.note });

    // Now an unclaimed parcel: listed there, and staff can give it to whoever proves it theirs.
    const unclaimed = await m.call('GET', `/manage/unclaimed?q=${code}`, { token: staff.warehouse });
    expect(unclaimed.json.data.map((p: { track_code: string }) => p.track_code)).toEqual([code]);
    expect((await disputes(staff.warehouse, code.slice(-6))).json.data).toEqual([]);
    const given = await m.call('POST', `/manage/unclaimed/${order.id}/assign`, { token: staff.warehouse, body: { customer: b.phone } });
    expect(given.status).toBe(200);
    expect((await orderOf(code))!.userId).toBe(b.user.id);
    expect((await release(staff.warehouse, order.id, note)).status).toBe(409);
  });
});
