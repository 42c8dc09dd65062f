import {
  accruedStorage,
  DOOR_CODE_MAX_ATTEMPTS,
  doorDeliveryFeeMinor,
  chargeableWeightKg,
  receiptTotalsMinor,
  type TDoorAddress,
  type TDoorDelivery,
  type TDoorQuote,
  type TLang,
} from '@portal/contract';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import type { SmsDriver } from '../../plugins/sms';
import { branchesRepository, type BranchRow } from '../branches/branches-repository';
import { doorCodeSms } from '../notifications/door-delivery-texts';
import { settingsRepository } from '../settings/settings-repository';
import { doorCodeMatches, newDoorCode } from './door-code';
import { doorRepository as repo, type DoorRow } from './door-delivery-repository';
import { deliveryView } from './door-delivery-views';

type Parcel = NonNullable<Awaited<ReturnType<typeof repo.parcel>>>;

/** The customer's own parcel waiting at its branch (404 for anyone else's, 422 door_not_allowed when not waiting). */
async function waitingParcel(db: DbOrTx, userId: number, orderId: number): Promise<Parcel & { branchId: number }> {
  const p = await repo.parcel(db, orderId);
  if (!p || p.userId !== userId) throw notFound();
  if (p.status !== 'at_branch' || p.branchId === null) throw new AppError('door_not_allowed');
  return p as Parcel & { branchId: number };
}

/** The zone of the postcode at the parcel's branch and the price the contract's rule gives (422 door_outside_zones). */
async function quoteFor(db: DbOrTx, p: Parcel & { branchId: number }, postcode: string) {
  const branch = await branchesRepository.findById(db, p.branchId);
  if (!branch) throw new AppError('door_not_allowed');
  const zone = await repo.zoneFor(db, p.branchId, postcode);
  if (!zone) throw new AppError('door_outside_zones');
  const parcel = { weight: p.weight, dimensions: p.dimensions, volumetric_divisor: p.volumetricDivisor };
  const fee = doorDeliveryFeeMinor({ base_price: zone.basePrice, per_kg_price: zone.perKgPrice }, parcel, branch.currency);
  return { branch, zone, fee, kg: chargeableWeightKg(p.weight, p.dimensions, p.volumetricDivisor ?? undefined) };
}

export async function customerView(db: DbOrTx, d: DoorRow): Promise<TDoorDelivery> {
  const parcel = await repo.parcel(db, d.orderId);
  const courier = d.courierUserId ? await repo.person(db, d.courierUserId) : undefined;
  const attempts = await repo.attempts(db, [d.id]);
  return deliveryView(d, parcel?.trackCode ?? '', courier ? courier.firstName : null, attempts);
}

/** What the courier takes at the door: the parcel's charges, its paid storage today and the fee (minor units). */
export function toCollect(p: Parcel, d: DoorRow, branch: BranchRow, now = new Date()): number {
  const charges = receiptTotalsMinor([{ priceMinor: p.price ?? 0, weight: p.weight, insuranceMinor: p.insurancePremium }]).totalMinor;
  const storage = accruedStorage({ storageUntil: p.storageUntil, storageFeePerDay: p.storageFeePerDay }, branch.timeZone, now).fee;
  return charges + storage + d.fee;
}

export const doorDeliveryService = {
  async quote(db: Db, userId: number, orderId: number, postcode: string): Promise<TDoorQuote> {
    const p = await waitingParcel(db, userId, orderId);
    const q = await quoteFor(db, p, postcode);
    return { zone: { id: q.zone.id, name: q.zone.name }, chargeable_weight: q.kg, fee: q.fee, currency: q.branch.currency };
  },

  /**
   * The customer asks: the zone from the postcode, the price by the contract's rule (the one they were shown, else 409
   * door_fee_changed), one open request per parcel (409 door_exists; the unique partial index decides a race).
   */
  async request(db: Db, userId: number, input: TDoorAddress & { order_id: number; fee: number; postcode: string }): Promise<TDoorDelivery> {
    return db.transaction(async (tx) => {
      const p = await waitingParcel(tx, userId, input.order_id);
      const q = await quoteFor(tx, p, input.postcode);
      if (q.fee !== input.fee) throw new AppError('door_fee_changed');
      const me = await repo.person(tx, userId);
      const row = await repo.insert(tx, {
        orderId: p.id,
        userId,
        branchId: p.branchId,
        zoneId: q.zone.id,
        zoneName: q.zone.name,
        street: input.street,
        building: input.building,
        apartment: input.apartment || null,
        postcode: input.postcode,
        note: input.note || null,
        phone: input.phone ?? me!.phone,
        fee: q.fee,
        currency: q.branch.currency,
      });
      if (!row) throw new AppError('door_exists');
      return customerView(tx, row);
    });
  },

  /** The parcel's latest delivery (null when none was asked), for the parcel page. */
  async ofOrder(db: Db, userId: number, orderId: number): Promise<TDoorDelivery | null> {
    const p = await repo.parcel(db, orderId);
    if (!p || p.userId !== userId) throw notFound();
    const d = await repo.latestOfOrder(db, orderId);
    return d ? customerView(db, d) : null;
  },

  /** The customer cancels before the courier sets out (409 door_state after). */
  async cancel(db: Db, userId: number, id: number): Promise<TDoorDelivery> {
    const d = await repo.byId(db, id);
    if (!d || d.userId !== userId) throw notFound();
    const row = await repo.step(db, id, ['requested', 'assigned'], { state: 'cancelled', closedAt: new Date() });
    if (!row) throw new AppError('door_state');
    return customerView(db, row);
  },
};

/**
 * The courier sets out with a stop: assigned → out (theirs only), a new code kept hashed with its tries at zero, and
 * the SMS with the code to the delivery's phone in the customer's language. A failed SMS undoes the step.
 */
export async function setOut(db: Db, sms: SmsDriver, d: DoorRow, courier: { id: number; firstName: string }): Promise<DoorRow> {
  const { code, kept } = newDoorCode();
  const row = await db.transaction(async (tx) => {
    const moved = await repo.step(tx, d.id, ['assigned'], { state: 'out', codeHash: kept, codeAttempts: 0, codeSentAt: new Date() });
    if (!moved) throw new AppError('door_state');
    const customer = await repo.person(tx, d.userId);
    const lang: TLang = customer?.language ?? 'ru';
    const site = (await settingsRepository.all(tx, lang)).site_name.trim() || 'Cargo';
    const parcel = await repo.parcel(tx, d.orderId);
    const message = doorCodeSms(lang, { site, code, track_code: parcel?.trackCode ?? '', courier: courier.firstName });
    try {
      await sms.send({ to: d.phone, text: message, code, purpose: 'door_delivery' });
    } catch {
      throw new AppError('service_unavailable');
    }
    return moved;
  });
  return row;
}

/**
 * The code the customer read out: one try spent before it is compared (at most DOOR_CODE_MAX_ATTEMPTS, however many
 * arrive at once); a wrong one answers code_invalid, then code_attempts_exceeded. Single use: once delivered the stop
 * is no longer out (door_state).
 */
export async function checkCode(db: Db, d: DoorRow, code: string): Promise<void> {
  const row = await repo.spendTry(db, d.id, DOOR_CODE_MAX_ATTEMPTS);
  if (!row) {
    const now = await repo.byId(db, d.id);
    if (!now || now.state !== 'out') throw new AppError('door_state');
    throw new AppError('code_attempts_exceeded', { fields: { code: ['code_attempts_exceeded'] } });
  }
  if (!doorCodeMatches(row.codeHash ?? '', code)) {
    if (row.codeAttempts >= DOOR_CODE_MAX_ATTEMPTS)
      throw new AppError('code_attempts_exceeded', { fields: { code: ['code_attempts_exceeded'] } });
    throw new AppError('code_invalid', { fields: { code: ['code_invalid'] } });
  }
}
