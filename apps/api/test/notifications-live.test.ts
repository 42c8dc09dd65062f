import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config/env';
import { readLiveMessage } from '../src/modules/notifications/notifications-plugin';
import { notificationsService } from '../src/modules/notifications/notifications-service';
import { createTestApp, registerCustomer, type TestContext } from './helpers';

const REDIS = 'redis://127.0.0.1:6379/0';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ env: { NOTIFY_WORKER: 'true', REDIS_URL: REDIS } });
});
afterAll(async () => ctx.close());

/** Reads an SSE stream in the background, counting `changed` events and keeping the data of `payment` ones. */
async function openStream(base: string, token: string) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/notifications/stream`, { headers: { authorization: `Bearer ${token}` }, signal: controller.signal });
  const state = { status: res.status, type: res.headers.get('content-type'), changed: 0, payments: [] as unknown[] };
  void (async () => {
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let i;
        while ((i = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, i);
          if (block.includes('event: changed')) state.changed++;
          if (block.includes('event: payment')) state.payments.push(JSON.parse(/^data: (.*)$/m.exec(block)![1]!));
          buffer = buffer.slice(i + 2);
        }
      }
    } catch {
      // aborted
    }
  })();
  return { state, close: () => controller.abort() };
}

async function until(ok: () => boolean, ms: number): Promise<number> {
  const start = Date.now();
  while (!ok()) {
    if (Date.now() - start > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return Date.now() - start;
}

const text = { title: { kk: 'Жаңалық', ru: 'Новость', en: 'News' }, body: { kk: 'Мәтін', ru: 'Текст', en: 'Text' } };

describe('live notifications (SSE)', () => {
  it('a committed notification reaches the open page within 2 s; a rolled-back one never does; others hear nothing; no token → 401', async () => {
    const base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const me = await registerCustomer(ctx);
    const other = await registerCustomer(ctx);
    expect((await fetch(`${base}/api/notifications/stream`)).status).toBe(401);
    const mine = await openStream(base, me.token);
    const theirs = await openStream(base, other.token);
    expect(mine.state).toMatchObject({ status: 200, type: 'text/event-stream; charset=utf-8' });

    await ctx.app.db
      .transaction(async (tx) => {
        await notificationsService.notify(tx, [{ userId: me.user.id, event: 'news', params: text }]);
        tx.rollback();
      })
      .catch(() => undefined);
    await new Promise((r) => setTimeout(r, 1500));
    expect(mine.state.changed).toBe(0);

    await ctx.app.db.transaction((tx) => notificationsService.notify(tx, [{ userId: me.user.id, event: 'news', params: text }]));
    const took = await until(() => mine.state.changed === 1, 2000);
    expect(took).toBeLessThan(2000);
    expect(theirs.state.changed).toBe(0);
    mine.close();
    theirs.close();
  });

  it('across processes through Redis: the job runs in one process, the page is connected to another', async () => {
    // A second API process on the same database, not working jobs.
    const config = loadConfig({
      NODE_ENV: 'test',
      JWT_SECRET: 'x'.repeat(40),
      LOG_LEVEL: 'silent',
      DATA_DIR: '/tmp/portal-test-data',
      WEB_DIST: '/nonexistent',
      REDIS_URL: REDIS,
    });
    const other = await buildApp({ config, database: ctx.database, sms: ctx.sms, closeDatabase: false, logger: false });
    try {
      const base = await other.listen({ port: 0, host: '127.0.0.1' });
      // The customer signs in on the second process and keeps the page open there.
      const me = await registerCustomer({ ...ctx, app: other });
      const page = await openStream(base, me.token);
      await until(() => page.state.status === 200, 2000);
      await ctx.app.db.transaction((tx) => notificationsService.notify(tx, [{ userId: me.user.id, event: 'news', params: text }]));
      const took = await until(() => page.state.changed >= 1, 2000);
      expect(took).toBeLessThan(2000);
      // A payment request's change (published by settlement in whichever process settled it) reaches it too.
      await ctx.app.live.publish([me.user.id], { type: 'payment', data: { request_id: 'r-1' } });
      await until(() => page.state.payments.length >= 1, 2000);
      expect(page.state.payments).toEqual([{ request_id: 'r-1' }]);
      expect(page.state.changed).toBe(1);
      page.close();
    } finally {
      await other.close();
    }
  });
});

describe('the live channel between processes', () => {
  it('reads this release’s messages and a bare list of ids (the release before, during a deploy); ignores the rest', () => {
    expect(readLiveMessage([3, 'x', 4])).toEqual({ ids: [3, 4], event: { type: 'changed' } });
    expect(readLiveMessage({ ids: [5], event: { type: 'changed' } })).toEqual({ ids: [5], event: { type: 'changed' } });
    expect(readLiveMessage({ ids: [5], event: { type: 'payment', data: { request_id: 'r-9' } } })).toEqual({
      ids: [5],
      event: { type: 'payment', data: { request_id: 'r-9' } },
    });
    // The status a settlement left travels with it (the page shows it before its read returns); a made-up one does not.
    expect(readLiveMessage({ ids: [5], event: { type: 'payment', data: { request_id: 'r-9', status: 'paid' } } })).toEqual({
      ids: [5],
      event: { type: 'payment', data: { request_id: 'r-9', status: 'paid' } },
    });
    expect(readLiveMessage({ ids: [5], event: { type: 'payment', data: { request_id: 'r-9', status: 'stolen' } } })).toBeNull();
    expect(readLiveMessage({ ids: [5], event: { type: 'payment', data: {} } })).toBeNull();
    expect(readLiveMessage({ ids: [5], event: { type: 'other' } })).toBeNull();
    expect(readLiveMessage('hello')).toBeNull();
    expect(readLiveMessage(null)).toBeNull();
  });
});
