import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  formatParcelNumber,
  parcelWeights,
  pickText,
  toMajor,
  toMajorOrNull,
  type TI18nText,
  type TLang,
  type TManageParcel,
  type TOrderStatusCode,
} from '@portal/contract';
import { branches, orderBoxes, orders, orderStatuses, users } from '../../db/schema';
import { customsHoldOf } from '../parcels/customs-hold';

export const customerBranches = alias(branches, 'customer_branch');

/** The columns of a parcel as staff see it: the order with its status, branch and owner (select … from orders + parcelJoins). */
export const parcelColumns = {
  order: orders,
  statusCode: orderStatuses.code,
  statusName: orderStatuses.name,
  branchId: branches.id,
  branchName: branches.name,
  customerId: users.id,
  customerClientCode: users.clientCode,
  customerFirstName: users.firstName,
  customerLastName: users.lastName,
  customerPhone: users.phoneNumber,
  customerBranchId: customerBranches.id,
  customerBranchName: customerBranches.name,
  /** Boxes it was received as (issue 35): 0 rows = one box. Read by the primary key (order_id, box). */
  boxCount: sql<number>`(select count(*)::int from ${orderBoxes} ob where ob.order_id = ${orders}.id)`.mapWith(Number),
};

export interface ParcelRow {
  order: typeof orders.$inferSelect;
  statusCode: TOrderStatusCode;
  statusName: TI18nText;
  branchId: number | null;
  branchName: TI18nText | null;
  customerId: number | null;
  customerClientCode: string | null;
  customerFirstName: string | null;
  customerLastName: string | null;
  customerPhone: string | null;
  customerBranchId: number | null;
  customerBranchName: TI18nText | null;
  boxCount: number;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toManageParcel(row: ParcelRow, lang: TLang): TManageParcel {
  const o = row.order;
  return {
    id: o.id,
    track_code: o.trackCode,
    number: formatParcelNumber(o.id),
    boxes: Math.max(1, row.boxCount),
    name: o.name,
    status: row.statusCode,
    status_name: pickText(row.statusName, lang),
    weight: o.weight,
    weights: parcelWeights(o.weight, o.dimensions, o.volumetricWeight, o.volumetricDivisor),
    // Kept in minor units, answered in major units (the contract's fields).
    tariff: toMajorOrNull(o.tariff),
    price: toMajorOrNull(o.price),
    insurance_premium: toMajor(o.insurancePremium),
    currency: o.currency,
    branch: row.branchId !== null ? { id: row.branchId, name: pickText(row.branchName, lang) } : null,
    customer:
      row.customerId !== null
        ? {
            id: row.customerId,
            client_code: row.customerClientCode ?? '',
            first_name: row.customerFirstName ?? '',
            last_name: row.customerLastName ?? '',
            phone_number: row.customerPhone ?? '',
            branch: row.customerBranchId !== null ? { id: row.customerBranchId, name: pickText(row.customerBranchName, lang) } : null,
          }
        : null,
    label_client_code: o.labelClientCode,
    received_at: o.receivedAt.toISOString(),
    dispatched_at: iso(o.dispatchedAt),
    arrived_at: iso(o.arrivedAt),
    delivered_at: iso(o.deliveredAt),
    storage_until: o.storageUntil,
    receipt_id: o.receiptId,
    updated_at: o.updatedAt.toISOString(),
    disputed: o.disputedAt !== null,
    customs_hold: customsHoldOf(o, lang),
  };
}
