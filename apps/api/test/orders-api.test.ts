import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { orderPagesRepository } from '../src/modules/orders/order-pages-repository';
import { client, createTestApp, login, DEMO, registerCustomer, type TestContext } from './helpers';
import { makeOrder } from './orders-fixtures';

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

describe('GET orders/statuses', () => {
  it("lists every status in lifecycle order, named in the request language, with only the caller's not-archived counts", async () => {
    const a = await registerCustomer(ctx);
    const b = await registerCustomer(ctx);
    await makeOrder(ctx.database.db, { userId: a.user.id, status: 'china_warehouse' });
    await makeOrder(ctx.database.db, { userId: a.user.id, status: 'china_warehouse' });
    await makeOrder(ctx.database.db, { userId: a.user.id, status: 'at_branch' });
    await makeOrder(ctx.database.db, { userId: a.user.id, status: 'delivered', archived: true });
    await makeOrder(ctx.database.db, { userId: b.user.id, status: 'in_transit' });

    const en = await call('GET', '/orders/statuses', { token: a.token, lang: 'en' });
    expect(en.status).toBe(200);
    expect(en.headers['cache-control']).toBe('no-store');
    expect(en.json.data.map((s: { code: string; name: string; count: number }) => [s.code, s.name, s.count])).toEqual([
      ['china_warehouse', 'At China warehouse', 2],
      ['in_transit', 'In transit', 0],
      ['at_branch', 'At pickup point', 1],
      ['delivered', 'Delivered', 0],
    ]);
    const kk = await call('GET', '/orders/statuses', { token: a.token, lang: 'kk' });
    expect(kk.json.data[1].name).toBe('Жолда');
    const ru = await call('GET', '/orders/statuses', { token: a.token });
    expect(ru.json.data[0].name).toBe('На складе в Китае');
  });

  it('answers 401 without a token', async () => {
    expect((await call('GET', '/orders/statuses')).status).toBe(401);
  });
});

describe('GET orders/status/{statusId}/orders', () => {
  it("pages the caller's orders newest first: default 10, last page, past the end, archived excluded", async () => {
    const c = await registerCustomer(ctx);
    const ids: number[] = [];
    for (let i = 0; i < 23; i += 1)
      ids.push((await makeOrder(ctx.database.db, { userId: c.user.id, status: 'in_transit', name: `Item ${i}` })).id);
    await makeOrder(ctx.database.db, { userId: c.user.id, status: 'delivered', archived: true });
    const url = `/orders/status/${statusId.in_transit}/orders`;

    const first = await call('GET', url, { token: c.token });
    expect(first.status).toBe(200);
    expect(first.json.meta).toEqual({ current_page: 1, per_page: 10, total: 23, last_page: 3, next_cursor: expect.any(String) });
    expect(first.json.data.map((o: { id: number }) => o.id)).toEqual([...ids].reverse().slice(0, 10));

    const last = await call('GET', `${url}?filters[page]=3`, { token: c.token });
    expect(last.json.data.map((o: { id: number }) => o.id)).toEqual([ids[2], ids[1], ids[0]]);
    expect(last.json.meta).toMatchObject({ current_page: 3, last_page: 3, next_cursor: null });

    const past = await call('GET', `${url}?filters[page]=4`, { token: c.token });
    expect(past.status).toBe(200);
    expect(past.json.data).toEqual([]);
    expect(past.json.meta.total).toBe(23);

    const big = await call('GET', `${url}?filters[per_page]=100`, { token: c.token });
    expect(big.json.data).toHaveLength(23);
    expect(big.json.meta.last_page).toBe(1);

    const delivered = await call('GET', `/orders/status/${statusId.delivered}/orders`, { token: c.token });
    expect(delivered.json.data).toEqual([]);
  });

  it('refuses bad paging values with 422 and an unknown status with 404', async () => {
    const { token } = await registerCustomer(ctx);
    const url = `/orders/status/${statusId.china_warehouse}/orders`;
    for (const q of [
      'filters[per_page]=0',
      'filters[per_page]=101',
      'filters[per_page]=abc',
      'filters[page]=0',
      'filters[page]=-1',
      'filters[page]=x',
      'filters[per_page]=2.5',
    ]) {
      const res = await call('GET', `${url}?${q}`, { token, lang: 'en' });
      expect(res.status, q).toBe(422);
      expect(res.json.code).toBe('validation_failed');
    }
    expect((await call('GET', `/orders/status/999/orders`, { token })).status).toBe(404);
    expect((await call('GET', `/orders/status/abc/orders`, { token })).status).toBe(422);
  });

  it('carries what a card shows: price only from at_branch on, days in transit, storage day, photos', async () => {
    const c = await registerCustomer(ctx);
    const transit = await makeOrder(ctx.database.db, {
      userId: c.user.id,
      status: 'in_transit',
      weight: 1.5,
      name: 'Boots',
      receivedDaysAgo: 6,
    });
    const branch = await makeOrder(ctx.database.db, { userId: c.user.id, status: 'at_branch', weight: 2, receivedDaysAgo: 20 });
    const [t] = (await call('GET', `/orders/status/${statusId.in_transit}/orders`, { token: c.token, lang: 'en' })).json.data;
    expect(t).toMatchObject({
      id: transit.id,
      track_code: transit.trackCode,
      name: 'Boots',
      weight: 1.5,
      price: null,
      currency: null,
      days_in_transit: 6,
      arrived_at: null,
      storage_until: null,
      archived: false,
    });
    expect(t.status).toEqual({ id: statusId.in_transit, code: 'in_transit', name: 'In transit' });
    const [b] = (await call('GET', `/orders/status/${statusId.at_branch}/orders`, { token: c.token })).json.data;
    expect(b.id).toBe(branch.id);
    // First registered branch (Almaty — Tole Bi): 1890 KZT/kg; arrived 11 days after receipt (2 + 9), 14 free days.
    expect(b.price).toBe(3780);
    expect(b.currency).toBe('KZT');
    expect(b.days_in_transit).toBe(11);
    expect(b.storage_until).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(b.arrived_at).not.toBeNull();
  });

  it('reads the list through the partial index orders_user_status_idx, not the whole table', async () => {
    const db = ctx.database.db;
    // Enough other rows that a scan of the table would cost more than the index.
    await db.execute(sql`insert into orders (track_code, weight, status_id, received_at)
      select 'FILL' || g, 1, ${statusId.in_transit}, now() from generate_series(1, 5000) g`);
    await db.execute(sql`analyze orders`);
    const c = await registerCustomer(ctx);
    for (let i = 0; i < 3; i += 1) await makeOrder(db, { userId: c.user.id, status: 'in_transit' });
    // A numbered page, a deep one and a cursor page: each reads the customer's index entries, never the table.
    const first = orderPagesRepository.pageByStatusQueries(db, c.user.id, statusId.in_transit!, { page: 1, perPage: 10 });
    const deep = orderPagesRepository.pageByStatusQueries(db, c.user.id, statusId.in_transit!, { page: 500, perPage: 10 });
    const after = orderPagesRepository.pageByStatusQueries(db, c.user.id, statusId.in_transit!, { afterId: 1_000_000, perPage: 10 });
    const explain = async (q: { toSQL: () => { sql: string; params: unknown[] } }) => {
      const { sql: text, params } = q.toSQL();
      const inlined = text.replace(/\$(\d+)/g, (_m, i: string) => String(params[Number(i) - 1]));
      const plan = (await db.execute(sql.raw(`explain ${inlined}`))) as unknown as { rows: Record<string, string>[] };
      return plan.rows.map((r) => Object.values(r)[0]).join('\n');
    };
    // The numbered page as it runs (status, rows and count in one statement), first and deep.
    const numbered = (page: number) =>
      orderPagesRepository.numberedPageQuery(db, { userId: c.user.id, statusId: statusId.in_transit!, limit: 11, offset: (page - 1) * 10 });
    for (const q of [numbered(1), numbered(500)]) {
      const lines = await explain(q);
      expect(lines).toMatch(/Index Only Scan using orders_user_status_idx/);
      expect(lines).not.toMatch(/Seq Scan on orders/);
    }
    for (const q of [first.rows, first.total, deep.rows, after.rows]) {
      const lines = await explain(q);
      expect(lines).toContain('orders_user_status_idx');
      expect(lines).not.toMatch(/Seq Scan on orders/);
    }
    // The page's ids come in the index's own order (id desc): read up to the page's end, never all sorted.
    for (const q of [first.ids, deep.ids, after.ids]) {
      const lines = await explain(q);
      expect(lines).toMatch(/Index Only Scan using orders_user_status_idx/);
      expect(lines).not.toMatch(/Sort/);
    }
  });
});

describe('GET orders/{id} and the timeline', () => {
  it('answers the order with branch, tariff and receipt id once delivered', async () => {
    const c = await registerCustomer(ctx);
    const o = await makeOrder(ctx.database.db, { userId: c.user.id, status: 'delivered', weight: 3 });
    await ctx.database.db.execute(sql`update orders set receipt_id = 77 where id = ${o.id}`);
    await ctx.database.db.execute(
      sql`insert into parcel_photos (order_id, kind, key, thumb_key) values (${o.id}, 'intake', 'parcels/a.webp', 'parcels/a-t.webp')`,
    );
    const res = await call('GET', `/orders/${o.id}`, { token: c.token, lang: 'en' });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({
      id: o.id,
      tariff: 1890,
      price: 5670,
      receipt_id: 77,
      // Signed addresses for the owner (ADR 081; parcel-photos.test.ts serves them), no staff name.
      photos: [
        {
          kind: 'intake',
          url: expect.stringMatching(/^\/uploads\/parcels\/a\.webp\?exp=\d+&sig=[\w-]{43}$/),
          thumb_url: expect.stringMatching(/^\/uploads\/parcels\/a-t\.webp\?exp=/),
          taken_by: null,
        },
      ],
      archived: false,
      archived_at: null,
    });
    expect(res.json.data.branch.name).toBe('Almaty — Tole Bi');
    expect(res.json.data.delivered_at).not.toBeNull();
    expect((await call('GET', `/orders/999999`, { token: c.token })).status).toBe(404);
    expect((await call('GET', `/orders/abc`, { token: c.token })).status).toBe(422);
  });

  it('shows steps done with their times and place, and steps still pending', async () => {
    const c = await registerCustomer(ctx);
    const o = await makeOrder(ctx.database.db, { userId: c.user.id, status: 'in_transit', name: 'Lamp' });
    const res = await call('GET', `/orders/${o.id}/status/pending`, { token: c.token, lang: 'en' });
    expect(res.status).toBe(200);
    const { order, steps, history } = res.json.data;
    expect(order).toMatchObject({ id: o.id, name: 'Lamp', status: { code: 'in_transit' } });
    expect(steps.map((s: { status: { code: string }; done: boolean; current: boolean }) => [s.status.code, s.done, s.current])).toEqual([
      ['china_warehouse', true, false],
      ['in_transit', true, true],
      ['at_branch', false, false],
      ['delivered', false, false],
    ]);
    expect(steps[0].at).not.toBeNull();
    expect(new Date(steps[1].at).getTime()).toBeGreaterThan(new Date(steps[0].at).getTime());
    expect(steps[2].at).toBeNull();
    expect(history.map((h: { action: string }) => h.action)).toEqual(['received', 'dispatched']);

    const d = await makeOrder(ctx.database.db, { userId: c.user.id, status: 'delivered' });
    const done = (await call('GET', `/orders/${d.id}/status/pending`, { token: c.token, lang: 'en' })).json.data.steps;
    expect(done.every((s: { done: boolean }) => s.done)).toBe(true);
    expect(done[2].place).toBe('Almaty — Tole Bi');
  });
});

describe('archive, restore and rename', () => {
  it('archives only delivered orders; the archive lists them apart and restore brings them back', async () => {
    const c = await registerCustomer(ctx);
    const transit = await makeOrder(ctx.database.db, { userId: c.user.id, status: 'in_transit' });
    const atBranch = await makeOrder(ctx.database.db, { userId: c.user.id, status: 'at_branch' });
    const done = await makeOrder(ctx.database.db, { userId: c.user.id, status: 'delivered' });

    for (const id of [transit.id, atBranch.id]) {
      const res = await call('POST', `/orders/${id}/archive`, { token: c.token, lang: 'en' });
      expect(res.status).toBe(409);
      expect(res.json.code).toBe('invalid_state');
    }
    const archived = await call('POST', `/orders/${done.id}/archive`, { token: c.token });
    expect(archived.status).toBe(200);
    expect(archived.json.data.archived).toBe(true);
    // Twice is harmless.
    expect((await call('POST', `/orders/${done.id}/archive`, { token: c.token })).status).toBe(200);

    const statuses = (await call('GET', '/orders/statuses', { token: c.token })).json.data;
    expect(statuses.find((s: { code: string }) => s.code === 'delivered').count).toBe(0);
    expect((await call('GET', `/orders/status/${statusId.delivered}/orders`, { token: c.token })).json.data).toEqual([]);
    const list = await call('GET', '/orders/archived', { token: c.token });
    expect(list.status).toBe(200);
    expect(list.json.data.map((o: { id: number }) => o.id)).toEqual([done.id]);
    expect(list.json.meta).toEqual({ current_page: 1, per_page: 10, total: 1, last_page: 1, next_cursor: null });
    expect((await call('GET', '/orders/archived?filters[per_page]=101', { token: c.token })).status).toBe(422);

    const restored = await call('POST', `/orders/${done.id}/unarchive`, { token: c.token });
    expect(restored.status).toBe(200);
    expect(restored.json.data.archived).toBe(false);
    expect((await call('GET', '/orders/archived', { token: c.token })).json.data).toEqual([]);
    expect((await call('GET', `/orders/status/${statusId.delivered}/orders`, { token: c.token })).json.data[0].id).toBe(done.id);
  });

  it('pages the archive exactly: per_page rows a page, the rest on the last, none twice', async () => {
    const c = await registerCustomer(ctx);
    const made: number[] = [];
    for (let i = 0; i < 12; i++)
      made.push((await makeOrder(ctx.database.db, { userId: c.user.id, status: 'delivered', archived: true })).id);
    const pages = [];
    for (const page of [1, 2, 3, 4]) {
      const res = await call('GET', `/orders/archived?filters[per_page]=5&filters[page]=${page}`, { token: c.token });
      expect(res.status).toBe(200);
      expect(res.json.meta).toMatchObject({ current_page: page, per_page: 5, total: 12, last_page: 3 });
      expect(res.json.meta.next_cursor === null).toBe(page >= 3);
      pages.push(res.json.data.map((o: { id: number }) => o.id));
    }
    expect(pages.map((p) => p.length)).toEqual([5, 5, 2, 0]);
    expect(pages.flat().sort((a, b) => a - b)).toEqual([...made].sort((a, b) => a - b));
    const one = await call('GET', '/orders/archived?filters[per_page]=1', { token: c.token });
    expect(one.json.data).toHaveLength(1);
  });

  it('renames an order, refusing an empty or overlong name', async () => {
    const c = await registerCustomer(ctx);
    const o = await makeOrder(ctx.database.db, { userId: c.user.id, status: 'china_warehouse', name: 'Old' });
    const res = await call('POST', `/orders/${o.id}/change-name`, { token: c.token, body: { name: '  Winter boots  ' } });
    expect(res.status).toBe(200);
    expect(res.json.data.name).toBe('Winter boots');
    expect((await call('GET', `/orders/${o.id}`, { token: c.token })).json.data.name).toBe('Winter boots');
    for (const body of [{ name: '' }, { name: '   ' }, { name: 'x'.repeat(101) }, {}, { name: 'ok', extra: 1 }]) {
      const bad = await call('POST', `/orders/${o.id}/change-name`, { token: c.token, body, lang: 'en' });
      expect(bad.status, JSON.stringify(body)).toBe(422);
      expect(bad.json.errors).toBeTruthy();
    }
    expect((await call('GET', `/orders/${o.id}`, { token: c.token })).json.data.name).toBe('Winter boots');
  });
});

describe('GET orders/lookup', () => {
  it("finds the caller's parcel, then their saved code, else nothing; normalising the code", async () => {
    const c = await registerCustomer(ctx);
    const o = await makeOrder(ctx.database.db, { userId: c.user.id, status: 'at_branch', trackCode: 'LOOKUP123456' });
    const found = await call('GET', '/orders/lookup?track_code=%20lookup%20123456', { token: c.token });
    expect(found.status).toBe(200);
    expect(found.json.data).toMatchObject({ track_code: 'LOOKUP123456', found: 'order', order: { id: o.id }, saved_track: null });

    await call('POST', '/save-track', { token: c.token, body: { track_code: 'WAITING00001', name: 'Gift' } });
    const saved = await call('GET', '/orders/lookup?track_code=WAITING00001', { token: c.token });
    expect(saved.json.data).toMatchObject({
      found: 'saved_track',
      order: null,
      saved_track: { track_code: 'WAITING00001', name: 'Gift', order: null },
    });

    const none = await call('GET', '/orders/lookup?track_code=NOPE000000', { token: c.token });
    expect(none.json.data).toEqual({ track_code: 'NOPE000000', found: null, order: null, saved_track: null });
    expect((await call('GET', '/orders/lookup?track_code=ab', { token: c.token })).status).toBe(422);
    expect((await call('GET', '/orders/lookup', { token: c.token })).status).toBe(422);
  });
});

describe('GET qr', () => {
  it('answers a signed token the staff side verifies, with client code and name', async () => {
    const c = await registerCustomer(ctx, { first_name: 'Aruzhan', last_name: 'Bekova' });
    const res = await call('GET', '/qr', { token: c.token });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json.data).toMatchObject({
      client_code: c.user.client_code,
      first_name: 'Aruzhan',
      last_name: 'Bekova',
      full_name: 'Aruzhan Bekova',
    });
    const verified = await ctx.app.qr.verify(res.json.data.token);
    expect(verified).toEqual({ userId: c.user.id, version: 1, clientCode: c.user.client_code });
    expect(await ctx.app.qr.verify(res.json.data.token.slice(0, -2) + 'xx')).toBeNull();
    expect((await call('GET', '/qr')).status).toBe(401);
  });
});

describe('demo data', () => {
  it('gives the demo customer parcels in every status, archived ones, saved tracks and unread notifications', async () => {
    const { token } = await login(ctx.app, DEMO.customer);
    const statuses = (await call('GET', '/orders/statuses', { token })).json.data;
    for (const s of statuses) expect(s.count, s.code).toBeGreaterThan(0);
    expect(statuses.find((s: { code: string }) => s.code === 'delivered').count).toBeGreaterThan(10);
    expect((await call('GET', '/orders/archived', { token })).json.meta.total).toBeGreaterThanOrEqual(2);
    const tracks = (await call('GET', '/saved-tracks', { token })).json.data;
    expect(tracks.some((t: { order: unknown }) => t.order === null)).toBe(true);
    expect(tracks.some((t: { order: unknown }) => t.order !== null)).toBe(true);
    const me = (await call('GET', '/auth/user', { token })).json.data;
    for (const type of ['orders', 'news', 'system']) expect(me.notifications[type].unread, type).toBeGreaterThan(0);
  });
});

describe('the order list checks the session in its own statement', () => {
  it('answers only a live session of the token’s user: logged out, blocked, or a token naming another user is 401 with no rows', async () => {
    const a = await registerCustomer(ctx);
    const b = await registerCustomer(ctx);
    await makeOrder(ctx.database.db, { userId: a.user.id, status: 'in_transit' });
    await makeOrder(ctx.database.db, { userId: b.user.id, status: 'in_transit' });
    const list = (token: string, id = statusId.in_transit) => call('GET', `/orders/status/${id}/orders`, { token });

    const ok = await list(a.token);
    expect(ok.status).toBe(200);
    expect(ok.json.data).toHaveLength(1);
    expect((await list(a.token, 999_999)).status).toBe(404);

    // A's session, signed as B (only someone with the secret could): never B's rows.
    const claims = (await ctx.app.tokens.verify(a.token)) as { claims: { sessionId: string; jti: string; iat: number } };
    const forged = await ctx.app.tokens.sign({ ...claims.claims, userId: b.user.id });
    const asB = await list(forged);
    expect(asB.status).toBe(401);
    expect(asB.json.data).toBeUndefined();

    await ctx.database.db.execute(sql`update users set blocked_at = now() where id = ${b.user.id}`);
    expect((await list(b.token)).status).toBe(401);

    expect((await call('POST', '/auth/logout', { token: a.token })).status).toBe(200);
    expect((await list(a.token)).status).toBe(401);
    expect((await list(a.token, 999_999)).status).toBe(401);
  });

  it('reads the same rows as numberedPage: every status and page of the demo customer, microsecond times, fractional weights', async () => {
    const { token, user } = await login(ctx.app, DEMO.customer);
    const { claims } = (await ctx.app.tokens.verify(token)) as { claims: { sessionId: string } };
    const db = ctx.database.db;
    await db.execute(sql`update orders set weight = 1.235, received_at = received_at + interval '123 microseconds'
      where id = (select max(id) from orders where user_id = ${user.id})`);
    for (const id of Object.values(statusId)) {
      for (const page of [1, 2]) {
        const at = { page, perPage: 3 };
        const plain = await orderPagesRepository.numberedPage(db, user.id, id, at);
        const withSession = await orderPagesRepository.numberedPageWithSession(db, claims.sessionId, user.id, id, at);
        expect(withSession).toMatchObject({ status: plain.status, total: plain.total });
        expect(withSession!.rows).toEqual(plain.rows);
        expect(withSession!.session.id).toBe(claims.sessionId);
        expect(withSession!.user.id).toBe(user.id);
      }
    }
    expect(
      await orderPagesRepository.numberedPageWithSession(db, '00000000-0000-4000-8000-000000000000', user.id, statusId.in_transit!, {
        page: 1,
        perPage: 3,
      }),
    ).toBeUndefined();
  });
});
