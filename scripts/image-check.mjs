#!/usr/bin/env node
// The `image` stage of npm test: what the Dockerfile's image holds, installed and started without Docker.
// It reads the Dockerfile: the runtime stage (the last one) copies a dependencies stage (`COPY --from=deps /app ./`),
// which is replayed in a fresh temporary folder (its COPY lines from this checkout, its RUN lines as written: the
// `npm ci --omit=dev --workspace apps/api`), and the build stage's outputs (`COPY --from=build /app/<path> ./<path>`),
// taken from this checkout's build (npm run build first). Nothing else is in the folder. Then, from that folder:
//   - the runtime stage's CMD starts with its ENV (NODE_ENV=production …) on a throwaway PostgreSQL database
//     (IMAGE_PG_URL's server, default 127.0.0.1:5432; created and dropped here) until /api/health/ready answers 200;
//   - `npm run create-admin` makes an admin, who signs in over HTTP (auth/login, then auth/user says admin);
//   - every package the API imports at run time (apps/api/dist/runtime-packages.json, written by the build) is
//     imported, so one imported only later (PGlite, the .xlsx worker's) is missing loudly too;
//   - SIGTERM stops the server cleanly.
// npm ci uses npm's cache (prefer-offline); `npm ci` printing an engine warning fails the stage.
// IMAGE_KEEP_DIR=1 keeps the folder (its path is printed).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

const root = resolve(new URL('..', import.meta.url).pathname);
const started = Date.now();
const say = (line) => console.log(`[image ${((Date.now() - started) / 1000).toFixed(1)}s] ${line}`);
class Failure extends Error {}
const fail = (message) => {
  throw new Failure(message);
};

/** The Dockerfile as stages of instructions (continuation lines joined, comments dropped). */
export function parseDockerfile(text) {
  const lines = text.replace(/\\\r?\n/g, ' ').split(/\r?\n/);
  const stages = [];
  for (const raw of lines) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const [, op, rest] = line.match(/^(\S+)\s*(.*)$/);
    const instruction = { op: op.toUpperCase(), args: rest.trim() };
    if (instruction.op === 'FROM') {
      const m = instruction.args.match(/^(\S+)(?:\s+AS\s+(\S+))?$/i);
      stages.push({ base: m[1], name: m[2] ?? String(stages.length), instructions: [] });
    } else if (stages.length) stages.at(-1).instructions.push(instruction);
  }
  return stages;
}

/** What the runtime stage does, as steps this script can replay; anything it does not know fails loudly. */
export function imagePlan(stages) {
  const runtime = stages.at(-1);
  const byName = new Map(stages.map((s) => [s.name, s]));
  const plan = { base: runtime.base, replay: [], builtPaths: [], env: {}, cmd: null, workdir: null };
  for (const { op, args } of runtime.instructions) {
    if (op === 'ENV') {
      for (const m of args.matchAll(/([A-Z0-9_]+)=("[^"]*"|\S+)/g)) plan.env[m[1]] = m[2].replace(/^"|"$/g, '');
    } else if (op === 'WORKDIR') plan.workdir = args;
    else if (op === 'COPY') {
      const m = args.match(/^--from=(\S+)\s+(\S+)\s+(\S+)$/);
      if (!m) fail(`runtime stage: COPY without --from is not known to scripts/image-check.mjs: COPY ${args}`);
      const [, from, src, dest] = m;
      const stage = byName.get(from);
      if (!stage) fail(`runtime stage copies from an unknown stage ${from}`);
      const builds = stage.instructions.some((i) => i.op === 'RUN' && /\bnpm run build\b/.test(i.args));
      if (src === plan.workdir || src === `${plan.workdir}/`) {
        if (builds) fail(`runtime stage copies the whole build stage ${from}; the image check replays install stages only`);
        plan.replay.push(stage);
      } else if (builds && src.startsWith(`${plan.workdir}/`)) {
        const path = src.slice(plan.workdir.length + 1).replace(/\/$/, '');
        if (dest.replace(/^\.\//, '').replace(/\/$/, '') !== path) fail(`COPY --from=${from} ${src} ${dest}: expected the same path`);
        plan.builtPaths.push(path);
      } else fail(`runtime stage: COPY --from=${from} ${src} ${dest} is not known to scripts/image-check.mjs`);
    } else if (op === 'RUN') {
      // The data folder the image prepares; the check gives the server a folder of its own.
      if (!/^mkdir -p \/data && chown node:node \/data$/.test(args))
        fail(`runtime stage: RUN ${args} is not known to scripts/image-check.mjs`);
    } else if (op === 'CMD') plan.cmd = JSON.parse(args);
    else if (!['USER', 'EXPOSE', 'HEALTHCHECK', 'LABEL', 'ARG'].includes(op))
      fail(`runtime stage: ${op} is not known to scripts/image-check.mjs`);
  }
  if (!plan.replay.length) fail('the runtime stage copies no dependencies stage (COPY --from=deps /app ./)');
  if (!plan.cmd) fail('the runtime stage has no CMD');
  for (const stage of plan.replay)
    for (const { op, args } of stage.instructions) {
      if (op === 'COPY' && /(^|\s)\.\s+\.$/.test(args))
        fail(`stage ${stage.name} copies the whole checkout; the image check expects manifests only`);
      if (!['WORKDIR', 'COPY', 'RUN', 'ENV', 'ARG'].includes(op))
        fail(`stage ${stage.name}: ${op} is not known to scripts/image-check.mjs`);
    }
  return plan;
}

async function freePort() {
  return new Promise((res, rej) => {
    const s = createServer();
    s.once('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => res(port));
    });
  });
}

/** A folder whose ancestors hold no node_modules, so only the install inside it can satisfy an import. */
function cleanFolder() {
  const dir = mkdtempSync(join(tmpdir(), 'portal-image-'));
  for (let up = dirname(dir); ; up = dirname(up)) {
    if (existsSync(join(up, 'node_modules'))) fail(`${join(up, 'node_modules')} exists above ${dir}: imports could be found there`);
    if (up === dirname(up)) break;
  }
  return dir;
}

/** The environment of a container: PATH and HOME only (npm's cache lives in HOME), plus what is given. */
const containerEnv = (extra) => ({ PATH: process.env.PATH, HOME: process.env.HOME, ...extra });

function replay(stage, dir) {
  let workdir = null;
  for (const { op, args } of stage.instructions) {
    if (op === 'WORKDIR') workdir = args;
    else if (op === 'COPY') {
      const parts = args.split(/\s+/).filter((p) => !p.startsWith('--'));
      const dest = parts.pop();
      for (const src of parts) {
        const target = dest.endsWith('/') ? join(dir, dest, src.split('/').pop()) : join(dir, dest === '.' || dest === './' ? src : dest);
        mkdirSync(dirname(target), { recursive: true });
        cpSync(join(root, src), target, { recursive: true });
      }
    } else if (op === 'RUN') {
      say(`${stage.name}: RUN ${args}`);
      const res = spawnSync('sh', ['-c', args], {
        cwd: dir,
        encoding: 'utf8',
        env: containerEnv({ npm_config_prefer_offline: 'true', npm_config_update_notifier: 'false' }),
      });
      process.stdout.write(res.stdout);
      process.stderr.write(res.stderr);
      if (res.status !== 0) fail(`${stage.name}: RUN ${args} exited ${res.status}`);
      if (/EBADENGINE/.test(res.stdout + res.stderr)) fail(`${stage.name}: RUN ${args} warned about an engine (EBADENGINE)`);
    }
  }
  if (workdir !== '/app') fail(`stage ${stage.name} works in ${workdir}; the image check expects /app`);
}

async function waitReady(url, server, logs, seconds) {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    if (server.exitCode !== null || server.signalCode)
      fail(`the server stopped before it was ready (exit ${server.exitCode ?? server.signalCode}):\n${logs()}`);
    try {
      const res = await fetch(`${url}/api/health/ready`, { signal: AbortSignal.timeout(3000) });
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  fail(`/api/health/ready did not answer 200 within ${seconds} s:\n${logs()}`);
}

/**
 * The server's accept queue holds a burst (apps/api/src/server.ts: 4096, capped by net.core.somaxconn): with Node's
 * default of 511, 1,000 notifications at once lost SYNs and waited 1 s each. `ss` shows a listening socket's queue
 * size as its Send-Q.
 */
function checkBacklog(port) {
  const ss = spawnSync('ss', ['-Hltn', `sport = :${port}`], { encoding: 'utf8' });
  if (ss.error) return say(`ss is missing: the accept queue was not checked (${ss.error.message})`);
  const sendQ = Number(ss.stdout.trim().split(/\s+/)[2]);
  const cap = Number(readFileSync('/proc/sys/net/core/somaxconn', 'utf8'));
  const want = Math.min(4096, cap);
  if (sendQ !== want) fail(`the server listens with an accept queue of ${sendQ}, not ${want} (ss: ${ss.stdout.trim()})`);
  say(`accept queue ${sendQ} (net.core.somaxconn ${cap})`);
}

async function call(url, path, { method = 'GET', token, body } = {}) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(15_000),
  });
  const text = await res.text();
  return { status: res.status, text, json: () => JSON.parse(text) };
}

async function main() {
  const plan = imagePlan(parseDockerfile(readFileSync(join(root, 'Dockerfile'), 'utf8')));
  for (const path of plan.builtPaths)
    if (!existsSync(join(root, path))) fail(`${path} is missing: run npm run build first (the image copies it from the build stage)`);
  say(`Dockerfile: runtime on ${plan.base}; replays ${plan.replay.map((s) => s.name).join(', ')}; copies ${plan.builtPaths.join(', ')}`);

  const { default: pg } = await import(createRequire(join(root, 'apps/api/package.json')).resolve('pg'));
  const adminUrl = process.env.IMAGE_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const database = `image_check_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const dir = cleanFolder();
  let server = null;
  let created = false;
  try {
    for (const stage of plan.replay) replay(stage, dir);
    for (const path of plan.builtPaths) cpSync(join(root, path), join(dir, path), { recursive: true });
    say(`installed in ${dir}`);

    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${database}`);
    created = true;
    await admin.end();
    const dbUrl = new URL(adminUrl);
    dbUrl.pathname = `/${database}`;

    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const env = containerEnv({
      ...plan.env,
      // One interface is enough for the check (the image listens on 0.0.0.0 through HOST).
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: join(dir, 'data'),
      DATABASE_URL: dbUrl.toString(),
      JWT_SECRET: randomBytes(32).toString('base64url'),
      SMS_DRIVER: 'outbox',
      LOG_LEVEL: 'warn',
    });
    if (env.NODE_ENV !== 'production') fail(`the runtime stage sets NODE_ENV=${env.NODE_ENV}, not production`);
    mkdirSync(env.DATA_DIR);
    say(`starting ${plan.cmd.join(' ')} (NODE_ENV=${env.NODE_ENV}) on ${url}, database ${database}`);
    let output = '';
    server = spawn(plan.cmd[0], plan.cmd.slice(1), { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    server.stdout.on('data', (d) => (output += d));
    server.stderr.on('data', (d) => (output += d));
    const logs = () => output.trim().split('\n').slice(-40).join('\n');
    await waitReady(url, server, logs, 180);
    say('ready');
    checkBacklog(new URL(url).port);

    const phone = '+77019990011';
    const password = `Image-${randomBytes(9).toString('base64url')}`;
    const made = spawnSync(
      'npm',
      ['run', '--silent', 'create-admin', '--', '--phone', phone, '--password', password, '--first-name', 'Image'],
      {
        cwd: dir,
        encoding: 'utf8',
        env: containerEnv({ ...plan.env, DATABASE_URL: env.DATABASE_URL, DATA_DIR: env.DATA_DIR }),
      },
    );
    if (made.status !== 0) fail(`npm run create-admin exited ${made.status}:\n${made.stdout}${made.stderr}`);
    if (!/Created admin: \+77019990011/.test(made.stdout)) fail(`create-admin did not say it created the admin:\n${made.stdout}`);
    say(made.stdout.trim());

    const login = await call(url, '/api/auth/login', { method: 'POST', body: { phone_number: phone, password } });
    if (login.status !== 200) fail(`POST /api/auth/login answered ${login.status}: ${login.text.slice(0, 300)}`);
    const token = login.json().data.access.token;
    const me = await call(url, '/api/auth/user', { token });
    if (me.status !== 200 || me.json().data.role !== 'admin') fail(`GET /api/auth/user answered ${me.status}: ${me.text.slice(0, 300)}`);
    const ready = await call(url, '/api/health/ready');
    if (ready.status !== 200) fail(`GET /api/health/ready answered ${ready.status}: ${ready.text}`);
    const page = await call(url, '/');
    if (page.status !== 200 || !page.text.includes('<div id="root"')) fail(`GET / answered ${page.status} without the web app`);
    say('the admin signed in over HTTP (role admin), /api/health/ready 200, / serves the web app');

    const listFile = join(dir, 'apps/api/dist/runtime-packages.json');
    if (!existsSync(listFile)) fail('apps/api/dist/runtime-packages.json is missing (written by apps/api/scripts/build.mjs): rebuild');
    const specifiers = JSON.parse(readFileSync(listFile, 'utf8'));
    // With the image's `node` (the one on PATH, as CMD runs it).
    const probe = spawnSync(
      'node',
      [
        '--input-type=module',
        '-e',
        `const missing = [];
         for (const s of ${JSON.stringify(specifiers)}) {
           try { await import(s); } catch (e) { missing.push(s + ': ' + (e.code ?? e.message)); }
         }
         if (missing.length) { console.error(missing.join('\\n')); process.exit(1); }`,
      ],
      { cwd: join(dir, 'apps/api/dist'), encoding: 'utf8', env: containerEnv(plan.env) },
    );
    if (probe.status !== 0) fail(`imports the API makes at run time fail in the image's install:\n${probe.stderr}`);
    say(`all ${specifiers.length} runtime imports of apps/api/dist load from the image's install`);

    server.kill('SIGTERM');
    const code = await new Promise((res) => {
      const t = setTimeout(() => res('timeout'), 20_000);
      server.once('exit', (c, signal) => {
        clearTimeout(t);
        res(c ?? signal);
      });
      if (server.exitCode !== null) res(server.exitCode);
    });
    if (code !== 0) fail(`SIGTERM: the server exited ${code}:\n${logs()}`);
    say('SIGTERM: the server stopped cleanly');
  } finally {
    if (server && server.exitCode === null && !server.signalCode) server.kill('SIGKILL');
    if (created) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${database} with (force)`);
      await admin.end();
    }
    if (process.env.IMAGE_KEEP_DIR === '1') say(`kept ${dir}`);
    // Removing some 400 installed packages can take most of a minute on a busy disk: nothing waits for it.
    else if (existsSync(dir) && statSync(dir).isDirectory()) spawn('rm', ['-rf', dir], { detached: true, stdio: 'ignore' }).unref();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().then(
    () => say('passed'),
    (error) => {
      console.error(`[image] FAILED: ${error instanceof Failure ? error.message : (error?.stack ?? error)}`);
      process.exit(1);
    },
  );
}
