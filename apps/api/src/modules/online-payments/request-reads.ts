import type { FastifyInstance } from 'fastify';
import { coalescedReads } from '../../lib/coalesce';
import { onlinePaymentsRepository as repo, UUID, type PaymentRequestRow } from './online-payments-repository';

type WithBranch = NonNullable<Awaited<ReturnType<typeof repo.withBranch>>>;

interface Reads {
  byId(id: string): Promise<PaymentRequestRow | undefined>;
  withBranch(id: string): Promise<WithBranch | undefined>;
}

const perApp = new WeakMap<FastifyInstance, Reads>();

/**
 * The reads of one request that every provider's callback (to verify it) and every open pay page (after being told)
 * make, coalesced in the process (lib/coalesce.ts, ADR 077 "Speed"): 1,000 Pays at once are a few statements, not
 * 1,000 round trips ahead of the settlements in the pool's queue. Outside any transaction only: what is decided is
 * re-read under the lock.
 */
export function requestReads(app: FastifyInstance): Reads {
  let reads = perApp.get(app);
  if (!reads) {
    const byId = coalescedReads(
      (ids: readonly string[]) => repo.byIds(app.db, ids),
      (r) => r.id,
    );
    const withBranch = coalescedReads(
      (ids: readonly string[]) => repo.withBranches(app.db, ids),
      (r) => r.r.id,
    );
    reads = {
      byId: async (id) => (UUID.test(id) ? byId(id.toLowerCase()) : undefined),
      withBranch: async (id) => (UUID.test(id) ? withBranch(id.toLowerCase()) : undefined),
    };
    perApp.set(app, reads);
  }
  return reads;
}
