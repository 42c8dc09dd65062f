import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders, savedTracks } from '../src/db/schema';
import { client, createTestApp, registerCustomer, type TestContext } from './helpers';
import { makeOrder } from './orders-fixtures';

let ctx: TestContext;
let call: ReturnType<typeof client>;
beforeAll(async () => {
  ctx = await createTestApp();
  call = client(ctx.app);
});
afterAll(async () => ctx.close());

describe("another customer's data", () => {
  it("answers 404 (or nothing of theirs) to every call made with a second customer's ids, and changes nothing", async () => {
    const owner = await registerCustomer(ctx, { first_name: 'Owner' });
    const intruder = await registerCustomer(ctx, { first_name: 'Intruder' });
    const db = ctx.database.db;
    const delivered = await makeOrder(db, { userId: owner.user.id, status: 'delivered', name: 'Mine' });
    const archived = await makeOrder(db, { userId: owner.user.id, status: 'delivered', archived: true, name: 'Old' });
    const transit = await makeOrder(db, { userId: owner.user.id, status: 'in_transit', name: 'Coming' });
    const track = (await call('POST', '/save-track', { token: owner.token, body: { track_code: 'OWNERWAIT0001', name: 'Waiting' } })).json
      .data.saved_track;
    const statusIds: Record<string, number> = Object.fromEntries(
      (await call('GET', '/orders/statuses', { token: owner.token })).json.data.map((s: { code: string; id: number }) => [s.code, s.id]),
    );

    const orderCalls: [string, string, unknown?][] = [];
    for (const o of [delivered, archived, transit]) {
      orderCalls.push(
        ['GET', `/orders/${o.id}`],
        ['GET', `/orders/${o.id}/status/pending`],
        ['POST', `/orders/${o.id}/archive`],
        ['POST', `/orders/${o.id}/unarchive`],
        ['POST', `/orders/${o.id}/change-name`, { name: 'Hacked' }],
      );
    }
    orderCalls.push(['DELETE', `/saved-tracks/${track.id}/delete`]);
    for (const [method, url, body] of orderCalls) {
      const res = await call(method as 'GET', url, { token: intruder.token, body, lang: 'en' });
      expect(res.status, `${method} ${url}`).toBe(404);
      expect(res.json, `${method} ${url}`).toEqual({ message: 'Not found', code: 'not_found' });
    }

    // Lists and counts never show the owner's parcels or codes.
    const statuses = (await call('GET', '/orders/statuses', { token: intruder.token })).json.data;
    expect(statuses.map((s: { count: number }) => s.count)).toEqual([0, 0, 0, 0]);
    for (const id of Object.values(statusIds)) {
      const list = await call('GET', `/orders/status/${id}/orders?filters[per_page]=100`, { token: intruder.token });
      expect(list.json.data).toEqual([]);
      expect(list.json.meta.total).toBe(0);
    }
    expect((await call('GET', '/orders/archived', { token: intruder.token })).json.data).toEqual([]);
    expect((await call('GET', '/saved-tracks', { token: intruder.token })).json.data).toEqual([]);

    // Looking up the owner's codes finds nothing; saving one of their parcels' codes is refused without naming them.
    for (const code of [delivered.trackCode, transit.trackCode]) {
      expect((await call('GET', `/orders/lookup?track_code=${code}`, { token: intruder.token })).json.data).toEqual({
        track_code: code,
        found: null,
        order: null,
        saved_track: null,
      });
      const save = await call('POST', '/save-track', { token: intruder.token, body: { track_code: code }, lang: 'en' });
      expect(save.status).toBe(409);
      expect(save.json.code).toBe('track_owned_by_other');
      expect(save.body).not.toMatch(/Owner|Mine|Coming/);
    }
    // A saved (waiting) code of the owner's is the owner's own business: the intruder may save it too, seeing nothing of the owner.
    expect((await call('GET', `/orders/lookup?track_code=OWNERWAIT0001`, { token: intruder.token })).json.data.found).toBeNull();
    const qr = (await call('GET', '/qr', { token: intruder.token })).json.data;
    expect(qr.client_code).toBe(intruder.user.client_code);

    // Nothing of the owner's changed.
    const rows = await db.select().from(orders).where(eq(orders.userId, owner.user.id));
    expect(rows.map((r) => r.name).sort()).toEqual(['Coming', 'Mine', 'Old']);
    expect(rows.find((r) => r.id === delivered.id)!.archivedAt).toBeNull();
    expect(rows.find((r) => r.id === archived.id)!.archivedAt).not.toBeNull();
    expect(await db.select().from(savedTracks).where(eq(savedTracks.id, track.id))).toHaveLength(1);
    // And the owner still sees everything.
    expect((await call('GET', `/orders/${transit.id}`, { token: owner.token })).status).toBe(200);
    expect((await call('GET', '/saved-tracks', { token: owner.token })).json.meta.total).toBe(1);
  });
});
