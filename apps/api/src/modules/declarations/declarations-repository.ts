import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { declarationItems, declarations, type TDeclarationItemRow, type TDeclarationRow } from '../../db/schema';

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
