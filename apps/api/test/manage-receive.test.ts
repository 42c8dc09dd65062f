import { existsSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderEvents, orders } from '../src/db/schema';
import { createTestApp, registerCustomer, type TestContext } from './helpers';
import { manageClient, newCode, PNG_1x1, staffTokens, upload, type Staff } from './manage-helpers';

let ctx: TestContext;
let staff: Staff;
let m: ReturnType<typeof manageClient>;
beforeAll(async () => {
  ctx = await createTestApp();
  staff = await staffTokens(ctx);
  m = manageClient(ctx);
});
afterAll(async () => ctx.close());

describe('POST manage/receive', () => {
  it('a code a customer saved becomes their order at china_warehouse, with history and a notification', async () => {
    const customer = await registerCustomer(ctx);
    const code = newCode();
    expect((await m.saveTrack(customer.token, code.toLowerCase(), 'Sneakers')).status).toBe(200);
    const res = await m.receive(staff.warehouse, { track_code: ` ${code.toLowerCase()} `, weight: 1.25 });
    expect(res.status).toBe(200);
    const d = res.json.data;
    expect(d.matched_by).toBe('saved_track');
    expect(d.parcel).toMatchObject({ track_code: code, status: 'china_warehouse', weight: 1.25, name: 'Sneakers' });
    expect(d.parcel.customer.id).toBe(customer.user.id);
    expect(d.parcel.branch.id).toBe(customer.user.branch_id);

    const mine = await m.call('GET', '/saved-tracks', { token: customer.token });
    expect(mine.json.data.find((t: { track_code: string }) => t.track_code === code).order.id).toBe(d.parcel.id);
    // In the customer's language (ru, the account's), whatever language staff use.
    const me = await m.call('GET', '/auth/user', { token: customer.token });
    const orderNotes = me.json.data.notifications.orders.data;
    expect(orderNotes[0].title).toBe('Посылка принята на складе в Китае');

    const events = await ctx.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, d.parcel.id));
    expect(events.map((e) => e.action)).toEqual(['received', 'claimed']);
    expect(events[0]!.actorUserId).not.toBeNull();
  });

  it('several savers: the label client code decides, else nobody (disputed, ADR 021)', async () => {
    const first = await registerCustomer(ctx);
    const second = await registerCustomer(ctx);
    const a = newCode();
    const b = newCode();
    for (const code of [a, b]) {
      await m.saveTrack(first.token, code);
      await m.saveTrack(second.token, code);
    }
    const byLabel = await m.receive(staff.warehouse, {
      track_code: a,
      weight: 2,
      label_client_code: second.user.client_code.toLowerCase(),
    });
    expect(byLabel.json.data.parcel.customer.id).toBe(second.user.id);
    const disputed = await m.receive(staff.warehouse, { track_code: b, weight: 2 });
    expect(disputed.json.data.matched_by).toBe('disputed');
    expect(disputed.json.data.parcel.customer).toBeNull();
  });

  it('a client code on the label assigns the parcel; an unknown one leaves it unclaimed with a warning', async () => {
    const customer = await registerCustomer(ctx);
    const labelled = await m.receive(staff.warehouse, { track_code: newCode(), weight: 0.5, label_client_code: customer.user.client_code });
    expect(labelled.json.data.matched_by).toBe('label');
    expect(labelled.json.data.parcel.customer.id).toBe(customer.user.id);

    const unknown = await m.receive(staff.warehouse, { track_code: newCode(), weight: 0.5, label_client_code: 'KZ-999999999' });
    expect(unknown.status).toBe(200);
    expect(unknown.json.data.matched_by).toBe('unclaimed');
    expect(unknown.json.data.parcel.customer).toBeNull();
    expect(unknown.json.data.parcel.label_client_code).toBe('KZ-999999999');
    expect(unknown.json.data.warning).toContain('KZ-999999999');

    const nobody = await m.receive(staff.warehouse, { track_code: newCode(), weight: 3.125 });
    expect(nobody.json.data.matched_by).toBe('unclaimed');
  });

  it('the same code twice is refused with 409 and a clear message, never a second order', async () => {
    const code = newCode();
    expect((await m.receive(staff.warehouse, { track_code: code, weight: 1 })).status).toBe(200);
    const again = await m.call('POST', '/manage/receive', { token: staff.warehouse, body: { track_code: code, weight: 1 }, lang: 'en' });
    expect(again.status).toBe(409);
    expect(again.json.code).toBe('parcel_already_received');
    expect(again.json.message).toMatch(/already received on \d{4}-\d{2}-\d{2}/);
    const rows = await ctx.database.db.select().from(orders).where(eq(orders.trackCode, code));
    expect(rows).toHaveLength(1);
  });

  it('concurrent receipts of one code: exactly one order', async () => {
    const code = newCode();
    const results = await Promise.all([1, 2, 3].map(() => m.receive(staff.warehouse, { track_code: code, weight: 1 })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(await ctx.database.db.select().from(orders).where(eq(orders.trackCode, code))).toHaveLength(1);
  });

  it('weight and code are validated: > 0, at most 1000 kg, 3 decimals; a real tracking code', async () => {
    for (const weight of [0, -1, 1.2345, 1001, 'two', '1,2345', '1001', '']) {
      const res = await m.receive(staff.warehouse, { track_code: newCode(), weight });
      expect(res.status, `weight ${weight}`).toBe(422);
      expect(res.json.errors.weight).toBeDefined();
    }
    const bad = await m.receive(staff.warehouse, { track_code: 'ab', weight: 1 });
    expect(bad.status).toBe(422);
    expect(bad.json.errors.track_code).toBeDefined();
    expect((await m.receive(staff.warehouse, { track_code: newCode(), weight: 1000 })).status).toBe(200);
    // The one weight rule: a comma or a point, as text or a number.
    for (const weight of ['2,35', '2.35', 2.35]) {
      const ok = await m.receive(staff.warehouse, { track_code: newCode(), weight });
      expect(ok.status, `weight ${weight}`).toBe(200);
      expect(ok.json.data.parcel.weight).toBe(2.35);
    }
  });

  it('photos: images are stored and served read-only; anything else is refused', async () => {
    const up = await upload(ctx, '/manage/photos', staff.warehouse, [
      { field: 'photos', name: 'a.png', type: 'image/png', bytes: PNG_1x1 },
    ]);
    expect(up.status).toBe(200);
    const [url] = up.json.data.photos as string[];
    // Processed and stored as WebP (parcel-photos.test.ts checks the processing), served only by a signed address.
    expect(url).toMatch(/^\/uploads\/parcels\/[a-f0-9]{32}\.webp$/);
    expect((await ctx.app.inject({ method: 'GET', url: url! })).statusCode).toBe(403);
    const served = await ctx.app.inject({ method: 'GET', url: ctx.app.uploads.urls.sign(url!.slice('/uploads/'.length)) });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(existsSync(`/tmp/portal-test-data/uploads${url!.slice('/uploads'.length)}`)).toBe(true);

    const code = newCode();
    const received = await m.receive(staff.warehouse, { track_code: code, weight: 1, photos: [url] });
    expect(received.status).toBe(200);
    const view = await m.call('GET', `/manage/parcel?code=${code}`, { token: staff.warehouse });
    expect(view.json.data.photos).toMatchObject([{ kind: 'intake', url: expect.stringMatching(/^\/uploads\/parcels\/.+\?exp=\d+&sig=/) }]);

    const html = await upload(ctx, '/manage/photos', staff.warehouse, [
      { field: 'photos', name: 'x.png', type: 'image/png', bytes: Buffer.from('<script>alert(1)</script>') },
    ]);
    expect(html.status).toBe(422);
    expect(html.json.code).toBe('photo_invalid');
    const big = await upload(ctx, '/manage/photos', staff.warehouse, [
      { field: 'photos', name: 'big.png', type: 'image/png', bytes: Buffer.concat([PNG_1x1, Buffer.alloc(6 * 1024 * 1024)]) },
    ]);
    expect(big.status).toBe(413);
    const six = await upload(
      ctx,
      '/manage/photos',
      staff.warehouse,
      Array.from({ length: 6 }, (_, i) => ({ field: 'photos', name: `${i}.png`, type: 'image/png', bytes: PNG_1x1 })),
    );
    expect(six.status).toBe(422);
    const json = await m.call('POST', '/manage/photos', { token: staff.warehouse, body: {} });
    expect(json.status).toBe(422);
    const foreign = await m.receive(staff.warehouse, { track_code: newCode(), weight: 1, photos: ['https://evil.example/x.png'] });
    expect(foreign.status).toBe(422);
    // An unprocessed upload's address (before ADR 081) is not taken either.
    const raw = await m.receive(staff.warehouse, { track_code: newCode(), weight: 1, photos: [url!.replace('.webp', '.png')] });
    expect(raw.status).toBe(422);
    // No listing, no way out of the folder.
    expect((await ctx.app.inject({ method: 'GET', url: '/uploads/parcels/' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/uploads/../jwt-secret' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/uploads/%2e%2e/jwt-secret' })).statusCode).toBe(404);
  });
});
