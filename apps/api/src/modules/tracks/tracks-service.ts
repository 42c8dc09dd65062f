import { z } from 'zod';
import {
  ZTrackCode,
  type TBulkTrackResult,
  type TSaveTracksResponse,
  type TCursorPageMeta,
  type TLang,
  type TSavedTrack,
  type TSaveTrackResponse,
} from '@portal/contract';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { cursorPage, decodeCursor, encodeCursor, ZCursorId } from '../../lib/cursor';
import { parcels, type Actor, type ClaimingUser } from '../parcels/parcels-service';
import { ordersRepository } from '../orders/orders-repository';
import { statusRefs, toOrder } from '../orders/order-view';
import { toSavedTrack } from './track-view';
import { tracksLinks } from './tracks-links';
import { tracksRepository } from './tracks-repository';

/** The single save's refusals as a bulk line's result. */
const BULK_REFUSALS: Partial<Record<string, TBulkTrackResult>> = {
  duplicate_track: 'already_yours',
  track_owned_by_other: 'owned_by_other',
};

export const tracksService = {
  /** One page of the caller's saved codes, newest first: a numbered page (`after` absent) or the rows after a cursor. */
  async list(
    db: Db,
    userId: number,
    lang: TLang,
    { page, perPage, after }: { page: number; perPage: number; after?: string },
  ): Promise<{ data: TSavedTrack[]; meta: TCursorPageMeta }> {
    const list = 'saved-tracks';
    const at = after === undefined ? { page, perPage } : { afterId: decodeCursor(after, list, userId, z.tuple([ZCursorId]))[0], perPage };
    const [statusRows, { rows, total }] = await Promise.all([ordersRepository.statuses(db), tracksRepository.page(db, userId, at)]);
    const statuses = statusRefs(statusRows, lang);
    const result = cursorPage(rows, 'page' in at ? at : { perPage }, total, (last) => encodeCursor(list, userId, [last.id]));
    return { data: result.rows.map((r) => toSavedTrack(r, statuses)), meta: result.meta };
  },

  /**
   * Saves a tracking code for the caller, in one transaction holding the code's lock (ADR 021):
   * - already saved by them → 409 duplicate_track;
   * - the warehouse has it and another customer has it only because they saved it (not by the label, not by staff),
   *   not handed over yet → it is taken back and held as disputed; the caller's saved code says "being checked";
   * - the warehouse has it held as disputed → the caller joins its savers ("being checked");
   * - the warehouse has it and it is someone else's otherwise → 409 track_owned_by_other (whose is never said);
   * - the warehouse has it unclaimed → it becomes the caller's at once (claim: event + notification);
   * - the caller already owns it (staff assigned it) → the saved code is linked to it.
   */
  async save(
    db: Db,
    user: ClaimingUser,
    input: { trackCode: string; name: string | null },
    actor: Actor,
    lang: TLang,
  ): Promise<TSaveTrackResponse['data']> {
    return db.transaction(async (tx) => {
      await parcels.lockCode(tx, input.trackCode);
      if (await tracksRepository.findByCode(tx, user.id, input.trackCode)) throw new AppError('duplicate_track');
      const order = await ordersRepository.findByTrackCode(tx, input.trackCode);
      const otherOwner = order && order.userId !== null && order.userId !== user.id ? order.userId : null;
      if (otherOwner !== null && order?.ownerSource !== 'saved_track') throw new AppError('track_owned_by_other');

      const inserted = await tracksRepository.insert(tx, {
        userId: user.id,
        trackCode: input.trackCode,
        name: input.name,
        orderId: order && order.userId === user.id ? order.id : null,
      });
      if (!inserted) throw new AppError('duplicate_track');

      let claimed = false;
      if (order && otherOwner !== null) {
        // Theirs only by saving it: now two customers saved it, so staff check whose it is.
        const held = await parcels.dispute(tx, order.id, otherOwner, await tracksRepository.saverIds(tx, input.trackCode), actor);
        if (!held) throw new AppError('track_owned_by_other');
        // No saved code points at it while it is nobody's.
        await tracksLinks.unlinkOrder(tx, held.id);
      } else if (order && order.disputedAt === null) {
        if (order.userId === null) {
          const won = await parcels.claim(tx, order.id, user, actor, 'claimed', 'saved_track');
          if (!won) throw new AppError('track_owned_by_other');
          await tracksLinks.linkOrders(tx, [won.id]);
          claimed = true;
        }
        if (input.name) await parcels.nameIfEmpty(tx, order.id, input.name);
      }

      const statuses = statusRefs(await ordersRepository.statuses(tx), lang);
      const saved = await tracksRepository.findById(tx, user.id, inserted.id);
      if (!saved) throw new Error('saved track vanished inside its transaction');
      const card = order ? await ordersRepository.findOwned(tx, user.id, order.id) : null;
      return { saved_track: toSavedTrack(saved, statuses), order: card ? toOrder(card, statuses) : null, claimed };
    });
  },

  /**
   * Saves many codes, each through `save` (the one rule, its own transaction and the code's lock), one after the
   * other: a line's refusal is its result, never the others'. Two bulk saves of the same codes at once meet at each
   * code's lock and the unique index, so each code is saved once (the later one reads "already yours").
   */
  async saveMany(db: Db, user: ClaimingUser, codes: string[], actor: Actor, lang: TLang): Promise<TSaveTracksResponse['data']> {
    const out: TSaveTracksResponse['data'] = [];
    for (const raw of codes) {
      const parsed = ZTrackCode.safeParse(raw);
      if (!parsed.success) {
        out.push({ code: raw.trim().slice(0, 64), result: 'invalid', saved_track: null });
        continue;
      }
      const code = parsed.data;
      try {
        const saved = await this.save(db, user, { trackCode: code, name: null }, actor, lang);
        const result = saved.claimed ? 'claimed' : saved.saved_track.checking ? 'checking' : 'saved';
        out.push({ code, result, saved_track: saved.saved_track });
      } catch (error) {
        const known = error instanceof AppError ? BULK_REFUSALS[error.code] : undefined;
        if (!known) throw error;
        out.push({ code, result: known, saved_track: null });
      }
    }
    return out;
  },

  async delete(db: Db, userId: number, id: number): Promise<void> {
    if (!(await tracksRepository.delete(db, userId, id))) throw notFound();
  },
};
