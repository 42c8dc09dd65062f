import { index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import type { TPaymentMethod } from '@portal/contract';
import { createdAt, decimal, minorUnits, tstz } from './columns';
import { branches } from './geo';
import { users } from './users';

/** One parcel of a receipt, as it was handed over (tariff and price in minor units). */
export interface ReceiptItemRow {
  order_id: number;
  track_code: string;
  name: string;
  weight: number;
  /**
   * What the chargeable weight was made of at hand-over (the line reads chargeable kg × tariff = price). Absent on
   * receipts written before they were recorded: those charged the actual weight.
   */
  dimensions?: { length: number; width: number; height: number } | null;
  volumetric_weight?: number | null;
  volumetric_divisor?: number | null;
  tariff: number;
  price: number;
  /** Paid storage days at hand-over and their fee in minor units (absent on receipts written before ADR 073). */
  storage_days?: number;
  storage_fee?: number;
  /**
   * The insurance premium charged with it (minor units, ADR 090) and the declared value it insured (minor units of
   * declared_currency); absent on lines without insurance and on receipts written before issue 36.
   */
  insurance?: number;
  declared_value?: number;
  declared_currency?: string;
}

/** A hand-over at a branch: what was paid for which parcels, by whom. */
export const receipts = pgTable(
  'receipts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    staffUserId: integer('staff_user_id')
      .notNull()
      .references(() => users.id),
    paymentMethod: text('payment_method').$type<TPaymentMethod>(),
    totalWeight: decimal('total_weight', { precision: 12, scale: 3 }).notNull(),
    /** Minor units: its items' prices added as integers (the contract's receiptTotalsMinor). */
    total: minorUnits('total').notNull(),
    currency: text('currency').notNull(),
    /**
     * Minor units: the paid storage its parcels had accrued (storageFeeOn), and what staff waived of it with their
     * reason. `total` = the items' charges (price + insurance) + storage_fee − storage_waived.
     */
    storageFee: minorUnits('storage_fee').notNull().default(0),
    storageWaived: minorUnits('storage_waived').notNull().default(0),
    storageWaiverReason: text('storage_waiver_reason'),
    /** A trusted person collected these parcels for the customer (ADR 091): who, with their phone masked. */
    collectedBy: jsonb('collected_by').$type<{ trusted_id: number; name: string; phone: string }>(),
    /** Its parcels as handed over; `tariff` and `price` in minor units like every amount kept. */
    items: jsonb('items').$type<ReceiptItemRow[]>().notNull(),
    /** When an admin undid this hand-over (its parcels went back to the branch, its money was reversed), and why. */
    undoneAt: tstz('undone_at'),
    undoReason: text('undo_reason'),
    /** A door delivery's close (ADR 094): its fee (minor units, in `total`) and the courier who delivered it. */
    doorFee: minorUnits('door_fee').notNull().default(0),
    doorCourier: text('door_courier'),
    createdAt: createdAt(),
  },
  (t) => [index('receipts_user_idx').on(t.userId, t.createdAt)],
);
