import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZAdminCountryCustomsRequest, ZAdminCountryParams, ZAdminCountryResponse, ZErrorBody, type TCustomsId } from '@portal/contract';
import type { Db } from '../../db/client';
import { countries, warehouses } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { auditActorOf, recordAudit, type AuditActor } from '../audit/audit';
import { toAdminCountry } from '../china-address/admin-countries-routes';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 422: ZErrorBody };

/**
 * Which personal number a country's customs need (ADR 084), under the country's row lock, audited. Dispatch reads it
 * per parcel (parcels/customs-gate.ts); nothing already dispatched changes.
 */
export async function setCountryCustomsId(db: Db, actor: AuditActor, countryId: number, customsId: TCustomsId) {
  return db.transaction(async (tx) => {
    const [country] = await tx.select().from(countries).where(eq(countries.id, countryId)).for('update').limit(1);
    if (!country) throw new AppError('not_found');
    const [row] = await tx.update(countries).set({ customsId, updatedAt: new Date() }).where(eq(countries.id, countryId)).returning();
    if (country.customsId !== customsId)
      await recordAudit(tx, {
        actor,
        action: 'country.customs_id',
        targetType: 'country',
        targetId: countryId,
        before: { customs_id: country.customsId },
        after: { customs_id: customsId },
      });
    const [warehouse] = await tx.select().from(warehouses).where(eq(warehouses.countryId, countryId)).limit(1);
    return toAdminCountry(row!, warehouse ?? null);
  });
}

/** admin/countries/{id}/customs (inside the admin area). */
export async function adminCountryCustomsRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().put(
    '/countries/:id/customs',
    {
      schema: {
        tags: ['admin'],
        summary: "Which personal number a country's customs need before its parcels are dispatched (none, iin, personal_number)",
        security: [{ bearer: [] }],
        params: ZAdminCountryParams,
        body: ZAdminCountryCustomsRequest,
        response: { 200: ZAdminCountryResponse, ...errors },
      },
    },
    async (request) => ({ data: await setCountryCustomsId(app.db, auditActorOf(request), request.params.id, request.body.customs_id) }),
  );
}
