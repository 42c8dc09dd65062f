import { z } from 'zod';
import { ZData } from '../common/envelope';
import { ZId } from '../common/fields';
import { MSG } from '../common/messages';
import { PAYMENT_METHODS } from '../orders/order-status-codes';
import { PAYMENT_REQUEST_STATUSES } from './request-statuses';

/**
 * Paying before coming (ADR 077): a customer pays online for what waits at a branch and for any debt. Each provider
 * is a driver behind one interface on the API (modules/online-payments/drivers); a branch chooses and configures its
 * own (its own merchant account). The money lands in the payments journal as method `online`, naming the provider
 * and its reference, and is a credit the hand-over uses: the counter takes nothing.
 */
export const ONLINE_PROVIDERS = ['kaspi', 'cloudpayments', 'freedompay'] as const;
export type TOnlineProvider = (typeof ONLINE_PROVIDERS)[number];
export const ZOnlineProvider = z.enum(ONLINE_PROVIDERS, { error: MSG.invalidValue });

/** The method of a journal row paid online: never a counter method (PAYMENT_METHODS), never in the cash drawer. */
export const ONLINE_METHOD = 'online' as const;
/** Every method a journal row may carry: the counter's methods and `online`. */
export const JOURNAL_METHODS = [...PAYMENT_METHODS, ONLINE_METHOD] as const;
export type TJournalMethod = (typeof JOURNAL_METHODS)[number];
export const ZJournalMethod = z.enum(JOURNAL_METHODS);

export { PAYMENT_REQUEST_STATUSES, type TPaymentRequestStatus } from './request-statuses';

/** How long an open request waits for the money before it expires (the provider's link lives as long). */
export const PAYMENT_REQUEST_TTL_MINUTES = 30;

/** POST payments/requests: pay what waits at this branch (parcels, storage) and the open debt in its currency. */
export const ZCreatePaymentRequest = z.strictObject({ branch_id: ZId, provider: ZOnlineProvider.optional() });
export type TCreatePaymentRequest = z.input<typeof ZCreatePaymentRequest>;

/** A payment request as its customer sees it (GET payments/requests/{id}); amounts in minor units of `currency`. */
export const ZPaymentRequest = z.object({
  id: z.string(),
  status: z.enum(PAYMENT_REQUEST_STATUSES),
  provider: ZOnlineProvider,
  branch: z.object({ id: z.number().int(), name: z.string() }),
  currency: z.string(),
  /** Frozen when the request was made: the parcels' prices and storage up to today, plus `debt`. */
  amount: z.number().int(),
  debt: z.number().int(),
  parcel_ids: z.array(z.number().int()),
  /** Where the customer pays: the provider's page (cards, Freedom Pay) or Kaspi's payment link. */
  pay_url: z.string().nullable(),
  /** What the QR shows for Kaspi (the customer scans it with the Kaspi app), null for other providers. */
  qr_payload: z.string().nullable(),
  provider_ref: z.string().nullable(),
  expires_at: z.string(),
  paid_at: z.string().nullable(),
  /** The receipt-like record of the settled payment (journal row), once paid. */
  payment_id: z.number().int().nullable(),
  /** A request that keeps one parcel longer (ADR 093): the parcel and its new last free day; null for a payment of what waits. */
  extension: z.object({ parcel_id: z.number().int(), until: z.string() }).nullable(),
  created_at: z.string(),
});
export type TPaymentRequest = z.infer<typeof ZPaymentRequest>;
export const ZPaymentRequestResponse = ZData(ZPaymentRequest);

/** Path parameter of a payment request: its UUID (anything else finds nothing: 404). */
export const ZPaymentRequestIdParams = z.object({ id: z.string().min(1).max(64) });

/** An online payment the customer made and the counter has not used yet (the counter says "paid online, take 0"). */
export const ZOnlinePaymentSummary = z.object({
  provider: ZOnlineProvider,
  provider_ref: z.string().nullable(),
  /** Minor units of the branch's currency: what is left of it (after refunds and what hand-overs used). */
  amount: z.number().int(),
  paid_at: z.string(),
});
export type TOnlinePaymentSummary = z.infer<typeof ZOnlinePaymentSummary>;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/**
 * POST payments/storage-extensions (ADR 093): keep a waiting parcel until `until` (YYYY-MM-DD, the new last free day).
 * With a storage fee it opens a payment request of that fee (storageExtensionFee) at the branch's provider; free
 * storage moves the day at once.
 */
export const ZCreateStorageExtension = z.strictObject({
  parcel_id: ZId,
  until: z
    .string({ error: MSG.invalidValue })
    .regex(DATE, { error: MSG.invalidValue })
    .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), {
      error: MSG.invalidValue,
    }),
  provider: ZOnlineProvider.optional(),
});
export type TCreateStorageExtension = z.input<typeof ZCreateStorageExtension>;

/** Its answer: the request to pay (then `/pay/{id}`), or, for free storage, the parcel's new last free day at once. */
export const ZStorageExtensionResult = z.object({
  request: ZPaymentRequest.nullable(),
  storage_until: z.string().nullable(),
});
export type TStorageExtensionResult = z.infer<typeof ZStorageExtensionResult>;
export const ZStorageExtensionResponse = ZData(ZStorageExtensionResult);

/** GET payments/storage-extensions/{parcel_id}: what the parcel page offers (ADR 093); amounts in minor units. */
export const ZStorageExtensionOffer = z.object({
  parcel_id: z.number().int(),
  /** The current last free day (YYYY-MM-DD). */
  storage_until: z.string(),
  /** The parcel's fee per day after it (0 = free storage: extending costs nothing). */
  fee_per_day: z.number().int(),
  currency: z.string(),
  /** Today where the branch is, and the latest last free day the branch allows. */
  today: z.string(),
  max_until: z.string(),
  /** The branch's online providers (empty for free storage, or when the branch takes none: then it cannot be paid online). */
  providers: z.array(ZOnlineProvider),
  /** An open, unpaid extension request of this parcel to go back to. */
  open_request_id: z.string().nullable(),
});
export type TStorageExtensionOffer = z.infer<typeof ZStorageExtensionOffer>;
export const ZStorageExtensionOfferResponse = ZData(ZStorageExtensionOffer);
export const ZStorageExtensionParams = z.object({ parcel_id: ZId });
