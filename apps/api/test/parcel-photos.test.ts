import { asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PARCEL_PHOTOS, PHOTO_MAX_SIDE, PHOTO_THUMB_SIDE, type TParcelPhoto } from '@portal/contract';
import { parcelPhotos } from '../src/db/schema';
import { MediaUrls } from '../src/modules/uploads/media-urls';
import { aCustomer, parcelIn, type CustomerWithParcel } from './factories';
import { client, createTestApp, type TestContext } from './helpers';
import { manageClient, multipartBody, newCode, PNG_1x1, staffTokens, upload, type Staff } from './manage-helpers';

/**
 * Parcel photos by kind (ADR 081): processed when stored (upright, no metadata, resized, thumbnails), linked with
 * kind, who and when, served only by short-lived signed addresses to the owner and staff who may see the parcel.
 */
let ctx: TestContext;
let staff: Staff;
let parcel: CustomerWithParcel;

/** A 2400×1200 JPEG taken "rotated" (EXIF orientation 6) with a GPS position, as a phone writes it. */
let gpsJpeg: Buffer;
const GPS_IFD_TAG = Buffer.from([0x25, 0x88]);

const photo = (bytes: Buffer, name = 'p.jpg', type = 'image/jpeg') => ({ field: 'photos', name, type, bytes });
const fetchUpload = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });
const addPhotos = (token: string, id: number, kind: string, files = [photo(PNG_1x1, 'a.png', 'image/png')]) =>
  upload(ctx, `/manage/parcels/${id}/photos?kind=${kind}`, token, files);

beforeAll(async () => {
  ctx = await createTestApp();
  staff = await staffTokens(ctx);
  parcel = await parcelIn(ctx, 'at_branch', { customer: { branchId: staff.branchId } });
  gpsJpeg = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#c0392b' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Make: 'PhoneCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '43/1 15/1 0/1' } })
    .toBuffer();
});
afterAll(async () => ctx.close());

describe('parcel photos: processing', () => {
  it('an intake JPEG with GPS EXIF is stored upright, without any metadata, within bounds, with a thumbnail', async () => {
    const source = await sharp(gpsJpeg).metadata();
    expect(source.exif?.includes(GPS_IFD_TAG)).toBe(true);
    expect(source.orientation).toBe(6);

    const up = await upload(ctx, '/manage/photos', staff.warehouse, [photo(gpsJpeg)]);
    expect(up.status).toBe(200);
    const [id] = up.json.data.photos as string[];
    expect(id).toMatch(/^\/uploads\/parcels\/[0-9a-f]{32}\.webp$/);
    // The identifier is no address: nothing is served without a signature.
    expect((await fetchUpload(id!)).statusCode).toBe(403);

    const owner = await aCustomer(ctx, { branchId: staff.branchId });
    const m = manageClient(ctx);
    const code = newCode();
    await m.saveTrack(owner.token, code);
    const received = await m.receive(staff.warehouse, { track_code: code, weight: 1, photos: [id] });
    expect(received.status).toBe(200);

    const order = await client(ctx.app)('GET', `/orders/${received.json.data.parcel.id}`, { token: owner.token });
    expect(order.status).toBe(200);
    const [p] = order.json.data.photos as TParcelPhoto[];
    expect(p).toMatchObject({ kind: 'intake', taken_by: null });

    const full = await fetchUpload(p!.url);
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/webp');
    expect(full.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    const meta = await sharp(full.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    // Orientation 6 is a quarter turn: the 2400×1200 sensor image stands up as 800×1600 after the resize.
    expect([meta.width, meta.height]).toEqual([PHOTO_MAX_SIDE / 2, PHOTO_MAX_SIDE]);
    expect(full.rawPayload.includes(GPS_IFD_TAG)).toBe(false);

    const thumb = await fetchUpload(p!.thumb_url);
    expect(thumb.statusCode).toBe(200);
    const tm = await sharp(thumb.rawPayload).metadata();
    expect([tm.width, tm.height]).toEqual([PHOTO_THUMB_SIDE / 2, PHOTO_THUMB_SIDE]);
    expect(tm.exif).toBeUndefined();
  });

  it('a corrupt image is 422 photo_invalid and a decompression bomb 413 photo_too_many_pixels, in the caller language', async () => {
    const corrupt = Buffer.concat([gpsJpeg.subarray(0, 200), Buffer.alloc(400, 7)]);
    const bad = await addPhotos(staff.branch, parcel.id, 'damage', [photo(corrupt)]);
    expect([bad.status, bad.json.code]).toEqual([422, 'photo_invalid']);

    // 56 megapixels of one colour: 170 KB on the wire, 168 MB once decoded.
    const bomb = await sharp({ create: { width: 8000, height: 7000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    for (const [lang, word] of [
      ['en', 'megapixels'],
      ['ru', 'мегапикселей'],
      ['kk', 'мегапиксельден'],
    ] as const) {
      const { payload, contentType } = multipartBody([photo(bomb, 'b.png', 'image/png')]);
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/manage/parcels/${parcel.id}/photos?kind=damage`,
        headers: { 'content-type': contentType, authorization: `Bearer ${staff.branch}`, 'accept-language': lang },
        payload,
      });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ code: 'photo_too_many_pixels' });
      expect(res.json().message).toContain(word);
    }
    const stored = await photosOf(parcel.id);
    expect(stored).toEqual([]);
  });
});

describe('parcel photos: kinds, who and when', () => {
  it('damage by the branch, hand-over at the counter; staff see them by kind with names, the owner without', async () => {
    const p = await parcelIn(ctx, 'at_branch', { customer: { branchId: staff.branchId } });
    expect((await upload(ctx, '/manage/photos', staff.warehouse, [photo(PNG_1x1, 'a.png', 'image/png')])).status).toBe(200);
    const hand = await addPhotos(staff.branch, p.id, 'handover');
    expect(hand.status).toBe(200);
    const dmg = await addPhotos(staff.warehouse, p.id, 'damage');
    expect(dmg.status).toBe(200);
    // Kinds are listed intake → damage → hand-over, whatever order they came in.
    expect((dmg.json.data.photos as TParcelPhoto[]).map((x) => x.kind)).toEqual(['damage', 'handover']);

    const view = await client(ctx.app)('GET', `/manage/parcel?code=${p.code}`, { token: staff.admin });
    expect(view.json.data.photos_allowed).toBe(true);
    const photos = view.json.data.photos as TParcelPhoto[];
    expect(photos.map((x) => x.kind)).toEqual(['damage', 'handover']);
    expect(photos.every((x) => typeof x.taken_by === 'string' && x.taken_by.length > 0)).toBe(true);
    expect(Date.now() - Date.parse(photos[0]!.taken_at)).toBeLessThan(60_000);

    const rows = await photosOf(p.id);
    expect(rows.map((r) => r.kind)).toEqual(['handover', 'damage']);
    expect(rows.every((r) => r.takenBy !== null)).toBe(true);

    const mine = await client(ctx.app)('GET', `/orders/${p.id}`, { token: p.token });
    expect((mine.json.data.photos as TParcelPhoto[]).map((x) => [x.kind, x.taken_by])).toEqual([
      ['damage', null],
      ['handover', null],
    ]);
  });

  it('a kind that is not theirs is 403: hand-over by the warehouse, intake by a branch', async () => {
    expect((await addPhotos(staff.warehouse, parcel.id, 'handover')).status).toBe(403);
    expect((await addPhotos(staff.branch, parcel.id, 'intake')).status).toBe(403);
    expect((await addPhotos(staff.branch, parcel.id, 'other')).status).toBe(422);
  });
});

describe('parcel photos: private', () => {
  let url: string;
  let thumb: string;
  beforeAll(async () => {
    const res = await addPhotos(staff.branch, parcel.id, 'damage');
    expect(res.status).toBe(200);
    url = (res.json.data.photos as TParcelPhoto[]).at(-1)!.url;
    thumb = (res.json.data.photos as TParcelPhoto[]).at(-1)!.thumb_url;
  });

  it('served by its signed address; unsigned, forged, another key or expired are 403', async () => {
    expect((await fetchUpload(url)).statusCode).toBe(200);
    const bare = url.slice(0, url.indexOf('?'));
    expect((await fetchUpload(bare)).statusCode).toBe(403);
    const q = new URL(url, 'http://x').searchParams;
    expect((await fetchUpload(`${bare}?exp=${q.get('exp')}&sig=${'A'.repeat(43)}`)).statusCode).toBe(403);
    expect((await fetchUpload(`${bare}?exp=${Number(q.get('exp')) + 300}&sig=${q.get('sig')}`)).statusCode).toBe(403);
    // The thumbnail's signature does not open the photo.
    const thumbSig = new URL(thumb, 'http://x').searchParams.get('sig');
    expect((await fetchUpload(`${bare}?exp=${q.get('exp')}&sig=${thumbSig}`)).statusCode).toBe(403);
    // Signed with the server's secret, but an hour ago: expired.
    const key = bare.slice('/uploads/'.length);
    const old = new MediaUrls(ctx.config.jwtSecret).sign(key, Date.now() - 3600_000);
    expect((await fetchUpload(old)).statusCode).toBe(403);
    expect((await fetchUpload(new MediaUrls(ctx.config.jwtSecret).sign(key))).statusCode).toBe(200);
    // Another installation's secret signs nothing here.
    expect((await fetchUpload(new MediaUrls('x'.repeat(48)).sign(key))).statusCode).toBe(403);
  });

  it('other kinds of uploads (news images, logos) stay public by address', async () => {
    const news = await upload(ctx, '/admin/uploads/news', staff.admin, [
      { field: 'image', name: 'n.png', type: 'image/png', bytes: PNG_1x1 },
    ]);
    expect(news.status).toBe(201);
    const res = await fetchUpload(news.json.data.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('public');
  });

  it("someone else's parcel: another customer gets 404 and no address", async () => {
    const other = await aCustomer(ctx);
    const res = await client(ctx.app)('GET', `/orders/${parcel.id}`, { token: other.token });
    expect(res.status).toBe(404);
    expect(res.body).not.toContain('/uploads/');
  });

  it('staff of another branch see the parcel but not its photos, and cannot add any (404)', async () => {
    const view = await client(ctx.app)('GET', `/manage/parcel?code=${parcel.code}`, { token: staff.otherBranch });
    expect(view.status).toBe(200);
    expect(view.json.data).toMatchObject({ photos: [], photos_allowed: false });
    expect(view.body).not.toContain('/uploads/');
    const add = await addPhotos(staff.otherBranch, parcel.id, 'damage');
    expect([add.status, add.json.code]).toEqual([404, 'not_found']);
    // …while the parcel's own branch sees them.
    const own = await client(ctx.app)('GET', `/manage/parcel?code=${parcel.code}`, { token: staff.branch });
    expect(own.json.data.photos.length).toBeGreaterThan(0);
  });

  it('a customer is refused the staff route (403) and an unknown parcel is 404', async () => {
    expect((await addPhotos(parcel.token, parcel.id, 'damage')).status).toBe(403);
    expect((await addPhotos(staff.admin, 99_999_999, 'damage')).status).toBe(404);
  });
});

describe('parcel photos: the cap holds under a burst', () => {
  it(`10 simultaneous damage uploads to one parcel keep at most MAX_PARCEL_PHOTOS (${MAX_PARCEL_PHOTOS}) of the kind`, async () => {
    const p = await parcelIn(ctx, 'at_branch', { customer: { branchId: staff.branchId } });
    // One hand-over photo first: the cap is per kind, so it does not count against damage.
    expect((await addPhotos(staff.branch, p.id, 'handover')).status).toBe(200);
    const results = await Promise.all(Array.from({ length: 10 }, () => addPhotos(staff.branch, p.id, 'damage')));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([...Array(MAX_PARCEL_PHOTOS).fill(200), ...Array(10 - MAX_PARCEL_PHOTOS).fill(409)]);
    expect(results.find((r) => r.status === 409)!.json.code).toBe('photo_limit');
    const kinds = (await photosOf(p.id)).map((r) => r.kind);
    expect(kinds.filter((k) => k === 'damage')).toHaveLength(MAX_PARCEL_PHOTOS);
    expect(kinds.filter((k) => k === 'handover')).toHaveLength(1);
  });
});

/** The parcel's rows in parcel_photos, as stored. */
const photosOf = (orderId: number) =>
  ctx.database.db.select().from(parcelPhotos).where(eq(parcelPhotos.orderId, orderId)).orderBy(asc(parcelPhotos.id));
