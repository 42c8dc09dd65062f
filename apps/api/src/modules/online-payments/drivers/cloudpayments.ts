import { createHmac, timingSafeEqual } from 'node:crypto';
import { parseAmount, toMajor, type TLang } from '@portal/contract';
import { ProviderError, type PaymentDriver, type ProviderCredentials, type ProviderState } from './driver';

/**
 * Cards in Kazakhstan through CloudPayments (https://developers.cloudpayments.ru, ADR 077): the one module holding its
 * addresses and field names. The API is JSON with HTTP Basic `PublicId:ApiSecret`; every answer is
 * `{ Success, Message, Model }`. A payment is an order (`orders/create`, the hosted page at `Model.Url`) whose
 * `InvoiceId` is our request id; CloudPayments then posts signed notifications (Check, Pay, Fail, Refund) to the
 * callback URLs the carrier set in its cabinet, form-urlencoded (or JSON), signed with HMAC-SHA256 of the body under
 * the ApiSecret in `Content-HMAC` (the raw body) and `X-Content-HMAC` (the body's values URL-decoded).
 */
export const CLOUDPAYMENTS_CREDENTIALS = ['public_id', 'api_secret'] as const;

/** The hosted page's language: CloudPayments' culture names. */
const CULTURE: Record<TLang, string> = { kk: 'kk-KZ', ru: 'ru-RU', en: 'en-US' };

/** Answers to Check (and the code every other notification is acknowledged with), from CloudPayments' table. */
export const CLOUDPAYMENTS_CODES = {
  ok: 0,
  unknownInvoice: 10,
  wrongAccount: 11,
  wrongAmount: 12,
  cannotAccept: 13,
  expired: 20,
} as const;

/** What our callbacks read of a notification (amounts in minor units). */
export interface CloudPaymentsNotification {
  transactionId: string;
  /** Refund: the payment it returns (PaymentTransactionId). */
  paymentTransactionId: string | null;
  invoiceId: string;
  accountId: string;
  amount: number | null;
  currency: string;
  status: string;
  reason: string;
  /** UTC "yyyy-MM-dd HH:mm:ss". */
  dateTime: Date | null;
  testMode: boolean;
}

interface CpAnswer<T> {
  Success?: boolean;
  Message?: string | null;
  Model?: T | null;
}

interface CpTransaction {
  TransactionId: number | string;
  Amount: number;
  Currency: string;
  InvoiceId: string | null;
  Status: string;
  Reason?: string | null;
  Refunded?: boolean;
  ConfirmDateIso?: string | null;
  CreatedDateIso?: string | null;
}

function basic(creds: ProviderCredentials): string {
  const { public_id: id, api_secret: secret } = creds;
  if (!id || !secret) throw new ProviderError('cloudpayments', 'not_configured');
  return `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
}

/** CloudPayments' "yyyy-MM-dd HH:mm:ss" (UTC) or an ISO date → Date. */
function parseDate(text: string | null | undefined): Date | null {
  if (!text) return null;
  const iso = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(text) ? `${text.replace(' ', 'T')}Z` : text;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A decimal amount as CloudPayments writes it (123.45, "123.45", "123,45") → minor units, or null. */
export function cloudPaymentsMinor(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? parseAmount(value.toFixed(2)) : null;
  return typeof value === 'string' ? parseAmount(value) : null;
}

export function cloudPaymentsDriver(opts: { baseUrl: string; timeoutMs?: number }): PaymentDriver {
  const timeoutMs = opts.timeoutMs ?? 10_000;

  async function call<T>(path: string, body: object, creds: ProviderCredentials): Promise<CpAnswer<T>> {
    let res: Response;
    try {
      res = await fetch(`${opts.baseUrl}${path}`, {
        method: 'POST',
        headers: { authorization: basic(creds), 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      if (err instanceof ProviderError) throw err;
      const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
      throw new ProviderError('cloudpayments', timedOut ? 'timeout' : 'unreachable');
    }
    if (res.status === 401) throw new ProviderError('cloudpayments', 'unauthorized');
    if (!res.ok) throw new ProviderError('cloudpayments', `http_${res.status}`);
    try {
      return (await res.json()) as CpAnswer<T>;
    } catch {
      throw new ProviderError('cloudpayments', 'bad_answer');
    }
  }

  function state(tx: CpTransaction, requestId: string): ProviderState {
    if (tx.InvoiceId !== null && tx.InvoiceId !== undefined && tx.InvoiceId !== requestId) return { state: 'unknown' };
    const providerRef = String(tx.TransactionId);
    const amount = cloudPaymentsMinor(tx.Amount) ?? 0;
    switch (tx.Status) {
      case 'Completed':
        if (tx.Refunded) return { state: 'refunded', providerRef, amount };
        return { state: 'paid', providerRef, amount, paidAt: parseDate(tx.ConfirmDateIso ?? tx.CreatedDateIso) ?? new Date() };
      case 'Declined':
        return { state: 'failed', reason: tx.Reason ?? 'declined' };
      case 'Cancelled':
        return { state: 'failed', reason: 'cancelled' };
      default:
        // AwaitingAuthentication (3-D Secure), Authorized (a two-stage hold, never asked for here).
        return { state: 'pending' };
    }
  }

  return {
    provider: 'cloudpayments',
    credentialFields: CLOUDPAYMENTS_CREDENTIALS,

    async create(input, creds) {
      const answer = await call<{ Id: string; Url: string }>(
        '/orders/create',
        {
          Amount: toMajor(input.amount),
          Currency: input.currency,
          Description: input.description,
          InvoiceId: input.requestId,
          AccountId: input.phone,
          Phone: input.phone,
          CultureName: CULTURE[input.lang],
          RequireConfirmation: false,
          SendEmail: false,
          SuccessRedirectUrl: input.returnUrl,
          FailRedirectUrl: input.returnUrl,
        },
        creds,
      );
      if (!answer.Success || !answer.Model?.Url) throw new ProviderError('cloudpayments', 'refused', answer.Message ?? undefined);
      // The order's id is not the payment's: the TransactionId arrives with Check/Pay.
      return { providerRef: null, payUrl: answer.Model.Url, qrPayload: null };
    },

    async status(ref, creds) {
      // By the transaction when known (payments/get), else the latest payment of the invoice (v2/payments/find).
      const answer = ref.providerRef
        ? await call<CpTransaction>('/payments/get', { TransactionId: numericId(ref.providerRef) }, creds)
        : await call<CpTransaction>('/v2/payments/find', { InvoiceId: ref.requestId }, creds);
      // A declined payment answers Success=false with its transaction; "Not found" has no Model.
      if (answer.Model) return state(answer.Model, ref.requestId);
      return { state: 'unknown' };
    },

    async refund(ref, amount, creds) {
      const answer = await call<{ TransactionId: number | string }>(
        '/payments/refund',
        { TransactionId: numericId(ref.providerRef), Amount: toMajor(amount) },
        creds,
      );
      if (!answer.Success || !answer.Model) throw new ProviderError('cloudpayments', 'refund_refused', answer.Message ?? undefined);
      return { refundRef: String(answer.Model.TransactionId) };
    },
  };
}

/** CloudPayments' transaction ids are numbers; keep a non-numeric one as it is (the API then refuses it). */
function numericId(id: string): number | string {
  return /^\d{1,15}$/.test(id) ? Number(id) : id;
}

/** base64(HMAC-SHA256(data, secret)). */
export function cloudPaymentsHmac(data: Buffer | string, secret: string): string {
  return createHmac('sha256', secret).update(data).digest('base64');
}

function sameText(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Form values URL-decoded in place (what X-Content-HMAC signs): `a=1%202&b=x+y` → `a=1 2&b=x y`. */
function urlDecodedBody(raw: Buffer): string {
  return raw
    .toString('utf8')
    .split('&')
    .map((pair) => {
      try {
        return decodeURIComponent(pair.replace(/\+/g, ' '));
      } catch {
        return pair;
      }
    })
    .join('&');
}

/**
 * Whether a notification was signed with this secret: `Content-HMAC` over the raw body, or `X-Content-HMAC` over the
 * raw body or its URL-decoded values (CloudPayments sends both; either proves the sender knows the secret).
 */
export function cloudPaymentsSignatureValid(raw: Buffer, headers: Record<string, string | string[] | undefined>, secret: string): boolean {
  const header = (name: string) => {
    const value = headers[name];
    return typeof value === 'string' && value.length > 0 && value.length < 200 ? value : null;
  };
  const overRaw = cloudPaymentsHmac(raw, secret);
  const content = header('content-hmac');
  if (content && sameText(content, overRaw)) return true;
  const x = header('x-content-hmac');
  if (!x) return false;
  return sameText(x, overRaw) || sameText(x, cloudPaymentsHmac(urlDecodedBody(raw), secret));
}

/** A notification's fields (form or JSON, already parsed into strings) → what our callbacks use. */
export function readCloudPaymentsNotification(fields: Record<string, string>): CloudPaymentsNotification {
  return {
    transactionId: fields.TransactionId ?? '',
    paymentTransactionId: fields.PaymentTransactionId || null,
    invoiceId: fields.InvoiceId ?? '',
    accountId: fields.AccountId ?? '',
    amount: cloudPaymentsMinor(fields.Amount),
    currency: fields.Currency ?? '',
    status: fields.Status ?? '',
    reason: fields.Reason || fields.ReasonCode || 'declined',
    dateTime: parseDate(fields.DateTime),
    testMode: fields.TestMode === '1' || fields.TestMode === 'true',
  };
}

/** The answer CloudPayments expects to every notification: `{"code":0}` accepts; Check's other codes refuse. */
export function cloudPaymentsAnswer(code: number): { code: number } {
  return { code };
}
