import { inArray, sql } from 'drizzle-orm';
import type { TAdminSettings, TI18nText } from '@portal/contract';
import type { Db } from '../../db/client';
import { settings } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit, type AuditActor } from '../audit/audit';
import type { Uploads } from '../uploads/uploads-service';
import { forgetSenderBrand } from './sender-brand';

/** The settings an admin edits (texts are {kk, ru, en}); `settings_version` makes a stale save a 409. */
const TEXT_KEYS = ['description', 'footer_text', 'terms_text', 'privacy_text'] as const;
const PLAIN_KEYS = [
  'logo',
  'footer_logo',
  'site_name',
  'short_name',
  'phone',
  'email',
  'instagram_link',
  'telegram_link',
  'whatsapp_link',
  'map_tile_url',
  'map_attribution',
] as const;
export const VERSION_KEY = 'settings_version';

type Input = Omit<TAdminSettings, 'version'> & { version: number };
const EMPTY: TI18nText = { kk: '', ru: '', en: '' };

function read(map: Map<string, unknown>): TAdminSettings {
  const out = { version: Number(map.get(VERSION_KEY) ?? 1) || 1 } as TAdminSettings;
  for (const key of PLAIN_KEYS) {
    const value = map.get(key);
    out[key] = typeof value === 'string' ? value : '';
  }
  for (const key of TEXT_KEYS) {
    const value = map.get(key);
    out[key] =
      typeof value === 'string' ? { kk: value, ru: value, en: value } : value ? { ...EMPTY, ...(value as TI18nText) } : { ...EMPTY };
  }
  return out;
}

/** admin/settings: the one place settings are written (the seed aside). */
export function createAdminSettingsService(deps: { db: Db; uploads: Uploads }) {
  const { db, uploads } = deps;

  /** A logo is the current value unchanged or an upload of kind "logos" that exists. */
  async function checkLogo(field: 'logo' | 'footer_logo', value: string, current: string): Promise<void> {
    if (value === current) return;
    const key = uploads.keyOf(value);
    if (!key || !key.startsWith('logos/')) throw new AppError('validation_failed', { fields: { [field]: ['validation.image_invalid'] } });
    if (!(await uploads.exists(key))) throw new AppError('validation_failed', { fields: { [field]: ['validation.image_missing'] } });
  }

  return {
    async get(): Promise<TAdminSettings> {
      const rows = await db.select().from(settings);
      return read(new Map(rows.map((r) => [r.key, r.value])));
    },

    async update(actor: AuditActor, input: Input): Promise<TAdminSettings> {
      return db
        .transaction(async (tx) => {
          // One lock for the whole set: saves apply one after the other, and the version decides.
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext('settings:save'))`);
          const rows = await tx.select().from(settings);
          const before = read(new Map(rows.map((r) => [r.key, r.value])));
          if (before.version !== input.version) throw new AppError('stale_write');
          await checkLogo('logo', input.logo, before.logo);
          await checkLogo('footer_logo', input.footer_logo, before.footer_logo);
          const version = before.version + 1;
          const values: { key: string; value: string | TI18nText }[] = [
            ...PLAIN_KEYS.map((key) => ({ key, value: input[key] })),
            ...TEXT_KEYS.map((key) => ({ key, value: input[key] })),
            { key: VERSION_KEY, value: String(version) },
          ];
          const keys = values.map((v) => v.key);
          await tx.delete(settings).where(inArray(settings.key, keys));
          await tx.insert(settings).values(values.map((v) => ({ ...v, updatedAt: new Date() })));
          const after: TAdminSettings = { ...input, version };
          const changed = (Object.keys(after) as (keyof TAdminSettings)[]).filter(
            (key) => JSON.stringify(after[key]) !== JSON.stringify(before[key]),
          );
          await recordAudit(tx, {
            actor,
            action: 'settings.update',
            targetType: 'settings',
            targetId: 'site',
            before: Object.fromEntries(changed.map((key) => [key, before[key]])),
            after: Object.fromEntries(changed.map((key) => [key, after[key]])),
          });
          return after;
        })
        .finally(forgetSenderBrand);
    },
  };
}

/** Which of these logo addresses the settings still show (the uploads cleanup keeps those). */
export async function logoReferences(db: Db, urls: string[]): Promise<Set<string>> {
  if (!urls.length) return new Set();
  const rows = await db
    .select({ value: settings.value })
    .from(settings)
    .where(inArray(settings.key, ['logo', 'footer_logo']));
  return new Set(rows.map((r) => r.value).filter((v): v is string => typeof v === 'string' && urls.includes(v)));
}
