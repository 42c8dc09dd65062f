import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config/env';
import { openDatabase, type Database } from '../src/db/client';
import { seedDatabase } from '../src/seed';
import { client, DEMO, login } from './helpers';
import { initCluster, scratchDir, standbyOf } from './pg-processes';

/**
 * Reports, exports and the dashboard on a read replica (ADR 095): a throwaway primary (initdb, wal_level replica)
 * and its streaming standby (pg_basebackup -R) started here; the reads go to the standby with its lag, and to the
 * primary without an error once the standby is stopped.
 */
const PRIMARY_PORT = 55261;
const STANDBY_PORT = 55262;
const DB = 'pooling_replica';
const PERIOD = 'from=2025-03-05&to=2025-03-15';

async function query(url: string, text: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(text)).rows;
  } finally {
    await c.end();
  }
}

describe('reads on a streaming replica', () => {
  const dir = scratchDir('pooling-replica-');
  let primary: ReturnType<typeof initCluster>;
  let standby: ReturnType<typeof standbyOf> | undefined;
  let standbyUp = false;
  let database: Database;
  let app: FastifyInstance;
  let token: string;
  const call = (...args: Parameters<ReturnType<typeof client>>) => client(app)(...args);
  const received = async () => {
    const res = await call('GET', `/manage/reports?${PERIOD}`, { token });
    expect(res.status).toBe(200);
    return { res, n: res.json.data.flows_total.received as number };
  };

  beforeAll(async () => {
    primary = initCluster(join(dir, 'primary'), PRIMARY_PORT);
    primary.start();
    await query(primary.url(), `create database ${DB}`);
    const config = loadConfig({
      NODE_ENV: 'test',
      JWT_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'silent',
      DATA_DIR: '/tmp/portal-test-data',
      WEB_DIST: '/nonexistent',
      DATABASE_URL: primary.url(DB),
      DATABASE_REPLICA_URL: `postgres://postgres@127.0.0.1:${STANDBY_PORT}/${DB}`,
    });
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      postgres: config.postgres,
      afterMigrate: async (db) => void (await seedDatabase(db, { demo: true })),
    });
    // The standby is a copy of the migrated, seeded primary, then follows it.
    standby = standbyOf(PRIMARY_PORT, join(dir, 'standby'), STANDBY_PORT);
    standby.start();
    standbyUp = true;
    app = await buildApp({ config, database, closeDatabase: false, logger: false, authRateLimitPerMinute: 10_000 });
    await app.ready();
    token = (await login(app, DEMO.admin)).token;
    // Two clusters, ~40 migrations and the demo seed: minutes on a loaded 2-core machine.
  }, 240_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
    if (standbyUp) standby?.stop();
    primary?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads the dashboard on the standby, and says how far behind it is', async () => {
    const { res, n: before } = await received();
    expect(res.headers['x-read-from']).toBe('replica');
    expect(Number(res.headers['x-replica-lag-seconds'])).toBe(0);
    const seen = await query(
      standby!.url(DB),
      "select count(*)::int as n from pg_stat_activity where application_name = 'portal-replica-reads'",
    );
    expect(seen[0].n).toBeGreaterThan(0);

    // Replay paused on the standby: a change on the primary isn't on the screen yet, and the lag says so.
    await query(standby!.url(DB), 'select pg_wal_replay_pause()');
    await query(
      primary.url(DB),
      `insert into parcel_flow_days (day, branch_id, kind, n) values ('2025-03-10', null, 'received', 7)
       on conflict on constraint parcel_flow_days_key do update set n = parcel_flow_days.n + 7`,
    );
    await new Promise((r) => setTimeout(r, 1200));
    const behind = await received();
    expect(behind.n).toBe(before);
    expect(behind.res.headers['x-read-from']).toBe('replica');
    expect(Number(behind.res.headers['x-replica-lag-seconds'])).toBeGreaterThan(0);
    expect(behind.res.json.data.replica_lag_seconds).toBe(Number(behind.res.headers['x-replica-lag-seconds']));

    await query(standby!.url(DB), 'select pg_wal_replay_resume()');
    let after = await received();
    for (let i = 0; i < 50 && after.n === before; i += 1) {
      await new Promise((r) => setTimeout(r, 100));
      after = await received();
    }
    expect(after.n).toBe(before + 7);
    expect(after.res.headers['x-read-from']).toBe('replica');
  });

  it('reads worklists and exports on the standby', async () => {
    const worklist = await call('GET', '/manage/worklists/debtors', { token });
    expect(worklist.status).toBe(200);
    expect(worklist.headers['x-read-from']).toBe('replica');
    const exported = await call('GET', `/manage/reports/export?table=flows&format=csv&${PERIOD}`, { token });
    expect(exported.status).toBe(200);
    expect(exported.headers['x-read-from']).toBe('replica');
  });

  it('falls back to the primary, without an error, when the standby is away', async () => {
    standby!.stop();
    standbyUp = false;
    const { res, n } = await received();
    expect(res.headers['x-read-from']).toBe('primary');
    expect(res.headers['x-replica-lag-seconds']).toBeUndefined();
    expect(res.json.data.replica_lag_seconds).toBeUndefined();
    expect(n).toBeGreaterThanOrEqual(7);
    const exported = await call('GET', `/manage/reports/export?table=flows&format=csv&${PERIOD}`, { token });
    expect(exported.status).toBe(200);
    expect(exported.headers['x-read-from']).toBe('primary');
  });
});
