import { eq } from 'drizzle-orm';
import { normalizeTrackCode, pickText, type TLang, type TPublicTracking } from '@portal/contract';
import type { DbOrTx } from '../../db/client';
import { branches, orderStatuses, orders } from '../../db/schema';
import { parcels } from '../parcels/parcels-service';
import { cardColumns } from './order-cards';

/** The answer for a code nobody received: the same shape whether someone saved it or it does not exist at all. */
const notFound = (code: string): TPublicTracking => ({
  code,
  found: false,
  status: null,
  received_at: null,
  dispatched_at: null,
  arrived_at: null,
  delivered_at: null,
  expected_arrival: null,
  branch: null,
});

/**
 * Public tracking (issue 37): where the parcel of a seller's code or our number is, read without signing in. Only the
 * columns below are read, so nothing personal can leak into the answer (the API test scans it for the owner's data).
 */
export async function publicTracking(db: DbOrTx, text: string, lang: TLang): Promise<TPublicTracking> {
  const scanned = (await parcels.resolveScans(db, [text])).get(normalizeTrackCode(text));
  const code = scanned && 'trackCode' in scanned ? scanned.trackCode : null;
  if (!code) return notFound(text);
  const [row] = await db
    .select({
      trackCode: orders.trackCode,
      statusId: orderStatuses.id,
      statusCode: orderStatuses.code,
      statusName: orderStatuses.name,
      receivedAt: orders.receivedAt,
      dispatchedAt: orders.dispatchedAt,
      arrivedAt: orders.arrivedAt,
      deliveredAt: orders.deliveredAt,
      expectedArrival: cardColumns.expectedArrival,
      branchId: branches.id,
      branchName: branches.name,
      branchCity: branches.city,
    })
    .from(orders)
    .innerJoin(orderStatuses, eq(orderStatuses.id, orders.statusId))
    .leftJoin(branches, eq(branches.id, orders.branchId))
    .where(eq(orders.trackCode, code))
    .limit(1);
  if (!row) return notFound(text);
  return {
    code: row.trackCode,
    found: true,
    status: { id: row.statusId, code: row.statusCode, name: pickText(row.statusName, lang) },
    received_at: row.receivedAt.toISOString(),
    dispatched_at: row.dispatchedAt?.toISOString() ?? null,
    arrived_at: row.arrivedAt?.toISOString() ?? null,
    delivered_at: row.deliveredAt?.toISOString() ?? null,
    expected_arrival: row.statusCode === 'in_transit' ? row.expectedArrival : null,
    branch:
      row.branchId !== null && row.branchName && row.branchCity
        ? { id: row.branchId, name: pickText(row.branchName, lang), city: pickText(row.branchCity, lang) }
        : null,
  };
}
