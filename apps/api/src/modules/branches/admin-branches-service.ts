import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import {
  defaultPaymentMethods,
  percentFromRateBp,
  rateBpFromPercent,
  toMajor,
  toMinor,
  type TAdminBranch,
  type TI18nText,
  type TPaymentMethod,
  type TWorkingDay,
} from '@portal/contract';
import type { Db, DbOrTx } from '../../db/client';
import { branches, countries, orders, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { checkVersion, lockOrder, nextPosition, searchFilter } from '../admin/content-admin';
import { recordAudit, type AuditActor } from '../audit/audit';

type BranchRow = typeof branches.$inferSelect;

export interface BranchInput {
  country_id: number;
  name: TI18nText;
  city: TI18nText;
  address: TI18nText;
  latitude: number;
  longitude: number;
  map_link: string;
  tariff: number;
  currency: string;
  storage_days: number;
  /** Major units per day after the free days (absent = 0, free storage). */
  storage_fee_per_day?: number;
  storage_extension_max_days?: number;
  /** Absent: on create the country's defaults, on update the list the branch had. */
  payment_methods?: TPaymentMethod[];
  /** Insurance terms (ADR 090): percent, then major units; absent: on create the defaults, on update as they were. */
  insurance_rate?: number;
  insurance_min_premium?: number;
  insurance_max_value?: number;
  uninsured_per_kg?: number;
  working_hours: TWorkingDay[];
  time_zone: string;
  phones: string[];
  instagram: string | null;
  whatsapp: string | null;
  telegram: string | null;
}

const ORDER = 'branches';

/** What keeps a branch open: parcels addressed to it not yet handed over, and customers whose branch it is. */
async function usage(db: DbOrTx, id: number): Promise<{ open_parcels: number; customers: number }> {
  // One after the other: inside a transaction both run on the same connection.
  const [parcels] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.branchId, id), isNull(orders.deliveredAt)));
  const [customers] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.branchId, id), eq(users.role, 'customer')));
  return { open_parcels: Number(parcels?.n ?? 0), customers: Number(customers?.n ?? 0) };
}

/** The insurance terms as the admin reads and types them: percent (two decimals) and major units. */
const insuranceTerms = (row: BranchRow) => ({
  insurance_rate: percentFromRateBp(row.insuranceRateBp),
  insurance_min_premium: toMajor(row.insuranceMinPremium),
  insurance_max_value: toMajor(row.insuranceMaxValue),
  uninsured_per_kg: toMajor(row.uninsuredPerKg),
});

const toAdminBranch = (row: BranchRow, used: { open_parcels: number; customers: number }): TAdminBranch => ({
  id: row.id,
  version: row.version,
  country_id: row.countryId,
  name: row.name,
  city: row.city,
  address: row.address,
  latitude: row.latitude,
  longitude: row.longitude,
  map_link: row.mapLink,
  tariff: toMajor(row.tariff),
  currency: row.currency,
  storage_days: row.storageDays,
  storage_fee_per_day: toMajor(row.storageFeePerDay),
  storage_extension_max_days: row.storageExtensionMaxDays,
  payment_methods: row.paymentMethods,
  ...insuranceTerms(row),
  working_hours: row.workingHours,
  time_zone: row.timeZone,
  phones: row.phones,
  instagram: row.instagram,
  whatsapp: row.whatsapp,
  telegram: row.telegram,
  is_active: row.isActive,
  ...used,
  updated_at: row.updatedAt.toISOString(),
});

/** The audit's picture of a branch: every field an admin edits (amounts as answers show them), and whether it is open. */
const audited = (row: BranchRow) => ({
  country_id: row.countryId,
  name: row.name,
  city: row.city,
  address: row.address,
  latitude: row.latitude,
  longitude: row.longitude,
  map_link: row.mapLink,
  tariff: toMajor(row.tariff),
  currency: row.currency,
  storage_days: row.storageDays,
  storage_fee_per_day: toMajor(row.storageFeePerDay),
  storage_extension_max_days: row.storageExtensionMaxDays,
  payment_methods: row.paymentMethods,
  ...insuranceTerms(row),
  working_hours: row.workingHours,
  time_zone: row.timeZone,
  phones: row.phones,
  instagram: row.instagram,
  whatsapp: row.whatsapp,
  telegram: row.telegram,
  is_active: row.isActive,
  version: row.version,
});

const columns = (input: BranchInput) => ({
  countryId: input.country_id,
  name: input.name,
  city: input.city,
  address: input.address,
  latitude: input.latitude,
  longitude: input.longitude,
  mapLink: input.map_link,
  // Typed in major units (at most 2 decimals), kept in minor units.
  tariff: toMinor(input.tariff),
  currency: input.currency,
  storageDays: input.storage_days,
  storageFeePerDay: toMinor(input.storage_fee_per_day ?? 0),
  ...(input.storage_extension_max_days !== undefined ? { storageExtensionMaxDays: input.storage_extension_max_days } : {}),
  ...(input.payment_methods ? { paymentMethods: input.payment_methods } : {}),
  // Kept as basis points and minor units; an absent term stays as it is (the columns' defaults on create).
  ...(input.insurance_rate !== undefined ? { insuranceRateBp: rateBpFromPercent(input.insurance_rate) } : {}),
  ...(input.insurance_min_premium !== undefined ? { insuranceMinPremium: toMinor(input.insurance_min_premium) } : {}),
  ...(input.insurance_max_value !== undefined ? { insuranceMaxValue: toMinor(input.insurance_max_value) } : {}),
  ...(input.uninsured_per_kg !== undefined ? { uninsuredPerKg: toMinor(input.uninsured_per_kg) } : {}),
  workingHours: input.working_hours,
  timeZone: input.time_zone,
  phones: input.phones,
  instagram: input.instagram,
  whatsapp: input.whatsapp,
  telegram: input.telegram,
});

/** The country exists (422 on country_id otherwise); its code picks a new branch's default payment methods. */
async function checkCountry(db: DbOrTx, countryId: number): Promise<{ code: string }> {
  const [row] = await db.select({ code: countries.code }).from(countries).where(eq(countries.id, countryId)).limit(1);
  if (!row) throw new AppError('validation_failed', { fields: { country_id: ['not_found'] } });
  return row;
}

/** admin/branches: the one place branches are written (the seed aside). */
export function createAdminBranchesService(deps: { db: Db }) {
  const { db } = deps;

  return {
    async list(filters: { search?: string; country_id?: number; state?: 'active' | 'closed' }, page: number, perPage: number) {
      const where = and(
        searchFilter(filters.search, [branches.name, branches.city, branches.address]),
        filters.country_id ? eq(branches.countryId, filters.country_id) : undefined,
        filters.state ? eq(branches.isActive, filters.state === 'active') : undefined,
      );
      // Correlated counts, spelled out: the outer row is "branches" (drizzle leaves columns unqualified here).
      const openParcels =
        sql<number>`(select count(*) from "orders" o where o."branch_id" = "branches"."id" and o."delivered_at" is null)`.mapWith(Number);
      const customers =
        sql<number>`(select count(*) from "users" u where u."branch_id" = "branches"."id" and u."role" = 'customer')`.mapWith(Number);
      const [rows, [total]] = await Promise.all([
        db
          .select({ row: branches, openParcels, customers })
          .from(branches)
          .where(where)
          .orderBy(asc(branches.position), asc(branches.id))
          .limit(perPage)
          .offset((page - 1) * perPage),
        db.select({ n: count() }).from(branches).where(where),
      ]);
      return {
        items: rows.map((r) => toAdminBranch(r.row, { open_parcels: r.openParcels, customers: r.customers })),
        total: total?.n ?? 0,
      };
    },

    async get(id: number): Promise<TAdminBranch> {
      const [row] = await db.select().from(branches).where(eq(branches.id, id)).limit(1);
      if (!row) throw new AppError('not_found');
      return toAdminBranch(row, await usage(db, id));
    },

    async create(actor: AuditActor, input: BranchInput): Promise<TAdminBranch> {
      return db.transaction(async (tx) => {
        const country = await checkCountry(tx, input.country_id);
        await lockOrder(tx, ORDER);
        const position = await nextPosition(tx, branches);
        const [row] = await tx
          .insert(branches)
          .values({ ...columns(input), paymentMethods: input.payment_methods ?? defaultPaymentMethods(country.code), position })
          .returning();
        await recordAudit(tx, {
          actor,
          action: 'branch.create',
          targetType: 'branch',
          targetId: row!.id,
          before: null,
          after: audited(row!),
        });
        return toAdminBranch(row!, { open_parcels: 0, customers: 0 });
      });
    },

    async update(actor: AuditActor, id: number, input: BranchInput & { version: number }): Promise<TAdminBranch> {
      return db.transaction(async (tx) => {
        const [current] = await tx.select().from(branches).where(eq(branches.id, id)).for('update').limit(1);
        checkVersion(current, input.version);
        if (input.country_id !== current!.countryId) await checkCountry(tx, input.country_id);
        const [row] = await tx
          .update(branches)
          .set({ ...columns(input), version: sql`${branches.version} + 1`, updatedAt: new Date() })
          .where(eq(branches.id, id))
          .returning();
        await recordAudit(tx, {
          actor,
          action: 'branch.update',
          targetType: 'branch',
          targetId: id,
          before: audited(current!),
          after: audited(row!),
        });
        return toAdminBranch(row!, await usage(tx, id));
      });
    },

    /**
     * Closes a branch: refused with the counts while parcels addressed to it wait or customers have it as their
     * branch (checked under the row lock, so a parcel or customer added meanwhile waits for the close's commit).
     */
    async close(actor: AuditActor, id: number, version: number): Promise<TAdminBranch> {
      return db.transaction(async (tx) => {
        const [current] = await tx.select().from(branches).where(eq(branches.id, id)).for('update').limit(1);
        checkVersion(current, version);
        const used = await usage(tx, id);
        if (used.open_parcels > 0 || used.customers > 0) {
          throw new AppError('branch_in_use', { params: { parcels: used.open_parcels, customers: used.customers } });
        }
        if (!current!.isActive) return toAdminBranch(current!, used);
        const [row] = await tx
          .update(branches)
          .set({ isActive: false, version: sql`${branches.version} + 1`, updatedAt: new Date() })
          .where(eq(branches.id, id))
          .returning();
        await recordAudit(tx, {
          actor,
          action: 'branch.close',
          targetType: 'branch',
          targetId: id,
          before: { is_active: true, version: current!.version },
          after: { is_active: false, version: row!.version },
        });
        return toAdminBranch(row!, used);
      });
    },

    /** Opens a closed branch again (customers can choose it again). */
    async reopen(actor: AuditActor, id: number, version: number): Promise<TAdminBranch> {
      return db.transaction(async (tx) => {
        const [current] = await tx.select().from(branches).where(eq(branches.id, id)).for('update').limit(1);
        checkVersion(current, version);
        const used = await usage(tx, id);
        if (current!.isActive) return toAdminBranch(current!, used);
        const [row] = await tx
          .update(branches)
          .set({ isActive: true, version: sql`${branches.version} + 1`, updatedAt: new Date() })
          .where(eq(branches.id, id))
          .returning();
        await recordAudit(tx, {
          actor,
          action: 'branch.reopen',
          targetType: 'branch',
          targetId: id,
          before: { is_active: false, version: current!.version },
          after: { is_active: true, version: row!.version },
        });
        return toAdminBranch(row!, used);
      });
    },
  };
}
