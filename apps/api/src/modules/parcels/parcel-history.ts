import { previousStatus, toMajorOrNull, type TOrderEventAction, type TOrderStatusCode } from '@portal/contract';
import type { DbOrTx } from '../../db/client';
import { recordAuditMany, type AuditInput } from '../audit/audit';
import { notifyStatus, sendParcelNotices } from './parcel-notifications';
import { statusCodeById, statusIds } from './parcel-statuses';
import type { Actor, LifecycleOrderRow } from './parcel-types';
import { parcelsRepository } from './parcels-repository';

export type EventOpts = {
  /** One of the contract's ORDER_EVENT_ACTIONS: each has its label in every language on both sides. */
  action: TOrderEventAction;
  details?: Record<string, unknown>;
  /** Details of one parcel besides the shared ones (dispatch's insurance premium, ADR 090). */
  detailsOf?: (row: LifecycleOrderRow) => Record<string, unknown> | undefined;
  notify?: boolean;
  /** What the audit row says was there before (default: the status NEXT_STATUS allows before `status`). */
  before?: Record<string, unknown> | null;
  /** Audit rows of the same change written with the parcels' rows, in one statement (the hand-over's receipt row). */
  alsoAudit?: Omit<AuditInput, 'actor'>[];
};

/**
 * What every transition leaves: one history event per parcel (status `status`), one audit row per parcel when a
 * staff or admin request did it, and each owner's status notification unless notify is false (or the actor is quiet).
 */
export async function recordEvents(
  tx: DbOrTx,
  rows: LifecycleOrderRow[],
  status: TOrderStatusCode,
  actor: Actor,
  opts: EventOpts,
): Promise<void> {
  if (!rows.length) return;
  const audit = actor.audit;
  if (audit && audit.role !== 'customer') {
    const before = opts.before === undefined ? { status: previousStatus(status) } : opts.before;
    await recordAuditMany(
      tx,
      rows
        .map((o): AuditInput => ({
          actor: audit,
          action: `parcel.${opts.action}`,
          targetType: 'order',
          targetId: o.id,
          before,
          after: {
            status,
            track_code: o.trackCode,
            user_id: o.userId,
            branch_id: o.branchId,
            weight: o.weight,
            // Audit rows show amounts as answers do (major units), the same since the first row.
            price: toMajorOrNull(o.price),
            currency: o.currency,
            ...(opts.details ?? {}),
            ...opts.detailsOf?.(o),
          },
        }))
        .concat((opts.alsoAudit ?? []).map((row) => ({ ...row, actor: audit }))),
    );
  }
  const ids = await statusIds(tx);
  await parcelsRepository.insertEvents(
    tx,
    rows.map((o) => ({
      orderId: o.id,
      action: opts.action,
      statusId: ids[status],
      actorUserId: actor.userId,
      branchId: actor.branchId ?? o.branchId,
      ip: actor.ip ?? null,
      details: { ...(opts.details ?? {}), ...opts.detailsOf?.(o) },
    })),
  );
  if (opts.notify !== false && !actor.quiet) await notifyStatus(tx, rows, status);
}

/** Messages a transition sends besides the status ones (none when the actor is quiet). */
export async function tell(tx: DbOrTx, actor: Actor, messages: Parameters<typeof sendParcelNotices>[1]): Promise<void> {
  if (!actor.quiet) await sendParcelNotices(tx, messages);
}

/** The status code a parcel row is in (statuses are seeded: an unknown id is a bug). */
export async function statusOf(tx: DbOrTx, row: LifecycleOrderRow): Promise<TOrderStatusCode> {
  const code = (await statusCodeById(tx)).get(row.statusId);
  if (!code) throw new Error(`order ${row.id} has unknown status id ${row.statusId}`);
  return code;
}

/**
 * Moves the parcels matching `where` to `to`, only from the status NEXT_STATUS allows before it. Answers the moved
 * rows; parcels in any other status are left as they are (the caller says why).
 */
export async function move(
  tx: DbOrTx,
  to: TOrderStatusCode,
  where: Parameters<typeof parcelsRepository.move>[3],
  set: Parameters<typeof parcelsRepository.move>[4],
): Promise<LifecycleOrderRow[]> {
  const from = previousStatus(to);
  if (from === null) throw new Error(`${to} is where parcels start: use receive`);
  const ids = await statusIds(tx);
  return parcelsRepository.move(tx, ids[from], ids[to], where, set);
}

/** Each saver of a disputed code is told it is being checked, or (after the check) that it went to someone else. */
export async function tellSavers(
  tx: DbOrTx,
  actor: Actor,
  userIds: number[],
  trackCode: string,
  checking: 'checking' | 'not_yours',
): Promise<void> {
  await tell(
    tx,
    actor,
    [...new Set(userIds)].map((userId) => ({
      userId,
      event: 'order_checking' as const,
      params: { checking, track_code: trackCode },
      link: '/orders/tracks',
    })),
  );
}
