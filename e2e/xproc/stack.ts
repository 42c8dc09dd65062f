import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { FakeS3 } from '../../apps/api/test/fake-s3';
import { freePort } from '../../apps/api/test/own-postgres';
import { OwnRedis } from '../../apps/api/test/own-redis';
import { startPgBouncer } from '../../apps/api/test/pg-processes';
import { nginxServers, nginxVersion } from './nginx';
import { portNear, status, stopChild, tail, type Started } from './processes';

/**
 * The product as the recipe deploys it (docker-compose.yml, deploy/nginx.conf), on this machine without containers:
 * two built API processes (NODE_ENV=production) on a throwaway PostgreSQL database, a redis-server and an
 * S3-compatible fake of their own, behind Debian's nginx running the recipe's nginx.conf with its upstreams, ports
 * and certificate swapped. Started once for the cross-process suite (playwright.xproc.config.ts) and stopped at its
 * end, failed or not. Each process's stdout/stderr goes to a file in the stack's folder, printed when it does not
 * come up (a start that hangs under load must say why).
 *
 * Two variants of where the processes' database connections go (XPROC_DATABASE, one run each in the xproc stage):
 * `direct` to PostgreSQL itself, or `pgbouncer`: through Debian's PgBouncer of the stack's own in transaction mode
 * (ADR 095: DATABASE_POOL_MODE=transaction, migrations, their lock, the seed and create-admin over
 * DATABASE_DIRECT_URL, the statement timeout set by the pooler's connect_query and checked by the API at start).
 */
export type DatabaseVariant = 'direct' | 'pgbouncer';

export function databaseVariant(): DatabaseVariant {
  const v = process.env.XPROC_DATABASE ?? 'direct';
  if (v !== 'direct' && v !== 'pgbouncer') throw new Error(`XPROC_DATABASE=${v}: expected direct or pgbouncer`);
  return v;
}

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** What the tests need to reach the stack (written to XPROC_STACK as JSON for the workers). */
export interface StackInfo {
  dir: string;
  /** http://127.0.0.1:port of each API process, called directly. */
  api: [string, string];
  dataDirs: [string, string];
  outboxes: [string, string];
  /** nginx-access.log's lines: `<method> <uri> <status> <bytes> upstream=<address> cache=<status>`. */
  logs: { api: [string, string]; nginx: string; nginxAccess: string };
  /** nginx: the TLS server the recipe configures, and its plain-http server (a redirect). */
  nginx: { https: string; http: string };
  metricsToken: string;
  admin: { phone: string; password: string };
  rateLimitPerMinute: number;
  s3: { url: string; bucket: string; accessKeyId: string };
  /** The API processes' pids (whose sockets say where their database connections go). */
  pids: [number, number];
  /** The throwaway database, the server's address (its `postgres` database) and the pooler when there is one. */
  database: {
    variant: DatabaseVariant;
    name: string;
    serverUrl: string;
    pooler: { port: number; adminUrl: string; serverConnections: number; log: string } | null;
  };
}

const READY_TIMEOUT_MS = 240_000;
const RATE_LIMIT_PER_MINUTE = 120;
const ADMIN = { phone: '+77015550190', password: 'Steppe-Xproc-2026' };
/** PgBouncer's server connections: fewer than one process's pool (10), so the two processes' clients share them. */
const POOLER_SERVER_CONNECTIONS = 4;
/** The pooler's connect_query sets it; the API, told the same, checks its connections have it before it serves. */
const POOLED_STATEMENT_TIMEOUT_MS = 30_000;

export class Stack {
  readonly dir = mkdtempSync(join(tmpdir(), 'portal-xproc-'));
  private readonly adminUrl = process.env.CROSS_PROCESS_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  private readonly database = `xproc_${randomBytes(6).toString('hex')}`;
  private databaseMade = false;
  private readonly redis = new OwnRedis();
  private redisStarted = false;
  private readonly s3 = new FakeS3('portal-xproc', 'XPROCFAKEACCESSKEY');
  private s3Started = false;
  private readonly apis: (Started | null)[] = [null, null];
  private nginx: Started | null = null;
  private pooler: Awaited<ReturnType<typeof startPgBouncer>> | null = null;
  private poolerPort = 0;
  private readonly jwtSecret = randomBytes(32).toString('hex');
  private readonly metricsToken = randomBytes(16).toString('hex');
  info: StackInfo | null = null;

  constructor(readonly variant: DatabaseVariant = 'direct') {}

  private get databaseUrl(): string {
    const url = new URL(this.adminUrl);
    url.pathname = `/${this.database}`;
    return url.toString();
  }

  private apiEnv(i: 0 | 1, port: number, publicUrl: string): NodeJS.ProcessEnv {
    const dataDir = join(this.dir, `api-${i + 1}`);
    // Only what a service manager would give, never the shell's DATABASE_URL, REDIS_URL, S3_* or SEED_DEMO.
    const keep = ['PATH', 'HOME', 'LANG', 'TMPDIR', 'TZ'];
    const base = Object.fromEntries(keep.filter((k) => process.env[k] !== undefined).map((k) => [k, process.env[k]]));
    return {
      ...base,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...(this.pooler
        ? {
            DATABASE_URL: this.pooler.url,
            DATABASE_POOL_MODE: 'transaction',
            DATABASE_DIRECT_URL: this.databaseUrl,
            DATABASE_STATEMENT_TIMEOUT_MS: String(POOLED_STATEMENT_TIMEOUT_MS),
          }
        : { DATABASE_URL: this.databaseUrl }),
      REDIS_URL: this.redis.url,
      JWT_SECRET: this.jwtSecret,
      SMS_DRIVER: 'outbox',
      SMS_OUTBOX: join(dataDir, 'sms-outbox.jsonl'),
      LOG_LEVEL: 'info',
      // nginx and the test itself connect from 127.0.0.1; each test names its client in X-Forwarded-For.
      TRUST_PROXY: '127.0.0.1',
      RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT_PER_MINUTE),
      METRICS_TOKEN: this.metricsToken,
      S3_ENDPOINT: this.s3.url,
      S3_BUCKET: this.s3.bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: this.s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: 'xproc-fake-secret-access-key',
      // As the recipe: private photos are presigned addresses under nginx's /media/, which forwards to the bucket.
      S3_PUBLIC_URL: '/media',
      // Only process 1 works the queue (messages and live badges), so a badge on a page connected to process 2
      // can move only through Redis pub/sub: the live check cannot pass by the job landing on the right process.
      NOTIFY_WORKER: i === 0 ? 'true' : 'false',
      WEB_PUSH: 'false',
      PUBLIC_URL: publicUrl,
    };
  }

  private async startApi(i: 0 | 1, port: number, publicUrl: string): Promise<void> {
    const env = this.apiEnv(i, port, publicUrl);
    mkdirSync(env.DATA_DIR!, { recursive: true });
    const log = join(this.dir, `api-${i + 1}.log`);
    const fd = openSync(log, 'a');
    const child = spawn(process.execPath, ['apps/api/dist/server.js'], { cwd: ROOT, env, stdio: ['ignore', fd, fd] });
    closeSync(fd);
    const started = { child, name: `api-${i + 1}`, log };
    this.apis[i] = started;
    const url = `http://127.0.0.1:${port}/api/health/ready`;
    const since = Date.now();
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(
          `api-${i + 1} exited (${child.exitCode ?? child.signalCode}) before it was ready (its log ${log} is printed below)`,
        );
      }
      if ((await status(url)) === 200) break;
      if (Date.now() - since > READY_TIMEOUT_MS) {
        throw new Error(
          `api-${i + 1} did not answer ${url} with 200 within ${READY_TIMEOUT_MS / 1000} s (its log ${log} is printed below)`,
        );
      }
      await new Promise((r) => setTimeout(r, 500));
    }
    console.log(`[xproc] api-${i + 1} ready on ${port} after ${((Date.now() - since) / 1000).toFixed(1)} s`);
  }

  async start(): Promise<StackInfo> {
    for (const [file, what] of [
      [join(ROOT, 'apps/api/dist/server.js'), 'the API build (npm run build)'],
      [join(ROOT, 'apps/web/dist/index.html'), 'the web build (npm run build)'],
      ['/usr/sbin/nginx', "Debian's nginx (apt-get install nginx-light)"],
      ['/usr/bin/redis-server', "Debian's redis-server (apt-get install redis-server)"],
      ...(this.variant === 'pgbouncer' ? ([['/usr/sbin/pgbouncer', "Debian's pgbouncer (apt-get install pgbouncer)"]] as const) : []),
    ] as const) {
      if (!existsSync(file)) throw new Error(`${file} is missing: ${what}`);
    }
    const base = Number(process.env.XPROC_PORT ?? Number(process.env.E2E_PORT ?? 3190) + 11);
    const ports = {
      api1: await portNear(base, 'api-1'),
      api2: await portNear(base + 1, 'api-2'),
      https: await portNear(base + 2, 'nginx https'),
      http: await portNear(base + 3, 'nginx http'),
    };
    const https = `https://127.0.0.1:${ports.https}`;

    // The database: a throwaway one on the shared server, dropped at the end.
    const admin = new pg.Client({ connectionString: this.adminUrl });
    await admin.connect();
    try {
      await admin.query(`create database ${this.database}`);
      this.databaseMade = true;
    } finally {
      await admin.end();
    }
    if (this.variant === 'pgbouncer') {
      // Its configuration and log in the stack's folder (which it must reach when it runs as `postgres`).
      chmodSync(this.dir, 0o711);
      this.poolerPort = await freePort();
      this.pooler = await startPgBouncer({
        port: this.poolerPort,
        server: new URL(this.adminUrl),
        database: this.database,
        poolSize: POOLER_SERVER_CONNECTIONS,
        statementTimeoutMs: POOLED_STATEMENT_TIMEOUT_MS,
        dir: join(this.dir, 'pgbouncer'),
      });
    }

    // Marked first: a start that fails midway still leaves something to stop.
    this.redisStarted = true;
    await this.redis.start();
    this.s3Started = true;
    await this.s3.start();

    // A throwaway certificate for 127.0.0.1 (the tests trust it or ignore its issuer).
    const cert = join(this.dir, 'fullchain.pem');
    const key = join(this.dir, 'privkey.pem');
    const made = spawnSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        key,
        '-out',
        cert,
      ],
      { encoding: 'utf8' },
    );
    if (made.status !== 0) throw new Error(`openssl could not make a certificate: ${made.stderr || made.error?.message}`);

    // One after the other: the first applies the migrations and reference data under its lock.
    await this.startApi(0, ports.api1, https);
    const created = spawnSync(process.execPath, ['scripts/create-admin.mjs', '--phone', ADMIN.phone, '--password', ADMIN.password], {
      cwd: ROOT,
      env: this.apiEnv(0, ports.api1, https),
      encoding: 'utf8',
      timeout: 180_000,
    });
    if (created.status !== 0) throw new Error(`create-admin failed (${created.status}):\n${created.stdout}\n${created.stderr}`);
    await this.startApi(1, ports.api2, https);

    // nginx with the recipe's server blocks, in a main configuration of the test's own (no /etc/nginx).
    const [major, minor, patch] = nginxVersion();
    const http2On = major > 1 || (major === 1 && (minor > 25 || (minor === 25 && patch >= 1)));
    const servers = nginxServers(readFileSync(join(ROOT, 'deploy/nginx.conf'), 'utf8'), {
      api: [ports.api1, ports.api2],
      http: ports.http,
      https: ports.https,
      cert,
      key,
      http2On,
      bucketUrl: `${this.s3.url}/${this.s3.bucket}/`,
      cacheDir: join(this.dir, 'nginx-cache'),
    });
    writeFileSync(join(this.dir, 'portal.conf'), servers);
    const temp = join(this.dir, 'nginx-temp');
    mkdirSync(temp, { recursive: true });
    const nginxLog = join(this.dir, 'nginx-error.log');
    writeFileSync(
      join(this.dir, 'nginx.conf'),
      [
        'daemon off;',
        'worker_processes 1;',
        ...(process.getuid?.() === 0 ? ['user root;'] : []),
        `pid ${join(this.dir, 'nginx.pid')};`,
        `error_log ${nginxLog} notice;`,
        'events { worker_connections 512; }',
        'http {',
        "  log_format xproc '$request_method $uri $status $body_bytes_sent upstream=$upstream_addr cache=$upstream_cache_status';",
        `  access_log ${join(this.dir, 'nginx-access.log')} xproc;`,
        ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${join(temp, t)};`),
        `  include ${join(this.dir, 'portal.conf')};`,
        '}',
        '',
      ].join('\n'),
    );
    const args = ['-p', this.dir, '-e', nginxLog, '-c', join(this.dir, 'nginx.conf')];
    const checked = spawnSync('/usr/sbin/nginx', [...args, '-t'], { encoding: 'utf8' });
    if (checked.status !== 0) throw new Error(`nginx -t refused the configuration:\n${checked.stderr}\n${servers}`);
    const out = openSync(join(this.dir, 'nginx.out'), 'a');
    const child = spawn('/usr/sbin/nginx', args, { stdio: ['ignore', out, out] });
    closeSync(out);
    this.nginx = { child, name: 'nginx', log: nginxLog };
    const ca = readFileSync(cert, 'utf8');
    const since = Date.now();
    while ((await status(`${https}/api/health/ready`, ca)) !== 200) {
      if (child.exitCode !== null || Date.now() - since > 30_000) throw new Error(`nginx did not come up on ${https}:\n${tail(nginxLog)}`);
      await new Promise((r) => setTimeout(r, 200));
    }

    this.info = {
      dir: this.dir,
      api: [`http://127.0.0.1:${ports.api1}`, `http://127.0.0.1:${ports.api2}`],
      dataDirs: [join(this.dir, 'api-1'), join(this.dir, 'api-2')],
      outboxes: [join(this.dir, 'api-1', 'sms-outbox.jsonl'), join(this.dir, 'api-2', 'sms-outbox.jsonl')],
      logs: {
        api: [join(this.dir, 'api-1.log'), join(this.dir, 'api-2.log')],
        nginx: nginxLog,
        nginxAccess: join(this.dir, 'nginx-access.log'),
      },
      nginx: { https, http: `http://127.0.0.1:${ports.http}` },
      metricsToken: this.metricsToken,
      admin: ADMIN,
      rateLimitPerMinute: RATE_LIMIT_PER_MINUTE,
      s3: { url: this.s3.url, bucket: this.s3.bucket, accessKeyId: this.s3.accessKeyId },
      pids: [this.apis[0]!.child.pid!, this.apis[1]!.child.pid!],
      database: {
        variant: this.variant,
        name: this.database,
        serverUrl: this.adminUrl,
        pooler: this.pooler && {
          port: this.poolerPort,
          adminUrl: this.pooler.adminUrl,
          serverConnections: POOLER_SERVER_CONNECTIONS,
          log: join(this.dir, 'pgbouncer', 'pgbouncer.log'),
        },
      },
    };
    return this.info;
  }

  /** The end of every log written so far (printed when the start fails). */
  logTails(): string {
    const files = ['api-1.log', 'api-2.log', 'nginx-error.log', 'pgbouncer/pgbouncer.log'].map((f) => join(this.dir, f));
    return files
      .filter((f) => existsSync(f))
      .map((f) => `── ${f}\n${tail(f)}`)
      .join('\n');
  }

  /** Kills what is still running, synchronously (the runner is exiting). */
  killNow(): void {
    for (const p of [this.nginx, ...this.apis]) if (p && p.child.exitCode === null) p.child.kill('SIGKILL');
    this.pooler?.killNow();
  }

  /** Stops everything that was started, in reverse order; each step runs even when an earlier one fails. */
  async stop(): Promise<void> {
    const steps: [string, () => Promise<unknown>][] = [
      ['nginx', () => stopChild(this.nginx, 'SIGQUIT')],
      ['api-2', () => stopChild(this.apis[1] ?? null)],
      ['api-1', () => stopChild(this.apis[0] ?? null)],
      ['pgbouncer', () => this.pooler?.stop() ?? Promise.resolve()],
      ['redis', () => (this.redisStarted ? this.redis.stop() : Promise.resolve())],
      ['s3', () => (this.s3Started ? this.s3.stop() : Promise.resolve())],
      [
        'database',
        async () => {
          if (!this.databaseMade) return;
          const admin = new pg.Client({ connectionString: this.adminUrl });
          await admin.connect();
          try {
            await admin.query(`drop database if exists ${this.database} with (force)`);
          } finally {
            await admin.end();
          }
        },
      ],
    ];
    const problems: string[] = [];
    for (const [name, step] of steps) {
      try {
        await step();
      } catch (error) {
        problems.push(`${name}: ${(error as Error).message}`);
      }
    }
    if (process.env.XPROC_KEEP_DIR) console.log(`[xproc] logs kept in ${this.dir}`);
    else rmSync(this.dir, { recursive: true, force: true });
    if (problems.length) console.error(`[xproc] stopping the stack: ${problems.join('; ')}`);
  }
}
