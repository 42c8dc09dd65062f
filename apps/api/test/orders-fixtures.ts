import { eq } from 'drizzle-orm';
import type { TOrderStatusCode } from '@portal/contract';
import type { Db } from '../src/db/client';
import { users } from '../src/db/schema';
import { insertOrder } from '../src/seed/orders';

let codeCounter = 0;
/** A fresh, valid tracking code for this test process. */
export function newTrackCode(prefix = 'TT'): string {
  codeCounter += 1;
  return `${prefix}${process.pid}X${Date.now() % 1_000_000}X${codeCounter}`;
}

/** Inserts an order for a user (or unclaimed) in a status, priced by the user's branch from at_branch on. */
export async function makeOrder(
  db: Db,
  opts: {
    userId: number | null;
    status: TOrderStatusCode;
    trackCode?: string;
    name?: string;
    weight?: number;
    archived?: boolean;
    receivedDaysAgo?: number;
    branchId?: number | null;
  },
) {
  let branchId = opts.branchId ?? null;
  if (opts.branchId === undefined && opts.userId !== null) {
    const [u] = await db.select({ branchId: users.branchId }).from(users).where(eq(users.id, opts.userId)).limit(1);
    branchId = u?.branchId ?? null;
  }
  const trackCode = opts.trackCode ?? newTrackCode();
  const receivedAt = new Date(Date.now() - (opts.receivedDaysAgo ?? 20) * 24 * 3600 * 1000);
  const { id } = await insertOrder(db, {
    userId: opts.userId,
    trackCode,
    status: opts.status,
    name: opts.name ?? '',
    weight: opts.weight ?? 2,
    branchId,
    receivedAt,
    archivedAt: opts.archived ? new Date() : null,
  });
  return { id, trackCode };
}
