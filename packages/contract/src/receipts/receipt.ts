import { z } from 'zod';
import { ZData } from '../common/envelope';
import { ZIdParam } from '../common/fields';
import { ZLang } from '../common/i18n';
import { ZPaymentMethod } from '../orders/order-status';
import { ZParcelWeights } from '../parcels/chargeable-weight';
import { ZPayment } from '../payments/payment';

export const ZReceiptItem = z.object({
  order_id: z.number().int(),
  track_code: z.string(),
  name: z.string(),
  /** The actual weight, kg. */
  weight: z.number(),
  /**
   * The weights as charged at hand-over: the line reads chargeable_weight × tariff = price. Receipts written before
   * these were recorded charged the actual weight (charged_by 'actual').
   */
  weights: ZParcelWeights,
  tariff: z.number(),
  price: z.number(),
  /**
   * The insurance premium charged with the parcel (major units, 0 when not insured, ADR 090) and the declared value it
   * insured (major units of declared_currency; null when not insured). The line's charge is price + insurance.
   */
  insurance: z.number(),
  declared_value: z.number().nullable(),
  declared_currency: z.string().nullable(),
  /** Paid storage days at hand-over and their fee (major units, like price; 0 when none or waived on the receipt). */
  storage_days: z.number().int(),
  storage_fee: z.number(),
});
export type TReceiptItem = z.infer<typeof ZReceiptItem>;

/** A hand-over at a branch: the parcels, their weights and prices, the total, where, when and by whom. */
export const ZReceipt = z.object({
  id: z.number().int(),
  created_at: z.string(),
  customer: z.object({ id: z.number().int(), client_code: z.string(), name: z.string() }),
  branch: z.object({ id: z.number().int(), name: z.string(), address: z.string() }),
  staff: z.object({ id: z.number().int(), name: z.string() }),
  /** The method of the largest payment (null when nothing was paid at the counter). */
  payment_method: ZPaymentMethod.nullable(),
  items: z.array(ZReceiptItem),
  total_weight: z.number(),
  total: z.number(),
  currency: z.string(),
  /**
   * Minor units: the paid storage accrued by its parcels, what staff waived of it (with their reason) — the total
   * charges storage_fee − storage_waived on top of the parcels' prices.
   */
  storage_fee: z.number().int(),
  storage_waived: z.number().int(),
  storage_waiver_reason: z.string().nullable(),
  /** A door delivery's close (ADR 094): its fee (minor units, in the total) and the courier who brought it; 0 and null otherwise. */
  door_fee: z.number().int(),
  door_courier: z.string().nullable(),
  /** Minor units: the total, what was paid for this receipt (net of reversals) and what remains owed of it. */
  total_minor: z.number().int(),
  paid: z.number().int(),
  /** Minor units: what of the total was paid ahead online (the customer's credit, ADR 077); 0 when none. */
  paid_online: z.number().int(),
  remaining: z.number().int(),
  /** Minor units: what of `paid` went to the customer's earlier debt (paid beyond the total); 0 when none. */
  debt_repaid: z.number().int(),
  payments: z.array(ZPayment),
  /** When an admin undid this hand-over (its parcels went back to the branch, charge and payments reversed); null otherwise. */
  undone_at: z.string().nullable(),
  /** A trusted person collected for the customer (ADR 091): their name and masked phone; absent otherwise. */
  collected_by: z.object({ name: z.string(), phone: z.string() }).nullable().optional(),
});
export type TReceipt = z.infer<typeof ZReceipt>;

/** GET receipts/{id}: customers see their own (404 otherwise); staff and admins see any. */
export const ZReceiptParams = ZIdParam;
export const ZReceiptResponse = ZData(ZReceipt);
export type TReceiptResponse = z.infer<typeof ZReceiptResponse>;

/**
 * GET receipts/{id}.pdf: the same receipt as a PDF file, for the same readers (someone else's → 404), in `lang` or
 * the Accept-Language one (a link the browser follows sends the page's language this way).
 */
export const ZReceiptPdfQuery = z.object({ lang: ZLang.optional() });
export type TReceiptPdfQuery = z.input<typeof ZReceiptPdfQuery>;
