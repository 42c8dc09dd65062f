import { and, desc, isNull, sql, type SQL } from 'drizzle-orm';
import type { TLang, TManageParcel } from '@portal/contract';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import { parcels, type Actor } from '../parcels/parcels-service';
import { parcelsRepository } from '../parcels/parcels-repository';
import { tracksLinks } from '../tracks/tracks-links';
import { resolveCustomer } from './handover-service';
import { containsPattern, manageRepository } from './manage-repository';
import { toManageParcel } from './parcel-view';
import type { QrTokenService } from '../qr/qr-token';

export const unclaimedService = {
  async list(
    db: Db,
    q: string | undefined,
    page: number,
    perPage: number,
    lang: TLang,
  ): Promise<{ items: TManageParcel[]; total: number }> {
    const conditions: SQL[] = [isNull(orders.userId), isNull(orders.disputedAt)];
    if (q) conditions.push(sql`upper(${orders.trackCode}) like ${containsPattern(q.toUpperCase().replace(/\s+/g, ''))}`);
    const where = and(...conditions);
    const [rows, total] = await Promise.all([
      manageRepository.parcels(db, where, {
        orderBy: [desc(orders.receivedAt), desc(orders.id)],
        limit: perPage,
        offset: (page - 1) * perPage,
      }),
      manageRepository.count(db, where),
    ]);
    return { items: rows.map((r) => toManageParcel(r, lang)), total };
  },

  /** Gives an unclaimed parcel to the customer with this phone number or client code (history: 'assigned'; they are notified). */
  async assign(db: Db, qr: QrTokenService, orderId: number, customerRef: string, actor: Actor, lang: TLang): Promise<TManageParcel> {
    const customer = await resolveCustomer(db, qr, customerRef);
    return db.transaction(async (tx) => {
      const order = await parcelsRepository.findOne(tx, orderId);
      if (!order) throw notFound();
      // A disputed parcel goes to one of its savers through manage/disputes, never to anyone by phone here.
      if (order.userId !== null || order.disputedAt !== null) throw new AppError('conflict');
      const claimed = await parcels.claim(tx, order.id, customer, actor, 'assigned', 'staff');
      if (!claimed) throw new AppError('conflict');
      await tracksLinks.linkOrders(tx, [claimed.id]);
      const row = await manageRepository.parcelById(tx, orderId);
      return toManageParcel(row!, lang);
    });
  },
};
