import { mkdirSync, mkdtempSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers';
import { FakeS3 } from './fake-s3';
import { manageClient, newCode, PNG_1x1, staffTokens, upload, type Staff } from './manage-helpers';

const DAY = 24 * 3600 * 1000;

/** The same rules for every driver: stored, served read-only from any process, 404 when missing, cleaned when unattached. */
function storageSuite(
  label: string,
  setup: () => Promise<{
    ctx: TestContext;
    age: (url: string, ms: number) => void;
    has: (url: string) => boolean;
    /** A private photo fetched as a browser would, by the address the API hands out (the API itself or the store). */
    fetchPhoto: (url: string) => Promise<{ status: number; contentType?: string; cacheControl?: string; body: Buffer }>;
    done: () => Promise<void>;
  }>,
) {
  describe(`uploads on ${label}`, () => {
    let s: Awaited<ReturnType<typeof setup>>;
    let staff: Staff;
    beforeAll(async () => {
      s = await setup();
      staff = await staffTokens(s.ctx);
    });
    afterAll(async () => s.done());

    const put = async () => {
      const up = await upload(s.ctx, '/manage/photos', staff.warehouse, [
        { field: 'photos', name: 'a.png', type: 'image/png', bytes: PNG_1x1 },
      ]);
      expect(up.status).toBe(200);
      return (up.json.data.photos as string[])[0]!;
    };

    it('a photo is stored in the store (with its thumbnail) and served back by its signed address, privately cached', async () => {
      const url = await put();
      expect(url).toMatch(/^\/uploads\/parcels\/[0-9a-f]{32}\.webp$/);
      expect(s.has(url)).toBe(true);
      expect(s.has(url.replace('.webp', '-t.webp'))).toBe(true);
      const served = await s.fetchPhoto(url);
      expect(served.status).toBe(200);
      expect(served.contentType).toBe('image/webp');
      expect(served.cacheControl).toMatch(/^private, max-age=\d+$/);
      expect(served.body.subarray(8, 12).toString()).toBe('WEBP');
      // Other kinds stay public with a long cache life.
      const news = await s.ctx.app.uploads.saveImage('news', PNG_1x1, 'png');
      const pub = await s.ctx.app.inject({ method: 'GET', url: news });
      expect([pub.statusCode, pub.headers['cache-control']]).toEqual([200, 'public, max-age=31536000, immutable']);
      expect(pub.rawPayload.equals(PNG_1x1)).toBe(true);
    });

    it('a missing upload is 404 (not the web app), whatever the browser accepts', async () => {
      expect((await s.fetchPhoto('/uploads/parcels/0123456789abcdef0123456789abcdef.webp')).status).toBe(404);
      for (const url of ['/uploads/news/nope.png', '/uploads/x']) {
        const res = await s.ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html,*/*' } });
        expect(res.statusCode, url).toBe(404);
        expect(res.headers['content-type'], url).toContain('application/json');
      }
    });

    it('uploads nothing refers to after a day are removed; attached and fresh ones stay', async () => {
      const attached = await put();
      const orphan = await put();
      const fresh = await put();
      const received = await manageClient(s.ctx).receive(staff.warehouse, { track_code: newCode(), weight: 1, photos: [attached] });
      expect(received.status).toBe(200);
      s.age(attached, DAY + 60_000);
      s.age(orphan, DAY + 60_000);
      const removed = await s.ctx.app.uploads.removeUnattached(s.ctx.app.db);
      expect(removed).toContain(orphan);
      expect(removed).not.toContain(attached);
      expect(removed).not.toContain(fresh);
      expect(s.has(orphan)).toBe(false);
      expect(s.has(attached)).toBe(true);
      expect(s.has(fresh)).toBe(true);
      expect((await s.fetchPhoto(orphan)).status).toBe(404);
      expect((await s.fetchPhoto(attached)).status).toBe(200);
      // A linked photo's thumbnail is kept with it, an orphan's goes with it.
      const thumb = (u: string) => u.replace('.webp', '-t.webp');
      s.age(thumb(attached), DAY + 60_000);
      s.age(thumb(orphan), DAY + 60_000);
      const again = await s.ctx.app.uploads.removeUnattached(s.ctx.app.db);
      expect(again).toContain(thumb(orphan));
      expect(s.has(thumb(attached))).toBe(true);
    });
  });
}

storageSuite('the local folder (default)', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'uploads-local-'));
  // A built web app, so a missing upload could fall back to index.html if the route let it.
  const web = join(dataDir, 'web');
  mkdirSync(web);
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>app</title>');
  const ctx = await createTestApp({ env: { DATA_DIR: dataDir, WEB_DIST: web } });
  const file = (url: string) => join(dataDir, url.slice(1));
  return {
    ctx,
    // The API's own signed address (ADR 081), served by the API with nosniff.
    fetchPhoto: async (url) => {
      const res = await ctx.app.inject({ method: 'GET', url: await ctx.app.uploads.urls.address(url.slice('/uploads/'.length)) });
      expect(res.statusCode === 200 ? res.headers['x-content-type-options'] : 'nosniff').toBe('nosniff');
      return {
        status: res.statusCode,
        contentType: res.headers['content-type'] as string | undefined,
        cacheControl: res.headers['cache-control'] as string | undefined,
        body: res.rawPayload,
      };
    },
    has: (url) => {
      try {
        return statSync(file(url)).isFile();
      } catch {
        return false;
      }
    },
    age: (url, ms) => {
      const t = new Date(Date.now() - ms);
      utimesSync(file(url), t, t);
    },
    done: () => ctx.close(),
  };
});

storageSuite('an S3-compatible store (started by the test)', async () => {
  const s3 = await new FakeS3('portal-test', 'test-key').start();
  const dataDir = mkdtempSync(join(tmpdir(), 'uploads-s3-'));
  const ctx = await createTestApp({
    env: {
      DATA_DIR: dataDir,
      S3_ENDPOINT: s3.url,
      S3_BUCKET: 'portal-test',
      S3_ACCESS_KEY_ID: 'test-key',
      S3_SECRET_ACCESS_KEY: 'test-secret',
      S3_REGION: 'kz-ala-1',
    },
  });
  const key = (url: string) => url.slice('/uploads/'.length);
  return {
    ctx,
    // The store's presigned address (ADR 097), fetched from the store itself: the API has no part in it.
    fetchPhoto: async (url) => {
      const address = await ctx.app.uploads.urls.address(key(url));
      expect(address.startsWith(`${s3.url}/portal-test/${key(url)}?`)).toBe(true);
      const res = await fetch(address);
      return {
        status: res.status,
        contentType: res.headers.get('content-type') ?? undefined,
        cacheControl: res.headers.get('cache-control') ?? undefined,
        body: Buffer.from(await res.arrayBuffer()),
      };
    },
    has: (url) => s3.objects.has(key(url)),
    age: (url, ms) => s3.age(key(url), ms),
    done: async () => {
      await ctx.close();
      await s3.stop();
    },
  };
});

describe('S3 driver details', () => {
  let s3: FakeS3;
  let ctx: TestContext;
  beforeAll(async () => {
    s3 = await new FakeS3('portal-b', 'key-b').start();
    ctx = await createTestApp({
      env: { S3_ENDPOINT: s3.url, S3_BUCKET: 'portal-b', S3_ACCESS_KEY_ID: 'key-b', S3_SECRET_ACCESS_KEY: 'secret-b' },
    });
  });
  afterAll(async () => {
    await ctx.close();
    await s3.stop();
  });

  it('nothing is written to the local folder; the store is asked path-style with the credentials', async () => {
    const staff = await staffTokens(ctx);
    const up = await upload(ctx, '/manage/photos', staff.warehouse, [
      { field: 'photos', name: 'a.png', type: 'image/png', bytes: PNG_1x1 },
    ]);
    const url = (up.json.data.photos as string[])[0]!;
    expect(s3.requests.some((r) => r.method === 'PUT' && r.path === `/portal-b${url.slice('/uploads'.length)}`)).toBe(true);
    expect(s3.objects.get(url.slice('/uploads/'.length))?.contentType).toBe('image/webp');
  });

  it('listing pages through several answers (continuation tokens)', async () => {
    for (let i = 0; i < 3; i++) await ctx.app.uploads.saveImage('news', PNG_1x1, 'png');
    s3.maxPage = 2;
    const before = s3.requests.length;
    const keys: string[] = [];
    for await (const e of ctx.app.uploads.storage.list('news/')) keys.push(e.key);
    expect(keys).toHaveLength(3);
    expect(s3.requests.slice(before).filter((r) => r.method === 'GET' && r.path.replace(/\/$/, '') === '/portal-b')).toHaveLength(2);
  });
});
