import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Servers the pooling and replica tests start themselves (ADR 095): Debian's PgBouncer, and throwaway PostgreSQL
 * clusters from the server's own binaries. A missing binary fails the test with what to install, never skips it.
 */

const asRoot = process.getuid?.() === 0;

/** A binary the test needs, or an error naming the Debian package that brings it. */
export function requireBinary(path: string, pkg: string): string {
  if (!existsSync(path)) throw new Error(`${path} is missing: install Debian's ${pkg} (apt-get install ${pkg}); .ci/run does on CI`);
  return path;
}

/** PostgreSQL's server binaries (initdb, pg_ctl, pg_basebackup), the newest installed major. */
export function postgresBin(name: string): string {
  const root = '/usr/lib/postgresql';
  const majors = existsSync(root)
    ? readdirSync(root)
        .filter((d) => /^\d+$/.test(d))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!majors.length) throw new Error(`${root}/<major>/bin is missing: install Debian's postgresql (apt-get install postgresql)`);
  return requireBinary(join(root, majors[0]!, 'bin', name), 'postgresql');
}

/** A folder every server of the test can write (they run as `postgres` when the test runs as root). */
export function scratchDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  chmodSync(dir, 0o777);
  return dir;
}

/** Runs a PostgreSQL tool as `postgres` when the test runs as root (initdb and pg_ctl refuse root). */
export function runPg(bin: string, args: string[]): string {
  const [cmd, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  return execFileSync(cmd, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Resolves once something listens on the port (or fails after `ms`). */
export async function waitForPort(port: number, ms = 15_000): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect({ host: '127.0.0.1', port }, () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > until) throw new Error(`nothing listens on 127.0.0.1:${port} after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Debian's PgBouncer in transaction mode on `port`, in front of one database of a PostgreSQL server, with
 * `poolSize` server connections and the statement timeout set by its connect_query (as docs/operations.md says).
 * Its configuration and log go to `dir` when given (left in place), else to a folder of its own (removed at stop).
 * The server's user is also the admin console's (`adminUrl`: SHOW STATS, SHOW CLIENTS, SHOW SERVERS).
 */
export async function startPgBouncer(opts: {
  port: number;
  server: URL;
  database: string;
  poolSize: number;
  statementTimeoutMs: number;
  dir?: string;
}): Promise<{ url: string; adminUrl: string; log: () => string; stop: () => Promise<void>; killNow: () => void }> {
  const bin = requireBinary('/usr/sbin/pgbouncer', 'pgbouncer');
  const dir = opts.dir ?? scratchDir('pooling-pgbouncer-');
  if (opts.dir) {
    mkdirSync(dir, { recursive: true });
    chmodSync(dir, 0o777); // it runs as `postgres` when the test runs as root, and writes its log there
  }
  const user = decodeURIComponent(opts.server.username || 'postgres');
  writeFileSync(join(dir, 'users.txt'), `"${user}" "${decodeURIComponent(opts.server.password)}"\n`);
  writeFileSync(
    join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `${opts.database} = host=${opts.server.hostname} port=${opts.server.port || 5432} dbname=${opts.database} ` +
        `connect_query='SET statement_timeout=${opts.statementTimeoutMs}'`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${opts.port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${join(dir, 'users.txt')}`,
      `admin_users = ${user}`,
      'pool_mode = transaction',
      `default_pool_size = ${opts.poolSize}`,
      'reserve_pool_size = 0',
      'max_client_conn = 500',
      // node-postgres sends it; PgBouncer 1.18 refuses startup parameters it doesn't know.
      'ignore_startup_parameters = extra_float_digits',
      `logfile = ${join(dir, 'pgbouncer.log')}`,
      '',
    ].join('\n'),
  );
  chmodSync(join(dir, 'users.txt'), 0o644);
  const args = asRoot ? ['-u', 'postgres', join(dir, 'pgbouncer.ini')] : [join(dir, 'pgbouncer.ini')];
  const child: ChildProcess = spawn(bin, args, { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const log = () => (existsSync(join(dir, 'pgbouncer.log')) ? readFileSync(join(dir, 'pgbouncer.log'), 'utf8') : '');
  try {
    await waitForPort(opts.port);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`PgBouncer did not start: ${(error as Error).message}\n${log()}`);
  }
  const at = (database: string) => {
    const url = new URL(opts.server.toString());
    url.hostname = '127.0.0.1';
    url.port = String(opts.port);
    url.pathname = `/${database}`;
    return url.toString();
  };
  return {
    url: at(opts.database),
    adminUrl: at('pgbouncer'),
    log,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      if (!opts.dir) rmSync(dir, { recursive: true, force: true });
    },
    killNow: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}

/** A throwaway PostgreSQL cluster (initdb) on `port`, ready for streaming replication, trusting local connections. */
export function initCluster(dir: string, port: number): { url: (db?: string) => string; start: () => void; stop: () => void } {
  runPg(postgresBin('initdb'), ['-D', dir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  configureCluster(dir, port);
  return clusterControl(dir, port);
}

function configureCluster(dir: string, port: number) {
  const extra = [
    `port = ${port}`,
    "listen_addresses = '127.0.0.1'",
    "unix_socket_directories = ''",
    'wal_level = replica',
    'max_wal_senders = 4',
    'hot_standby = on',
    'fsync = off',
    'shared_buffers = 16MB',
    'max_connections = 40',
  ].join('\n');
  runPg('/bin/sh', ['-c', `printf '%s\\n' "${extra}" >> ${dir}/postgresql.auto.conf`]);
}

/** pg_basebackup -R of a running cluster into `dir`: a streaming standby of it, on `port`. */
export function standbyOf(primaryPort: number, dir: string, port: number) {
  runPg(postgresBin('pg_basebackup'), [
    '-h',
    '127.0.0.1',
    '-p',
    String(primaryPort),
    '-U',
    'postgres',
    '-D',
    dir,
    '-R',
    '-X',
    'stream',
    '--no-sync',
  ]);
  runPg('/bin/sh', ['-c', `printf '%s\\n' "port = ${port}" >> ${dir}/postgresql.auto.conf`]);
  return clusterControl(dir, port);
}

function clusterControl(dir: string, port: number) {
  const pgCtl = postgresBin('pg_ctl');
  return {
    url: (db = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${db}`,
    start: () => void runPg(pgCtl, ['-D', dir, '-l', `${dir}.log`, '-w', '-t', '60', 'start']),
    stop: () => void runPg(pgCtl, ['-D', dir, '-m', 'fast', '-w', 'stop']),
  };
}
