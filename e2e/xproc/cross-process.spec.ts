import { readdirSync, readFileSync } from 'node:fs';
import {
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
  type APIResponse,
  type Browser,
  type Page,
} from '@playwright/test';
import { apiRegister, openSignedIn } from '../support/fixtures';
import { offline } from '../specs/content-helpers';
import { visibleBadge } from '../specs/orders-helpers';
import { backendsOn, poolerPeers, poolerTransactions, tcpConnectionsOf } from './database-connections';
import type { StackInfo } from './stack';

/**
 * Issue 15, section 6: the product as the recipe runs it, two API processes behind nginx (xproc/stack.ts). Each
 * check acts on one process directly and looks on the other directly and through nginx, so a state kept in one
 * process's memory or disk (sessions, limits, uploads, live updates) fails here even when every single-process
 * test passes. Process 1 alone works the notification queue (NOTIFY_WORKER), so what reaches process 2 live came
 * through Redis. The stage runs it twice (stack.ts, XPROC_DATABASE): the processes on PostgreSQL itself, then behind
 * a PgBouncer in transaction mode, where the last check proves their traffic really goes through the pooler.
 */
function stackInfo(): StackInfo {
  const raw = process.env.XPROC_STACK;
  if (!raw) throw new Error('XPROC_STACK is not set: run with playwright.xproc.config.ts (its globalSetup starts the stack)');
  return JSON.parse(raw) as StackInfo;
}
const stack = stackInfo();

// A 1×1 PNG: what a warehouse camera would send, in small.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

let direct: [APIRequestContext, APIRequestContext];
let viaNginx: APIRequestContext;
let sequence = 0;

test.beforeAll(async () => {
  direct = [await playwrightRequest.newContext({ baseURL: stack.api[0] }), await playwrightRequest.newContext({ baseURL: stack.api[1] })];
  viaNginx = await playwrightRequest.newContext({ baseURL: stack.nginx.https, ignoreHTTPSErrors: true });
});

test.afterAll(async () => {
  for (const c of [...(direct ?? []), viaNginx]) await c?.dispose();
});

// A failed check keeps the processes' and nginx's logs beside its report.
// eslint-disable-next-line no-empty-pattern
test.afterEach(async ({}, testInfo) => {
  if (testInfo.status === testInfo.expectedStatus) return;
  for (const [name, file] of [
    ['api-1.log', stack.logs.api[0]],
    ['api-2.log', stack.logs.api[1]],
    ['nginx-error.log', stack.logs.nginx],
    ...(stack.database.pooler ? ([['pgbouncer.log', stack.database.pooler.log]] as const) : []),
  ] as const) {
    await testInfo.attach(name, { body: readFileSync(file), contentType: 'text/plain' }).catch(() => {});
  }
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A made-up client address per call site, so per-address limits never meet across checks. */
const client = () => ({ 'x-forwarded-for': `10.190.${Math.floor(++sequence / 250)}.${(sequence % 250) + 1}` });

async function json<T>(response: APIResponse): Promise<T> {
  const body = await response.text();
  expect(response.ok(), `${response.url()} answered ${response.status()}: ${body.slice(0, 300)}`).toBe(true);
  return JSON.parse(body) as T;
}

async function signIn(api: APIRequestContext, phone: string, password: string): Promise<{ token: string; userId: number }> {
  const body = await json<{ data: { access: { token: string }; user: { id: number } } }>(
    await api.post('/api/auth/login', { data: { phone_number: phone, password }, headers: client() }),
  );
  return { token: body.data.access.token, userId: body.data.user.id };
}

/** A customer registered on process `on` (its code read from that process's SMS outbox). */
async function newCustomer(on: 0 | 1): Promise<{ token: string; phone: string }> {
  const api = await playwrightRequest.newContext({ baseURL: stack.api[on], extraHTTPHeaders: client() });
  try {
    sequence += 1;
    const phone = `+7747${String(Date.now() % 1_000_000).padStart(6, '0')}${sequence % 10}`;
    const account = await apiRegister(api, phone, 'Steppe-Xproc-Customer-26', stack.outboxes[on]);
    return { token: account.token, phone };
  } finally {
    await api.dispose();
  }
}

/** How many `GET route` answers with `status` process `i` counted (its own /metrics, not reachable through nginx). */
async function answered(i: 0 | 1, route: string, status = '200'): Promise<number> {
  const text = await (await direct[i].get('/metrics', { headers: bearer(stack.metricsToken) })).text();
  let n = 0;
  for (const line of text.split('\n')) {
    const m = /^http_requests_total\{([^}]*)\} (\d+)/.exec(line);
    if (m && m[1]!.includes(`method="GET"`) && m[1]!.includes(`route="${route}"`) && m[1]!.includes(`status="${status}"`))
      n += Number(m[2]);
  }
  return n;
}

/** How many /uploads/ requests process `i` answered, whatever the status (every photo byte it streams is one). */
async function servedUploads(i: 0 | 1): Promise<number> {
  const text = await (await direct[i].get('/metrics', { headers: bearer(stack.metricsToken) })).text();
  let n = 0;
  for (const line of text.split('\n')) {
    const m = /^http_requests_total\{([^}]*)\} (\d+)/.exec(line);
    if (m && m[1]!.includes('route="/uploads/')) n += Number(m[2]);
  }
  return n;
}

/** Every file under a folder (a process's DATA_DIR), as names. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => e.name);
}

async function signedInPage(browser: Browser, baseURL: string, token: string, path: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, ignoreHTTPSErrors: true, extraHTTPHeaders: client() });
  await offline(context, baseURL);
  const page = await context.newPage();
  await openSignedIn(page, token, path);
  return page;
}

test.describe('two API processes behind nginx', () => {
  test('a session made on process 1 works on process 2 and through nginx; ended on one, it is refused by both', async () => {
    const before = [await answered(0, '/api/auth/user'), await answered(1, '/api/auth/user')];
    const { token, userId } = await signIn(direct[0], stack.admin.phone, stack.admin.password);

    const onTwo = await json<{ data: { id: number } }>(await direct[1].get('/api/auth/user', { headers: bearer(token) }));
    expect(onTwo.data.id).toBe(userId);
    for (let i = 0; i < 4; i += 1) {
      const throughNginx = await json<{ data: { id: number } }>(await viaNginx.get('/api/auth/user', { headers: bearer(token) }));
      expect(throughNginx.data.id).toBe(userId);
    }
    // Process 2 answered its direct call; nginx spread its four calls over both processes.
    const after = [await answered(0, '/api/auth/user'), await answered(1, '/api/auth/user')];
    expect(after[0]! - before[0]!, 'calls process 1 answered').toBeGreaterThanOrEqual(1);
    expect(after[1]! - before[1]!, 'calls process 2 answered').toBeGreaterThanOrEqual(2);
    expect(after[0]! - before[0]! + after[1]! - before[1]!).toBe(5);

    // Renewed on process 2, the token works on process 1; signed out on process 1, process 2 and nginx refuse it.
    const renewed = await json<{ data: { token: string } }>(await direct[1].post('/api/auth/refresh', { headers: bearer(token) }));
    expect((await direct[0].get('/api/auth/user', { headers: bearer(renewed.data.token) })).status()).toBe(200);
    await json(await direct[0].post('/api/auth/logout', { headers: bearer(renewed.data.token) }));
    expect((await direct[1].get('/api/auth/user', { headers: bearer(renewed.data.token) })).status()).toBe(401);
    expect((await viaNginx.get('/api/auth/user', { headers: bearer(renewed.data.token) })).status()).toBe(401);

    // The recipe's plain-http server only redirects to https.
    const plain = await direct[0].get(`${stack.nginx.http}/api/health`, { maxRedirects: 0 });
    expect(plain.status()).toBe(301);
    expect(plain.headers()['location']).toMatch(/^https:\/\//);
  });

  test("an account's rate limit is counted once for both processes (Redis)", async () => {
    const { token } = await newCustomer(1);
    const limit = stack.rateLimitPerMinute;
    const remaining = (r: APIResponse) => Number(r.headers()['x-ratelimit-remaining']);

    let last: APIResponse | null = null;
    for (let i = 0; i < limit / 2; i += 1) {
      last = await direct[0].get('/api/auth/user', { headers: bearer(token) });
      expect(last.status()).toBe(200);
    }
    const leftOnOne = remaining(last!);
    expect(leftOnOne).toBeLessThanOrEqual(limit / 2);

    // Process 2 continues the count process 1 made (with counts per process it would start again near the limit).
    const first = await direct[1].get('/api/auth/user', { headers: bearer(token) });
    expect(first.status()).toBe(200);
    expect(remaining(first), 'what process 2 says is left after process 1 counted').toBe(leftOnOne - 1);

    let calls = 0;
    let answer = first;
    while (answer.status() === 200 && calls <= limit) {
      answer = await direct[1].get('/api/auth/user', { headers: bearer(token) });
      calls += 1;
    }
    expect(answer.status()).toBe(429);
    expect(calls, 'calls process 2 allowed before 429').toBe(leftOnOne);
    // Spent on process 2: process 1 and nginx (either process) refuse too.
    expect((await direct[0].get('/api/auth/user', { headers: bearer(token) })).status()).toBe(429);
    expect((await viaNginx.get('/api/auth/user', { headers: bearer(token) })).status()).toBe(429);
  });

  test('a parcel photo reaches the browser from the bucket through nginx, no byte through either API process', async ({ browser }) => {
    const { token } = await signIn(direct[0], stack.admin.phone, stack.admin.password);
    const uploaded = await json<{ data: { photos: string[] } }>(
      await direct[0].post('/api/manage/photos', {
        headers: bearer(token),
        multipart: { photos: { name: 'parcel.png', mimeType: 'image/png', buffer: PNG } },
      }),
    );
    const url = uploaded.data.photos[0]!;
    expect(url).toMatch(/^\/uploads\/parcels\/[0-9a-f]+\.webp$/);
    const name = url.split('/').pop()!;
    // Parcel photos are private (ADR 081): the identifier alone opens nothing anywhere.
    for (const api of [direct[1], viaNginx]) expect((await api.get(url)).status()).toBe(403);
    // Received through process 1 with the photo; the customer, on process 2, claims the parcel by its code.
    const code = `XPH${Date.now().toString(36).toUpperCase()}`;
    await json(
      await direct[0].post('/api/manage/receive', { headers: bearer(token), data: { track_code: code, weight: 1, photos: [url] } }),
    );
    const customer = await newCustomer(1);
    const saved = await json<{ data: { order: { id: number } | null } }>(
      await direct[1].post('/api/save-track', { headers: bearer(customer.token), data: { track_code: code, name: 'Фото' } }),
    );
    const order = (
      await json<{ data: { id: number; photos: { url: string }[] } }>(
        await direct[1].get(`/api/orders/${saved.data.order!.id}`, { headers: bearer(customer.token) }),
      )
    ).data;
    // The address is the bucket's presigned GET under nginx's /media/ (ADR 097); the API's own route refuses it.
    const signed = order.photos[0]!.url;
    expect(signed).toMatch(new RegExp(`^/media/parcels/${name}\\?.*X-Amz-Signature=`));
    for (const api of direct) expect((await api.get(signed.replace('/media/', '/uploads/'))).status()).toBe(403);
    const expired = signed.replace(/X-Amz-Date=\d{8}T\d{6}Z/, 'X-Amz-Date=20200101T000000Z');
    expect((await viaNginx.get(expired)).status(), 'an expired address').toBe(404);

    const before = [await servedUploads(0), await servedUploads(1)];
    const page = await signedInPage(browser, stack.nginx.https, customer.token, `/orders/order?id=${order.id}`);
    const thumb = page.getByTestId('order-photos').locator('img').first();
    await thumb.scrollIntoViewIfNeeded();
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    const src = await thumb.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname);
    expect(src).toBe(`/media/parcels/${name.replace('.webp', '-t.webp')}`);
    await page.context().close();
    // Neither process answered any /uploads/ request meanwhile; nginx took the thumbnail's bytes from the bucket.
    expect([await servedUploads(0), await servedUploads(1)], '/uploads/ answers of the two processes').toEqual(before);
    const line = readFileSync(stack.logs.nginxAccess, 'utf8')
      .split('\n')
      .find((l) => l.startsWith(`GET ${src} 200 `));
    expect(line, `nginx's log line of ${src}`).toContain(`upstream=${new URL(stack.s3.url).host} `);
    expect(Number(line!.split(' ')[3])).toBeGreaterThan(0);
    const fromNginx = await viaNginx.get(signed);
    expect(fromNginx.headers()['content-type']).toBe('image/webp');
    expect(fromNginx.headers()['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect((await fromNginx.body()).subarray(8, 12).toString()).toBe('WEBP');

    // In the S3-compatible store, on neither process's disk.
    const listing = await (
      await direct[0].get(`${stack.s3.url}/${stack.s3.bucket}?list-type=2&prefix=`, {
        headers: { authorization: `AWS4-HMAC-SHA256 Credential=${stack.s3.accessKeyId}/x` },
      })
    ).text();
    expect(listing).toContain(name);
    for (const dir of stack.dataDirs) expect(filesUnder(dir)).not.toContain(name);
  });

  test("nginx keeps the web app's hashed files and public images, never index.html", async () => {
    const index = await viaNginx.get('/');
    expect(index.headers()['cache-control']).toBe('no-cache');
    const asset = /\/assets\/[^"]+\.js/.exec(await index.text())![0];
    const cached = async (path: string) => {
      const first = await viaNginx.get(path);
      const second = await viaNginx.get(path);
      expect(second.status(), path).toBe(200);
      expect((await second.body()).equals(await first.body()), path).toBe(true);
      return [first.headers()['x-cache-status'], second.headers()['x-cache-status']];
    };
    expect(await cached(asset)).toEqual(['MISS', 'HIT']);
    const { token } = await signIn(direct[1], stack.admin.phone, stack.admin.password);
    const news = await json<{ data: { url: string } }>(
      await viaNginx.post('/api/admin/uploads/news', {
        headers: { ...bearer(token), ...client() },
        multipart: { image: { name: 'news.png', mimeType: 'image/png', buffer: PNG } },
      }),
    );
    expect(await cached(news.data.url)).toEqual(['MISS', 'HIT']);
    expect((await viaNginx.get('/')).headers()['x-cache-status']).toBeUndefined();
  });

  test('a notification raised on process 1 moves the badge of a page on process 2 and one through nginx within 2 s', async ({
    browser,
  }) => {
    const customer = await newCustomer(1);
    const code = `XPROC${Date.now().toString(36).toUpperCase()}`;
    await json(await direct[1].post('/api/save-track', { headers: bearer(customer.token), data: { track_code: code, name: 'Кроссовки' } }));

    // Two open portals of the customer: one on process 2 itself, one through nginx (HTTP/2 over TLS).
    const pages: Page[] = [];
    for (const base of [stack.api[1], stack.nginx.https]) {
      const page = await signedInPage(browser, base, customer.token, '/notification');
      const stream = page.waitForResponse((r) => r.url().includes('/api/notifications/stream'), { timeout: 30_000 });
      await page.getByTestId('group-orders').waitFor();
      await stream;
      await expect(visibleBadge(page)).toHaveCount(0);
      await page.evaluate(() => {
        (window as unknown as { notReloaded: boolean }).notReloaded = true;
      });
      pages.push(page);
    }
    const protocol = await pages[1]!.evaluate(
      () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).nextHopProtocol,
    );
    expect(protocol, 'nginx speaks HTTP/2 as the recipe configures').toBe('h2');

    // Staff receive the parcel on process 1 (the only process working the queue).
    const { token } = await signIn(direct[0], stack.admin.phone, stack.admin.password);
    await json(await direct[0].post('/api/manage/receive', { headers: bearer(token), data: { track_code: code, weight: 1.25 } }));
    const receivedAt = Date.now();

    for (const page of pages) {
      await expect(visibleBadge(page)).toHaveText('1', { timeout: Math.max(1, 2_000 - (Date.now() - receivedAt)) });
    }
    const moved = Date.now() - receivedAt;
    console.log(`[xproc] both badges moved ${moved} ms after the receipt on process 1`);
    expect(moved, 'ms from the receipt to both badges').toBeLessThan(2_000);
    for (const page of pages) {
      await expect(page.getByTestId('group-orders')).toContainText('Посылка принята на складе в Китае');
      expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
      await page.context().close();
    }
  });
});

test.describe('where the database traffic goes', () => {
  const { pooler, name, serverUrl } = stack.database;
  const postgresPort = Number(new URL(serverUrl).port || 5432);

  test(
    pooler
      ? 'both processes reach PostgreSQL only through PgBouncer, and PostgreSQL sees only its server connections'
      : 'both processes reach PostgreSQL directly',
    async () => {
      const before = pooler ? await poolerTransactions(pooler.adminUrl, name) : 0;
      // Database work on each process (a session is checked against the database on every call, never cached), so
      // each holds open pool connections (node-postgres closes idle ones after 10 s).
      const { token } = await signIn(direct[0], stack.admin.phone, stack.admin.password);
      const calls = 5;
      for (const api of direct)
        for (let i = 0; i < calls; i += 1) expect((await api.get('/api/auth/user', { headers: bearer(token) })).status()).toBe(200);

      // Each layer's evidence is a soft check, so a bypass shows in all of them at once.
      // Backends first, then the pooler's view: a server connection it opens meanwhile is then simply not listed.
      const backends = await backendsOn(serverUrl, name);
      const peers = pooler ? await poolerPeers(pooler.adminUrl, name) : null;
      const own = stack.pids.map((pid) => tcpConnectionsOf(pid).filter((c) => c.remote === postgresPort || c.remote === pooler?.port));
      for (const [i, connections] of own.entries()) {
        const where = connections.map((c) => (c.remote === pooler?.port ? 'pgbouncer' : 'postgresql'));
        expect(where.length, `process ${i + 1} holds database connections`).toBeGreaterThan(0);
        expect
          .soft(where, `where process ${i + 1}'s database connections go`)
          .toEqual(where.map(() => (pooler ? 'pgbouncer' : 'postgresql')));
        if (peers) {
          expect
            .soft(
              connections.some((c) => peers.clientPorts.includes(c.local)),
              `PgBouncer lists process ${i + 1}'s connections among its clients`,
            )
            .toBe(true);
        } else {
          const ports = backends.map((b) => b.clientPort);
          expect
            .soft(
              connections.some((c) => ports.includes(c.local)),
              `PostgreSQL lists process ${i + 1}'s connections as its clients`,
            )
            .toBe(true);
        }
      }
      if (!pooler || !peers) return;
      // The pooler passed the calls' transactions on (at least one per call, 2 × 5; the queue's work only adds)…
      expect
        .soft((await poolerTransactions(pooler.adminUrl, name)) - before, 'transactions PgBouncer passed on')
        .toBeGreaterThanOrEqual(2 * calls);
      // …and PostgreSQL serves the stack's database only on the pooler's server connections, however many clients.
      expect(backends.length).toBeGreaterThan(0);
      expect.soft(backends.length, 'backends on the database').toBeLessThanOrEqual(pooler.serverConnections);
      for (const b of backends) expect.soft(peers.serverPids, `backend ${b.pid} is one of PgBouncer's server connections`).toContain(b.pid);
    },
  );
});
