import { inArray, sql } from 'drizzle-orm';
import { DEFAULT_WEIGHT_TOLERANCE, WEIGHT_TOLERANCE_LIMITS, type TWeightTolerance } from '@portal/contract';
import type { Db, DbOrTx } from '../../db/client';
import { settings } from '../../db/schema';
import { recordAudit, type AuditActor } from '../audit/audit';

/**
 * The branch weighing's tolerance (issue 36, ADR 089), kept as the bags' is (ADR 082): one row per key in `settings`
 * (`weights.tolerance_grams`, `weights.tolerance_percent`), a number as text. Unset or unreadable keys take the
 * contract's defaults; the larger of the two allowances wins (weightVariance).
 */
const KEYS = { tolerance_grams: 'weights.tolerance_grams', tolerance_percent: 'weights.tolerance_percent' } as const;
type Field = keyof typeof KEYS;
const FIELDS = Object.keys(KEYS) as Field[];
const MAX: Record<Field, number> = {
  tolerance_grams: WEIGHT_TOLERANCE_LIMITS.maxGrams,
  tolerance_percent: WEIGHT_TOLERANCE_LIMITS.maxPercent,
};

function numberOr(value: unknown, fallback: number, max: number): number {
  const n = typeof value === 'string' || typeof value === 'number' ? Number(value) : NaN;
  return Number.isFinite(n) && n >= 0 && n <= max ? n : fallback;
}

export const weightSettings = {
  async get(db: DbOrTx): Promise<TWeightTolerance> {
    const rows = await db
      .select()
      .from(settings)
      .where(inArray(settings.key, Object.values(KEYS)));
    const map = new Map(rows.map((r) => [r.key, r.value]));
    return Object.fromEntries(
      FIELDS.map((f) => [f, numberOr(map.get(KEYS[f]), DEFAULT_WEIGHT_TOLERANCE[f], MAX[f])]),
    ) as unknown as TWeightTolerance;
  },

  /** Saves both at once, audited with what changed; the next weighing uses them (a check keeps the allowance it had). */
  async update(db: Db, actor: AuditActor, input: TWeightTolerance): Promise<TWeightTolerance> {
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('settings:save'))`);
      const before = await weightSettings.get(tx);
      const keys = FIELDS.map((f) => KEYS[f]);
      await tx.delete(settings).where(inArray(settings.key, keys));
      await tx.insert(settings).values(FIELDS.map((f) => ({ key: KEYS[f], value: String(input[f]), updatedAt: new Date() })));
      const changed = FIELDS.filter((f) => before[f] !== input[f]);
      if (changed.length)
        await recordAudit(tx, {
          actor,
          action: 'settings.weights',
          targetType: 'settings',
          targetId: 'weights',
          before: Object.fromEntries(changed.map((f) => [f, before[f]])),
          after: Object.fromEntries(changed.map((f) => [f, input[f]])),
        });
      return { ...input };
    });
  },
};
