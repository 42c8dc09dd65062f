import { and, asc, count, eq, sql } from 'drizzle-orm';
import { missingLanguages, PROHIBITED_ICONS, type TAdminProhibitedItem, type TI18nText, type TLang } from '@portal/contract';
import type { Db } from '../../db/client';
import { prohibitedItems } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { checkImages, checkVersion, lockOrder, missingFilter, moveRow, nextPosition, searchFilter } from '../admin/content-admin';
import { recordAudit, type AuditActor } from '../audit/audit';
import type { Uploads } from '../uploads/uploads-service';

type ItemRow = typeof prohibitedItems.$inferSelect;
interface ItemInput {
  title: TI18nText;
  description: TI18nText;
  icon: string;
}

const ORDER = 'prohibited-items';
const DRAWN = new Set<string>(PROHIBITED_ICONS);

const toAdminItem = (row: ItemRow): TAdminProhibitedItem => ({
  id: row.id,
  version: row.version,
  missing_languages: missingLanguages([row.title, row.description]),
  title: row.title,
  description: row.description,
  icon: row.icon,
  position: row.position,
  updated_at: row.updatedAt.toISOString(),
});

const audited = (row: ItemRow) => ({ title: row.title, description: row.description, icon: row.icon, version: row.version });

/** admin/prohibited-items: the one place prohibited items are written. */
export function createAdminProhibitedItemsService(deps: { db: Db; uploads: Uploads }) {
  const { db, uploads } = deps;
  /** A drawn icon's name needs no upload; any other value is an uploaded image (or the current one). */
  const checkIcon = (icon: string, current?: string) =>
    DRAWN.has(icon) ? Promise.resolve() : checkImages(uploads, 'prohibited-items', [{ field: 'icon', value: icon, current }]);

  return {
    async list(filters: { search?: string; missing?: 'any' | TLang }, page: number, perPage: number) {
      const where = and(
        searchFilter(filters.search, [prohibitedItems.title, prohibitedItems.description]),
        missingFilter(filters.missing, [prohibitedItems.title, prohibitedItems.description]),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(prohibitedItems)
          .where(where)
          .orderBy(asc(prohibitedItems.position), asc(prohibitedItems.id))
          .limit(perPage)
          .offset((page - 1) * perPage),
        db.select({ n: count() }).from(prohibitedItems).where(where),
      ]);
      return { items: rows.map(toAdminItem), total: total?.n ?? 0 };
    },

    async get(id: number): Promise<TAdminProhibitedItem> {
      const [row] = await db.select().from(prohibitedItems).where(eq(prohibitedItems.id, id)).limit(1);
      if (!row) throw new AppError('not_found');
      return toAdminItem(row);
    },

    async create(actor: AuditActor, input: ItemInput): Promise<TAdminProhibitedItem> {
      await checkIcon(input.icon);
      return db.transaction(async (tx) => {
        await lockOrder(tx, ORDER);
        const position = await nextPosition(tx, prohibitedItems);
        const [row] = await tx
          .insert(prohibitedItems)
          .values({ title: input.title, description: input.description, icon: input.icon, position })
          .returning();
        await recordAudit(tx, {
          actor,
          action: 'prohibited_item.create',
          targetType: 'prohibited_item',
          targetId: row!.id,
          before: null,
          after: audited(row!),
        });
        return toAdminItem(row!);
      });
    },

    async update(actor: AuditActor, id: number, input: ItemInput & { version: number }): Promise<TAdminProhibitedItem> {
      return db.transaction(async (tx) => {
        const [current] = await tx.select().from(prohibitedItems).where(eq(prohibitedItems.id, id)).for('update').limit(1);
        checkVersion(current, input.version);
        await checkIcon(input.icon, current!.icon);
        const [row] = await tx
          .update(prohibitedItems)
          .set({
            title: input.title,
            description: input.description,
            icon: input.icon,
            version: sql`${prohibitedItems.version} + 1`,
            updatedAt: new Date(),
          })
          .where(eq(prohibitedItems.id, id))
          .returning();
        await recordAudit(tx, {
          actor,
          action: 'prohibited_item.update',
          targetType: 'prohibited_item',
          targetId: id,
          before: audited(current!),
          after: audited(row!),
        });
        return toAdminItem(row!);
      });
    },

    async move(actor: AuditActor, id: number, direction: 'up' | 'down'): Promise<void> {
      await db.transaction(async (tx) => {
        const moved = await moveRow(tx, ORDER, prohibitedItems, id, direction);
        if (!moved) throw new AppError('not_found');
        await recordAudit(tx, {
          actor,
          action: 'prohibited_item.move',
          targetType: 'prohibited_item',
          targetId: id,
          before: { position: moved.before },
          after: { position: moved.after },
        });
      });
    },

    async remove(actor: AuditActor, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx.delete(prohibitedItems).where(eq(prohibitedItems.id, id)).returning();
        if (!row) throw new AppError('not_found');
        await recordAudit(tx, {
          actor,
          action: 'prohibited_item.delete',
          targetType: 'prohibited_item',
          targetId: id,
          before: audited(row),
          after: null,
        });
      });
    },
  };
}
