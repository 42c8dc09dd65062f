import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Debian's PostgreSQL binaries (initdb, pg_ctl) of the newest installed major, or null. */
export function postgresBin(): string | null {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const majors = readdirSync(base)
    .filter((d) => existsSync(join(base, d, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return majors.length ? join(base, majors[0]!, 'bin') : null;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/**
 * A PostgreSQL server of the test's own (initdb in a temporary folder, another port), so a test can stop
 * and start it without touching the shared server. Runs as the `postgres` OS user when the test runs as root.
 */
export class OwnPostgres {
  readonly dir: string;
  readonly bin: string;
  port = 0;
  private readonly asUser: string | null;

  constructor() {
    const bin = postgresBin();
    if (!bin) throw new Error('PostgreSQL binaries not found under /usr/lib/postgresql/*/bin');
    this.bin = bin;
    this.dir = mkdtempSync(join(tmpdir(), 'own-pg-'));
    this.asUser = process.getuid?.() === 0 ? 'postgres' : null;
  }

  get url() {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  private run(cmd: string, args: string[]) {
    const full = join(this.bin, cmd);
    const res = this.asUser
      ? spawnSync('runuser', ['-u', this.asUser, '--', full, ...args], { encoding: 'utf8' })
      : spawnSync(full, args, { encoding: 'utf8' });
    if (res.status !== 0) throw new Error(`${cmd} failed: ${res.stderr || res.stdout}`);
    return res.stdout;
  }

  async init(): Promise<this> {
    if (this.asUser) execFileSync('chown', [this.asUser, this.dir]);
    this.run('initdb', ['-D', join(this.dir, 'data'), '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
    this.port = await freePort();
    await this.start();
    return this;
  }

  async start() {
    this.run('pg_ctl', [
      '-D',
      join(this.dir, 'data'),
      '-w',
      '-t',
      '30',
      '-l',
      join(this.dir, 'log'),
      '-o',
      `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`,
      'start',
    ]);
  }

  /** Stops the server at once (`-m immediate`: as a crash or a lost machine would). */
  async stop(mode: 'fast' | 'immediate' = 'immediate') {
    this.run('pg_ctl', ['-D', join(this.dir, 'data'), '-w', '-t', '30', '-m', mode, 'stop']);
  }

  async destroy() {
    try {
      await this.stop('immediate');
    } catch {
      // already stopped
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}
