import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { createServer } from 'node:net';
import { freePort } from '../../apps/api/test/own-postgres';

/** Small helpers of the cross-process stack (stack.ts): ports, readiness, logs, stopping a child. */

/** The preferred port when nothing listens on it, else one the system picks (and says so). */
export async function portNear(preferred: number, what: string): Promise<number> {
  const free = await new Promise<boolean>((resolve) => {
    const s = createServer();
    s.once('error', () => resolve(false));
    s.listen(preferred, '127.0.0.1', () => s.close(() => resolve(true)));
  });
  if (free) return preferred;
  const other = await freePort();
  console.log(`[xproc] port ${preferred} (${what}) is taken; using ${other}`);
  return other;
}

/** Status of a GET (0 when nothing answers); https is checked against the stack's own certificate. */
export function status(url: string, ca?: string): Promise<number> {
  return new Promise((resolve) => {
    const req = (url.startsWith('https:') ? httpsRequest : httpRequest)(url, { ca, timeout: 5_000 }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', () => resolve(0));
    req.on('timeout', () => req.destroy());
    req.end();
  });
}

export function tail(file: string, lines = 80): string {
  if (!existsSync(file)) return `(no ${file})`;
  const all = readFileSync(file, 'utf8').split('\n');
  return all.slice(-lines).join('\n');
}

export interface Started {
  child: ChildProcess;
  name: string;
  log: string;
}

export async function stopChild(p: Started | null, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (!p) return;
  const { child } = p;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}
