import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { TDeclarationItem } from '@portal/contract';
import type { DbOrTx } from '../../db/client';
import {
  branches,
  declarationItems,
  declarations,
  orders,
  savedTracks,
  users,
  type TDeclarationItemRow,
  type TDeclarationRow,
} from '../../db/schema';

/** A declaration with its item lines in order. */
export interface DeclarationWithItems extends TDeclarationRow {
  items: TDeclarationItemRow[];
}

/**
 * The declarations of (customer, tracking code) pairs — a parcel's declaration is its owner's for its code — with
 * their item lines, keyed `${userId}:${trackCode}`. The one read other modules use (duty limit, customs manifest,
 * claims); pairs without a declaration are absent.
 */
export async function declarationsFor(
  db: DbOrTx,
  pairs: readonly { userId: number; trackCode: string }[],
): Promise<Map<string, DeclarationWithItems>> {
  const out = new Map<string, DeclarationWithItems>();
  if (pairs.length === 0) return out;
  const rows = await db
    .select()
    .from(declarations)
    .where(or(...pairs.map((p) => and(eq(declarations.userId, p.userId), eq(declarations.trackCode, p.trackCode)))));
  if (rows.length === 0) return out;
  const items = await db
    .select()
    .from(declarationItems)
    .where(
      inArray(
        declarationItems.declarationId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(declarationItems.declarationId), asc(declarationItems.position));
  for (const r of rows) out.set(declarationKey(r), { ...r, items: items.filter((i) => i.declarationId === r.id) });
  return out;
}

export const declarationKey = (p: { userId: number; trackCode: string }) => `${p.userId}:${p.trackCode}`;

/** The parcel of a tracking code as the declaration's rules need it (status, owner, weight, branch). */
export interface DeclarationParcel {
  id: number;
  userId: number | null;
  trackCode: string;
  statusId: number;
  weight: number;
  branchId: number | null;
}

/** The owner's branch insurance terms. */
export interface BranchTerms {
  branchId: number;
  currency: string;
  rateBp: number;
  minPremium: number;
  maxValue: number;
  uninsuredPerKg: number;
}

const parcelColumns = {
  id: orders.id,
  userId: orders.userId,
  trackCode: orders.trackCode,
  statusId: orders.statusId,
  weight: orders.weight,
  branchId: orders.branchId,
};

/** What a declaration's write sets besides its lines. */
export interface DeclarationFields {
  declaredValue: number | null;
  declaredCurrency: string | null;
  insured: boolean;
  insurancePremium: number | null;
  insuranceCurrency: string | null;
  updatedBy: number;
  updatedAt: Date;
}

export const declarationsRepository = {
  /**
   * The parcel with this code, its row locked FOR SHARE: the parcels' dispatch UPDATE waits for the declaration's
   * transaction, and a save waiting behind a dispatch reads the dispatched row (READ COMMITTED follows the update).
   */
  async parcelByCodeForShare(tx: DbOrTx, trackCode: string): Promise<DeclarationParcel | null> {
    const [row] = await tx.select(parcelColumns).from(orders).where(eq(orders.trackCode, trackCode)).for('share').limit(1);
    return row ?? null;
  },

  async parcelByCode(db: DbOrTx, trackCode: string): Promise<DeclarationParcel | null> {
    const [row] = await db.select(parcelColumns).from(orders).where(eq(orders.trackCode, trackCode)).limit(1);
    return row ?? null;
  },

  async parcelById(db: DbOrTx, id: number, lock = false): Promise<DeclarationParcel | null> {
    const q = db.select(parcelColumns).from(orders).where(eq(orders.id, id));
    const [row] = lock ? await q.for('share').limit(1) : await q.limit(1);
    return row ?? null;
  },

  /** Whether the customer saved this code. */
  async hasSavedTrack(db: DbOrTx, userId: number, trackCode: string): Promise<boolean> {
    const [row] = await db
      .select({ id: savedTracks.id })
      .from(savedTracks)
      .where(and(eq(savedTracks.userId, userId), eq(savedTracks.trackCode, trackCode)))
      .limit(1);
    return Boolean(row);
  },

  /** A customer's branch and its insurance terms (null: no branch chosen). */
  async termsOf(db: DbOrTx, userId: number): Promise<BranchTerms | null> {
    const [row] = await db
      .select({
        branchId: branches.id,
        currency: branches.currency,
        rateBp: branches.insuranceRateBp,
        minPremium: branches.insuranceMinPremium,
        maxValue: branches.insuranceMaxValue,
        uninsuredPerKg: branches.uninsuredPerKg,
      })
      .from(users)
      .innerJoin(branches, eq(branches.id, users.branchId))
      .where(eq(users.id, userId))
      .limit(1);
    return row ?? null;
  },

  async find(db: DbOrTx, userId: number, trackCode: string): Promise<DeclarationWithItems | null> {
    return (await declarationsFor(db, [{ userId, trackCode }])).get(declarationKey({ userId, trackCode })) ?? null;
  },

  /** The declaration's row locked FOR UPDATE: saves of one declaration take turns. */
  async lockRow(tx: DbOrTx, userId: number, trackCode: string): Promise<TDeclarationRow | null> {
    const [row] = await tx
      .select()
      .from(declarations)
      .where(and(eq(declarations.userId, userId), eq(declarations.trackCode, trackCode)))
      .for('update')
      .limit(1);
    return row ?? null;
  },

  /** A new declaration; null when one was created meanwhile (the unique index decides). */
  async insert(tx: DbOrTx, userId: number, trackCode: string, fields: DeclarationFields): Promise<number | null> {
    const [row] = await tx
      .insert(declarations)
      .values({ userId, trackCode, ...fields })
      .onConflictDoNothing({ target: [declarations.userId, declarations.trackCode] })
      .returning({ id: declarations.id });
    return row?.id ?? null;
  },

  async update(tx: DbOrTx, id: number, fields: DeclarationFields): Promise<void> {
    await tx.update(declarations).set(fields).where(eq(declarations.id, id));
  },

  /** Replaces the lines of a declaration (its row is locked by the caller). */
  async replaceItems(tx: DbOrTx, declarationId: number, items: readonly TDeclarationItem[]): Promise<void> {
    await tx.delete(declarationItems).where(eq(declarationItems.declarationId, declarationId));
    if (items.length === 0) return;
    await tx.insert(declarationItems).values(
      items.map((i, position) => ({
        declarationId,
        position,
        description: i.description,
        quantity: i.quantity,
        unitPrice: i.unit_price,
        currency: i.currency,
        url: i.url,
        marketplaceOrder: i.marketplace_order,
      })),
    );
  },
};
