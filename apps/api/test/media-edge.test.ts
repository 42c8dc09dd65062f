import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TParcelPhoto } from '@portal/contract';
import { MEDIA_URL_TTL_S } from '../src/modules/uploads/media-urls';
import { aCustomer } from './factories';
import { FakeS3 } from './fake-s3';
import { client, createTestApp, type TestContext } from './helpers';
import { manageClient, newCode, PNG_1x1, staffTokens, upload, type Staff } from './manage-helpers';

/**
 * Media at the edge (ADR 097): with an S3-compatible store, a private photo's address is the store's presigned GET
 * (short-lived, signed by the store's credentials, under S3_PUBLIC_URL), the API never streams a private photo, and
 * an address is issued only to whoever may see the parcel.
 */
let s3: FakeS3;
let ctx: TestContext;
let staff: Staff;
const BUCKET = 'portal-edge';

/** The presigned address as the store sees it (the recipe's nginx forwards /media/ to <endpoint>/<bucket>/). */
const atStore = (address: string) => address.replace(/^\/media\//, `${s3.url}/${BUCKET}/`);

beforeAll(async () => {
  s3 = await new FakeS3(BUCKET, 'edge-key').start();
  ctx = await createTestApp({
    env: {
      S3_ENDPOINT: s3.url,
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: 'edge-key',
      S3_SECRET_ACCESS_KEY: 'edge-secret',
      S3_PUBLIC_URL: '/media',
    },
  });
  staff = await staffTokens(ctx);
});
afterAll(async () => {
  await ctx.close();
  await s3.stop();
});

/** A customer's parcel received with one photo; its stored key. */
async function parcelWithPhoto() {
  const owner = await aCustomer(ctx, { branchId: staff.branchId });
  const up = await upload(ctx, '/manage/photos', staff.warehouse, [{ field: 'photos', name: 'a.png', type: 'image/png', bytes: PNG_1x1 }]);
  expect(up.status).toBe(200);
  const id = (up.json.data.photos as string[])[0]!;
  const m = manageClient(ctx);
  const code = newCode();
  await m.saveTrack(owner.token, code);
  const received = await m.receive(staff.warehouse, { track_code: code, weight: 1, photos: [id] });
  expect(received.status).toBe(200);
  return { owner, code, orderId: received.json.data.parcel.id as number, key: id.slice('/uploads/'.length) };
}

describe('private photos from the store, presigned', () => {
  it("the owner's parcel carries presigned store addresses, valid 15 to 20 minutes, privately cached", async () => {
    const { owner, orderId, key } = await parcelWithPhoto();
    const order = await client(ctx.app)('GET', `/orders/${orderId}`, { token: owner.token });
    expect(order.status).toBe(200);
    const [p] = order.json.data.photos as TParcelPhoto[];
    for (const [address, k] of [
      [p!.url, key],
      [p!.thumb_url, key.replace('.webp', '-t.webp')],
    ] as const) {
      expect(address.startsWith(`/media/${k}?`)).toBe(true);
      const q = new URL(address, 'https://portal.example').searchParams;
      expect(q.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
      expect(q.get('X-Amz-Credential')).toMatch(/^edge-key\//);
      expect(q.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
      expect(q.get('response-cache-control')).toBe(`private, max-age=${MEDIA_URL_TTL_S}`);
      // Signed at a 5-minute mark (the address repeats and the browser's cache holds), for 20 minutes from it.
      const signedAt = Date.parse(q.get('X-Amz-Date')!.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));
      expect(signedAt % 300_000).toBe(0);
      expect(Date.now() - signedAt).toBeLessThan(300_000);
      const validUntil = signedAt + Number(q.get('X-Amz-Expires')) * 1000;
      expect(validUntil - Date.now()).toBeGreaterThanOrEqual(MEDIA_URL_TTL_S * 1000 - 1000);
      expect(validUntil - Date.now()).toBeLessThanOrEqual((MEDIA_URL_TTL_S + 300) * 1000);

      const fromStore = await fetch(atStore(address));
      expect(fromStore.status).toBe(200);
      expect(fromStore.headers.get('content-type')).toBe('image/webp');
      expect(fromStore.headers.get('cache-control')).toBe(`private, max-age=${MEDIA_URL_TTL_S}`);
    }
    // The thumbnail is the smaller file (lists never load the full photo).
    expect(s3.objects.get(key.replace('.webp', '-t.webp'))!.bytes.length).toBeLessThanOrEqual(s3.objects.get(key)!.bytes.length);
    // Asked again within the same 5 minutes: the same address.
    const again = await client(ctx.app)('GET', `/orders/${orderId}`, { token: owner.token });
    expect((again.json.data.photos as TParcelPhoto[])[0]!.url).toBe(p!.url);
  });

  it('an address signed over 20 minutes ago is refused by the store', async () => {
    const { key } = await parcelWithPhoto();
    const now = Date.now();
    expect((await fetch(atStore(await ctx.app.uploads.urls.address(key, now - 14 * 60_000)))).status).toBe(200);
    expect((await fetch(atStore(await ctx.app.uploads.urls.address(key, now - 21 * 60_000)))).status).toBe(403);
  });

  it('the API streams no private photo itself: its own signed addresses, valid or not, are refused', async () => {
    const { key } = await parcelWithPhoto();
    const before = s3.requests.filter((r) => r.method === 'GET').length;
    for (const url of [ctx.app.uploads.urls.sign(key), `/uploads/${key}`, ctx.app.uploads.urls.sign(key.replace('.webp', '-t.webp'))]) {
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode, url).toBe(403);
    }
    // Nothing was read from the store for them.
    expect(s3.requests.filter((r) => r.method === 'GET').length).toBe(before);
    // Public images (news, logos) are still the API's, cacheable for a year (nginx keeps them).
    const news = await ctx.app.uploads.saveImage('news', PNG_1x1, 'png');
    const pub = await ctx.app.inject({ method: 'GET', url: news });
    expect([pub.statusCode, pub.headers['cache-control']]).toEqual([200, 'public, max-age=31536000, immutable']);
  });

  it("another customer is never issued an address of someone's photo", async () => {
    const { owner, code, orderId, key } = await parcelWithPhoto();
    const other = await aCustomer(ctx, { branchId: staff.branchId });
    const hex = key.slice(key.indexOf('/') + 1, key.indexOf('.'));
    // The owner's own answer does carry it.
    expect(JSON.stringify((await client(ctx.app)('GET', `/orders/${orderId}`, { token: owner.token })).json)).toContain(hex);
    const answers = [
      await client(ctx.app)('GET', `/orders/${orderId}`, { token: other.token }),
      await manageClient(ctx).saveTrack(other.token, code),
      await client(ctx.app)('GET', `/orders`, { token: other.token }),
    ];
    expect(answers[0]!.status).toBe(404);
    // Saving the owner's code holds the parcel as disputed (nobody's, ADR 021): still no address for anyone.
    answers.push(await client(ctx.app)('GET', `/orders/${orderId}`, { token: other.token }));
    for (const a of answers) expect(JSON.stringify(a.json)).not.toContain(hex);
  });
});

describe('the page allows the store as an image source', () => {
  it('a plain-http store origin without S3_PUBLIC_URL is in img-src; with /media only the page itself is', async () => {
    const plain = await createTestApp({
      env: { S3_ENDPOINT: s3.url, S3_BUCKET: BUCKET, S3_ACCESS_KEY_ID: 'edge-key', S3_SECRET_ACCESS_KEY: 'edge-secret' },
    });
    try {
      const csp = String((await plain.app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy']);
      expect(csp).toMatch(new RegExp(`img-src [^;]*${s3.url.replace(/[.:/]/g, '\\$&')}`));
      // Unset S3_PUBLIC_URL: the address is the store's own.
      const { key } = await parcelWithPhoto();
      expect(await plain.app.uploads.urls.address(key)).toMatch(new RegExp(`^${s3.url}/${BUCKET}/${key}\\?`));
    } finally {
      await plain.close();
    }
    const csp = String((await ctx.app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy']);
    expect(csp).not.toContain(s3.url);
  });
});
