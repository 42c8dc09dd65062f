import { EventEmitter } from 'node:events';

/**
 * Tells the open pages of some users that their notifications changed. In-process by default; with Redis,
 * `bridge` connects it to a pub/sub channel so every API process hears every change.
 */
export class LiveHub {
  private readonly emitter = new EventEmitter();
  private remote: ((userIds: number[]) => Promise<void>) | null = null;

  constructor() {
    this.emitter.setMaxListeners(0);
  }

  /** Called for a committed change (by the queue's live job, so never before the commit). */
  async publish(userIds: number[]): Promise<void> {
    if (this.remote) {
      try {
        await this.remote(userIds);
        return;
      } catch {
        // Redis away: this process's own pages still hear it; others fall back to polling.
      }
    }
    this.deliverLocal(userIds);
  }

  /** Called by the Redis subscriber for changes published by any process. */
  deliverLocal(userIds: number[]): void {
    for (const id of new Set(userIds)) this.emitter.emit(`u${id}`);
  }

  useRemote(publish: ((userIds: number[]) => Promise<void>) | null): void {
    this.remote = publish;
  }

  private readonly open = new Set<{ end(): void; on(e: 'close', f: () => void): void }>();

  /** Keeps an open stream so shutdown can end it (a server does not close while streams are open). */
  track(stream: { end(): void; on(e: 'close', f: () => void): void }): void {
    this.open.add(stream);
    stream.on('close', () => this.open.delete(stream));
  }

  endAll(): void {
    for (const s of this.open) s.end();
    this.open.clear();
  }

  subscribe(userId: number, listener: () => void): () => void {
    this.emitter.on(`u${userId}`, listener);
    return () => this.emitter.off(`u${userId}`, listener);
  }
}
