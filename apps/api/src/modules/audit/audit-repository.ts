import { and, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { bulkInsert } from '../../db/bulk-insert';
import type { DbOrTx } from '../../db/client';
import { auditLog, users } from '../../db/schema';

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditRow = typeof auditLog.$inferInsert;

export interface AuditFilters {
  actor?: string;
  targetType?: string;
  targetId?: string;
  action?: string;
  /** Action codes whose shown name matches the action filter (audit-words' actionsNamed). */
  actionsNamed?: string[];
  from?: string;
  to?: string;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Append-only: insert and read. There is deliberately no update or delete here (a trigger refuses both too). */
export const auditRepository = {
  async insert(db: DbOrTx, rows: NewAuditRow | NewAuditRow[]): Promise<void> {
    const all = Array.isArray(rows) ? rows : [rows];
    if (all.length === 1) await db.insert(auditLog).values(all[0]!);
    else await bulkInsert(db, auditLog, all);
  },

  async list(db: DbOrTx, filters: AuditFilters, page: number, perPage: number) {
    const where: SQL[] = [];
    if (filters.actor) {
      const text = filters.actor.trim();
      const like = `%${escapeLike(text)}%`;
      const byText = or(
        ilike(users.phoneNumber, like),
        ilike(users.firstName, like),
        ilike(users.lastName, like),
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like),
      )!;
      where.push(/^\d+$/.test(text) && text.length < 10 ? or(eq(auditLog.actorId, Number(text)), byText)! : byText);
    }
    if (filters.targetType) where.push(eq(auditLog.targetType, filters.targetType));
    if (filters.targetId) where.push(eq(auditLog.targetId, filters.targetId));
    if (filters.action) {
      const byCode = ilike(auditLog.action, `%${escapeLike(filters.action)}%`);
      where.push(filters.actionsNamed?.length ? or(byCode, inArray(auditLog.action, filters.actionsNamed))! : byCode);
    }
    if (filters.from) where.push(gte(auditLog.createdAt, new Date(`${filters.from}T00:00:00Z`)));
    if (filters.to) where.push(lt(auditLog.createdAt, new Date(new Date(`${filters.to}T00:00:00Z`).getTime() + 86_400_000)));
    const condition = where.length ? and(...where) : undefined;
    const [rows, [total]] = await Promise.all([
      db
        .select({ entry: auditLog, firstName: users.firstName, lastName: users.lastName })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorId))
        .where(condition)
        .orderBy(desc(auditLog.id))
        .limit(perPage)
        .offset((page - 1) * perPage),
      db.select({ n: count() }).from(auditLog).leftJoin(users, eq(users.id, auditLog.actorId)).where(condition),
    ]);
    return { rows, total: total?.n ?? 0 };
  },
};
