import { inArray, sql } from 'drizzle-orm';
import { DEFAULT_CLAIM_SETTINGS, type TClaimSettings } from '@portal/contract';
import type { Db, DbOrTx } from '../../db/client';
import { settings } from '../../db/schema';
import { recordAudit, type AuditActor } from '../audit/audit';

/**
 * The claims' deadlines and windows (issue 36, ADR 088), kept as the other admin settings are (bag-settings.ts): one
 * row per key in `settings`, a whole number as text. Unset keys take the contract's defaults. A claim fixes its
 * deadlines when it is opened; a change counts for the next claims.
 */
const KEYS = {
  answer_hours: 'claims_answer_hours',
  decision_days: 'claims_decision_days',
  damage_days: 'claims_damage_days',
  lost_after_days: 'claims_lost_after_days',
} as const;
type Field = keyof typeof KEYS;
const FIELDS = Object.keys(KEYS) as Field[];

function wholeOr(value: unknown, fallback: number): number {
  const n = typeof value === 'string' || typeof value === 'number' ? Number(value) : NaN;
  return Number.isInteger(n) && n >= 0 ? n : fallback;
}

export const claimsSettings = {
  async get(db: DbOrTx): Promise<TClaimSettings> {
    const rows = await db
      .select()
      .from(settings)
      .where(inArray(settings.key, Object.values(KEYS)));
    const map = new Map(rows.map((r) => [r.key, r.value]));
    return Object.fromEntries(FIELDS.map((f) => [f, wholeOr(map.get(KEYS[f]), DEFAULT_CLAIM_SETTINGS[f])])) as unknown as TClaimSettings;
  },

  /** Saves all at once, audited with what changed. */
  async update(db: Db, actor: AuditActor, input: TClaimSettings): Promise<TClaimSettings> {
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('settings:save'))`);
      const before = await claimsSettings.get(tx);
      await tx.delete(settings).where(inArray(settings.key, Object.values(KEYS)));
      await tx.insert(settings).values(FIELDS.map((f) => ({ key: KEYS[f], value: String(input[f]), updatedAt: new Date() })));
      const changed = FIELDS.filter((f) => before[f] !== input[f]);
      if (changed.length)
        await recordAudit(tx, {
          actor,
          action: 'settings.claims',
          targetType: 'settings',
          targetId: 'claims',
          before: Object.fromEntries(changed.map((f) => [f, before[f]])),
          after: Object.fromEntries(changed.map((f) => [f, input[f]])),
        });
      return { ...input };
    });
  },
};
