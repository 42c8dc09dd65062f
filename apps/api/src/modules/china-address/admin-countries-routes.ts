import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZAdminChinaAddressRequest,
  ZAdminCountriesResponse,
  ZAdminCountryParams,
  ZAdminCountryResponse,
  ZErrorBody,
  type TAdminChinaAddressRequest,
  type TAdminCountry,
} from '@portal/contract';
import type { Db } from '../../db/client';
import { countries, warehouses } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { auditActorOf, recordAudit, type AuditActor } from '../audit/audit';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 413: ZErrorBody, 422: ZErrorBody };
const security = [{ bearer: [] }];
const tags = ['admin'];

type CountryRow = typeof countries.$inferSelect;
type WarehouseRow = typeof warehouses.$inferSelect;

const lines = (w: WarehouseRow) => ({
  recipient: w.recipient,
  phone: w.phone,
  province: w.province,
  city: w.city,
  district: w.district,
  street: w.street,
  postcode: w.postcode,
});

export const toAdminCountry = (c: CountryRow, w: WarehouseRow | null): TAdminCountry => ({
  id: c.id,
  code: c.code,
  name: c.name,
  flag: c.flag,
  phone_prefix: c.phonePrefix,
  client_code_prefix: c.clientCodePrefix,
  customs_id: c.customsId,
  address: w ? { ...lines(w), updated_at: w.updatedAt.toISOString() } : null,
});

/** The China address lines per country: the one place warehouses are written (the seed aside). */
export function createAdminCountriesService(db: Db) {
  return {
    async list(): Promise<TAdminCountry[]> {
      const rows = await db
        .select({ country: countries, warehouse: warehouses })
        .from(countries)
        .leftJoin(warehouses, eq(warehouses.countryId, countries.id))
        .orderBy(asc(countries.position), asc(countries.id));
      return rows.map((r) => toAdminCountry(r.country, r.warehouse));
    },

    async saveAddress(actor: AuditActor, countryId: number, input: TAdminChinaAddressRequest): Promise<TAdminCountry> {
      return db.transaction(async (tx) => {
        const [country] = await tx.select().from(countries).where(eq(countries.id, countryId)).for('update').limit(1);
        if (!country) throw new AppError('not_found');
        const [current] = await tx.select().from(warehouses).where(eq(warehouses.countryId, countryId)).limit(1);
        const seen = current ? current.updatedAt.toISOString() : null;
        if (seen !== input.updated_at) throw new AppError('stale_write');
        const { updated_at: _seen, ...values } = input;
        const [row] = current
          ? await tx
              .update(warehouses)
              .set({ ...values, updatedAt: new Date() })
              .where(eq(warehouses.id, current.id))
              .returning()
          : await tx
              .insert(warehouses)
              .values({ ...values, countryId })
              .returning();
        await recordAudit(tx, {
          actor,
          action: 'china_address.update',
          targetType: 'country',
          targetId: countryId,
          before: current ? lines(current) : null,
          after: lines(row!),
        });
        return toAdminCountry(country, row!);
      });
    },
  };
}

/** admin/countries… (inside the admin area). */
export async function adminCountriesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = createAdminCountriesService(app.db);

  r.get(
    '/countries',
    {
      schema: {
        tags,
        summary: 'Every country with its China warehouse address lines as templates ({client_code}, {phone})',
        security,
        response: { 200: ZAdminCountriesResponse, ...errors },
      },
    },
    async () => ({ data: await service.list() }),
  );

  r.put(
    '/countries/:id/address',
    {
      schema: {
        tags,
        summary: "Save a country's China address lines (409 when someone saved them since `updated_at`)",
        security,
        params: ZAdminCountryParams,
        body: ZAdminChinaAddressRequest,
        response: { 200: ZAdminCountryResponse, ...errors },
      },
    },
    async (request) => ({ data: await service.saveAddress(auditActorOf(request), request.params.id, request.body) }),
  );
}
