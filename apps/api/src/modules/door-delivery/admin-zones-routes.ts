import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZDeliveryZoneInput,
  ZDeliveryZoneResponse,
  ZDeliveryZonesQuery,
  ZDeliveryZonesResponse,
  ZDoorDeliveryParams,
  ZErrorBody,
  type TDeliveryZone,
} from '@portal/contract';
import type { DbOrTx } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { auditActorOf } from '../audit/audit';
import { recordAudit } from '../audit/audit';
import { branchesRepository } from '../branches/branches-repository';
import { doorRepository as repo, type ZoneRow } from './door-delivery-repository';

const errors = { 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 422: ZErrorBody };
const security = [{ bearer: [] }];
const tags = ['admin'];

function zoneView(z: ZoneRow, currency: string): TDeliveryZone {
  return {
    id: z.id,
    branch_id: z.branchId,
    name: z.name,
    postcodes: z.postcodes,
    base_price: z.basePrice,
    per_kg_price: z.perKgPrice,
    currency,
    active: z.active,
  };
}

async function currencyOf(db: DbOrTx, branchId: number): Promise<string> {
  const b = await branchesRepository.findById(db, branchId);
  if (!b) throw new AppError('validation_failed', { fields: { branch_id: ['validation.invalid_value'] } });
  return b.currency;
}

/** The admin keeps each branch's delivery zones (ADR 094): postcode lists priced base + per kg, active or not. */
export async function adminDeliveryZonesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/delivery-zones',
    {
      schema: {
        tags,
        security,
        summary: 'Delivery zones, of one branch or all',
        querystring: ZDeliveryZonesQuery,
        response: { 200: ZDeliveryZonesResponse, ...errors },
      },
    },
    async (request) => {
      const rows = await repo.zones(app.db, request.query.branch_id);
      const currencies = new Map<number, string>();
      for (const id of new Set(rows.map((z) => z.branchId))) currencies.set(id, await currencyOf(app.db, id));
      return { data: rows.map((z) => zoneView(z, currencies.get(z.branchId) ?? '')) };
    },
  );

  r.post(
    '/delivery-zones',
    {
      schema: {
        tags,
        security,
        summary: 'Add a zone to a branch',
        body: ZDeliveryZoneInput,
        response: { 201: ZDeliveryZoneResponse, ...errors },
      },
    },
    async (request, reply) => {
      const b = request.body;
      const zone = await app.db.transaction(async (tx) => {
        const currency = await currencyOf(tx, b.branch_id);
        const row = await repo.insertZone(tx, {
          branchId: b.branch_id,
          name: b.name,
          postcodes: [...new Set(b.postcodes)],
          basePrice: b.base_price,
          perKgPrice: b.per_kg_price,
          active: b.active,
        });
        await recordAudit(tx, {
          actor: auditActorOf(request),
          action: 'delivery_zone.create',
          targetType: 'delivery_zone',
          targetId: row.id,
          after: b,
        });
        return zoneView(row, currency);
      });
      return reply.code(201).send({ data: zone });
    },
  );

  r.put(
    '/delivery-zones/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Change a zone (its postcodes, prices, active flag)',
        params: ZDoorDeliveryParams,
        body: ZDeliveryZoneInput,
        response: { 200: ZDeliveryZoneResponse, ...errors },
      },
    },
    async (request) => {
      const b = request.body;
      return {
        data: await app.db.transaction(async (tx) => {
          const before = await repo.zone(tx, request.params.id);
          if (!before) throw notFound();
          const currency = await currencyOf(tx, b.branch_id);
          const row = await repo.updateZone(tx, before.id, {
            branchId: b.branch_id,
            name: b.name,
            postcodes: [...new Set(b.postcodes)],
            basePrice: b.base_price,
            perKgPrice: b.per_kg_price,
            active: b.active,
          });
          await recordAudit(tx, {
            actor: auditActorOf(request),
            action: 'delivery_zone.update',
            targetType: 'delivery_zone',
            targetId: before.id,
            before: zoneView(before, currency),
            after: b,
          });
          return zoneView(row!, currency);
        }),
      };
    },
  );
}
