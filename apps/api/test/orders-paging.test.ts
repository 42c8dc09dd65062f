import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { client, createTestApp, login, DEMO, registerCustomer, type TestContext } from './helpers';
import { makeOrder, newTrackCode } from './orders-fixtures';

/**
 * Paging by number and by cursor (ADR 062): every row once, in order, while rows are added between calls; cursors
 * that are not the caller's, not this list's, or not cursors at all answer 422 and reveal nothing.
 */
let ctx: TestContext;
let call: ReturnType<typeof client>;
let statusId: Record<string, number>;

beforeAll(async () => {
  ctx = await createTestApp();
  call = client(ctx.app);
  const { token } = await login(ctx.app, DEMO.customer);
  const res = await call('GET', '/orders/statuses', { token });
  statusId = Object.fromEntries(res.json.data.map((s: { code: string; id: number }) => [s.code, s.id]));
});
afterAll(async () => ctx.close());

type Page = { data: { id: number }[]; meta: { next_cursor: string | null; total?: number; current_page?: number } };
const ids = (page: Page) => page.data.map((r) => r.id);
const withParam = (url: string, q: string) => `${url}${url.includes('?') ? '&' : '?'}${q}`;

/** Follows next_cursor from the first page to the end, calling `between` before each next page; every page's ids. */
async function walk(token: string, url: string, between: (step: number) => Promise<void> = async () => {}) {
  const pages: number[][] = [];
  let res = await call('GET', url, { token });
  expect(res.status).toBe(200);
  pages.push(ids(res.json));
  for (let step = 0; res.json.meta.next_cursor; step += 1) {
    expect(step).toBeLessThan(100);
    await between(step);
    res = await call('GET', withParam(url, `filters[after]=${res.json.meta.next_cursor}`), { token });
    expect(res.status).toBe(200);
    expect(Object.keys(res.json.meta).sort()).toEqual(['next_cursor', 'per_page']); // a cursor page counts nothing
    pages.push(ids(res.json));
  }
  return pages;
}

describe('GET orders/status/{statusId}/orders by page and by cursor', () => {
  it('gives every order once, newest first, by numbered pages and by cursor, with next_cursor on both', async () => {
    const c = await registerCustomer(ctx);
    const made: number[] = [];
    for (let i = 0; i < 34; i += 1) made.push((await makeOrder(ctx.database.db, { userId: c.user.id, status: 'in_transit' })).id);
    const expected = [...made].reverse();
    const url = `/orders/status/${statusId.in_transit}/orders?filters[per_page]=10`;

    const numbered: number[][] = [];
    for (let page = 1; page <= 4; page += 1) {
      const res = await call('GET', `${url}&filters[page]=${page}`, { token: c.token });
      expect(res.json.meta).toMatchObject({ current_page: page, per_page: 10, total: 34, last_page: 4 });
      expect(res.json.meta.next_cursor === null).toBe(page === 4);
      numbered.push(ids(res.json));
    }
    expect(numbered.flat()).toEqual(expected);
    expect(await walk(c.token, url)).toEqual(numbered);

    // A numbered page's next_cursor goes on exactly where the page ended.
    const second = await call('GET', `${url}&filters[page]=2`, { token: c.token });
    const third = await call('GET', `${url}&filters[after]=${second.json.meta.next_cursor}`, { token: c.token });
    expect(ids(third.json)).toEqual(numbered[2]);
    expect(third.json.meta.next_cursor).toEqual(expect.any(String));
  });

  it('never repeats or skips a row while orders are added and moved between the calls', async () => {
    const c = await registerCustomer(ctx);
    const made: number[] = [];
    for (let i = 0; i < 25; i += 1) made.push((await makeOrder(ctx.database.db, { userId: c.user.id, status: 'at_branch' })).id);
    const url = `/orders/status/${statusId.at_branch}/orders?filters[per_page]=5`;
    const added: number[] = [];
    const pages = await walk(c.token, url, async (step) => {
      // New parcels arrive (newer than anything listed) and one not yet listed is delivered (leaves the list).
      added.push((await makeOrder(ctx.database.db, { userId: c.user.id, status: 'at_branch' })).id);
      if (step === 1) await ctx.database.db.execute(sql`update orders set status_id = ${statusId.delivered} where id = ${made[3]}`);
    });
    const seen = pages.flat();
    expect(seen).toEqual([...made].reverse().filter((id) => id !== made[3]));
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.some((id) => added.includes(id))).toBe(false);
  });

  it('answers an empty last cursor page after the last row was removed meanwhile', async () => {
    const c = await registerCustomer(ctx);
    const made: number[] = [];
    for (let i = 0; i < 3; i += 1) made.push((await makeOrder(ctx.database.db, { userId: c.user.id, status: 'china_warehouse' })).id);
    const url = `/orders/status/${statusId.china_warehouse}/orders?filters[per_page]=2`;
    const first = await call('GET', url, { token: c.token });
    await ctx.database.db.execute(sql`update orders set status_id = ${statusId.in_transit} where id = ${made[0]}`);
    const next = await call('GET', `${url}&filters[after]=${first.json.meta.next_cursor}`, { token: c.token });
    expect(next.status).toBe(200);
    expect(next.json).toEqual({ data: [], meta: { per_page: 2, next_cursor: null } });
  });
});

describe('GET orders/archived by cursor', () => {
  it('keeps the order of archive time and id exactly, ties and microseconds included', async () => {
    const c = await registerCustomer(ctx);
    const made: number[] = [];
    for (let i = 0; i < 13; i += 1)
      made.push((await makeOrder(ctx.database.db, { userId: c.user.id, status: 'delivered', archived: true })).id);
    // Four share one instant, others differ below the millisecond (a JavaScript date would lose the difference).
    const at = (i: number) => (i < 4 ? '2026-03-01 10:00:00.123456+00' : `2026-03-01 10:00:00.123${String(100 + i).padStart(3, '0')}+00`);
    for (const [i, id] of made.entries())
      await ctx.database.db.execute(sql`update orders set archived_at = ${at(i)}::timestamptz where id = ${id}`);
    const expected = made
      .map((id, i) => ({ id, at: at(i) }))
      .sort((a, b) => (a.at === b.at ? b.id - a.id : a.at < b.at ? 1 : -1))
      .map((r) => r.id);

    const url = '/orders/archived?filters[per_page]=3';
    const byNumber: number[] = [];
    for (let page = 1; page <= 5; page += 1)
      byNumber.push(...ids((await call('GET', `${url}&filters[page]=${page}`, { token: c.token })).json));
    expect(byNumber).toEqual(expected);
    const pages = await walk(c.token, url, async () => {
      await makeOrder(ctx.database.db, { userId: c.user.id, status: 'delivered', archived: true }); // archived now: newest
    });
    expect(pages.flat()).toEqual(expected);
  });
});

describe('GET saved-tracks by cursor', () => {
  it('gives every saved code once while the customer saves more between the calls', async () => {
    const c = await registerCustomer(ctx);
    const codes: string[] = [];
    for (let i = 0; i < 7; i += 1) {
      codes.push(newTrackCode('CP'));
      expect((await call('POST', '/save-track', { token: c.token, body: { track_code: codes.at(-1) } })).status).toBe(200);
    }
    const pages: string[][] = [];
    let res = await call('GET', '/saved-tracks?filters[per_page]=3', { token: c.token });
    pages.push(res.json.data.map((t: { track_code: string }) => t.track_code));
    while (res.json.meta.next_cursor) {
      await call('POST', '/save-track', { token: c.token, body: { track_code: newTrackCode('CN') } });
      res = await call('GET', `/saved-tracks?filters[per_page]=3&filters[after]=${res.json.meta.next_cursor}`, { token: c.token });
      expect(res.status).toBe(200);
      pages.push(res.json.data.map((t: { track_code: string }) => t.track_code));
    }
    expect(pages.flat()).toEqual([...codes].reverse());
    expect(pages.map((p) => p.length)).toEqual([3, 3, 1]);
  });
});

describe('cursors that are not this list’s', () => {
  const b64 = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url');

  it('answers 422 for malformed, forged or mixed cursors (never 500), naming filters[after]', async () => {
    const c = await registerCustomer(ctx);
    await makeOrder(ctx.database.db, { userId: c.user.id, status: 'in_transit' });
    const u = c.user.id;
    const status = `/orders/status/${statusId.in_transit}/orders`;
    const bad = [
      'x y',
      '%%%',
      'a'.repeat(201),
      b64('not json'),
      b64({ list: 1 }),
      b64([]),
      b64(['status:1']),
      b64([`status:${statusId.in_transit}`, u]),
      b64([`status:${statusId.in_transit}`, u, 0]),
      b64([`status:${statusId.in_transit}`, u, -5]),
      b64([`status:${statusId.in_transit}`, u, 1.5]),
      b64([`status:${statusId.in_transit}`, u, 2 ** 40]),
      b64([`status:${statusId.in_transit}`, u, '12']),
      b64([`status:${statusId.in_transit}`, u, 12, 13]),
      b64([`status:${statusId.in_transit}`, String(u), 12]),
      b64([`status:${statusId.delivered}`, u, 12]), // another status's list
      b64(['archived', u, '1', 12]), // the archive's
    ];
    for (const cursor of bad) {
      const res = await call('GET', `${status}?filters[after]=${encodeURIComponent(cursor)}`, { token: c.token, lang: 'en' });
      expect(res.status, cursor).toBe(422);
      expect(res.json.code).toBe('validation_failed');
      expect(Object.keys(res.json.errors)).toEqual(['filters[after]']);
    }
    for (const cursor of [b64(['archived', u, 'x', 1]), b64(['archived', u, '1'.repeat(18), 1]), b64(['archived', u, '-1', 1])]) {
      expect((await call('GET', `/orders/archived?filters[after]=${cursor}`, { token: c.token })).status, cursor).toBe(422);
    }
    for (const cursor of [b64([`status:${statusId.in_transit}`, u, 12]), b64(['saved-tracks', u, 0])]) {
      expect((await call('GET', `/saved-tracks?filters[after]=${cursor}`, { token: c.token })).status, cursor).toBe(422);
    }
    // A cursor and a page number at once: which one was meant is unclear.
    const ok = b64([`status:${statusId.in_transit}`, u, 12]);
    expect((await call('GET', `${status}?filters[after]=${ok}`, { token: c.token })).status).toBe(200);
    const both = await call('GET', `${status}?filters[after]=${ok}&filters[page]=2`, { token: c.token });
    expect(both.status).toBe(422);
    expect(Object.keys(both.json.errors)).toEqual(['filters[page]']);
  });

  it("answers someone else's cursor exactly like a malformed one: nothing of theirs, not even that it was theirs", async () => {
    const a = await registerCustomer(ctx);
    const b = await registerCustomer(ctx);
    for (let i = 0; i < 3; i += 1) {
      await makeOrder(ctx.database.db, { userId: a.user.id, status: 'in_transit' });
      await makeOrder(ctx.database.db, { userId: b.user.id, status: 'in_transit' });
      await call('POST', '/save-track', { token: a.token, body: { track_code: newTrackCode('OA') } });
      await makeOrder(ctx.database.db, { userId: a.user.id, status: 'delivered', archived: true });
    }
    const lists = [
      `/orders/status/${statusId.in_transit}/orders?filters[per_page]=1`,
      '/orders/archived?filters[per_page]=1',
      '/saved-tracks?filters[per_page]=1',
    ];
    for (const url of lists) {
      const cursor = (await call('GET', url, { token: a.token })).json.meta.next_cursor;
      expect(cursor, url).toEqual(expect.any(String));
      expect((await call('GET', `${url}&filters[after]=${cursor}`, { token: a.token })).status).toBe(200);
      const theirs = await call('GET', `${url}&filters[after]=${cursor}`, { token: b.token, lang: 'en' });
      const garbage = await call('GET', `${url}&filters[after]=${b64('garbage')}`, { token: b.token, lang: 'en' });
      expect(theirs.status, url).toBe(422);
      expect(theirs.json).toEqual(garbage.json);
    }
  });
});
