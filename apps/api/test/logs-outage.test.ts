import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestApp, DEMO, login, newPhone, registerCustomer, type TestContext } from './helpers';
import { OwnPostgres } from './own-postgres';

// Issue 10, finding 8: a 12 s database outage wrote 5,938 stack traces (75 MB), and failed-query log
// entries carried the query's parameters (phone numbers).
let own: OwnPostgres;
let ctx: TestContext;
const lines: string[] = [];
const sink = new Writable({
  write(chunk, _enc, done) {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});
beforeAll(async () => {
  own = await new OwnPostgres().init();
  process.env.TEST_DATABASE_URL = own.url;
  ctx = await createTestApp({ logStream: sink, env: { LOG_LEVEL: 'info', NOTIFY_WORKER: 'true' } });
}, 120_000);
afterAll(async () => {
  await ctx?.close().catch(() => {});
  delete process.env.TEST_DATABASE_URL;
  await own?.destroy();
});

const entries = () => lines.map((l) => JSON.parse(l) as { level: number; msg: string; err?: unknown; [k: string]: unknown });

describe('logs during a database outage (issue 10, finding 8)', () => {
  it('a burst of failing requests logs the outage once, with no stack per request and no parameters', async () => {
    const call = client(ctx.app);
    const customer = await registerCustomer(ctx);
    const token = (await login(ctx.app, DEMO.customer)).token;
    const phones = [customer.phone, DEMO.customer, newPhone()];
    lines.length = 0;

    await own.stop('immediate');
    const N = 60;
    const answers = await Promise.all(
      Array.from({ length: N }, (_, i) => {
        const phone = phones[i % phones.length]!;
        switch (i % 4) {
          case 0:
            return call('POST', '/auth/login', { body: { phone_number: phone, password: 'wrong-password-1' }, ip: `10.8.0.${i}` });
          case 1:
            return call('POST', '/auth/send-code/forgot', { body: { phone_number: phone }, ip: `10.8.1.${i}` });
          case 2:
            return call('GET', '/auth/user', { token });
          default:
            return call('GET', `/faqs?search=${encodeURIComponent(phone)}`);
        }
      }),
    );
    expect(answers.every((a) => a.status === 503)).toBe(true);
    // the queue's workers poll meanwhile
    await new Promise((r) => setTimeout(r, 4000));
    await own.start();

    const problems = entries().filter((e) => e.level >= 40);
    console.log(`${N} requests during the outage: ${lines.length} log lines, ${problems.length} at warn or above`);
    for (const p of problems) console.log(JSON.stringify(p).slice(0, 300));
    expect(problems.length).toBeLessThanOrEqual(2);
    expect(problems.filter((e) => e.err && typeof e.err === 'object' && 'stack' in e.err)).toHaveLength(0);
    const all = lines.join('\n');
    for (const phone of phones) expect(all).not.toContain(phone.replace(/^\+/, ''));
    expect(all).toContain('search=…');
  }, 90_000);

  it('a failed query is logged with its text and without its values', async () => {
    const { DrizzleQueryError } = await import('drizzle-orm');
    lines.length = 0;
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_phone"'), {
      code: '23505',
      detail: 'Key (phone_number)=(+77051112233) already exists.',
    });
    ctx.app.log.error(
      { err: new DrizzleQueryError('insert into users (phone_number) values ($1)', ['+77051112233'], cause) },
      'unhandled error',
    );
    const all = lines.join('\n');
    expect(all).toContain('insert into users (phone_number) values ($1)');
    expect(all).toContain('users_phone');
    expect(all).not.toContain('77051112233');
  });
});
