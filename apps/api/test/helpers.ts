import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig, type AppConfig } from '../src/config/env';
import { openDatabase, type Database } from '../src/db/client';
import { seedDatabase } from '../src/seed';
import type { SmsDriver, SmsMessage } from '../src/plugins/sms';

/** An SMS driver that keeps messages in memory, so tests read the codes they were sent. */
export class MemorySms implements SmsDriver {
  readonly name = 'memory';
  readonly sent: SmsMessage[] = [];
  async send(message: SmsMessage) {
    this.sent.push(message);
  }
  lastCode(to: string): string {
    const m = [...this.sent].reverse().find((s) => s.to === to);
    if (!m?.code) throw new Error(`no code was sent to ${to}`);
    return m.code;
  }
}

/** What a test database holds at the start: the migrated schema only, or seeded with or without the demo data. */
export type StartingData = 'schema' | 'base' | 'demo';

/**
 * On a PostgreSQL server, each kind of starting database is built once per run (migrations, then the seed) as a template
 * database, and every test file gets a copy of it (`create database … template …`, about a second) instead of
 * migrating and seeding its own (10–25 s each on a loaded 2-core machine, over a hundred files). The templates are named
 * after the run (test/global-setup.ts provides its id and drops them at the end), so a changed migration or seed is
 * never served from an older run's template. Built under an advisory lock: the first file of a run builds, the others
 * wait and copy.
 */
async function fromTemplate(serverUrl: string, name: string, kind: StartingData): Promise<boolean> {
  const run = inject('templateRun');
  if (!run) return false;
  const { default: pg } = await import('pg');
  const template = `portal_tpl_${run}_${kind}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock(hashtext($1))', [template]);
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [template]);
    if (!rowCount) {
      const building = `${template}_building`;
      await admin.query(`drop database if exists ${building} with (force)`);
      await admin.query(`create database ${building}`);
      const url = new URL(serverUrl);
      url.pathname = `/${building}`;
      const database = await openDatabase({ databaseUrl: url.toString() });
      if (kind !== 'schema') await seedDatabase(database.db, { demo: kind === 'demo' });
      await database.close();
      await admin.query(`alter database ${building} rename to ${template}`);
    }
    await admin.query(`create database ${name} template ${template}`);
    return true;
  } finally {
    await admin.query('select pg_advisory_unlock(hashtext($1))', [template]).catch(() => {});
    await admin.end();
  }
}

/**
 * A fresh database for one test file, holding `data` (the schema only unless told): in-memory PGlite by default; with
 * TEST_DATABASE_URL (the PostgreSQL server in CI), a new database created on that server (a copy of the run's template,
 * see fromTemplate) and dropped afterwards.
 */
export async function freshDatabase(
  opts: { sessionTimeZone?: string; data?: StartingData } = {},
): Promise<{ database: Database; drop: () => Promise<void>; url?: string }> {
  const data = opts.data ?? 'schema';
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({});
    // PGlite is one session: its time zone is every query's.
    if (opts.sessionTimeZone) await database.executeSql(`set time zone '${opts.sessionTimeZone}'`);
    if (data !== 'schema') await seedDatabase(database.db, { demo: data === 'demo' });
    return { database, drop: () => database.close() };
  }
  const { default: pg } = await import('pg');
  const name = `portal_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const copied = await fromTemplate(serverUrl, name, data);
  if (!copied) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // Every connection of the pool starts in that time zone (as on a server configured with another `timezone`).
  if (opts.sessionTimeZone) url.searchParams.set('options', `-c TimeZone=${opts.sessionTimeZone}`);
  const database = await openDatabase({ databaseUrl: url.toString() });
  if (!copied && data !== 'schema') await seedDatabase(database.db, { demo: data === 'demo' });
  return {
    database,
    url: url.toString(),
    drop: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  sms: MemorySms;
  close: () => Promise<void>;
  /** The test database's URL on a PostgreSQL server (unset on PGlite): a second process can open it. */
  databaseUrl?: string;
  config: AppConfig;
}

/**
 * Another app instance on the test context's database (a second API process, as far as the database can tell), with
 * the same JWT secret so a token made by one is good on the other. Close it before the context.
 */
export async function secondInstance(ctx: TestContext, env: Record<string, string> = {}): Promise<FastifyInstance> {
  const config = loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: ctx.config.jwtSecret,
    LOG_LEVEL: 'silent',
    DATA_DIR: '/tmp/portal-test-data',
    WEB_DIST: '/nonexistent',
    ...env,
  });
  const app = await buildApp({ config, database: ctx.database, closeDatabase: false, logger: false });
  await app.ready();
  return app;
}

/** The real app on a fresh, seeded database, with an in-memory SMS driver. */
export async function createTestApp(
  opts: {
    authRateLimitPerMinute?: number;
    demo?: boolean;
    env?: Record<string, string>;
    logStream?: NodeJS.WritableStream;
    /** The database session's time zone (`current_date`, `timestamptz::date`); the server's default otherwise. */
    sessionTimeZone?: string;
  } = {},
): Promise<TestContext> {
  const { database, drop, url } = await freshDatabase({
    sessionTimeZone: opts.sessionTimeZone,
    data: (opts.demo ?? true) ? 'demo' : 'base',
  });
  const config = loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    DATA_DIR: '/tmp/portal-test-data',
    WEB_DIST: '/nonexistent',
    ...opts.env,
  });
  const sms = new MemorySms();
  const app = await buildApp({
    config,
    database,
    sms,
    closeDatabase: false,
    logger: Boolean(opts.logStream),
    logStream: opts.logStream,
    authRateLimitPerMinute: opts.authRateLimitPerMinute ?? 10_000,
  });
  await app.ready();
  return {
    app,
    database,
    sms,
    databaseUrl: url,
    config,
    close: async () => {
      await app.close();
      await drop();
    },
  };
}

export type Res = LightMyRequestResponse & { body: string };

/** A small client over app.inject: JSON in, parsed JSON out, optional bearer token and language. */
export function client(app: FastifyInstance) {
  return async function call(
    method: InjectOptions['method'],
    url: string,
    opts: { body?: unknown; token?: string; lang?: string; headers?: Record<string, string>; rawBody?: string; ip?: string } = {},
  ) {
    const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.lang) headers['accept-language'] = opts.lang;
    let payload: string | undefined;
    if (opts.rawBody !== undefined) payload = opts.rawBody;
    else if (opts.body !== undefined) {
      payload = JSON.stringify(opts.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await app.inject({ method, url: `/api${url}`, headers, payload, remoteAddress: opts.ip });
    let json: any = undefined;
    try {
      json = res.body ? JSON.parse(res.body) : undefined;
    } catch {
      json = undefined;
    }
    return { status: res.statusCode, json, headers: res.headers, body: res.body };
  };
}

export const DEMO = {
  customer: '+77010000001',
  warehouse: '+77010000002',
  branchStaff: '+77010000003',
  admin: '+77010000004',
  password: 'Orda-demo-2026',
};

/** Signs in with phone and password; returns the token and user. */
export async function login(app: FastifyInstance, phone: string, password = DEMO.password) {
  const res = await client(app)('POST', '/auth/login', { body: { phone_number: phone, password } });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${res.body}`);
  return { token: res.json.data.access.token as string, user: res.json.data.user };
}

let phoneCounter = 0;
/** A valid, unused Kazakh mobile number for this test process. */
export function newPhone(): string {
  phoneCounter += 1;
  const n = (process.pid % 1000) * 10000 + phoneCounter;
  return `+7705${String(n).padStart(7, '0')}`;
}

/**
 * Registers a new customer through the real code flow; returns token, user and phone. `lang` is the language the
 * account is made in (the request's, as in the browser; ru otherwise). Without a `branch_id` the country's first
 * branch is asked for.
 */
export async function registerCustomer(ctx: TestContext, overrides: Record<string, unknown> = {}, opts: { lang?: string } = {}) {
  const call = client(ctx.app);
  const phone = (overrides.phone_number as string) ?? newPhone();
  const ip = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  const sent = await call('POST', '/auth/send-code', { body: { phone_number: phone }, ip });
  if (sent.status !== 200) throw new Error(`send-code failed: ${sent.status} ${sent.body}`);
  const verified = await call('POST', '/auth/verify-code', {
    body: { phone_number: phone, code: ctx.sms.lastCode(phone), type: 'register' },
  });
  if (verified.status !== 200) throw new Error(`verify failed: ${verified.status} ${verified.body}`);
  const branchId = overrides.branch_id ?? (await call('GET', '/country/1/branches')).json.data[0].id;
  const res = await call('POST', '/auth/register', {
    lang: opts.lang,
    body: {
      phone_number: phone,
      verification_token: verified.json.data.verification_token,
      password: 'Steppe-Fox-42',
      password_confirmation: 'Steppe-Fox-42',
      first_name: 'Test',
      last_name: 'Customer',
      branch_id: branchId,
      gender: 'male',
      date_of_birth: '1995-06-15',
      ...overrides,
    },
  });
  if (res.status !== 200) throw new Error(`register failed: ${res.status} ${res.body}`);
  return { token: res.json.data.access.token as string, user: res.json.data.user, phone, password: 'Steppe-Fox-42' };
}
