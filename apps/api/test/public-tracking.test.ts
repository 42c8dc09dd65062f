import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatParcelNumber, PUBLIC_TRACKING_PER_MINUTE } from '@portal/contract';
import { orders, parcelPhotos, users } from '../src/db/schema';
import { client, createTestApp, DEMO, login, type TestContext } from './helpers';

/**
 * Public tracking (issue 37): anyone holding a code reads where its parcel is, and nothing else — checked by scanning
 * every answer for the owner's data — with the same answer for a code nobody received and one that does not exist,
 * and a limit per client address that holds when the requests come at once.
 */
let ctx: TestContext;
let call: ReturnType<typeof client>;
let ip = 0;
const nextIp = () => `10.77.${Math.floor(++ip / 250)}.${ip % 250}`;

beforeAll(async () => {
  ctx = await createTestApp();
  call = client(ctx.app);
});
afterAll(async () => ctx.close());

describe('GET tracking/{code}', () => {
  it('answers every demo parcel by its code and by our number with status, dates and branch, and nothing personal', async () => {
    const db = ctx.database.db;
    const [owner] = await db.select().from(users).where(eq(users.phoneNumber, DEMO.customer));
    const parcels = await db.select().from(orders).where(eq(orders.userId, owner!.id));
    const photos = await db.select().from(parcelPhotos);
    expect(new Set(parcels.map((p) => p.statusId)).size).toBeGreaterThanOrEqual(4);
    // What must never show: the owner, the parcels' own names and prices, their photos.
    const secrets = [
      owner!.firstName,
      owner!.lastName,
      owner!.phoneNumber,
      owner!.phoneNumber.slice(2),
      owner!.clientCode,
      ...parcels.map((p) => p.name).filter((n) => n.length >= 3),
      ...photos.flatMap((p) => [p.key, p.thumbKey]),
      'uploads/',
      'user_id',
    ];
    for (const p of parcels) {
      for (const code of [p.trackCode, formatParcelNumber(p.id), p.trackCode.toLowerCase()]) {
        const res = await call('GET', `/tracking/${encodeURIComponent(code)}`, { lang: 'en', ip: nextIp() });
        expect(res.status, res.body).toBe(200);
        expect(res.headers['cache-control']).toBe('no-store');
        const data = res.json.data;
        expect(data).toMatchObject({ code: p.trackCode, found: true, status: { id: p.statusId } });
        expect(Object.keys(data).sort()).toEqual(
          ['arrived_at', 'branch', 'code', 'delivered_at', 'dispatched_at', 'expected_arrival', 'found', 'received_at', 'status'].sort(),
        );
        expect(data.received_at).toBe(p.receivedAt.toISOString());
        if (p.branchId !== null) expect(data.branch).toMatchObject({ id: p.branchId, name: expect.any(String), city: expect.any(String) });
        for (const secret of secrets) expect(res.body, `${code} leaks ${secret}`).not.toContain(secret);
      }
    }
  });

  it('answers a code nobody received exactly as a code that does not exist (a customer saved it: nothing tells)', async () => {
    const { token } = await login(ctx.app, DEMO.customer);
    expect((await call('POST', '/save-track', { token, body: { track_code: 'SAVEDNOTHERE01' } })).status).toBe(200);
    const saved = await call('GET', '/tracking/SAVEDNOTHERE01', { lang: 'ru', ip: nextIp() });
    const unknown = await call('GET', '/tracking/NOBODYEVER0001', { lang: 'ru', ip: nextIp() });
    expect([saved.status, unknown.status]).toEqual([200, 200]);
    const blank = {
      found: false,
      status: null,
      received_at: null,
      dispatched_at: null,
      arrived_at: null,
      delivered_at: null,
      expected_arrival: null,
      branch: null,
    };
    expect(saved.json.data).toEqual({ code: 'SAVEDNOTHERE01', ...blank });
    expect(unknown.json.data).toEqual({ code: 'NOBODYEVER0001', ...blank });
    // Our number with a wrong check digit is no parcel either.
    const typo = formatParcelNumber(1).replace(/\d$/, (d) => String((Number(d) + 1) % 10));
    expect((await call('GET', `/tracking/${typo}`, { ip: nextIp() })).json.data).toMatchObject({ found: false, branch: null });
  });

  it('refuses what is not a code with 422 in the caller’s language', async () => {
    for (const bad of ['ab', 'x'.repeat(60), 'код12345', '%00%01abcde']) {
      const res = await call('GET', `/tracking/${encodeURIComponent(bad)}`, { lang: 'kk', ip: nextIp() });
      expect([res.status, res.json.code], bad).toEqual([422, 'validation_failed']);
    }
  });

  it('holds its limit per address when the requests come at once, and another address is not affected', async () => {
    const address = nextIp();
    const burst = await Promise.all(
      Array.from({ length: PUBLIC_TRACKING_PER_MINUTE + 10 }, () => call('GET', '/tracking/NOBODYEVER0002', { lang: 'en', ip: address })),
    );
    const statuses = burst.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(PUBLIC_TRACKING_PER_MINUTE);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    const refused = burst.find((r) => r.status === 429)!;
    expect(refused.json.code).toBe('too_many_requests');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await call('GET', '/tracking/NOBODYEVER0002', { ip: nextIp() })).status).toBe(200);
  });
});
