import type { TLang, TOnlineProvider } from '@portal/contract';

/**
 * One interface for every online payment provider (ADR 077). A driver speaks its provider's HTTP API and nothing
 * else: it never touches the database, never decides whether money settles (online-payments-service does, exactly
 * once) and never logs credentials. Each provider's addresses and field names live in its driver file alone, its
 * base URL from the environment (KASPI_API_URL, CLOUDPAYMENTS_API_URL, FREEDOMPAY_API_URL), so tests point it at a
 * local fake (tools/fakes/) that speaks the documented API.
 */

/** A branch's merchant keys for one provider, decrypted only in memory (lib/secret-box.ts). Shape per provider. */
export type ProviderCredentials = Record<string, string>;

export interface CreatePaymentInput {
  /** Our payment request's id: the provider's order/invoice id, so its callbacks and statuses name it. */
  requestId: string;
  /** Minor units of `currency` (KZT tiyn, KGS tyiyn); drivers convert to the provider's unit at their edge. */
  amount: number;
  currency: string;
  /** Shown by the provider ("Cargo: 3 parcels at Almaty — Tole Bi"). */
  description: string;
  lang: TLang;
  /** The customer's phone in E.164 (Kaspi's remote invoice, receipts by the provider). */
  phone: string;
  /** Where the provider sends the customer back: our /pay/{id} page. */
  returnUrl: string;
  /** Our public API base for callbacks (`${PUBLIC_URL}/api/payments/callbacks/<provider>`). */
  callbackUrl: string;
  /** When the request stops being payable. */
  expiresAt: Date;
}

export interface CreatedPayment {
  /** The provider's id of this payment, when it gives one at creation (Kaspi QrPaymentId). */
  providerRef: string | null;
  /** Where the customer pays (a hosted page or Kaspi's link), or null. */
  payUrl: string | null;
  /** What a QR shows (Kaspi), or null. */
  qrPayload: string | null;
}

/** What the provider says of a payment now. `amount` in minor units when it tells one. */
export type ProviderState =
  | { state: 'pending' }
  | { state: 'paid'; providerRef: string; amount: number; paidAt: Date }
  | { state: 'failed'; reason: string }
  | { state: 'expired' }
  | { state: 'refunded'; providerRef: string; amount: number }
  | { state: 'unknown' };

export interface PaymentDriver {
  provider: TOnlineProvider;
  /** The credential fields this provider needs (the admin's form asks for these; all required strings). */
  credentialFields: readonly string[];
  /** Those a branch must fill before switching the provider on (default: all of `credentialFields`). */
  requiredCredentialFields?: readonly string[];
  /**
   * Switches the admin turns on or off, each with its default (Kaspi: remote_invoice, payment_link). Not secrets: their
   * values are shown. Kept with the credentials as 'true'/'false'.
   */
  flagFields?: readonly { name: string; default: boolean }[];
  /** Those of `credentialFields` that hold a certificate (the admin's form offers a file; the value may be long). */
  certificateFields?: readonly string[];
  /**
   * The fields of a branch's credentials (kept and typed) the provider cannot use, each with the text key saying why:
   * a certificate that does not open (`certificate_invalid`) or has expired (`certificate_expired`).
   */
  invalidCredentials?(creds: ProviderCredentials): { field: string; problem: 'certificate_invalid' | 'certificate_expired' }[];
  /** Until when each kept certificate is valid (null: none, or unreadable), shown to the admin. */
  certificateValidTo?(creds: ProviderCredentials): Record<string, Date | null>;
  /** Opens the payment at the provider. Throws ProviderError when the provider refuses or is away. */
  create(input: CreatePaymentInput, creds: ProviderCredentials): Promise<CreatedPayment>;
  /** Asks the provider for the state of our request (by its id and, when known, the provider's reference). */
  status(
    ref: {
      requestId: string;
      providerRef: string | null;
      /** What the payment was opened for (minor units): a provider whose status names no amount (Kaspi) answers it. */
      amount?: number;
    },
    creds: ProviderCredentials,
  ): Promise<ProviderState>;
  /**
   * Completes a branch's credentials with what the provider derives from them when the admin saves (Kaspi: the device
   * token it registers from the BIN and the trade point). Answers the fields to add ({} when nothing to do). Throws
   * ProviderError when the provider refuses or is away.
   */
  setUp?(creds: ProviderCredentials, ctx: { branchId: number }): Promise<ProviderCredentials>;
  /** Returns `amount` minor units of a settled payment to the customer. Throws ProviderError when refused. */
  refund(ref: { requestId: string; providerRef: string }, amount: number, creds: ProviderCredentials): Promise<{ refundRef: string }>;
}

/** The provider refused or could not be reached: the caller answers 502 `payment_provider_failed` or retries later. */
export class ProviderError extends Error {
  constructor(
    readonly provider: TOnlineProvider,
    readonly code: string,
    message?: string,
  ) {
    super(message ?? `${provider}: ${code}`);
    this.name = 'ProviderError';
  }
}
