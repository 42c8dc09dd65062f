import { pageMeta, type TLang, type TPageMeta, type TSavedTrack, type TSaveTrackResponse } from '@portal/contract';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { parcels, type Actor, type ClaimingUser } from '../parcels/parcels-service';
import { ordersRepository } from '../orders/orders-repository';
import { statusRefs, toOrder } from '../orders/order-view';
import { toSavedTrack } from './track-view';
import { tracksRepository } from './tracks-repository';

export const tracksService = {
  async list(db: Db, userId: number, lang: TLang, page: number, perPage: number): Promise<{ data: TSavedTrack[]; meta: TPageMeta }> {
    const [statusRows, { rows, total }] = await Promise.all([ordersRepository.statuses(db), tracksRepository.page(db, userId, page, perPage)]);
    const statuses = statusRefs(statusRows, lang);
    return { data: rows.map((r) => toSavedTrack(r, statuses)), meta: pageMeta(page, perPage, total) };
  },

  /**
   * Saves a tracking code for the caller, in one transaction:
   * - already saved by them → 409 duplicate_track;
   * - the warehouse has it and it is someone else's → 409 track_owned_by_other (whose is never said);
   * - the warehouse has it unclaimed → it becomes the caller's at once (claimOrder: event + notification);
   *   if another customer claims it at the same moment, only one wins and the other gets track_owned_by_other;
   * - the caller already owns it (staff assigned it) → the saved code is linked to it.
   */
  async save(db: Db, user: ClaimingUser, input: { trackCode: string; name: string | null }, actor: Actor, lang: TLang): Promise<TSaveTrackResponse['data']> {
    return db.transaction(async (tx) => {
      if (await tracksRepository.findByCode(tx, user.id, input.trackCode)) throw new AppError('duplicate_track');
      const order = await ordersRepository.findByTrackCode(tx, input.trackCode);
      if (order && order.userId !== null && order.userId !== user.id) throw new AppError('track_owned_by_other');

      const inserted = await tracksRepository.insert(tx, {
        userId: user.id,
        trackCode: input.trackCode,
        name: input.name,
        orderId: order && order.userId === user.id ? order.id : null,
      });
      if (!inserted) throw new AppError('duplicate_track');

      let claimed = false;
      if (order) {
        if (input.name) await parcels.nameIfEmpty(tx, order.id, input.name);
        if (order.userId === null) {
          const won = await parcels.claim(tx, order.id, user, actor, 'claimed');
          if (!won) throw new AppError('track_owned_by_other');
          claimed = true;
        }
      }

      const statuses = statusRefs(await ordersRepository.statuses(tx), lang);
      const saved = await tracksRepository.findById(tx, user.id, inserted.id);
      if (!saved) throw new Error('saved track vanished inside its transaction');
      const card = order ? await ordersRepository.findOwned(tx, user.id, order.id) : null;
      return { saved_track: toSavedTrack(saved, statuses), order: card ? toOrder(card, statuses) : null, claimed };
    });
  },

  async delete(db: Db, userId: number, id: number): Promise<void> {
    if (!(await tracksRepository.delete(db, userId, id))) throw notFound();
  },
};
