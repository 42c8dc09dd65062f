import { EventEmitter } from 'node:events';
import type { TLiveEvent } from '@portal/contract';

/** The event of a change to the notifications themselves (the default). */
export const CHANGED: TLiveEvent = { type: 'changed' };

/**
 * Tells the open pages of some users that something of theirs changed (TLiveEvent: their notifications, one of their
 * payment requests). In-process by default; with Redis, `bridge` connects it to a pub/sub channel so every API process
 * hears every change. Other modules call `publish` after their commit (online payments' settlement does, ADR 077).
 */
export class LiveHub {
  private readonly emitter = new EventEmitter();
  private remote: ((userIds: number[], event: TLiveEvent) => Promise<void>) | null = null;

  constructor() {
    this.emitter.setMaxListeners(0);
  }

  /** Called for a committed change (by the queue's live job, or by the module that committed it: never before the commit). */
  async publish(userIds: number[], event: TLiveEvent = CHANGED): Promise<void> {
    if (this.remote) {
      try {
        await this.remote(userIds, event);
        return;
      } catch {
        // Redis away: this process's own pages still hear it; others fall back to polling.
      }
    }
    this.deliverLocal(userIds, event);
  }

  /** Called by the Redis subscriber for changes published by any process. */
  deliverLocal(userIds: number[], event: TLiveEvent = CHANGED): void {
    for (const id of new Set(userIds)) this.emitter.emit(`u${id}`, event);
  }

  useRemote(publish: ((userIds: number[], event: TLiveEvent) => Promise<void>) | null): void {
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

  subscribe(userId: number, listener: (event: TLiveEvent) => void): () => void {
    this.emitter.on(`u${userId}`, listener);
    return () => this.emitter.off(`u${userId}`, listener);
  }
}
