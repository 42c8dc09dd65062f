import type { FastifyInstance } from 'fastify';
import {
  localDate,
  PAYMENT_REQUEST_TTL_MINUTES,
  addDays,
  storageExtensionFee,
  storageExtensionRefusal,
  type TOnlineProvider,
  type TLang,
  type TStorageExtensionOffer,
  type TStorageExtensionResult,
} from '@portal/contract';
import { AppError, notFound } from '../../lib/app-error';
import { text } from '../../texts/texts';
import { calendarDate } from '../notifications/notification-texts';
import { branchesRepository, type BranchRow } from '../branches/branches-repository';
import { parcels } from '../parcels/parcels-service';
import { statusIds } from '../parcels/parcel-statuses';
import { paymentsService } from '../payments/payments-service';
import type { UserRow } from '../users/users-repository';
import { onlinePaymentsRepository as repo } from './online-payments-repository';
import { onlinePaymentsService, openAtProvider, pickProvider, providersAt } from './online-payments-service';

/**
 * Keeping a waiting parcel longer (ADR 093). The customer picks the new last free day (today … today + the branch's
 * `storage_extension_max_days`, after the current one); the price is the contract's one rule (storageExtensionFee:
 * the storage a collection on that day would owe). With a fee it is a payment request of that amount at the branch's
 * provider, carrying the parcel and both days; settlement (settlement.ts) moves the day, exactly once, with the payment
 * and a storage charge. Free storage moves the day at once through the same guarded UPDATE.
 */

/** The caller's parcel waiting at its branch, with the branch; 404 when not theirs, 409 when not waiting. */
async function waitingParcel(app: FastifyInstance, userId: number, parcelId: number) {
  const parcel = await repo.parcelForExtension(app.db, userId, parcelId);
  if (!parcel) throw notFound();
  const branch = parcel.branchId ? await branchesRepository.findById(app.db, parcel.branchId) : undefined;
  if (!branch || !parcel.storageUntil || parcel.statusId !== (await statusIds(app.db)).at_branch)
    throw new AppError('storage_extension_not_waiting');
  return { parcel: { ...parcel, storageUntil: parcel.storageUntil }, branch };
}

function refuse(parcel: { storageUntil: string }, until: string, branch: BranchRow): void {
  const today = localDate(new Date(), branch.timeZone);
  const why = storageExtensionRefusal(parcel, until, today, branch.storageExtensionMaxDays);
  if (why) throw new AppError(`storage_extension_${why}`);
}

export const storageExtensions = {
  /** What the parcel page offers: the terms, the latest day allowed, the providers and an open request to go back to. */
  async offer(app: FastifyInstance, userId: number, parcelId: number): Promise<TStorageExtensionOffer> {
    const { parcel, branch } = await waitingParcel(app, userId, parcelId);
    const today = localDate(new Date(), branch.timeZone);
    return {
      parcel_id: parcel.id,
      storage_until: parcel.storageUntil,
      fee_per_day: parcel.storageFeePerDay,
      currency: branch.currency,
      today,
      max_until: addDays(today, branch.storageExtensionMaxDays),
      providers: parcel.storageFeePerDay > 0 ? await providersAt(app, branch.id) : [],
      open_request_id: (await repo.openExtension(app.db, userId, parcel.id)) ?? null,
    };
  },

  async create(
    app: FastifyInstance,
    user: UserRow,
    input: { parcel_id: number; until: string; provider?: TOnlineProvider },
    lang: TLang,
    publicUrl: string,
  ): Promise<TStorageExtensionResult> {
    const { parcel, branch } = await waitingParcel(app, user.id, input.parcel_id);
    refuse(parcel, input.until, branch);
    const price = storageExtensionFee(parcel, input.until);
    if (price.fee === 0) {
      // Free storage: the day moves now, by the same guard settlement uses (a parcel handed over meanwhile: 409).
      const moved = await app.db.transaction((tx) =>
        parcels.extendStorage(tx, {
          parcelId: parcel.id,
          userId: user.id,
          branchId: branch.id,
          from: parcel.storageUntil,
          until: input.until,
        }),
      );
      if (!moved) throw new AppError('storage_extension_not_waiting');
      return { request: null, storage_until: input.until };
    }
    const { provider, driver, creds } = await pickProvider(app, branch.id, input.provider);
    const expiresAt = new Date(Date.now() + PAYMENT_REQUEST_TTL_MINUTES * 60_000);
    const req = await app.db.transaction(async (tx) => {
      // Under the customer's lock: one open request per customer and branch (a new one cancels the old).
      await paymentsService.lockCustomer(tx, user.id);
      await repo.cancelOpen(tx, user.id, branch.id, 'replaced');
      return repo.insert(tx, {
        userId: user.id,
        branchId: branch.id,
        provider,
        currency: branch.currency,
        amount: price.fee,
        debt: 0,
        parcelIds: [parcel.id],
        extensionFrom: parcel.storageUntil,
        extensionUntil: input.until,
        lang,
        expiresAt,
      });
    });
    const description = text('online_payments.description_storage', lang, { days: price.days, date: calendarDate(input.until, lang) });
    await openAtProvider(app, { req, user, driver, creds, description, lang, publicUrl });
    return { request: await onlinePaymentsService.get(app, user.id, req.id, lang, { poll: false }), storage_until: null };
  },
};
