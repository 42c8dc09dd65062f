import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config/env';
import { openDatabase, type Database } from '../src/db/client';
import { seedDatabase } from '../src/seed';
import { client, DEMO, login, MemorySms, newPhone } from './helpers';
import { startPgBouncer } from './pg-processes';
import journal from '../src/db/migrations/meta/_journal.json';

/**
 * The API behind Debian's PgBouncer (1.18) in transaction mode (ADR 095): its pool of 10 over 2 server connections,
 * migrations and the seed over DATABASE_DIRECT_URL, and the flows that rely on the database holding rules (a burst of
 * row and advisory locks, a one-time token) answering as they do on PostgreSQL itself.
 */
const server = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const PORT = Number(process.env.PGBOUNCER_TEST_PORT ?? 3264);
const SERVER_CONNECTIONS = 2;
const TIMEOUT_MS = 15_000;
const name = `pooling_pgb_${Date.now()}_${randomBytes(3).toString('hex')}`;

async function onServer(text: string) {
  const c = new pg.Client({ connectionString: server.toString() });
  await c.connect();
  try {
    return await c.query(text);
  } finally {
    await c.end();
  }
}

describe('behind PgBouncer in transaction mode', () => {
  let bouncer: Awaited<ReturnType<typeof startPgBouncer>>;
  let database: Database;
  let app: FastifyInstance;
  const sms = new MemorySms();
  const call = (...args: Parameters<ReturnType<typeof client>>) => client(app)(...args);
  const directUrl = () => Object.assign(new URL(server.toString()), { pathname: `/${name}` }).toString();

  beforeAll(async () => {
    await onServer(`create database ${name}`).catch((error: Error) => {
      throw new Error(
        `the PgBouncer test needs the PostgreSQL server at ${server.host} (TEST_DATABASE_URL names another): ${error.message}`,
      );
    });
    bouncer = await startPgBouncer({ port: PORT, server, database: name, poolSize: SERVER_CONNECTIONS, statementTimeoutMs: TIMEOUT_MS });
    const config = loadConfig({
      NODE_ENV: 'test',
      JWT_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'silent',
      DATA_DIR: '/tmp/portal-test-data',
      WEB_DIST: '/nonexistent',
      DATABASE_URL: bouncer.url,
      DATABASE_POOL_MODE: 'transaction',
      DATABASE_DIRECT_URL: directUrl(),
      DATABASE_STATEMENT_TIMEOUT_MS: String(TIMEOUT_MS),
    });
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      postgres: config.postgres,
      afterMigrate: async (db) => void (await seedDatabase(db, { demo: true })),
    });
    app = await buildApp({ config, database, sms, closeDatabase: false, logger: false, authRateLimitPerMinute: 10_000 });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await bouncer?.stop();
    await onServer(`drop database if exists ${name} with (force)`);
  });

  it('is really a transaction-mode pooler: named prepared statements break through it', async () => {
    // Three clients over the two server connections: a statement prepared on one is missing on the other.
    const [a, b, c] = [0, 1, 2].map(() => new pg.Client({ connectionString: bouncer.url }));
    await Promise.all([a, b, c].map((x) => x!.connect()));
    try {
      await a!.query('begin');
      await b!.query({ name: 'probe', text: 'select $1::int as n', values: [1] });
      await c!.query('begin');
      await a!.query('commit');
      await expect(b!.query({ name: 'probe', text: 'select $1::int as n', values: [2] })).rejects.toThrow(/prepared statement/);
      await c!.query('commit');
    } finally {
      await Promise.all([a, b, c].map((x) => x!.end()));
    }
  });

  it('signs in and serves simultaneous signed-in requests (the hot path’s prepared queries, sent unnamed)', async () => {
    const { token } = await login(app, DEMO.customer);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => call('GET', i % 2 ? '/auth/user' : '/orders/waiting', { token })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(30).fill(200));
    // The process's pool opened up to 10 client connections; PostgreSQL saw only the pooler's 2.
    expect(database.poolStats!().total).toBeGreaterThan(SERVER_CONNECTIONS);
    const seen = await onServer(`select count(*)::int as n from pg_stat_activity where datname = '${name}'`);
    expect(seen.rows[0].n).toBeLessThanOrEqual(SERVER_CONNECTIONS);
  });

  it('holds a cap under a burst: one code for 20 simultaneous calls for one number', async () => {
    const phone = newPhone();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => call('POST', '/auth/send-code', { body: { phone_number: phone }, ip: `10.44.0.${i + 1}` })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(19);
    expect(sms.sent.filter((m) => m.to === phone)).toHaveLength(1);
  });

  it('exchanges a code for a verification token once under 10 simultaneous tries', async () => {
    const phone = newPhone();
    await call('POST', '/auth/send-code', { body: { phone_number: phone }, ip: '10.44.1.1' });
    const code = sms.lastCode(phone);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => call('POST', '/auth/verify-code', { body: { phone_number: phone, code, type: 'register' } })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 422)).toHaveLength(9);
  });

  it("runs with the pooler's statement timeout, and migrated over the direct address", async () => {
    const { rows } = await database.executeSql('show statement_timeout');
    expect(rows[0]!.statement_timeout).toBe(`${TIMEOUT_MS / 1000}s`);
    const migrations = await database.executeSql('select count(*)::int as n from drizzle.__drizzle_migrations');
    expect(migrations.rows[0]!.n).toBe(journal.entries.length);
    // A timeout asked for that the pooler doesn't set: the API refuses to start rather than run without it.
    await expect(
      openDatabase({
        databaseUrl: bouncer.url,
        postgres: { poolMode: 'transaction', directUrl: directUrl(), poolSize: 2, statementTimeoutMs: TIMEOUT_MS * 2 },
      }),
    ).rejects.toThrow(/connect_query/);
    // Through the pooler the session-level migration lock would be refused by the config check.
    expect(() => loadConfig({ NODE_ENV: 'test', DATABASE_URL: bouncer.url, DATABASE_POOL_MODE: 'transaction' })).toThrow(
      /DATABASE_DIRECT_URL/,
    );
  });
});
