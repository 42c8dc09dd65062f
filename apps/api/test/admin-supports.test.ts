import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, supportMessages, users } from '../src/db/schema';
import { expectAdminOnly, roleTokens, type RoleTokens } from './admin-helpers';
import { client, createTestApp, registerCustomer, type TestContext } from './helpers';

let ctx: TestContext;
let tokens: RoleTokens;
let call: ReturnType<typeof client>;
let admin: string;
let ipCounter = 0;
const freshIp = () => `10.77.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

beforeAll(async () => {
  ctx = await createTestApp();
  call = client(ctx.app);
  const customer = await registerCustomer(ctx);
  tokens = await roleTokens(ctx, customer.token);
  admin = tokens.admin;
});
afterAll(async () => {
  await ctx?.close();
});

type Customer = Awaited<ReturnType<typeof registerCustomer>>;

async function sendRequest(customer: Customer | null, message = 'Where is my parcel from Taobao? It left a week ago.', category = 'order') {
  const res = await call('POST', '/supports', {
    token: customer?.token,
    ip: freshIp(),
    body: { category, message, contact: customer?.phone ?? 'guest@example.com', name: 'Асем' },
  });
  expect(res.status, res.body).toBe(201);
  return res.json.data.id as number;
}

async function auditOf(id: number, action: string) {
  const res = await call('GET', `/admin/audit?filters[target_type]=support_request&filters[target_id]=${id}&filters[action]=${action}`, {
    token: admin,
  });
  return res.json.data as Array<{ before: any; after: any; actor_role: string; actor_id: number }>;
}

const messageCount = async (id: number) =>
  (await ctx.database.db.select().from(supportMessages).where(eq(supportMessages.requestId, id))).length;

describe('support inbox: role matrix', () => {
  it('every inbox call is for admins only; the others change nothing', async () => {
    const id = await sendRequest(null);
    await expectAdminOnly(ctx, tokens, 'GET', '/admin/supports');
    await expectAdminOnly(ctx, tokens, 'GET', `/admin/supports/${id}`);
    expect(await messageCount(id)).toBe(0);
    for (const [url, body] of [
      [`/admin/supports/${id}/replies`, { body: 'We are on it' }],
      [`/admin/supports/${id}/assign`, { user_id: null }],
    ] as const) {
      const anonymous = await call('POST', url, { body });
      expect(anonymous.status).toBe(401);
      for (const role of ['customer', 'warehouse', 'branch'] as const)
        expect((await call('POST', url, { body, token: tokens[role] })).status, `${url} as ${role}`).toBe(403);
    }
    for (const role of ['customer', 'warehouse', 'branch'] as const)
      expect((await call('POST', `/admin/supports/${id}/close`, { token: tokens[role] })).status).toBe(403);
    expect(await messageCount(id)).toBe(0);
    const detail = await call('GET', `/admin/supports/${id}`, { token: admin });
    expect(detail.json.data.request.state).toBe('new');
    expect(await auditOf(id, 'support')).toEqual([]);
  });
});

describe('support inbox: the office works a request', () => {
  it('lists by state, category, day and text; shows the request beside the account and parcels', async () => {
    const customer = await registerCustomer(ctx);
    const marker = `walrus${Date.now()}`;
    const id = await sendRequest(customer, `My parcel ${marker} is missing a part`, 'delivery');
    await sendRequest(null, 'A suggestion: open on Sundays please', 'suggestion');

    const byText = await call('GET', `/admin/supports?filters[search]=${marker}`, { token: admin });
    expect(byText.status).toBe(200);
    expect(byText.json.data.map((r: { id: number }) => r.id)).toEqual([id]);
    expect(byText.json.data[0]).toMatchObject({
      state: 'new',
      category: 'delivery',
      customer: { id: customer.user.id, phone_number: customer.phone },
      assignee: null,
      messages_count: 0,
    });
    const byPhone = await call('GET', `/admin/supports?filters[search]=${encodeURIComponent(customer.phone.slice(-7))}`, { token: admin });
    expect(byPhone.json.data.map((r: { id: number }) => r.id)).toContain(id);

    const delivery = await call('GET', '/admin/supports?filters[category]=delivery&filters[state]=new&filters[per_page]=100', {
      token: admin,
    });
    expect(delivery.json.data.every((r: { category: string; state: string }) => r.category === 'delivery' && r.state === 'new')).toBe(true);
    expect(delivery.json.data.map((r: { id: number }) => r.id)).toContain(id);

    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect(
      (await call('GET', `/admin/supports?filters[from]=${today}&filters[to]=${today}&filters[search]=${marker}`, { token: admin })).json
        .meta.total,
    ).toBe(1);
    expect(
      (await call('GET', `/admin/supports?filters[from]=${tomorrow}&filters[search]=${marker}`, { token: admin })).json.meta.total,
    ).toBe(0);
    const paged = await call('GET', '/admin/supports?filters[per_page]=1&filters[page]=2', { token: admin });
    expect(paged.json.data).toHaveLength(1);
    expect(paged.json.meta.total).toBeGreaterThanOrEqual(2);

    for (const bad of ['filters[state]=open', 'filters[from]=2026-13-45', 'filters[category]=x', `filters[search]=${'x'.repeat(101)}`]) {
      const res = await call('GET', `/admin/supports?${bad}`, { token: admin, lang: 'kk' });
      expect(res.status, bad).toBe(422);
    }

    const detail = await call('GET', `/admin/supports/${id}`, { token: admin });
    expect(detail.status).toBe(200);
    expect(detail.json.data.request).toMatchObject({ id, state: 'new', message: `My parcel ${marker} is missing a part`, messages: [] });
    expect(detail.json.data.customer).toMatchObject({ id: customer.user.id, client_code: customer.user.client_code, parcel_count: 0 });
    expect(detail.json.data.assignees.map((a: { role: string }) => a.role)).not.toContain('customer');
    expect((await call('GET', '/admin/supports/999999', { token: admin })).status).toBe(404);
  });

  it('a reply answers the request, is audited and notifies the customer, who follows and answers the thread', async () => {
    const customer = await registerCustomer(ctx);
    const id = await sendRequest(customer);
    const adminId =
      (await call('GET', '/auth/user', { token: admin })).json.data.user?.id ??
      (await call('GET', '/auth/user', { token: admin })).json.data.id;

    const reply = await call('POST', `/admin/supports/${id}/replies`, {
      token: admin,
      body: { body: '  It lands in Almaty on Friday.  ' },
    });
    expect(reply.status, reply.body).toBe(201);
    expect(reply.json.data).toMatchObject({ state: 'answered', assignee: { id: adminId } });
    expect(reply.json.data.messages).toMatchObject([{ side: 'office', body: 'It lands in Almaty on Friday.' }]);
    const [audit] = await auditOf(id, 'support.reply');
    expect(audit).toMatchObject({
      actor_role: 'admin',
      before: { state: 'new', assigned_to: null },
      after: { state: 'answered', assigned_to: adminId, body: 'It lands in Almaty on Friday.' },
    });

    const notes = await ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, customer.user.id), eq(notifications.event, 'support_reply')));
    expect(notes).toHaveLength(1);
    expect(notes[0]!.link).toBe(`/support?request=${id}`);
    // Rendered in the customer's own language (Russian, as registered) with the reply's words and a link to the thread.
    const shown = (await call('GET', '/auth/user', { token: customer.token })).json.data.notifications;
    expect(shown.system.data[0]).toMatchObject({
      title: `Ответ на ваше обращение №${id}`,
      body: 'It lands in Almaty on Friday.',
      link: `/support?request=${id}`,
    });

    const mine = await call('GET', '/supports', { token: customer.token });
    expect(mine.status).toBe(200);
    expect(mine.json.data).toMatchObject([{ id, state: 'answered', messages_count: 1 }]);
    const thread = await call('GET', `/supports/${id}`, { token: customer.token });
    expect(thread.json.data.messages).toMatchObject([{ side: 'office', body: 'It lands in Almaty on Friday.' }]);

    const answer = await call('POST', `/supports/${id}/replies`, {
      token: customer.token,
      body: { body: 'Thanks! Can I pick it up on Saturday?' },
    });
    expect(answer.status, answer.body).toBe(201);
    expect(answer.json.data.state).toBe('in_progress');
    expect(answer.json.data.messages.map((m: { side: string }) => m.side)).toEqual(['office', 'customer']);
    const seen = await call('GET', `/admin/supports/${id}`, { token: admin });
    expect(seen.json.data.request.messages[1]).toMatchObject({ side: 'customer', body: 'Thanks! Can I pick it up on Saturday?' });
  });

  it("someone else's request is 404 for a customer, and nothing is written", async () => {
    const owner = await registerCustomer(ctx);
    const other = await registerCustomer(ctx);
    const id = await sendRequest(owner);
    expect((await call('GET', `/supports/${id}`, { token: other.token })).status).toBe(404);
    const res = await call('POST', `/supports/${id}/replies`, { token: other.token, body: { body: 'let me in' } });
    expect(res.status).toBe(404);
    expect((await call('GET', '/supports', { token: other.token })).json.data).toEqual([]);
    expect((await call('GET', `/supports/${id}`)).status).toBe(401);
    expect(await messageCount(id)).toBe(0);
  });

  it('assigns to staff or admins only (audited); a new request goes in progress', async () => {
    const customer = await registerCustomer(ctx);
    const id = await sendRequest(customer);
    const staff = (await ctx.database.db.select().from(users).where(eq(users.phoneNumber, '+77010000003')))[0]!;
    const refused = await call('POST', `/admin/supports/${id}/assign`, { token: admin, lang: 'ru', body: { user_id: customer.user.id } });
    expect(refused.status).toBe(422);
    expect(refused.json.errors.user_id).toBeDefined();
    expect((await call('POST', `/admin/supports/${id}/assign`, { token: admin, body: { user_id: 999999 } })).status).toBe(422);
    expect(await auditOf(id, 'support.assign')).toEqual([]);

    const assigned = await call('POST', `/admin/supports/${id}/assign`, { token: admin, body: { user_id: staff.id } });
    expect(assigned.status, assigned.body).toBe(200);
    expect(assigned.json.data).toMatchObject({ state: 'in_progress', assignee: { id: staff.id } });
    const [audit] = await auditOf(id, 'support.assign');
    expect(audit).toMatchObject({ before: { state: 'new', assigned_to: null }, after: { state: 'in_progress', assigned_to: staff.id } });
    const mine = await call('GET', `/admin/supports?filters[state]=in_progress&filters[search]=${encodeURIComponent(customer.phone)}`, {
      token: admin,
    });
    expect(mine.json.data[0]).toMatchObject({ id, assignee: { id: staff.id } });
    const unassigned = await call('POST', `/admin/supports/${id}/assign`, { token: admin, body: { user_id: null } });
    expect(unassigned.json.data.assignee).toBeNull();
  });

  it('a closed thread takes no more messages from either side (409 in the caller language), closing twice included', async () => {
    const customer = await registerCustomer(ctx);
    const id = await sendRequest(customer);
    const closed = await call('POST', `/admin/supports/${id}/close`, { token: admin });
    expect(closed.status, closed.body).toBe(200);
    expect(closed.json.data.state).toBe('closed');
    expect((await auditOf(id, 'support.close'))[0]).toMatchObject({ before: { state: 'new' }, after: { state: 'closed' } });

    const office = await call('POST', `/admin/supports/${id}/replies`, { token: admin, lang: 'kk', body: { body: 'late reply' } });
    expect(office.status).toBe(409);
    expect(office.json).toMatchObject({ code: 'support_closed', message: expect.stringContaining('жабылды') });
    const own = await call('POST', `/supports/${id}/replies`, { token: customer.token, lang: 'en', body: { body: 'hello?' } });
    expect(own.status).toBe(409);
    expect(own.json.message).toContain('closed');
    expect((await call('POST', `/admin/supports/${id}/close`, { token: admin })).status).toBe(409);
    expect(await messageCount(id)).toBe(0);
    expect((await call('GET', `/supports/${id}`, { token: customer.token })).json.data.state).toBe('closed');
  });

  it('hostile replies get a clear 4xx and write nothing', async () => {
    const customer = await registerCustomer(ctx);
    const id = await sendRequest(customer);
    for (const body of [
      {},
      { body: '   ' },
      { body: 'x'.repeat(2001) },
      { body: 'ok', extra: 1 },
      { body: 42 },
      { body: 'a\u0000b' },
      { body: 'a\udc00b' },
    ]) {
      const res = await call('POST', `/admin/supports/${id}/replies`, { token: admin, lang: 'ru', body });
      expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      const own = await call('POST', `/supports/${id}/replies`, { token: customer.token, body });
      expect(own.status).toBeGreaterThanOrEqual(400);
      expect(own.status).toBeLessThan(500);
    }
    const huge = await call('POST', `/admin/supports/${id}/replies`, { token: admin, body: { body: 'я'.repeat(1024 * 1024) } });
    expect([413, 422]).toContain(huge.status);
    expect(await messageCount(id)).toBe(0);
    expect((await call('GET', `/admin/supports/${id}`, { token: admin })).json.data.request.state).toBe('new');
  });

  it('a burst of closes and replies: exactly one close wins and no message lands after it', async () => {
    const customer = await registerCustomer(ctx);
    const id = await sendRequest(customer);
    const results = await Promise.all([
      ...Array.from({ length: 6 }, () => call('POST', `/admin/supports/${id}/close`, { token: admin })),
      ...Array.from({ length: 6 }, (_, i) => call('POST', `/admin/supports/${id}/replies`, { token: admin, body: { body: `reply ${i}` } })),
    ]);
    const closes = results.slice(0, 6).map((r) => r.status);
    expect(closes.filter((s) => s === 200)).toHaveLength(1);
    expect(closes.filter((s) => s === 409)).toHaveLength(5);
    const replies = results.slice(6).filter((r) => r.status === 201);
    expect(results.slice(6).every((r) => r.status === 201 || r.status === 409)).toBe(true);
    // The replies that were stored are exactly the accepted ones, and every one is older than the close.
    expect(await messageCount(id)).toBe(replies.length);
    expect(await auditOf(id, 'support.close')).toHaveLength(1);
    expect(await auditOf(id, 'support.reply')).toHaveLength(replies.length);
    const detail = await call('GET', `/admin/supports/${id}`, { token: admin });
    expect(detail.json.data.request.state).toBe('closed');
  });
});
