import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { BULK_TRACKS_MAX, parseTrackPaste } from '@portal/contract';
import { savedTracks } from '../src/db/schema';
import { aCustomer, parcelIn } from './factories';
import { client, createTestApp, type TestContext } from './helpers';
import { newCode } from './manage-helpers';

let ctx: TestContext;
let call: ReturnType<typeof client>;
beforeAll(async () => {
  ctx = await createTestApp();
  call = client(ctx.app);
});
afterAll(async () => ctx.close());

const bulk = (token: string, codes: unknown, lang = 'en') => call('POST', '/save-tracks', { token, body: { codes }, lang });
type Line = { code: string; result: string; saved_track: { track_code: string } | null };

describe('reading a pasted order list', () => {
  it('takes one code per line, the code column of a marketplace row, each code of a comma list, and skips repeats', () => {
    const text = [
      'YT1234567890',
      '  sf 1234-5678  ',
      '',
      '12.11.2026\tКроссовки Nike\tLP00123456789CN\t2 шт\t15 990',
      'JT111111111, JT222222222; JT333333333',
      'yt1234567890',
      'просто текст',
    ].join('\r\n');
    expect(parseTrackPaste(text)).toEqual([
      { line: 1, raw: 'YT1234567890', code: 'YT1234567890' },
      { line: 2, raw: 'sf 1234-5678', code: 'SF12345678' },
      { line: 4, raw: '12.11.2026\tКроссовки Nike\tLP00123456789CN\t2 шт\t15 990', code: 'LP00123456789CN' },
      { line: 5, raw: 'JT111111111, JT222222222; JT333333333', code: 'JT111111111' },
      { line: 5, raw: 'JT111111111, JT222222222; JT333333333', code: 'JT222222222' },
      { line: 5, raw: 'JT111111111, JT222222222; JT333333333', code: 'JT333333333' },
      { line: 7, raw: 'просто текст', code: null },
    ]);
  });
});

describe('POST save-tracks', () => {
  it('answers each line: saved, claimed, checking, already yours, owned by another, invalid', async () => {
    const c = await aCustomer(ctx);
    const mine = newCode('MY');
    expect((await call('POST', '/save-track', { token: c.token, body: { track_code: mine } })).status).toBe(200);
    const unclaimed = await parcelIn(ctx, 'unclaimed');
    const savedByOther = await parcelIn(ctx, 'china_warehouse');
    const delivered = await parcelIn(ctx, 'delivered');
    const fresh = newCode('NW');
    const res = await bulk(c.token, [fresh, ` ${unclaimed.code.toLowerCase()} `, savedByOther.code, mine, delivered.code, 'AB1', fresh]);
    expect(res.status).toBe(200);
    expect((res.json.data as Line[]).map((l) => [l.code, l.result])).toEqual([
      [fresh, 'saved'],
      [unclaimed.code, 'claimed'],
      [savedByOther.code, 'checking'],
      [mine, 'already_yours'],
      [delivered.code, 'owned_by_other'],
      ['AB1', 'invalid'],
      [fresh, 'already_yours'],
    ]);
    const rows = await ctx.database.db.select().from(savedTracks).where(eq(savedTracks.userId, c.user.id));
    expect(rows.map((r) => r.trackCode).sort()).toEqual([fresh, mine, savedByOther.code, unclaimed.code].sort());
    // The claimed parcel is theirs now, as a single save makes it.
    const orders = await call('GET', `/saved-tracks`, { token: c.token });
    const claimed = (orders.json.data as { track_code: string; order: { id: number } | null }[]).find(
      (t) => t.track_code === unclaimed.code,
    );
    expect(claimed?.order?.id).toBe(unclaimed.id);
  });

  it(`caps a paste at ${BULK_TRACKS_MAX} codes and each code's length, and refuses what is not a list (422, nothing saved)`, async () => {
    const c = await aCustomer(ctx);
    const many = Array.from({ length: BULK_TRACKS_MAX + 1 }, () => newCode('CP'));
    for (const codes of [many, [], ['x'.repeat(201)], 'YT1234567890', [12345678], null]) {
      const res = await bulk(c.token, codes);
      expect(res.status, JSON.stringify(codes).slice(0, 40)).toBe(422);
    }
    const ru = await bulk(c.token, many, 'ru');
    expect(ru.json.message).toMatch(/[А-Яа-я]/);
    expect(await ctx.database.db.select().from(savedTracks).where(eq(savedTracks.userId, c.user.id))).toEqual([]);
    const huge = await call('POST', '/save-tracks', {
      token: c.token,
      rawBody: JSON.stringify({ codes: ['A'.repeat(40_000)] }),
      headers: { 'content-type': 'application/json' },
    });
    expect(huge.status).toBe(413);
    expect((await call('POST', '/save-tracks', { body: { codes: ['YT1234567890'] } })).status).toBe(401);
  });

  it('saves each code once when the same paste is sent twice at once (parallel bursts)', async () => {
    const c = await aCustomer(ctx);
    const codes = Array.from({ length: 8 }, () => newCode('BU'));
    const unclaimed = await parcelIn(ctx, 'unclaimed');
    const paste = [...codes, unclaimed.code];
    const answers = await Promise.all([bulk(c.token, paste), bulk(c.token, [...paste].reverse()), bulk(c.token, paste)]);
    for (const a of answers) expect(a.status).toBe(200);
    for (const code of paste) {
      const results = answers.map((a) => (a.json.data as Line[]).find((l) => l.code === code)!.result);
      expect(
        results.filter((r) => r === 'already_yours'),
        code,
      ).toHaveLength(2);
    }
    const rows = await ctx.database.db
      .select()
      .from(savedTracks)
      .where(and(eq(savedTracks.userId, c.user.id), inArray(savedTracks.trackCode, paste)));
    expect(rows).toHaveLength(paste.length);
  });
});
