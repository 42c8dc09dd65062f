import { localDate, type TCustomsId } from '@portal/contract';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { notificationsService } from '../notifications/notifications-service';
import { customsRepository } from './customs-repository';

type Needed = Exclude<TCustomsId, 'none'>;

/** A parcel that cannot leave: its owner lacks the number its branch's country needs. */
export interface BlockedParcel {
  id: number;
  trackCode: string;
  userId: number;
  missing: Needed;
  timeZone: string;
}

/** Track codes an error message names (the rest are counted). */
const NAMED = 10;

/**
 * 422 customs_id_missing (ADR 084): the whole dispatch refused, naming the parcels and the missing numbers; the error
 * handler words `customs_id` in the caller's language. Carries the parcels so the owners can be told after the rollback.
 */
export class CustomsIdMissing extends AppError {
  constructor(readonly blocked: BlockedParcel[]) {
    const codes = [...new Set(blocked.map((b) => b.trackCode))];
    super('customs_id_missing', {
      params: {
        codes: codes.slice(0, NAMED).join(', ') + (codes.length > NAMED ? ` … (${codes.length})` : ''),
        count: codes.length,
        customs_id: [...new Set(blocked.map((b) => b.missing))].sort().join(','),
      },
    });
  }
}

const lacks = (missing: Needed, n: { iin: string | null; personalNumber: string | null } | undefined) =>
  missing === 'iin' ? !n?.iin : !n?.personalNumber;

/**
 * Which of these parcels' owners lack the number their branch's country needs. With `lock` (dispatch), the owners'
 * rows are read FOR SHARE, so the answer holds until the caller's transaction ends.
 */
export async function customsGaps(
  db: DbOrTx,
  parcels: { id: number; trackCode: string; userId: number | null; branchId: number | null }[],
  lock: boolean,
): Promise<BlockedParcel[]> {
  const req = await customsRepository.requirements(db, [...new Set(parcels.flatMap((p) => (p.branchId === null ? [] : [p.branchId])))]);
  const needing = parcels.filter((p) => p.userId !== null && p.branchId !== null && (req.get(p.branchId)?.customsId ?? 'none') !== 'none');
  if (!needing.length) return [];
  const numbers = await customsRepository.numbersOf(db, [...new Set(needing.map((p) => p.userId!))], lock);
  return needing.flatMap((p) => {
    const { customsId, timeZone } = req.get(p.branchId!)!;
    const missing = customsId as Needed;
    return lacks(missing, numbers.get(p.userId!)) ? [{ id: p.id, trackCode: p.trackCode, userId: p.userId!, missing, timeZone }] : [];
  });
}

/**
 * Each owner of a refused parcel told to add the number (event customs_id_needed, linking to the profile), at most
 * once per calendar day of the parcel's branch: the notices table's primary key decides, in its own transaction
 * (the dispatch's was rolled back).
 */
export async function tellCustomsNeeded(db: Db, blocked: BlockedParcel[], now = new Date()): Promise<void> {
  if (!blocked.length) return;
  const byUser = new Map<number, BlockedParcel[]>();
  for (const b of blocked) byUser.set(b.userId, [...(byUser.get(b.userId) ?? []), b]);
  await db.transaction(async (tx) => {
    const rows = [...byUser].map(([userId, list]) => ({ userId, day: localDate(now, list[0]!.timeZone) }));
    const fresh = await customsRepository.insertNotices(tx, rows);
    await notificationsService.notify(
      tx,
      [...byUser]
        .filter(([userId]) => fresh.has(userId))
        .map(([userId, list]) => {
          const codes = [...new Set(list.map((b) => b.trackCode))];
          return {
            userId,
            event: 'customs_id_needed' as const,
            params: { customs_id: list[0]!.missing, count: codes.length, codes: codes.slice(0, NAMED) },
            link: '/profile/account',
          };
        }),
    );
  });
}

/**
 * A dispatch's transaction: when the customs gate refuses it (CustomsIdMissing), the owners are told after the
 * rollback, then the refusal goes on to the caller. Every dispatch path opens its transaction with this.
 */
export async function dispatchTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(work);
  } catch (error) {
    if (error instanceof CustomsIdMissing) await tellCustomsNeeded(db, error.blocked);
    throw error;
  }
}
