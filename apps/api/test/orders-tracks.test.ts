import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orderEvents, orders, savedTracks } from '../src/db/schema';
import { client, createTestApp, registerCustomer, type TestContext } from './helpers';
import { makeOrder, newTrackCode } from './orders-fixtures';

let ctx: TestContext;
let call: ReturnType<typeof client>;
beforeAll(async () => {
  ctx = await createTestApp();
  call = client(ctx.app);
});
afterAll(async () => ctx.close());

describe('POST save-track', () => {
  it('normalises the code, keeps it once per customer, and answers 409 duplicate_track the second time', async () => {
    const c = await registerCustomer(ctx);
    const res = await call('POST', '/save-track', { token: c.token, body: { track_code: '  sf 1234-5678 ab ', name: '  Shoes ' } });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({
      saved_track: { track_code: 'SF12345678AB', name: 'Shoes', order: null },
      order: null,
      claimed: false,
    });
    const again = await call('POST', '/save-track', { token: c.token, body: { track_code: 'Sf12345678ab' }, lang: 'en' });
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ code: 'duplicate_track', message: 'This tracking code is already saved' });
    // Another customer may save the same waiting code.
    const other = await registerCustomer(ctx);
    expect((await call('POST', '/save-track', { token: other.token, body: { track_code: 'SF12345678AB' } })).status).toBe(200);
  });

  it('refuses malformed codes and fields with 422 in the request language', async () => {
    const c = await registerCustomer(ctx);
    for (const body of [
      {},
      { track_code: '' },
      { track_code: 'AB1' },
      { track_code: 'X'.repeat(41) },
      { track_code: 'ТРЕК12345' },
      { track_code: 'AB_12345' },
      { track_code: 'AB.12345' },
      { track_code: '-----' },
      { track_code: 12345678 },
      { track_code: 'AB123456', name: 'x'.repeat(101) },
      { track_code: 'AB123456', extra: true },
    ]) {
      const res = await call('POST', '/save-track', { token: c.token, body, lang: 'ru' });
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    const res = await call('POST', '/save-track', { token: c.token, body: { track_code: 'AB1' }, lang: 'en' });
    expect(res.json.errors.track_code).toEqual(['A tracking code is 5–40 Latin letters and digits']);
    const kk = await call('POST', '/save-track', { token: c.token, body: { track_code: 'AB1' }, lang: 'kk' });
    expect(kk.json.errors.track_code[0]).toContain('Трек-код');
    expect(await ctx.database.db.select().from(savedTracks).where(eq(savedTracks.userId, c.user.id))).toEqual([]);
  });

  it('claims an unclaimed parcel with that code at once: owner, branch, linked track, event and notification', async () => {
    const c = await registerCustomer(ctx);
    const parcel = await makeOrder(ctx.database.db, { userId: null, status: 'china_warehouse', branchId: null, weight: 0.8 });
    const before = (await call('GET', '/auth/user', { token: c.token })).json.data.notifications.orders.unread;

    const res = await call('POST', '/save-track', {
      token: c.token,
      body: { track_code: parcel.trackCode.toLowerCase(), name: 'Phone case' },
      lang: 'en',
    });
    expect(res.status).toBe(200);
    expect(res.json.data.claimed).toBe(true);
    expect(res.json.data.order).toMatchObject({
      id: parcel.id,
      track_code: parcel.trackCode,
      name: 'Phone case',
      status: { code: 'china_warehouse' },
    });
    expect(res.json.data.saved_track.order).toMatchObject({ id: parcel.id, status: { code: 'china_warehouse' } });

    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, parcel.id));
    expect(row!.userId).toBe(c.user.id);
    expect(row!.branchId).toBe(c.user.branch_id);
    const events = await ctx.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, parcel.id));
    expect(events.map((e) => e.action)).toEqual(['received', 'claimed']);
    expect(events[1]!.actorUserId).toBe(c.user.id);

    const me = (await call('GET', '/auth/user', { token: c.token })).json.data;
    expect(me.notifications.orders.unread).toBe(before + 1);
    expect(me.notifications.orders.data[0].link).toBe(`/orders/order?id=${parcel.id}`);

    const statuses = (await call('GET', '/orders/statuses', { token: c.token })).json.data;
    expect(statuses[0].count).toBe(1);
  });

  it('links the saved code to a parcel staff already assigned to the caller, without claiming', async () => {
    const c = await registerCustomer(ctx);
    const parcel = await makeOrder(ctx.database.db, { userId: c.user.id, status: 'in_transit' });
    const res = await call('POST', '/save-track', { token: c.token, body: { track_code: parcel.trackCode } });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ claimed: false, order: { id: parcel.id }, saved_track: { order: { id: parcel.id } } });
  });

  it('refuses a code whose parcel belongs to someone else, without saying whose, and writes nothing', async () => {
    const owner = await registerCustomer(ctx, { first_name: 'Secret', last_name: 'Owner' });
    const parcel = await makeOrder(ctx.database.db, { userId: owner.user.id, status: 'at_branch' });
    const c = await registerCustomer(ctx);
    const res = await call('POST', '/save-track', { token: c.token, body: { track_code: parcel.trackCode }, lang: 'en' });
    expect(res.status).toBe(409);
    expect(res.json.code).toBe('track_owned_by_other');
    expect(res.body).not.toContain('Secret');
    expect(res.body).not.toContain(owner.user.client_code);
    expect(res.body).not.toContain(String(parcel.id));
    expect(await ctx.database.db.select().from(savedTracks).where(eq(savedTracks.userId, c.user.id))).toEqual([]);
  });

  it('two customers saving the same unclaimed code at once: neither gets it silently, it is held as disputed (ADR 021)', async () => {
    const a = await registerCustomer(ctx);
    const b = await registerCustomer(ctx);
    const parcel = await makeOrder(ctx.database.db, { userId: null, status: 'in_transit', branchId: null });
    const results = await Promise.all(
      [a, b].map((u) => call('POST', '/save-track', { token: u.token, body: { track_code: parcel.trackCode } })),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, parcel.id));
    expect(row!.userId).toBeNull();
    expect(row!.disputedAt).not.toBeNull();
    for (const u of [a, b])
      expect(await ctx.database.db.select().from(savedTracks).where(eq(savedTracks.userId, u.user.id))).toHaveLength(1);
    // The first save claimed it, the second made it disputed: one of each, in that order.
    const events = await ctx.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, parcel.id)).orderBy(orderEvents.id);
    expect(events.map((e) => e.action).filter((a) => a === 'claimed' || a === 'disputed')).toEqual(['claimed', 'disputed']);
    expect(results.map((r) => r.json.data.saved_track.checking).sort()).toEqual([false, true]);
    const later = await call('GET', '/saved-tracks', { token: a.token });
    expect(later.json.data[0]).toMatchObject({ order: null, checking: true });
  });

  it('keeps one saved code when the same customer submits it twice at once', async () => {
    const c = await registerCustomer(ctx);
    const code = newTrackCode('DBL');
    const results = await Promise.all([1, 2].map(() => call('POST', '/save-track', { token: c.token, body: { track_code: code } })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await ctx.database.db.select().from(savedTracks).where(eq(savedTracks.userId, c.user.id))).toHaveLength(1);
  });
});

describe('GET saved-tracks and DELETE saved-tracks/{id}/delete', () => {
  it("pages the caller's codes newest first with matched parcels, and deletes them", async () => {
    const c = await registerCustomer(ctx);
    const codes: string[] = [];
    for (let i = 0; i < 12; i += 1) {
      const code = newTrackCode('PG');
      codes.push(code);
      expect((await call('POST', '/save-track', { token: c.token, body: { track_code: code } })).status).toBe(200);
    }
    const first = await call('GET', '/saved-tracks', { token: c.token });
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.json.meta).toEqual({ current_page: 1, per_page: 10, total: 12, last_page: 2, next_cursor: expect.any(String) });
    expect(first.json.data.map((t: { track_code: string }) => t.track_code)).toEqual([...codes].reverse().slice(0, 10));
    const second = await call('GET', '/saved-tracks?filters[page]=2', { token: c.token });
    expect(second.json.data.map((t: { track_code: string }) => t.track_code)).toEqual([codes[1], codes[0]]);
    for (const q of ['filters[per_page]=0', 'filters[per_page]=101', 'filters[per_page]=abc', 'filters[page]=0']) {
      expect((await call('GET', `/saved-tracks?${q}`, { token: c.token })).status, q).toBe(422);
    }

    const id = first.json.data[0].id;
    const del = await call('DELETE', `/saved-tracks/${id}/delete`, { token: c.token, lang: 'en' });
    expect(del.status).toBe(200);
    expect(del.json.data.message).toBe('Tracking code deleted');
    expect((await call('DELETE', `/saved-tracks/${id}/delete`, { token: c.token })).status).toBe(404);
    expect((await call('GET', '/saved-tracks', { token: c.token })).json.meta.total).toBe(11);
    expect((await call('DELETE', `/saved-tracks/abc/delete`, { token: c.token })).status).toBe(422);
  });

  it("keeps a matched parcel the customer's when its saved code is deleted", async () => {
    const c = await registerCustomer(ctx);
    const parcel = await makeOrder(ctx.database.db, { userId: null, status: 'china_warehouse', branchId: null });
    const saved = await call('POST', '/save-track', { token: c.token, body: { track_code: parcel.trackCode } });
    expect((await call('DELETE', `/saved-tracks/${saved.json.data.saved_track.id}/delete`, { token: c.token })).status).toBe(200);
    expect((await call('GET', `/orders/${parcel.id}`, { token: c.token })).status).toBe(200);
  });

  it('answers 401 without a token', async () => {
    expect((await call('GET', '/saved-tracks')).status).toBe(401);
    expect((await call('POST', '/save-track', { body: { track_code: 'AB123456' } })).status).toBe(401);
    expect((await call('DELETE', '/saved-tracks/1/delete')).status).toBe(401);
  });
});
