import { and, asc, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { TDispute, TLang, TManageParcel } from '@portal/contract';
import type { Db, DbOrTx } from '../../db/client';
import { orders } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import { parcels, type Actor } from '../parcels/parcels-service';
import { parcelsRepository } from '../parcels/parcels-repository';
import { tracksLinks } from '../tracks/tracks-links';
import { containsPattern, manageRepository } from './manage-repository';
import { toManageParcel } from './parcel-view';

/** Parcels held as disputed (ADR 021): several customers saved the code; staff check and give it to one of them. */
/**
 * A disputed parcel, locked for a decision: the parcel (404 when unknown), under its code's lock (so a customer saving
 * the code meanwhile comes either before, as a saver, or after), still disputed (409 dispute_resolved once someone
 * settled it), with its savers as they are now, earliest first.
 */
async function openDispute(tx: DbOrTx, orderId: number) {
  const order = await parcelsRepository.findOne(tx, orderId);
  if (!order) throw notFound();
  await parcels.lockCode(tx, order.trackCode);
  const now = await parcelsRepository.findOne(tx, orderId);
  if (!now || now.userId !== null || now.disputedAt === null) throw new AppError('dispute_resolved');
  const savers = (await manageRepository.saversOf(tx, [order.trackCode])).get(order.trackCode) ?? [];
  return { order, savers };
}

export const disputesService = {
  /** Oldest dispute first, each with its savers (earliest first); q is part of the tracking code. */
  async list(db: Db, q: string | undefined, page: number, perPage: number, lang: TLang): Promise<{ items: TDispute[]; total: number }> {
    const conditions: SQL[] = [isNotNull(orders.disputedAt), isNull(orders.userId)];
    if (q) conditions.push(sql`upper(${orders.trackCode}) like ${containsPattern(q.toUpperCase().replace(/\s+/g, ''))}`);
    const where = and(...conditions);
    const [rows, total] = await Promise.all([
      manageRepository.parcels(db, where, {
        orderBy: [asc(orders.disputedAt), asc(orders.id)],
        limit: perPage,
        offset: (page - 1) * perPage,
      }),
      manageRepository.count(db, where),
    ]);
    const savers = await manageRepository.saversOf(
      db,
      rows.map((r) => r.order.trackCode),
    );
    const items = rows.map((r) => ({
      parcel: toManageParcel(r, lang),
      disputed_at: (r.order.disputedAt ?? r.order.receivedAt).toISOString(),
      savers: (savers.get(r.order.trackCode) ?? []).map((s) => ({
        user_id: s.user.id,
        client_code: s.user.clientCode,
        first_name: s.user.firstName,
        last_name: s.user.lastName,
        phone_number: s.user.phoneNumber,
        name: s.name,
        saved_at: s.savedAt.toISOString(),
      })),
    }));
    return { items, total };
  },

  /**
   * Gives the disputed parcel to the saver `userId` (422 dispute_not_saver for anyone else) with staff's note, under
   * the code's lock; the parcels module's guarded UPDATE makes one of concurrent assignments win (409 dispute_resolved).
   */
  async assign(db: Db, orderId: number, userId: number, note: string, actor: Actor, lang: TLang): Promise<TManageParcel> {
    return db.transaction(async (tx) => {
      const { order, savers } = await openDispute(tx, orderId);
      const chosen = savers.find((s) => s.user.id === userId);
      if (!chosen) throw new AppError('dispute_not_saver', { fields: { user_id: ['validation.invalid_value'] } });
      const done = await parcels.assignDisputed(
        tx,
        order.id,
        chosen.user,
        savers.map((s) => s.user.id),
        note,
        actor,
      );
      if (!done) throw new AppError('dispute_resolved');
      await tracksLinks.linkOrders(tx, [done.id]);
      if (chosen.name) await parcels.nameIfEmpty(tx, order.id, chosen.name);
      const row = await manageRepository.parcelById(tx, order.id);
      return toManageParcel(row!, lang);
    });
  },

  /**
   * Releases a disputed parcel to the unclaimed parcels once nobody saves its code (422 dispute_has_savers otherwise),
   * under the code's lock, so a customer saving the code meanwhile either comes first (and is a saver) or after.
   */
  async release(db: Db, orderId: number, note: string, actor: Actor, lang: TLang): Promise<TManageParcel> {
    return db.transaction(async (tx) => {
      const { order, savers } = await openDispute(tx, orderId);
      if (savers.length) throw new AppError('dispute_has_savers');
      const done = await parcels.releaseDisputed(tx, order.id, note, actor);
      if (!done) throw new AppError('dispute_resolved');
      const row = await manageRepository.parcelById(tx, order.id);
      return toManageParcel(row!, lang);
    });
  },
};
