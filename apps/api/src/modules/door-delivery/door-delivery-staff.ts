import type { TDoorFailReason, TDoorStop, TLang, TPaymentInput, TReceipt } from '@portal/contract';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import type { SmsDriver } from '../../plugins/sms';
import { recordAudit, type AuditActor } from '../audit/audit';
import type { BranchRow } from '../branches/branches-repository';
import { handoverService } from '../manage/handover-service';
import { notificationsService } from '../notifications/notifications-service';
import { orderLink } from '../parcels/parcel-notifications';
import type { Actor } from '../parcels/parcels-service';
import { shelvesService } from '../shelves/shelves-service';
import type { UserRow } from '../users/users-repository';
import { doorRepository as repo, type DoorRow } from './door-delivery-repository';
import { checkCode, setOut, toCollect } from './door-delivery-service';
import { branchToday, deliveryView, fullName } from './door-delivery-views';

type StaffActor = Actor & { userId: number; audit: AuditActor };

/** A stop of this branch (another branch's or unknown: 404). */
async function stopOf(db: DbOrTx, branch: BranchRow, id: number): Promise<DoorRow> {
  const d = await repo.byId(db, id);
  if (!d || d.branchId !== branch.id) throw notFound();
  return d;
}

/** Only the stop's own courier (or an admin) sets out, delivers or records a failed attempt. */
function assertCourier(d: DoorRow, user: UserRow): void {
  if (user.role !== 'admin' && d.courierUserId !== user.id) throw new AppError('door_not_your_stop');
}

async function stopsView(db: DbOrTx, branch: BranchRow, rows: DoorRow[]): Promise<TDoorStop[]> {
  const attempts = await repo.attempts(
    db,
    rows.map((d) => d.id),
  );
  const out: TDoorStop[] = [];
  // One query at a time: inside a transaction they share one connection.
  const parcels: Awaited<ReturnType<typeof repo.parcel>>[] = [];
  for (const d of rows) parcels.push(await repo.parcel(db, d.orderId));
  const shelves = await shelvesService.pickList(
    db,
    branch.id,
    rows.map((d, i) => ({ id: d.orderId, track_code: parcels[i]?.trackCode ?? '' })),
  );
  for (const [i, d] of rows.entries()) {
    const p = parcels[i]!;
    const customer = await repo.person(db, d.userId);
    const courier = d.courierUserId ? await repo.person(db, d.courierUserId) : undefined;
    out.push({
      ...deliveryView(d, p.trackCode, fullName(courier), attempts),
      customer_name: fullName(customer) ?? '',
      client_code: customer?.clientCode ?? null,
      to_collect: toCollect(p, d, branch),
      shelf: shelves.find((s) => s.order_id === d.orderId)?.shelf?.label ?? null,
      courier_user_id: d.courierUserId,
    });
  }
  return out;
}

/**
 * The customer is told each step (ADR 094), in the step's transaction: scheduled with its day, or a failed attempt with
 * the reason (the parcel waits at the branch). Delivered is the hand-over's own message (door_delivery_delivered).
 */
async function notifyDoor(
  tx: Tx,
  event: 'door_delivery_assigned' | 'door_delivery_failed',
  d: DoorRow,
  branch: BranchRow,
  more: { day?: string | null; reason?: TDoorFailReason },
): Promise<void> {
  const parcel = await repo.parcel(tx, d.orderId);
  const params = { door_delivery_id: d.id, order_id: d.orderId, track_code: parcel?.trackCode ?? '', branch: branch.name, ...more };
  await notificationsService.notify(tx, [{ userId: d.userId, event, params, link: orderLink(d.orderId) }]);
}

export const doorStaffService = {
  /** The clerk's list: requested and assigned stops of the branch, by day. */
  async open(db: Db, branch: BranchRow): Promise<TDoorStop[]> {
    return stopsView(db, branch, await repo.openOfBranch(db, branch.id));
  },

  /** The courier's day: their stops of `day` (the branch's today by default) in route order; an admin sees every courier's. */
  async route(db: Db, branch: BranchRow, user: UserRow, day?: string): Promise<TDoorStop[]> {
    const date = day ?? branchToday(branch.timeZone);
    const rows =
      user.role === 'admin'
        ? (await repo.openOfBranch(db, branch.id)).filter((d) => d.day === date)
        : await repo.route(db, branch.id, user.id, date);
    return stopsView(db, branch, rows);
  },

  async couriers(db: Db, branch: BranchRow) {
    return (await repo.staffOf(db, branch.id)).map((s) => ({ id: s.id, name: fullName(s) ?? '' }));
  },

  /** requested|assigned → assigned to one of the branch's own staff for a day. */
  async assign(db: Db, branch: BranchRow, actor: StaffActor, id: number, courierUserId: number, day: string): Promise<TDoorStop> {
    return db.transaction(async (tx) => {
      const d = await stopOf(tx, branch, id);
      const staff = await repo.staffOf(tx, branch.id);
      if (!staff.some((s) => s.id === courierUserId))
        throw new AppError('validation_failed', { fields: { courier_user_id: ['validation.invalid_value'] } });
      const row = await repo.step(tx, id, ['requested', 'assigned'], { state: 'assigned', courierUserId, day });
      if (!row) throw new AppError('door_state');
      // Told once it is scheduled and again only when the day moves (another courier the same day is no news).
      if (d.state !== 'assigned' || d.day !== day) await notifyDoor(tx, 'door_delivery_assigned', row, branch, { day });
      await recordAudit(tx, {
        actor: actor.audit,
        action: 'door_delivery.assign',
        targetType: 'door_delivery',
        targetId: id,
        before: { state: d.state, courier_user_id: d.courierUserId, day: d.day },
        after: { state: 'assigned', courier_user_id: courierUserId, day },
      });
      return (await stopsView(tx, branch, [row]))[0]!;
    });
  },

  async setOut(db: Db, sms: SmsDriver, branch: BranchRow, user: UserRow, actor: StaffActor, id: number): Promise<TDoorStop> {
    const d = await stopOf(db, branch, id);
    assertCourier(d, user);
    const row = await setOut(db, sms, d, user);
    await recordAudit(db, {
      actor: actor.audit,
      action: 'door_delivery.out',
      targetType: 'door_delivery',
      targetId: id,
      after: { state: 'out' },
    });
    return (await stopsView(db, branch, [row]))[0]!;
  },

  /**
   * Closed with the customer's code: the existing hand-over (one owner of at_branch → delivered: receipt, payments into
   * the branch's open day, storage, shelf released) with the fee in its total and the courier on the receipt; the stop
   * out → delivered in the same transaction (two couriers at once: one hand-over wins, the other 409 and writes nothing).
   */
  async deliver(
    db: Db,
    branch: BranchRow,
    user: UserRow,
    actor: StaffActor,
    id: number,
    input: { code: string; payments?: TPaymentInput[] },
    lang: TLang,
  ): Promise<{ stop: TDoorStop; receipt: TReceipt }> {
    const d = await stopOf(db, branch, id);
    assertCourier(d, user);
    if (d.state !== 'out') throw new AppError('door_state');
    await checkCode(db, d, input.code);
    const receipt = await handoverService.complete(
      db,
      branch,
      {
        customerId: d.userId,
        orderIds: [d.orderId],
        payments: input.payments ?? [],
        doorDelivery: { fee: d.fee, courierName: fullName(user) ?? '' },
      },
      actor,
      lang,
      {
        alsoInTx: async (tx, receiptId) => {
          const row = await repo.step(tx, id, ['out'], { state: 'delivered', receiptId, closedAt: new Date(), codeHash: null });
          if (!row) throw new AppError('door_state');
          await repo.addAttempt(tx, { deliveryId: id, courierUserId: user.id, outcome: 'delivered' });
          await recordAudit(tx, {
            actor: actor.audit,
            action: 'door_delivery.deliver',
            targetType: 'door_delivery',
            targetId: id,
            after: { state: 'delivered', receipt_id: receiptId },
          });
        },
      },
    );
    const row = (await repo.byId(db, id))!;
    return { stop: (await stopsView(db, branch, [row]))[0]!, receipt };
  },

  /** A failed attempt with its reason: the stop is closed, the parcel stays at the branch on its shelf (never moved). */
  async fail(
    db: Db,
    branch: BranchRow,
    user: UserRow,
    actor: StaffActor,
    id: number,
    input: { reason: TDoorFailReason; note?: string },
  ): Promise<TDoorStop> {
    return db.transaction(async (tx) => {
      const d = await stopOf(tx, branch, id);
      assertCourier(d, user);
      const row = await repo.step(tx, id, ['assigned', 'out'], {
        state: 'failed',
        failReason: input.reason,
        closedAt: new Date(),
        codeHash: null,
      });
      if (!row) throw new AppError('door_state');
      await repo.addAttempt(tx, {
        deliveryId: id,
        courierUserId: user.id,
        outcome: 'failed',
        reason: input.reason,
        note: input.note ?? null,
      });
      await recordAudit(tx, {
        actor: actor.audit,
        action: 'door_delivery.fail',
        targetType: 'door_delivery',
        targetId: id,
        before: { state: d.state },
        after: { state: 'failed', reason: input.reason },
      });
      await notifyDoor(tx, 'door_delivery_failed', row, branch, { reason: input.reason });
      return (await stopsView(tx, branch, [row]))[0]!;
    });
  },
};
