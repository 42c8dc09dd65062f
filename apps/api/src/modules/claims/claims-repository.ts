import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { TClaimEventAction, TClaimKind, TClaimPayoutMethod, TOrderStatusCode } from '@portal/contract';
import type { DbOrTx } from '../../db/client';
import { claimEvents, claimPhotos, claims, flightArrivals, orderEvents, orders, orderStatuses, users } from '../../db/schema';

export type ClaimRow = typeof claims.$inferSelect;
export type NewClaim = typeof claims.$inferInsert;

/** The parcel as a claim reads it: owner, status, weights, price, timestamps, and when its flight is expected. */
export interface ClaimParcel {
  id: number;
  userId: number | null;
  trackCode: string;
  name: string;
  status: TOrderStatusCode;
  weight: number;
  price: number | null;
  currency: string | null;
  branchId: number | null;
  insurancePremium: number;
  receivedAt: Date;
  dispatchedAt: Date | null;
  deliveredAt: Date | null;
  expectedArrival: string | null;
  /** Marked missing at a stock-take and not found since (shelves, ADR 083). */
  missing: boolean;
}

/** node-postgres and PGlite both answer { rows }. */
const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];

/** The claims module's SQL: it alone writes claims, claim_photos and claim_events; it reads parcels and their events. */
export const claimsRepository = {
  async parcel(db: DbOrTx, orderId: number): Promise<ClaimParcel | undefined> {
    const [row] = await db
      .select({
        id: orders.id,
        userId: orders.userId,
        trackCode: orders.trackCode,
        name: orders.name,
        status: orderStatuses.code,
        weight: orders.weight,
        price: orders.price,
        currency: orders.currency,
        branchId: orders.branchId,
        insurancePremium: orders.insurancePremium,
        receivedAt: orders.receivedAt,
        dispatchedAt: orders.dispatchedAt,
        deliveredAt: orders.deliveredAt,
        expectedArrival: flightArrivals.expectedArrival,
        missing: sql<boolean>`exists (select 1 from stock_take_differences d
          where d.order_id = ${orders.id} and d.decision = 'mark_missing' and d.cleared_at is null)`,
      })
      .from(orders)
      .innerJoin(orderStatuses, eq(orderStatuses.id, orders.statusId))
      .leftJoin(flightArrivals, and(eq(flightArrivals.flightId, orders.flightId), eq(flightArrivals.branchId, orders.branchId)))
      .where(eq(orders.id, orderId))
      .limit(1);
    return row ? { ...row, status: row.status as TOrderStatusCode, missing: Boolean(row.missing) } : undefined;
  },

  /** Inserts the claim unless one of the same parcel and kind is open (the unique partial index decides); null then. */
  async insert(db: DbOrTx, row: NewClaim): Promise<ClaimRow | null> {
    const [out] = await db
      .insert(claims)
      .values(row)
      .onConflictDoNothing({ target: [claims.orderId, claims.kind], where: sql`state in ('open', 'in_review')` })
      .returning();
    return out ?? null;
  },

  async openOf(db: DbOrTx, orderId: number, kind: TClaimKind): Promise<ClaimRow | undefined> {
    const [row] = await db
      .select()
      .from(claims)
      .where(and(eq(claims.orderId, orderId), eq(claims.kind, kind), inArray(claims.state, ['open', 'in_review'])))
      .limit(1);
    return row;
  },

  async byId(db: DbOrTx, id: number): Promise<ClaimRow | undefined> {
    const [row] = await db.select().from(claims).where(eq(claims.id, id)).limit(1);
    return row;
  },

  async ofUser(db: DbOrTx, userId: number): Promise<(ClaimRow & { trackCode: string })[]> {
    const rows = await db
      .select({ c: claims, trackCode: orders.trackCode })
      .from(claims)
      .innerJoin(orders, eq(orders.id, claims.orderId))
      .where(eq(claims.userId, userId))
      .orderBy(desc(claims.id))
      .limit(200);
    return rows.map((r) => ({ ...r.c, trackCode: r.trackCode }));
  },

  /**
   * Staff's queue: open (open, in review) by the deadline that comes next (the first answer while none, else the
   * decision), approved by their decision (oldest first: they wait to be paid), done (rejected, paid) newest first.
   */
  async queue(db: DbOrTx, view: 'open' | 'approved' | 'done', branchId: number | null) {
    const states = view === 'open' ? ['open', 'in_review'] : view === 'approved' ? ['approved'] : ['rejected', 'paid'];
    const next = sql`case when ${claims.answeredAt} is null then least(${claims.answerDue}, ${claims.decisionDue}) else ${claims.decisionDue} end`;
    const conds: (SQL | undefined)[] = [
      inArray(claims.state, states as never),
      branchId === null ? undefined : eq(claims.branchId, branchId),
    ];
    const rows = await db
      .select({
        c: claims,
        trackCode: orders.trackCode,
        firstName: users.firstName,
        lastName: users.lastName,
        clientCode: users.clientCode,
      })
      .from(claims)
      .innerJoin(orders, eq(orders.id, claims.orderId))
      .innerJoin(users, eq(users.id, claims.userId))
      .where(and(...conds))
      .orderBy(
        ...(view === 'done'
          ? [desc(claims.updatedAt), desc(claims.id)]
          : view === 'approved'
            ? [asc(claims.decidedAt), asc(claims.id)]
            : [asc(next), asc(claims.id)]),
      )
      .limit(500);
    return rows.map((r) => ({
      ...r.c,
      trackCode: r.trackCode,
      customerName: `${r.firstName ?? ''} ${r.lastName ?? ''}`.trim(),
      clientCode: r.clientCode,
    }));
  },

  async customerOf(db: DbOrTx, userId: number) {
    const [row] = await db
      .select({ firstName: users.firstName, lastName: users.lastName, clientCode: users.clientCode })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    return { name: `${row?.firstName ?? ''} ${row?.lastName ?? ''}`.trim(), clientCode: row?.clientCode ?? null };
  },

  /**
   * THE guarded step of a claim: moves it only from the states named (and, for payouts, only while no payout started),
   * returning the row as it is now, or null when another request moved it first.
   */
  async move(db: DbOrTx, id: number, from: readonly string[], set: Partial<NewClaim>, extra?: SQL): Promise<ClaimRow | null> {
    const [row] = await db
      .update(claims)
      .set({ ...set, updatedAt: new Date() })
      .where(and(eq(claims.id, id), inArray(claims.state, from as never), extra))
      .returning();
    return row ?? null;
  },

  /** The payout guard: approved and no payout started (a provider refund in flight holds `payout_method`). */
  noPayoutYet: () => isNull(claims.payoutMethod),
  payoutIs: (m: TClaimPayoutMethod) => eq(claims.payoutMethod, m),

  async addEvent(
    db: DbOrTx,
    e: { claimId: number; action: TClaimEventAction; actorUserId: number | null; details?: Record<string, unknown> },
  ) {
    await db.insert(claimEvents).values({ ...e, details: e.details ?? {} });
  },

  async events(db: DbOrTx, claimId: number) {
    return db
      .select({
        action: claimEvents.action,
        at: claimEvents.at,
        details: claimEvents.details,
        actorRole: users.role,
        actorName: sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`,
      })
      .from(claimEvents)
      .leftJoin(users, eq(users.id, claimEvents.actorUserId))
      .where(eq(claimEvents.claimId, claimId))
      .orderBy(asc(claimEvents.id));
  },

  /** Links photos to a claim, at most `max` in all: the claim's row is locked first, so parallel uploads count in turn. */
  async addPhotos(tx: DbOrTx, claimId: number, photos: { key: string; thumbKey: string }[], max: number): Promise<'ok' | 'limit'> {
    await tx.select({ id: claims.id }).from(claims).where(eq(claims.id, claimId)).for('update');
    const [had] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(claimPhotos)
      .where(eq(claimPhotos.claimId, claimId));
    if (Number(had?.n ?? 0) + photos.length > max) return 'limit';
    if (photos.length) await tx.insert(claimPhotos).values(photos.map((p) => ({ claimId, key: p.key, thumbKey: p.thumbKey })));
    return 'ok';
  },

  async photos(db: DbOrTx, claimId: number) {
    return db.select().from(claimPhotos).where(eq(claimPhotos.claimId, claimId)).orderBy(asc(claimPhotos.id));
  },

  /** Which of these upload URLs a claim's photo or thumbnail still is (the uploads cleanup keeps those). */
  async photoReferences(db: DbOrTx, urls: string[]): Promise<Set<string>> {
    if (!urls.length) return new Set();
    const keys = urls.map((u) => u.slice('/uploads/'.length));
    const rows = await db
      .select({ key: claimPhotos.key, thumbKey: claimPhotos.thumbKey })
      .from(claimPhotos)
      .where(or(inArray(claimPhotos.key, keys), inArray(claimPhotos.thumbKey, keys)));
    const used = new Set<string>();
    for (const r of rows) used.add(`/uploads/${r.key}`).add(`/uploads/${r.thumbKey}`);
    return used;
  },

  /** The parcel's history (order_events) with the status each step reached, oldest first. */
  async timeline(db: DbOrTx, orderId: number) {
    return db
      .select({ action: orderEvents.action, status: orderStatuses.code, at: orderEvents.at })
      .from(orderEvents)
      .leftJoin(orderStatuses, eq(orderStatuses.id, orderEvents.statusId))
      .where(eq(orderEvents.orderId, orderId))
      .orderBy(asc(orderEvents.at), asc(orderEvents.id))
      .limit(200);
  },

  /**
   * The customer's online payment that paid this parcel ahead (ADR 077: its request named the parcel), with what is
   * left of it after refunds; the newest when several. Null when the parcel was not paid online.
   */
  async onlinePaymentOf(db: DbOrTx, userId: number, orderId: number): Promise<{ id: number; left: number } | null> {
    const rows = rowsOf<{ id: string | number; left: string | number }>(
      await db.execute(sql`
        select p.id, (p.amount + coalesce((select sum(r.amount) from payments r where r.refunds_id = p.id), 0))::bigint::text as left
          from payments p join payment_requests q on q.id = p.request_id
         where p.user_id = ${userId} and p.method = 'online' and p.amount > 0 and p.refunds_id is null
           and q.parcel_ids @> ${JSON.stringify([orderId])}::jsonb
         order by p.id desc limit 1`),
    );
    const r = rows[0];
    return r ? { id: Number(r.id), left: Number(r.left) } : null;
  },
};
