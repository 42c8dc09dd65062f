import type { FastifyInstance } from 'fastify';
import { branchesRepository } from '../branches/branches-repository';
import { statusIds } from '../parcels/parcel-statuses';
import { paymentsService } from '../payments/payments-service';
import { onlinePaymentsRepository as repo, type PaymentRequestRow } from './online-payments-repository';

/**
 * Micro-batching of the usual settlement (ADR 077 "Speed"): confirmations of open requests of waiting parcels that
 * reach `confirm` while earlier ones are being settled are settled together, in ONE transaction of set-wise
 * statements (the customers' money locks in id order and the branch's day shared, every request's guarded
 * `open → paid` in one UPDATE, their journal rows with the kept sums in one INSERT, their links in one UPDATE): about
 * five round trips and one update of the branch's revenue row for the batch instead of per confirmation.
 *
 * No timer: a batch starts as soon as a slot is free, with whatever waits (at most BATCH_MAX, one branch, one per
 * request), so a lone confirmation settles at once and a burst in batches of tens. Each caller is answered only after
 * the batch holding its request committed: `true` when its request was settled by it. `false` when its request did
 * not move (paid by another call, parcels gone, no longer open) or the batch failed (any error rolls the whole batch
 * back: the caller then settles singly through the full path, so one bad row never fails the others).
 */

/** Settlement's limit of transactions at a time in the process (p-limit). */
type Limit = <T>(fn: () => Promise<T>) => Promise<T>;

/** At most this many confirmations in one transaction. */
export const BATCH_MAX = 64;
/** Batches in flight per process (each takes one of settlement's slots). */
export const BATCHES_IN_FLIGHT = 2;

export interface BatchItem {
  req: PaymentRequestRow;
  providerRef: string;
  paidAt: Date;
}

interface Waiting {
  item: BatchItem;
  done: (settled: boolean) => void;
}

const batchers = new WeakMap<FastifyInstance, Batcher>();

/** Settles one confirmation through the process's batches: true when its request was settled by its batch. */
export function settleInBatch(app: FastifyInstance, limit: Limit, item: BatchItem): Promise<boolean> {
  let b = batchers.get(app);
  if (!b) batchers.set(app, (b = new Batcher(app, limit)));
  return b.add(item);
}

/** Whether a confirmation may go through a batch: an open request of parcels (not an extension), the amount ours. */
export function batchable(req: PaymentRequestRow, provider: string, amount: number): boolean {
  return req.status === 'open' && req.provider === provider && req.amount === amount && req.parcelIds.length > 0 && !req.extensionUntil;
}

class Batcher {
  private queue: Waiting[] = [];
  private running = 0;

  constructor(
    private readonly app: FastifyInstance,
    private readonly limit: Limit,
  ) {}

  add(item: BatchItem): Promise<boolean> {
    return new Promise((done) => {
      this.queue.push({ item, done });
      this.pump();
    });
  }

  private pump(): void {
    while (this.running < BATCHES_IN_FLIGHT && this.queue.length) {
      const batch = this.take();
      this.running++;
      void this.limit(() => this.run(batch)).finally(() => {
        this.running--;
        this.pump();
      });
    }
  }

  /** The oldest waiting confirmation and those after it of the same branch, one per request, at most BATCH_MAX. */
  private take(): Waiting[] {
    const branchId = this.queue[0]!.item.req.branchId;
    const batch: Waiting[] = [];
    const ids = new Set<string>();
    const rest: Waiting[] = [];
    for (const w of this.queue) {
      if (batch.length < BATCH_MAX && w.item.req.branchId === branchId && !ids.has(w.item.req.id)) {
        batch.push(w);
        ids.add(w.item.req.id);
      } else rest.push(w);
    }
    this.queue = rest;
    return batch;
  }

  private async run(batch: Waiting[]): Promise<void> {
    let settled = new Set<string>();
    try {
      settled = await this.settle(batch.map((w) => w.item));
    } catch (err) {
      this.app.log.warn(
        { n: batch.length, err: (err as Error).message },
        'settlement batch rolled back; settling its confirmations singly',
      );
    }
    for (const w of batch) w.done(settled.has(w.item.req.id));
  }

  private async settle(items: BatchItem[]): Promise<Set<string>> {
    const db = this.app.db;
    const branch = await branchesRepository.findById(db, items[0]!.req.branchId);
    if (!branch) return new Set();
    const atBranch = (await statusIds(db)).at_branch;
    return db.transaction(async (tx) => {
      await paymentsService.lockMoneyOfMany(
        tx,
        items.map((i) => i.req.userId),
        [branch.id],
      );
      const paid = await repo.payManyIfWaiting(
        tx,
        atBranch,
        items.map((i) => ({ id: i.req.id, providerRef: i.providerRef, paidAt: i.paidAt })),
      );
      if (!paid.size) return paid;
      const links = await paymentsService.recordOnlinePayments(
        tx,
        branch,
        items
          .filter((i) => paid.has(i.req.id))
          .map((i) => ({
            userId: i.req.userId,
            amount: i.req.amount,
            provider: i.req.provider,
            providerRef: i.providerRef,
            requestId: i.req.id,
          })),
      );
      await repo.setPayments(tx, links);
      return paid;
    });
  }
}
