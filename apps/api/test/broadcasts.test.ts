import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROADCAST_DELAY_SECONDS } from '@portal/contract';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { auditLog, branches, broadcasts, notifications, users } from '../src/db/schema';
import { createBroadcastsService } from '../src/modules/broadcasts/broadcasts-service';
import { aCustomer, parcelIn } from './factories';
import { client, createTestApp, DEMO, login, type TestContext } from './helpers';

let ctx: TestContext;
let call: ReturnType<typeof client>;
let admin: string;
let adminId: number;
let branchId: number;
// Customers of a branch of their own: kk, ru, en; one has a parcel at the branch; one is blocked.
const people: { id: number; token: string; lang: 'kk' | 'ru' | 'en'; atBranch: boolean; blocked?: boolean }[] = [];

const texts = {
  title: { kk: 'Жаңа тариф', ru: 'Новый тариф', en: 'New tariff' },
  body: { kk: 'Қаңтардан бастап тариф өзгереді.', ru: 'С января тариф меняется.', en: 'The tariff changes in January.' },
};

beforeAll(async () => {
  ctx = await createTestApp();
  call = client(ctx.app);
  const a = await login(ctx.app, DEMO.admin);
  admin = a.token;
  adminId = a.user.id;
  const [template] = await ctx.database.db.select().from(branches).limit(1);
  const { id: _id, createdAt: _c, updatedAt: _u, ...copy } = template!;
  const [b] = await ctx.database.db
    .insert(branches)
    .values({ ...copy, name: { kk: 'Сынақ', ru: 'Тест', en: 'Test' }, isActive: false })
    .returning({ id: branches.id });
  branchId = b!.id;
  for (const [lang, atBranch, blocked] of [
    ['kk', true, false],
    ['kk', false, false],
    ['ru', false, false],
    ['en', true, false],
    ['en', false, true],
  ] as const) {
    const c = atBranch ? await parcelIn(ctx, 'at_branch', { prefix: 'BC', customer: { lang } }) : await aCustomer(ctx, { lang });
    // Moved to the test branch (closed: nobody registers there) after their parcel arrived at the demo one.
    await ctx.database.db
      .update(users)
      .set({ branchId, blockedAt: blocked ? new Date() : null })
      .where(eq(users.id, c.user.id));
    people.push({ id: c.user.id, token: c.token, lang, atBranch, blocked });
  }
});
afterAll(async () => ctx.close());

const count = async (segment: Record<string, unknown>) =>
  (await call('POST', '/admin/broadcasts/count', { token: admin, body: { segment } })).json.data.recipients as number;

const newsOf = (userId: number) =>
  ctx.database.db
    .select({ id: notifications.id, broadcastId: notifications.broadcastId })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.event, 'news')));

async function schedule(segment: Record<string, unknown>) {
  const res = await call('POST', '/admin/broadcasts', { token: admin, body: { ...texts, segment } });
  expect(res.status).toBe(201);
  return res.json.data as { id: number; send_at: string; recipients: number; state: string };
}

describe('broadcasts', () => {
  it('count the segment before sending: branch, parcel status, language; blocked customers never', async () => {
    expect(await count({ branch_id: branchId })).toBe(4);
    expect(await count({ branch_id: branchId, language: 'kk' })).toBe(2);
    expect(await count({ branch_id: branchId, status: 'at_branch' })).toBe(2);
    expect(await count({ branch_id: branchId, status: 'at_branch', language: 'en' })).toBe(1);
    expect(await count({ branch_id: branchId, status: 'delivered' })).toBe(0);
    expect(await count({})).toBeGreaterThan(4);
    const bad = await call('POST', '/admin/broadcasts/count', { token: admin, body: { segment: { branch_id: 999999 } } });
    expect(bad.status).toBe(422);
  });

  it('reach the right segment only, each in their own language, after the 60 s wait, in batches', async () => {
    const b = await schedule({ branch_id: branchId, status: 'at_branch' });
    expect(b).toMatchObject({ recipients: 2, state: 'scheduled' });
    const sendAt = Date.parse(b.send_at);
    expect(sendAt - Date.now()).toBeGreaterThan((BROADCAST_DELAY_SECONDS - 5) * 1000);

    // The request wrote the fan-out's first job, waiting until send_at (a worker process takes it then).
    const job = await ctx.database.executeSql(
      `select start_after from pgboss.job where name = 'broadcast-fanout' and data->>'broadcast_id' = $1`,
      [String(b.id)],
    );
    expect(job.rows).toHaveLength(1);
    expect(new Date(job.rows[0]!.start_after as string).getTime()).toBe(sendAt);

    const service = createBroadcastsService({ db: ctx.database.db, batchSize: 1 });
    expect(await service.fanOut(b.id, new Date(sendAt - 1000))).toBe(0); // not before send_at
    // The first job cuts the segment into ranges (one recipient each here) and writes one job per range; it and
    // its redelivery (several processes took it at once) cut nothing twice.
    const after = new Date(sendAt + 1000);
    expect(await Promise.all([service.fanOut(b.id, after), service.fanOut(b.id, after)])).toEqual([0, 0]);
    const ranges = await ctx.database.executeSql(
      `select (data->>'after')::int as after from pgboss.job
       where name = 'broadcast-fanout' and data->>'broadcast_id' = $1 and data ? 'after' order by 1`,
      [String(b.id)],
    );
    expect(ranges.rows).toHaveLength(3); // two recipients' ranges and the open one after them
    expect((await call('GET', `/admin/broadcasts/${b.id}`, { token: admin })).json.data.state).toBe('sending');
    // The ranges' jobs run at once, each also redelivered (taken twice): each customer once, the counts once.
    const starts = ranges.rows.map((r) => Number(r.after));
    const runs = await Promise.all([...starts, ...starts].map((a) => service.fanOut(b.id, after, a)));
    expect(runs.reduce((a, n) => a + n, 0)).toBe(2);
    expect(await service.fanOut(b.id, after, starts[0])).toBe(0); // a redelivered job writes nothing

    const got = people.filter((p) => p.atBranch && !p.blocked);
    for (const p of people) {
      const news = (await newsOf(p.id)).filter((n) => n.broadcastId === b.id);
      expect(news.length, `${p.lang} atBranch=${p.atBranch}`).toBe(got.includes(p) ? 1 : 0);
    }
    for (const p of got) {
      const me = await call('GET', '/auth/user', { token: p.token });
      const titles = (me.json.data.notifications.news.data as { title: string; body: string }[]).map((n) => n.title);
      expect(titles).toContain(texts.title[p.lang]);
    }
    const done = await call('GET', `/admin/broadcasts/${b.id}`, { token: admin });
    expect(done.json.data).toMatchObject({ state: 'sent', recipients: 2, progress: 2 });
    expect(done.json.data.finished_at).not.toBeNull();
    // Delivery counts: news goes to the portal and push by default; nobody here has push, so none are queued or failed.
    expect(done.json.data).toMatchObject({ sent: 0, failed: 0, queued: 0 });
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'the last two ranges finishing at once: the one that commits second sees the other done and marks it sent (PostgreSQL)',
    async () => {
      const b = await schedule({ branch_id: branchId, status: 'at_branch' });
      const service = createBroadcastsService({ db: ctx.database.db, batchSize: 1 });
      const after = new Date(Date.parse(b.send_at) + 1000);
      await service.fanOut(b.id, after);
      const { rows } = await ctx.database.executeSql(`select after_id from broadcast_chunks where broadcast_id = $1 order by after_id`, [
        b.id,
      ]);
      const starts = rows.map((r) => Number(r.after_id));
      for (const a of starts.slice(0, -2)) await service.fanOut(b.id, after, a);
      const [x, y] = starts.slice(-2) as [number, number];
      // Range x's job, by hand on its own connection: its range written and marked, the broadcast's row locked, not
      // yet committed — while range y's job runs to its end.
      const other = new pg.Client({ connectionString: ctx.databaseUrl });
      await other.connect();
      try {
        await other.query('begin');
        await other.query(`update broadcast_chunks set done_at = now() where broadcast_id = $1 and after_id = $2`, [b.id, x]);
        await other.query(`update broadcasts set progress = progress where id = $1`, [b.id]);
        const running = service.fanOut(b.id, after, y);
        for (let i = 0; i < 200; i++) {
          const waiting = await other.query(
            `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
          );
          if (waiting.rows[0].n > 0) break;
          await new Promise((r) => setTimeout(r, 50));
        }
        const open = await other.query(`select count(*)::int as n from broadcast_chunks where broadcast_id = $1 and done_at is null`, [
          b.id,
        ]);
        expect(open.rows[0].n).toBe(1); // x sees y's range still open: x does not mark it sent
        await other.query('commit');
        await running;
      } finally {
        await other.end();
      }
      const [row] = await ctx.database.db.select().from(broadcasts).where(eq(broadcasts.id, b.id));
      expect(row).toMatchObject({ state: 'sent' });
    },
  );

  it('cancelled within the 60 s sends nothing, and cannot be cancelled once sending', async () => {
    const b = await schedule({ branch_id: branchId, language: 'ru' });
    const cancel = await call('POST', `/admin/broadcasts/${b.id}/cancel`, { token: admin });
    expect(cancel.status).toBe(200);
    expect(cancel.json.data.state).toBe('cancelled');
    const service = createBroadcastsService({ db: ctx.database.db });
    expect(await service.fanOut(b.id, new Date(Date.parse(b.send_at) + 1000))).toBe(0);
    const ru = people.find((p) => p.lang === 'ru')!;
    expect((await newsOf(ru.id)).filter((n) => n.broadcastId === b.id)).toHaveLength(0);
    expect((await call('POST', `/admin/broadcasts/${b.id}/cancel`, { token: admin })).status).toBe(409);

    const started = await schedule({ branch_id: branchId, language: 'ru' });
    await service.fanOut(started.id, new Date(Date.parse(started.send_at) + 1000));
    const late = await call('POST', `/admin/broadcasts/${started.id}/cancel`, { token: admin, lang: 'en' });
    expect(late.status).toBe(409);
    expect((await call('POST', '/admin/broadcasts/999999/cancel', { token: admin })).status).toBe(404);

    const audit = await ctx.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'broadcast'), eq(auditLog.targetId, String(b.id))));
    expect(audit.map((r) => r.action).sort()).toEqual(['broadcast.cancel', 'broadcast.create']);
  });

  it('a test goes to the admin alone, now, in their language', async () => {
    const before = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(eq(notifications.event, 'news'));
    const res = await call('POST', '/admin/broadcasts/test', { token: admin, body: texts });
    expect(res.status).toBe(200);
    const after = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(eq(notifications.event, 'news'));
    expect(after[0]!.n - before[0]!.n).toBe(1);
    const mine = await newsOf(adminId);
    expect(mine).toHaveLength(1);
    const [u] = await ctx.database.db.select({ language: users.language }).from(users).where(eq(users.id, adminId));
    const me = await call('GET', '/auth/user', { token: admin });
    expect(me.json.data.notifications.news.data[0].title).toBe(texts.title[u!.language]);
  });

  it('are for admins only, with every text in kk, ru and en', async () => {
    const customer = people[0]!;
    expect((await call('POST', '/admin/broadcasts/count', { token: customer.token, body: { segment: {} } })).status).toBe(403);
    const missing = await call('POST', '/admin/broadcasts', {
      token: admin,
      lang: 'en',
      body: { ...texts, title: { ...texts.title, kk: ' ' }, segment: {} },
    });
    expect(missing.status).toBe(422);
    expect(missing.json.errors['title.kk']).toBeDefined();
    const list = await call('GET', '/admin/broadcasts?filters[state]=cancelled', { token: admin });
    expect(list.status).toBe(200);
    expect(list.json.data.every((b: { state: string }) => b.state === 'cancelled')).toBe(true);
    expect(await ctx.database.db.select({ id: broadcasts.id }).from(broadcasts)).toHaveLength(process.env.TEST_DATABASE_URL ? 4 : 3); // and the ranges race's, on PostgreSQL
  });
});
