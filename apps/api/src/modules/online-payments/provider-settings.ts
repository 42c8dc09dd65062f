import { and, asc, eq, sql } from 'drizzle-orm';
import type { TOnlineProvider } from '@portal/contract';
import type { DbOrTx } from '../../db/client';
import { paymentProviderSettings } from '../../db/schema';
import type { SecretBox } from '../../lib/secret-box';
import type { ProviderCredentials } from './drivers/driver';

/**
 * Each branch's merchant keys per provider (ADR 077), sealed with PAYMENTS_SECRET_KEY. The one place that seals and
 * opens them: callers get credentials only to hand to a driver, and lists say which fields are set, never their values.
 * Without a key (`box` null) no branch can take money online.
 */
export interface ProviderSettingView {
  provider: TOnlineProvider;
  enabled: boolean;
  /** Which credential fields hold a value (the values themselves never leave the server). */
  fieldsSet: string[];
  /** The values kept as 'true'/'false' (a driver's switches, flagFields: the only values shown). */
  switches: Record<string, boolean>;
  updatedAt: Date;
}

/**
 * How long a branch's opened credentials are kept in this process: every verified callback needs them (1,000 card
 * payments at once read and opened them 1,000 times). A save in this process drops them at once; another process sees
 * it within this time (a callback it verifies meanwhile under the old secret is refused and sent again by the provider).
 */
export const CREDENTIALS_TTL_MS = 30_000;

export function providerSettings(box: SecretBox | null, opts: { ttlMs?: number; now?: () => number } = {}) {
  const open = (sealed: string): ProviderCredentials => (box ? box.open<ProviderCredentials>(sealed) : {});
  const ttlMs = opts.ttlMs ?? CREDENTIALS_TTL_MS;
  const now = opts.now ?? Date.now;
  /** branchId:provider → the kept row (enabled, opened credentials) or null (never configured), with its expiry. */
  const opened = new Map<string, { until: number; row: Promise<{ enabled: boolean; credentials: ProviderCredentials } | null> }>();

  /** The branch's row for a provider, opened, from the cache while fresh (a failed read is not kept). */
  function keptRow(db: DbOrTx, branchId: number, provider: TOnlineProvider) {
    const key = `${branchId}:${provider}`;
    const hit = opened.get(key);
    if (hit && hit.until > now()) return hit.row;
    const row = db
      .select({ credentials: paymentProviderSettings.credentials, enabled: paymentProviderSettings.enabled })
      .from(paymentProviderSettings)
      .where(and(eq(paymentProviderSettings.branchId, branchId), eq(paymentProviderSettings.provider, provider)))
      .then(([r]) => (r ? { enabled: r.enabled, credentials: open(r.credentials) } : null));
    opened.set(key, { until: now() + ttlMs, row });
    row.catch(() => opened.delete(key));
    return row;
  }

  return {
    /** Whether online payments can work at all (a key is configured). */
    available: box !== null,

    /** A branch's credentials for a provider when it is configured and enabled; null otherwise. */
    async credentials(db: DbOrTx, branchId: number, provider: TOnlineProvider): Promise<ProviderCredentials | null> {
      if (!box) return null;
      const row = await keptRow(db, branchId, provider);
      return row?.enabled ? { ...row.credentials } : null;
    },

    /**
     * A branch's kept credentials for a provider whether or not it is switched on now: money taken while it was on is
     * still refunded and reconciled through it (ADR 077). Null when never configured or without a key.
     */
    async keptCredentials(db: DbOrTx, branchId: number, provider: TOnlineProvider): Promise<ProviderCredentials | null> {
      if (!box) return null;
      const row = await keptRow(db, branchId, provider);
      return row ? { ...row.credentials } : null;
    },

    /** The providers a branch offers its customers now (configured and enabled), in a stable order. */
    async enabledProviders(db: DbOrTx, branchId: number): Promise<TOnlineProvider[]> {
      if (!box) return [];
      const rows = await db
        .select({ provider: paymentProviderSettings.provider })
        .from(paymentProviderSettings)
        .where(and(eq(paymentProviderSettings.branchId, branchId), eq(paymentProviderSettings.enabled, true)))
        .orderBy(asc(paymentProviderSettings.provider));
      return rows.map((r) => r.provider);
    },

    /** Drops this process's kept credentials of a branch's provider (after a save commits). */
    forget(branchId: number, provider: TOnlineProvider): void {
      opened.delete(`${branchId}:${provider}`);
    },

    /** What the admin sees of a branch's providers. */
    async list(db: DbOrTx, branchId: number): Promise<ProviderSettingView[]> {
      const rows = await db
        .select()
        .from(paymentProviderSettings)
        .where(eq(paymentProviderSettings.branchId, branchId))
        .orderBy(asc(paymentProviderSettings.provider));
      return rows.map((r) => {
        const creds = open(r.credentials);
        return {
          provider: r.provider,
          enabled: r.enabled,
          fieldsSet: Object.keys(creds).filter((k) => creds[k] !== ''),
          switches: Object.fromEntries(
            Object.entries(creds)
              .filter(([, v]) => v === 'true' || v === 'false')
              .map(([k, v]) => [k, v === 'true']),
          ),
          updatedAt: r.updatedAt,
        };
      });
    },

    /**
     * Saves a branch's provider: fields given replace the kept ones, fields left out keep their value (the admin's form
     * never receives the secrets, so it sends only what was typed). Throws without a key.
     */
    async save(
      db: DbOrTx,
      input: { branchId: number; provider: TOnlineProvider; enabled: boolean; credentials: ProviderCredentials; updatedBy: number },
    ): Promise<void> {
      if (!box) throw new Error('PAYMENTS_SECRET_KEY is not set');
      const [kept] = await db
        .select({ credentials: paymentProviderSettings.credentials })
        .from(paymentProviderSettings)
        .where(and(eq(paymentProviderSettings.branchId, input.branchId), eq(paymentProviderSettings.provider, input.provider)))
        .for('update');
      const merged = { ...(kept ? open(kept.credentials) : {}), ...input.credentials };
      const sealed = box.seal(merged);
      await db
        .insert(paymentProviderSettings)
        .values({
          branchId: input.branchId,
          provider: input.provider,
          enabled: input.enabled,
          credentials: sealed,
          updatedBy: input.updatedBy,
        })
        .onConflictDoUpdate({
          target: [paymentProviderSettings.branchId, paymentProviderSettings.provider],
          set: { enabled: input.enabled, credentials: sealed, updatedBy: input.updatedBy, updatedAt: sql`now()` },
        });
      opened.delete(`${input.branchId}:${input.provider}`);
    },
  };
}

export type ProviderSettings = ReturnType<typeof providerSettings>;
