import { asc, eq, sql } from 'drizzle-orm';
import { missingLanguages, type TAdminStatus, type TI18nText } from '@portal/contract';
import type { Db } from '../../db/client';
import { orderStatuses } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { checkVersion } from '../admin/content-admin';
import { recordAudit, type AuditActor } from '../audit/audit';
import { parcelsRepository } from './parcels-repository';

type StatusRow = typeof orderStatuses.$inferSelect;

const toAdminStatus = (row: StatusRow, ordersCount: number): TAdminStatus => ({
  id: row.id,
  version: row.version,
  missing_languages: missingLanguages([row.name]),
  code: row.code,
  position: row.position,
  name: row.name,
  orders_count: ordersCount,
  updated_at: row.updatedAt.toISOString(),
});

const countIn = async (db: Db, statusId: number) => (await parcelsRepository.countByStatus(db)).get(statusId) ?? 0;

/**
 * admin/statuses: the lifecycle's rows (design.md). Admins rename them; the code, the order and the rows
 * themselves belong to the parcels module's transitions (NEXT_STATUS), so nothing else changes.
 */
export function createAdminStatusesService(deps: { db: Db }) {
  const { db } = deps;
  return {
    async list(): Promise<TAdminStatus[]> {
      const [rows, counts] = await Promise.all([
        db.select().from(orderStatuses).orderBy(asc(orderStatuses.position), asc(orderStatuses.id)),
        parcelsRepository.countByStatus(db),
      ]);
      const byStatus = counts;
      return rows.map((row) => toAdminStatus(row, byStatus.get(row.id) ?? 0));
    },

    async rename(actor: AuditActor, id: number, input: { name: TI18nText; version: number }): Promise<TAdminStatus> {
      const row = await db.transaction(async (tx) => {
        const [current] = await tx.select().from(orderStatuses).where(eq(orderStatuses.id, id)).for('update').limit(1);
        checkVersion(current, input.version);
        const [updated] = await tx
          .update(orderStatuses)
          .set({ name: input.name, version: sql`${orderStatuses.version} + 1`, updatedAt: new Date() })
          .where(eq(orderStatuses.id, id))
          .returning();
        await recordAudit(tx, {
          actor,
          action: 'status.rename',
          targetType: 'order_status',
          targetId: id,
          before: { code: current!.code, name: current!.name, version: current!.version },
          after: { code: updated!.code, name: updated!.name, version: updated!.version },
        });
        return updated!;
      });
      return toAdminStatus(row, await countIn(db, id));
    },

    /** Always refused: 404 for no such status, else 409 with how many parcels are in it. */
    async remove(id: number): Promise<never> {
      const [row] = await db.select({ id: orderStatuses.id }).from(orderStatuses).where(eq(orderStatuses.id, id)).limit(1);
      if (!row) throw new AppError('not_found');
      throw new AppError('status_locked', { params: { orders: await countIn(db, id) } });
    },
  };
}
