import { and, asc, count, eq, sql } from 'drizzle-orm';
import { missingLanguages, type TAdminMarketplace, type TI18nText, type TLang } from '@portal/contract';
import type { Db } from '../../db/client';
import { marketplaces } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { checkImages, checkVersion, lockOrder, missingFilter, moveRow, nextPosition, searchFilter } from '../admin/content-admin';
import { recordAudit, type AuditActor } from '../audit/audit';
import type { Uploads } from '../uploads/uploads-service';

type ItemRow = typeof marketplaces.$inferSelect;
interface ItemInput {
  name: string;
  description: TI18nText;
  url: string;
  logo: string;
}

const ORDER = 'marketplaces';

const toAdminMarketplace = (row: ItemRow): TAdminMarketplace => ({
  id: row.id,
  version: row.version,
  missing_languages: missingLanguages([row.description]),
  name: row.name,
  description: row.description,
  url: row.url,
  logo: row.logo,
  position: row.position,
  updated_at: row.updatedAt.toISOString(),
});

const audited = (row: ItemRow) => ({ name: row.name, description: row.description, url: row.url, logo: row.logo, version: row.version });

/** admin/marketplaces: the one place marketplaces are written. */
export function createAdminMarketplacesService(deps: { db: Db; uploads: Uploads }) {
  const { db, uploads } = deps;
  const checkLogo = (logo: string, current?: string) => checkImages(uploads, 'marketplaces', [{ field: 'logo', value: logo, current }]);

  return {
    async list(filters: { search?: string; missing?: 'any' | TLang }, page: number, perPage: number) {
      const where = and(
        searchFilter(filters.search, [marketplaces.name, marketplaces.description, marketplaces.url]),
        missingFilter(filters.missing, [marketplaces.description]),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(marketplaces)
          .where(where)
          .orderBy(asc(marketplaces.position), asc(marketplaces.id))
          .limit(perPage)
          .offset((page - 1) * perPage),
        db.select({ n: count() }).from(marketplaces).where(where),
      ]);
      return { items: rows.map(toAdminMarketplace), total: total?.n ?? 0 };
    },

    async get(id: number): Promise<TAdminMarketplace> {
      const [row] = await db.select().from(marketplaces).where(eq(marketplaces.id, id)).limit(1);
      if (!row) throw new AppError('not_found');
      return toAdminMarketplace(row);
    },

    async create(actor: AuditActor, input: ItemInput): Promise<TAdminMarketplace> {
      await checkLogo(input.logo);
      return db.transaction(async (tx) => {
        await lockOrder(tx, ORDER);
        const position = await nextPosition(tx, marketplaces);
        const [row] = await tx
          .insert(marketplaces)
          .values({ name: input.name, description: input.description, url: input.url, logo: input.logo, position })
          .returning();
        await recordAudit(tx, {
          actor,
          action: 'marketplace.create',
          targetType: 'marketplace',
          targetId: row!.id,
          before: null,
          after: audited(row!),
        });
        return toAdminMarketplace(row!);
      });
    },

    async update(actor: AuditActor, id: number, input: ItemInput & { version: number }): Promise<TAdminMarketplace> {
      return db.transaction(async (tx) => {
        const [current] = await tx.select().from(marketplaces).where(eq(marketplaces.id, id)).for('update').limit(1);
        checkVersion(current, input.version);
        await checkLogo(input.logo, current!.logo);
        const [row] = await tx
          .update(marketplaces)
          .set({
            name: input.name,
            description: input.description,
            url: input.url,
            logo: input.logo,
            version: sql`${marketplaces.version} + 1`,
            updatedAt: new Date(),
          })
          .where(eq(marketplaces.id, id))
          .returning();
        await recordAudit(tx, {
          actor,
          action: 'marketplace.update',
          targetType: 'marketplace',
          targetId: id,
          before: audited(current!),
          after: audited(row!),
        });
        return toAdminMarketplace(row!);
      });
    },

    async move(actor: AuditActor, id: number, direction: 'up' | 'down'): Promise<void> {
      await db.transaction(async (tx) => {
        const moved = await moveRow(tx, ORDER, marketplaces, id, direction);
        if (!moved) throw new AppError('not_found');
        await recordAudit(tx, {
          actor,
          action: 'marketplace.move',
          targetType: 'marketplace',
          targetId: id,
          before: { position: moved.before },
          after: { position: moved.after },
        });
      });
    },

    async remove(actor: AuditActor, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx.delete(marketplaces).where(eq(marketplaces.id, id)).returning();
        if (!row) throw new AppError('not_found');
        await recordAudit(tx, {
          actor,
          action: 'marketplace.delete',
          targetType: 'marketplace',
          targetId: id,
          before: audited(row),
          after: null,
        });
      });
    },
  };
}
