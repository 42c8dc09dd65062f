import { inArray, sql } from 'drizzle-orm';
import { DEFAULT_BAG_TOLERANCE, type TBagTolerance } from '@portal/contract';
import type { Db, DbOrTx } from '../../db/client';
import { settings } from '../../db/schema';
import { recordAudit, type AuditActor } from '../audit/audit';

/**
 * The bag's weighing tolerance (issue 35, ADR 082), kept as the other admin settings are: one row per key in
 * `settings`, a whole number as text (as `volumetric_divisor`). Unset keys take the contract's defaults.
 */
const KEYS = { tare_grams: 'bag_tare_grams', tolerance_grams: 'bag_tolerance_grams', tolerance_bp: 'bag_tolerance_bp' } as const;
type Field = keyof typeof KEYS;
const FIELDS = Object.keys(KEYS) as Field[];

function wholeOr(value: unknown, fallback: number): number {
  const n = typeof value === 'string' || typeof value === 'number' ? Number(value) : NaN;
  return Number.isInteger(n) && n >= 0 ? n : fallback;
}

export const bagSettings = {
  async get(db: DbOrTx): Promise<TBagTolerance> {
    const rows = await db
      .select()
      .from(settings)
      .where(inArray(settings.key, Object.values(KEYS)));
    const map = new Map(rows.map((r) => [r.key, r.value]));
    return Object.fromEntries(FIELDS.map((f) => [f, wholeOr(map.get(KEYS[f]), DEFAULT_BAG_TOLERANCE[f])])) as unknown as TBagTolerance;
  },

  /** Saves all three at once, audited with what changed; the next seal uses them (sealed bags keep theirs). */
  async update(db: Db, actor: AuditActor, input: TBagTolerance): Promise<TBagTolerance> {
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('settings:save'))`);
      const before = await bagSettings.get(tx);
      const keys = FIELDS.map((f) => KEYS[f]);
      await tx.delete(settings).where(inArray(settings.key, keys));
      await tx.insert(settings).values(FIELDS.map((f) => ({ key: KEYS[f], value: String(input[f]), updatedAt: new Date() })));
      const changed = FIELDS.filter((f) => before[f] !== input[f]);
      if (changed.length)
        await recordAudit(tx, {
          actor,
          action: 'settings.bags',
          targetType: 'settings',
          targetId: 'bags',
          before: Object.fromEntries(changed.map((f) => [f, before[f]])),
          after: Object.fromEntries(changed.map((f) => [f, input[f]])),
        });
      return { ...input };
    });
  },
};
