import { iconUrl } from '../src/modules/brand/brand-page';
import { createECDH, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import type { IncomingMessage, Server } from 'node:http';
import { createServer } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import webpush from 'web-push';
// @ts-expect-error http_ece (web-push's encryption) has no types; the test decrypts what the portal sent with it.
import ece from 'http_ece';
import { notificationChannels, pushSubscriptions } from '../src/db/schema';
import { loadConfig } from '../src/config/env';
import { pushChannel } from '../src/modules/notifications/push-channel';
import { PermanentChannelError } from '../src/modules/notifications/channels';
import { client, createTestApp, registerCustomer, type TestContext } from './helpers';

/** A push service on 127.0.0.1: answers by path (/ok → 201, /gone → 410, /fail → 500) and keeps what it got. */
interface Received {
  path: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}
let fake: Server;
let fakeUrl: string;
const received: Received[] = [];

let ctx: TestContext;
let call: ReturnType<typeof client>;
beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-fake-push-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  fake = createServer({ key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = req.url?.startsWith('/gone') ? 410 : req.url?.startsWith('/fail') ? 500 : 201;
      res.end();
    });
  });
  await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
  fakeUrl = `https://127.0.0.1:${(fake.address() as { port: number }).port}`;
  ctx = await createTestApp({ env: { WEB_PUSH: 'true', DATA_DIR: mkdtempSync(join(tmpdir(), 'portal-push-')) } });
  call = client(ctx.app);
});
afterAll(async () => {
  await ctx.close();
  await new Promise((r) => fake.close(r));
});

/** A browser's push subscription: its own P-256 key pair and auth secret (as PushManager makes them). */
function browser(path: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    json: { endpoint: `${fakeUrl}${path}`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } },
  };
}

const message = {
  notificationId: 7,
  event: 'news' as const,
  params: { title: { kk: 'a', ru: 'a', en: 'a' }, body: { kk: 'b', ru: 'b', en: 'b' } },
  sender: { name: 'Cargo', logo: '/uploads/logos/a.png' },
};

describe('web push', () => {
  it('keeps generated VAPID keys in the data folder, and takes given ones', () => {
    const dir = mkdtempSync(join(tmpdir(), 'portal-vapid-'));
    const base = { NODE_ENV: 'development', JWT_SECRET: 'x'.repeat(64), DATA_DIR: dir, PUBLIC_URL: 'https://cargo.example' };
    const first = loadConfig(base).webPush!;
    expect(first.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(existsSync(join(dir, 'vapid.json'))).toBe(true);
    expect(statSync(join(dir, 'vapid.json')).mode & 0o077).toBe(0);
    expect(loadConfig(base).webPush).toEqual(first); // a restart keeps them
    expect(first.subject).toBe('https://cargo.example');
    const other = webpush.generateVAPIDKeys();
    const given = loadConfig({ ...base, VAPID_PUBLIC_KEY: other.publicKey, VAPID_PRIVATE_KEY: other.privateKey });
    expect(given.webPush).toMatchObject(other);
    expect(() => loadConfig({ ...base, VAPID_PUBLIC_KEY: first.publicKey })).toThrow(/set both or neither/);
    expect(loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(64), DATA_DIR: dir }).webPush).toBeNull(); // tests opt in
    expect(JSON.parse(readFileSync(join(dir, 'vapid.json'), 'utf8')).privateKey).toBe(first.privateKey);
  });

  it('subscribes this browser from the profile, sends the message encrypted for it with VAPID, and unsubscribes', async () => {
    const c = await registerCustomer(ctx);
    const key = await call('GET', '/notifications/push/key');
    expect(key.json.data.public_key).toBe(ctx.app.webPush!.publicKey);
    const b = browser('/ok/one');
    const sub = await call('POST', '/notifications/push', { token: c.token, body: b.json });
    expect(sub.status).toBe(200);
    expect(sub.json.data.channels.find((ch: { channel: string }) => ch.channel === 'push')).toMatchObject({
      status: 'linked',
      available: true,
    });

    const driver = pushChannel(ctx.app.webPush!);
    received.length = 0;
    await driver.send(
      ctx.database.db,
      { userId: c.user.id, phone: c.phone, lang: 'ru', address: null },
      { ...message, title: 'Посылка в пункте', body: 'Заберите до 5 декабря', link: '/orders/order?id=12' },
    );
    expect(received).toHaveLength(1);
    const got = received[0]!;
    expect(got.path).toBe('/ok/one');
    expect(got.headers['content-encoding']).toBe('aes128gcm');
    expect(got.headers.ttl).toBe('86400');
    expect(got.headers.authorization).toMatch(new RegExp(`^vapid t=[^,]+, k=${ctx.app.webPush!.publicKey}$`));
    const plain = ece.decrypt(got.body, { version: 'aes128gcm', privateKey: b.ecdh, authSecret: b.auth }) as Buffer;
    expect(JSON.parse(plain.toString('utf8'))).toEqual({
      title: 'Посылка в пункте',
      body: 'Заберите до 5 декабря',
      url: '/orders/order?id=12',
      tag: 'n7',
      icon: iconUrl('icon-192', { logo: '/uploads/logos/a.png' }),
    });

    const off = await call('DELETE', '/notifications/push', { token: c.token, body: { endpoint: b.json.endpoint } });
    expect(off.status).toBe(200);
    expect(off.json.data.channels.find((ch: { channel: string }) => ch.channel === 'push').status).toBe('not_linked');
    await expect(
      driver.send(
        ctx.database.db,
        { userId: c.user.id, phone: c.phone, lang: 'ru', address: null },
        { ...message, title: 't', body: 'b', link: null },
      ),
    ).rejects.toBeInstanceOf(PermanentChannelError);
  });

  it('forgets browsers the push service says are gone, marks push unreachable when none is left, and retries other failures', async () => {
    const c = await registerCustomer(ctx);
    const driver = pushChannel(ctx.app.webPush!);
    const to = { userId: c.user.id, phone: c.phone, lang: 'en' as const, address: null };
    const out = { ...message, title: 't', body: 'b', link: null };
    await call('POST', '/notifications/push', { token: c.token, body: browser('/gone/a').json });
    await call('POST', '/notifications/push', { token: c.token, body: browser('/ok/b').json });
    await driver.send(ctx.database.db, to, out); // one is gone, one got it
    const left = await ctx.database.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, c.user.id));
    expect(left.map((s) => s.endpoint)).toEqual([`${fakeUrl}/ok/b`]);

    await call('DELETE', '/notifications/push', { token: c.token, body: { endpoint: `${fakeUrl}/ok/b` } });
    await call('POST', '/notifications/push', { token: c.token, body: browser('/fail/c').json });
    await expect(driver.send(ctx.database.db, to, out)).rejects.not.toBeInstanceOf(PermanentChannelError); // 500: try again later
    await call('POST', '/notifications/push', { token: c.token, body: browser('/gone/d').json });
    await call('DELETE', '/notifications/push', { token: c.token, body: { endpoint: `${fakeUrl}/fail/c` } });
    const err = await driver.send(ctx.database.db, to, out).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PermanentChannelError);
    expect((err as PermanentChannelError).unreachable).toBe(true);

    // Subscribing again makes push reachable again.
    await ctx.database.db
      .insert(notificationChannels)
      .values({ userId: c.user.id, channel: 'push', failures: 3, unreachableAt: new Date() });
    await call('POST', '/notifications/push', { token: c.token, body: browser('/ok/e').json });
    const [state] = await ctx.database.db
      .select()
      .from(notificationChannels)
      .where(and(eq(notificationChannels.userId, c.user.id), eq(notificationChannels.channel, 'push')));
    expect(state).toMatchObject({ failures: 0, unreachableAt: null });
  });

  it('refuses endpoints that are not a push service, and answers 404 where push is not offered', async () => {
    const c = await registerCustomer(ctx);
    const evil = browser('/x').json;
    for (const endpoint of [
      `${fakeUrl.replace('https:', 'http:')}/ok/x`,
      'https://10.0.0.5/admin',
      'http://fcm.googleapis.com/fcm/send/x',
      'https://evil.example/push',
      'ftp://x',
    ]) {
      const res = await call('POST', '/notifications/push', { token: c.token, lang: 'en', body: { ...evil, endpoint } });
      expect(res.status, endpoint).toBe(422);
    }
    const ok = await call('POST', '/notifications/push', {
      token: c.token,
      body: { ...evil, endpoint: 'https://fcm.googleapis.com/fcm/send/abc:def' },
    });
    expect(ok.status).toBe(200);
    expect((await call('POST', '/notifications/push', { body: evil })).status).toBe(401);

    const plain = await createTestApp();
    try {
      expect((await client(plain.app)('GET', '/notifications/push/key')).status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
