import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { branches, orderEvents, orders, orderStatuses, savedTracks, users } from '../../db/schema';
import { customerBranches, parcelColumns, type ParcelRow } from './parcel-view';

export type OrderRow = typeof orders.$inferSelect;
export type CustomerRow = typeof users.$inferSelect;

/** `%text%` for LIKE, with the pattern characters of the text escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Splits a list into slices of at most `size` (bulk statements stay under PostgreSQL's parameter limit). */
export function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export const manageRepository = {
  /** Parcels with status, branch and owner, as staff see them. */
  async parcels(db: DbOrTx, where: SQL | undefined, opts: { orderBy?: SQL[]; limit?: number; offset?: number } = {}): Promise<ParcelRow[]> {
    const q = db
      .select(parcelColumns)
      .from(orders)
      .innerJoin(orderStatuses, eq(orderStatuses.id, orders.statusId))
      .leftJoin(branches, eq(branches.id, orders.branchId))
      .leftJoin(users, eq(users.id, orders.userId))
      .leftJoin(customerBranches, eq(customerBranches.id, users.branchId))
      .where(where)
      .orderBy(...(opts.orderBy ?? [desc(orders.id)]))
      .$dynamic();
    if (opts.limit !== undefined) q.limit(opts.limit);
    if (opts.offset !== undefined) q.offset(opts.offset);
    return (await q) as ParcelRow[];
  },

  async count(db: DbOrTx, where: SQL | undefined): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(orders)
      .where(where);
    return row?.n ?? 0;
  },

  async parcelById(db: DbOrTx, id: number): Promise<ParcelRow | undefined> {
    const [row] = await this.parcels(db, eq(orders.id, id), { limit: 1 });
    return row;
  },

  async parcelsByCodes(db: DbOrTx, codes: string[]): Promise<ParcelRow[]> {
    return this.parcels(db, inArray(orders.trackCode, codes));
  },

  async orderByCode(db: DbOrTx, code: string): Promise<OrderRow | undefined> {
    const [row] = await db.select().from(orders).where(eq(orders.trackCode, code)).limit(1);
    return row;
  },

  /** Which of these codes already are orders. */
  async existingCodes(db: DbOrTx, codes: string[]): Promise<Set<string>> {
    const found = new Set<string>();
    for (const part of chunks(codes, 1000)) {
      const rows = await db.select({ code: orders.trackCode }).from(orders).where(inArray(orders.trackCode, part));
      for (const r of rows) found.add(r.code);
    }
    return found;
  },

  /** Customers who saved these codes, earliest saver first per code. */
  async saversOf(db: DbOrTx, codes: string[]): Promise<Map<string, { user: CustomerRow; name: string | null; savedAt: Date }[]>> {
    const out = new Map<string, { user: CustomerRow; name: string | null; savedAt: Date }[]>();
    for (const part of chunks(codes, 1000)) {
      const rows = await db
        .select({ code: savedTracks.trackCode, name: savedTracks.name, savedAt: savedTracks.createdAt, user: users })
        .from(savedTracks)
        .innerJoin(users, eq(users.id, savedTracks.userId))
        .where(and(inArray(savedTracks.trackCode, part), eq(users.role, 'customer')))
        .orderBy(asc(savedTracks.createdAt), asc(savedTracks.id));
      for (const r of rows) {
        const list = out.get(r.code) ?? [];
        list.push({ user: r.user, name: r.name, savedAt: r.savedAt });
        out.set(r.code, list);
      }
    }
    return out;
  },

  /** Customers by client code (upper case). */
  async customersByClientCodes(db: DbOrTx, codes: string[]): Promise<Map<string, CustomerRow>> {
    const out = new Map<string, CustomerRow>();
    for (const part of chunks([...new Set(codes)], 1000)) {
      const rows = await db
        .select()
        .from(users)
        .where(and(inArray(users.clientCode, part), eq(users.role, 'customer')));
      for (const r of rows) out.set(r.clientCode, r);
    }
    return out;
  },

  /** A customer by id; `lock`: under a share lock held to the end of the transaction (a block waits for it). */
  async customerById(db: DbOrTx, id: number, opts: { lock?: boolean } = {}): Promise<CustomerRow | undefined> {
    const q = db
      .select()
      .from(users)
      .where(and(eq(users.id, id), eq(users.role, 'customer')))
      .limit(1)
      .$dynamic();
    const [row] = opts.lock ? await q.for('share') : await q;
    return row;
  },

  async customerByPhone(db: DbOrTx, phone: string): Promise<CustomerRow | undefined> {
    const [row] = await db
      .select()
      .from(users)
      .where(and(eq(users.phoneNumber, phone), eq(users.role, 'customer')))
      .limit(1);
    return row;
  },

  /** The history of one order, oldest first, with the actor and branch. */
  async events(db: DbOrTx, orderId: number) {
    return db
      .select({
        event: orderEvents,
        statusCode: orderStatuses.code,
        actorId: users.id,
        actorFirstName: users.firstName,
        actorLastName: users.lastName,
        actorRole: users.role,
        branchName: branches.name,
      })
      .from(orderEvents)
      .leftJoin(orderStatuses, eq(orderStatuses.id, orderEvents.statusId))
      .leftJoin(users, eq(users.id, orderEvents.actorUserId))
      .leftJoin(branches, eq(branches.id, orderEvents.branchId))
      .where(eq(orderEvents.orderId, orderId))
      .orderBy(asc(orderEvents.at), asc(orderEvents.id));
  },
};
