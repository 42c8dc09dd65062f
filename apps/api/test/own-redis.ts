import { spawn, type ChildProcess } from 'node:child_process';
import { Socket } from 'node:net';
import { freePort } from './own-postgres';

/** A redis-server of the test's own on another port (no persistence), so a test can stop and start it. */
export class OwnRedis {
  port = 0;
  private child: ChildProcess | null = null;

  get url() {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<this> {
    if (!this.port) this.port = await freePort();
    this.child = spawn('/usr/bin/redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    const until = Date.now() + 10_000;
    while (!(await this.answers())) {
      if (Date.now() > until) throw new Error(`redis-server did not start on ${this.port}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    return this;
  }

  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
  }

  private answers(): Promise<boolean> {
    return new Promise((resolve) => {
      const s = new Socket();
      s.once('error', () => resolve(false));
      s.connect(this.port, '127.0.0.1', () => {
        s.end();
        resolve(true);
      });
    });
  }
}
