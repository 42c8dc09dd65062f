import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir, lockFileOf } from '../src/db/data-dir-lock';
import { freePort } from './own-postgres';

/**
 * The demo start's safe defaults, on real processes started from the sources: it listens on this computer only
 * unless HOST says otherwise, and its embedded database (PGlite in DATA_DIR) is held by one process: a second
 * server and create-admin are refused with a message naming the running one, and a killed server's lock is stale.
 */
const root = new URL('../../../', import.meta.url).pathname;
const api = join(root, 'apps/api');
const dirs: string[] = [];
const children: ChildProcess[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const child of children) if (child.exitCode === null && !child.signalCode) child.kill('SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The environment of a demo start: what the shell has, minus the test runner's NODE_ENV and any HOST/DATABASE_URL. */
function demoEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const { NODE_ENV: _n, HOST: _h, DATABASE_URL: _d, REDIS_URL: _r, TEST_DATABASE_URL: _t, ...env } = process.env;
  return { ...env, SEED_DEMO: 'false', LOG_LEVEL: 'warn', WEB_DIST: '/nonexistent', ...extra };
}

function startServer(dataDir: string, port: number, extra: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: api,
    env: demoEnv({ DATA_DIR: dataDir, PORT: String(port), ...extra }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitLive(port: number, server: ReturnType<typeof startServer>) {
  const until = Date.now() + 90_000;
  while (Date.now() < until) {
    if (server.child.exitCode !== null) throw new Error(`server exited ${server.child.exitCode}:\n${server.output()}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`not ready within 90 s:\n${server.output()}`);
}

/** Whether a TCP connection to address:port is accepted. */
const accepts = (address: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host: address, port, timeout: 3000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });

/** An address of this machine other than loopback (the network a demo start must not be reachable from). */
const outsideAddress = Object.values(networkInterfaces())
  .flat()
  .find((a) => a && !a.internal && a.family === 'IPv4')?.address;

const createAdmin = (dataDir: string, phone: string) =>
  spawnSync(process.execPath, [join(root, 'scripts/create-admin.mjs'), '--phone', phone, '--password', 'Burabay-Lake-77'], {
    env: demoEnv({ DATA_DIR: dataDir }),
    encoding: 'utf8',
  });

describe('the lock of the embedded database', () => {
  it('is refused while a running process holds it, taken over when that process is gone, and released', async () => {
    const dataDir = tempDir('lock-unit-');
    const sleeper = spawn('sleep', ['30']);
    children.push(sleeper);
    const gone = new Promise((resolve) => sleeper.once('exit', resolve));
    writeFileSync(lockFileOf(dataDir), JSON.stringify({ pid: sleeper.pid, command: 'the portal server', since: '2026-01-01T00:00:00Z' }));
    expect(() => lockDataDir(dataDir, 'create-admin')).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dataDir, 'create-admin')).toThrow(
      new RegExp(`the portal server \\(pid ${sleeper.pid}, since 2026-01-01T00:00:00Z\\) is running on the data folder .*Stop it first`),
    );
    sleeper.kill('SIGKILL');
    await gone;
    // The pid is gone: the lock is stale and taken.
    const release = lockDataDir(dataDir, 'create-admin');
    expect(JSON.parse(readFileSync(lockFileOf(dataDir), 'utf8'))).toMatchObject({ pid: process.pid, command: 'create-admin' });
    release();
    expect(existsSync(lockFileOf(dataDir))).toBe(false);
  });
});

describe('a demo start (npm start without NODE_ENV=production)', () => {
  it('listens on 127.0.0.1 only unless HOST says otherwise, and holds its data folder against a second server and create-admin until it stops; a killed one leaves a stale lock that is taken over', async () => {
    const dataDir = tempDir('lock-demo-');
    const port = await freePort();
    const server = startServer(dataDir, port);
    await waitLive(port, server);
    expect(server.output()).toMatch(/Listening on 127\.0\.0\.1 only/);
    expect(await accepts('127.0.0.1', port)).toBe(true);
    expect(outsideAddress, 'this machine has a non-loopback IPv4 address to try').toBeDefined();
    expect(await accepts(outsideAddress!, port)).toBe(false);
    expect(JSON.parse(readFileSync(lockFileOf(dataDir), 'utf8'))).toMatchObject({ pid: server.child.pid, command: 'the portal server' });

    const refused = createAdmin(dataDir, '+77051112233');
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(
      new RegExp(
        `Refused: the portal server \\(pid ${server.child.pid}, since .*\\) is running on the data folder ${dataDir}.*Stop it first`,
      ),
    );

    const second = startServer(dataDir, await freePort());
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(
      new RegExp(`the portal server \\(pid ${server.child.pid}, .*\\) is running on the data folder ${dataDir}`),
    );
    expect(second.output()).not.toMatch(/\n\s+at /); // a message, not a stack
    // The first server was not disturbed.
    expect((await fetch(`http://127.0.0.1:${port}/api/health/ready`)).status).toBe(200);

    // A clean stop releases the folder: the next server starts on it, here opened to the network with HOST.
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(existsSync(lockFileOf(dataDir))).toBe(false);
    const open = startServer(dataDir, port, { HOST: '0.0.0.0' });
    await waitLive(port, open);
    expect(await accepts(outsideAddress!, port)).toBe(true);

    // Killed without a chance to clean up: the lock file stays, names a pid that is gone, and is taken over.
    open.child.kill('SIGKILL');
    await open.exited;
    expect(existsSync(lockFileOf(dataDir))).toBe(true);
    const made = createAdmin(dataDir, '+77051112233');
    expect(made.stderr).toBe('');
    expect(made.stdout).toMatch(/Created admin: \+77051112233/);
    expect(made.status).toBe(0);
    expect(existsSync(lockFileOf(dataDir))).toBe(false);
  }, 300_000);
});
