import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../src/db/schema';
import { client, createTestApp, registerCustomer, type TestContext } from './helpers';

let ctx: TestContext;
let call: ReturnType<typeof client>;
beforeAll(async () => {
  ctx = await createTestApp({ env: { WEB_PUSH: 'true', DATA_DIR: mkdtempSync(join(tmpdir(), 'portal-push-accounts-')) } });
  call = client(ctx.app);
});
afterAll(async () => ctx.close());

let n = 0;
/** A subscription on Chrome's push service (never sent to here: only kept and removed). */
const subscription = (endpoint = `https://fcm.googleapis.com/fcm/send/t${Date.now()}x${n++}`) => ({
  endpoint,
  keys: {
    p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  },
});
const ownersOf = async (endpoint: string) =>
  (
    await ctx.database.db
      .select({ userId: pushSubscriptions.userId })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, endpoint))
  )
    .map((r) => r.userId)
    .sort((a, b) => a - b);

describe('push subscriptions per account and endpoint (issue 30, finding 3)', () => {
  it("subscribing another account's endpoint leaves theirs in place, and each unsubscribe removes only the caller's", async () => {
    const first = await registerCustomer(ctx);
    const second = await registerCustomer(ctx);
    const sub = subscription();
    expect((await call('POST', '/notifications/push', { token: first.token, body: sub })).status).toBe(200);
    expect((await call('POST', '/notifications/push', { token: second.token, body: sub })).status).toBe(200);
    expect(await ownersOf(sub.endpoint)).toEqual([first.user.id, second.user.id].sort((a, b) => a - b));

    expect((await call('DELETE', '/notifications/push', { token: first.token, body: { endpoint: sub.endpoint } })).status).toBe(200);
    expect(await ownersOf(sub.endpoint)).toEqual([second.user.id]);
    const settings = await call('GET', '/notifications/settings', { token: first.token });
    expect(settings.json.data.channels.find((c: { channel: string }) => c.channel === 'push').status).toBe('not_linked');

    expect((await call('DELETE', '/notifications/push', { token: second.token, body: { endpoint: sub.endpoint } })).status).toBe(200);
    expect(await ownersOf(sub.endpoint)).toEqual([]);
  });

  it('a burst of simultaneous subscribes: one row per account, however often each sends it', { timeout: 60_000 }, async () => {
    const accounts = await Promise.all(Array.from({ length: 6 }, () => registerCustomer(ctx)));
    const sub = subscription();
    const answers = await Promise.all(
      accounts.flatMap((a) => Array.from({ length: 4 }, () => call('POST', '/notifications/push', { token: a.token, body: sub }))),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(24).fill(200));
    expect(await ownersOf(sub.endpoint)).toEqual(accounts.map((a) => a.user.id).sort((a, b) => a - b));

    // Unsubscribing at once from every account but the first: only the first one's stays.
    await Promise.all(
      accounts.slice(1).map((a) => call('DELETE', '/notifications/push', { token: a.token, body: { endpoint: sub.endpoint } })),
    );
    expect(await ownersOf(sub.endpoint)).toEqual([accounts[0]!.user.id]);
  });

  it('push services only on port 443, without credentials in the address, refused in the caller language', async () => {
    const c = await registerCustomer(ctx);
    for (const endpoint of [
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'https://fcm.googleapis.com:80/fcm/send/x',
      'https://updates.push.services.mozilla.com:444/wpush/v2/x',
      'https://user:secret@fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com.evil.example/fcm/send/x',
    ]) {
      const res = await call('POST', '/notifications/push', { token: c.token, lang: 'ru', body: subscription(endpoint) });
      expect(res.status, endpoint).toBe(422);
      expect(res.json.code).toBe('validation_failed');
      expect(res.json.message).toMatch(/[а-я]/);
      expect(res.json.errors?.endpoint ?? res.json.fields?.endpoint, endpoint).toBeTruthy();
    }
    for (const endpoint of ['https://fcm.googleapis.com:443/fcm/send/y', 'https://web.push.apple.com/QGx']) {
      const res = await call('POST', '/notifications/push', { token: c.token, body: subscription(endpoint) });
      expect(res.status, endpoint).toBe(200);
    }
  });
});
