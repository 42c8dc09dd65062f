import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { formatAmount, parseAmount, type TLang } from '@portal/contract';
import { ProviderError, type PaymentDriver, type ProviderCredentials, type ProviderState } from './driver';

/**
 * Kyrgyzstan through Freedom Pay (ex-PayBox, https://docs.freedompay.kg, ADR 077): the one module holding its
 * addresses and field names. Every call is a form POST to `<base>/<script>.php` answered in XML (`<response>`), both
 * signed with `pg_sig` = md5 of the script name, the values sorted by their keys and the merchant's secret key, joined
 * with ";". Callbacks (check, result) are signed the same way with the script name of OUR address (its last path
 * segment), and answered with a signed `<response>` of pg_status ok | rejected | error.
 */
export const FREEDOMPAY_CREDENTIALS = ['merchant_id', 'secret_key'] as const;

/** The payment page's language as Freedom Pay names it. */
const LANGUAGE: Record<TLang, string> = { kk: 'kz', ru: 'ru', en: 'en' };

/** Freedom Pay's answer status in a callback's reply. */
export type FreedomReplyStatus = 'ok' | 'rejected' | 'error';

type Fields = Record<string, string>;

/** md5("<script>;" + values sorted by key + ";<secret>"), pg_sig itself left out. */
export function freedomSignature(script: string, fields: Fields, secret: string): string {
  const values = Object.keys(fields)
    .filter((k) => k !== 'pg_sig')
    .sort()
    .map((k) => fields[k] ?? '');
  return createHash('md5')
    .update([script, ...values, secret].join(';'), 'utf8')
    .digest('hex');
}

export function freedomSignatureValid(script: string, fields: Fields, secret: string): boolean {
  const given = fields.pg_sig;
  if (typeof given !== 'string' || given.length !== 32) return false;
  return timingSafeEqual(Buffer.from(given.toLowerCase()), Buffer.from(freedomSignature(script, fields, secret)));
}

export const freedomSalt = (): string => randomBytes(12).toString('hex');

const XML_ENTITIES: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&quot;': '"', '&apos;': "'", '&amp;': '&' };
const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/** A flat `<response><pg_x>…</pg_x>…</response>` → its fields (entities decoded). */
export function readFreedomXml(xml: string): Fields {
  const fields: Fields = {};
  for (const m of xml.matchAll(/<(pg_\w+)\s*\/>|<(pg_\w+)>([^<]*)<\/\2>/g)) {
    if (m[1]) fields[m[1]] = '';
    else if (m[2]) fields[m[2]] = (m[3] ?? '').replace(/&(lt|gt|quot|apos|amp);/g, (e) => XML_ENTITIES[e] ?? e);
  }
  return fields;
}

/** A signed `<response>` (what Freedom Pay expects from our check and result URLs). */
export function freedomReplyXml(script: string, reply: { status: FreedomReplyStatus; description: string }, secret: string): string {
  const fields: Fields = { pg_salt: freedomSalt(), pg_status: reply.status, pg_description: reply.description };
  fields.pg_sig = freedomSignature(script, fields, secret);
  const body = Object.entries(fields)
    .map(([k, v]) => `<${k}>${escapeXml(v)}</${k}>`)
    .join('');
  return `<?xml version="1.0" encoding="utf-8"?>\n<response>${body}</response>`;
}

/** What our callbacks read of a check or result notification (amounts in minor units). */
export interface FreedomNotification {
  orderId: string;
  paymentId: string;
  amount: number | null;
  currency: string;
  /** Result: '1' paid, '0' failed. */
  result: string;
  /** Result: Freedom Pay cancels the payment itself when we answer `rejected`. */
  canReject: boolean;
  paymentDate: Date | null;
  failure: string;
}

/** "yyyy-MM-dd HH:mm:ss" (the merchant's time zone, Asia/Bishkek, UTC+6) → Date. */
function parseDate(text: string | undefined): Date | null {
  if (!text || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(text)) return null;
  const date = new Date(`${text.replace(' ', 'T')}+06:00`);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function readFreedomNotification(fields: Fields): FreedomNotification {
  return {
    orderId: fields.pg_order_id ?? '',
    paymentId: fields.pg_payment_id ?? '',
    amount: fields.pg_amount ? parseAmount(fields.pg_amount) : null,
    currency: fields.pg_currency ?? '',
    result: fields.pg_result ?? '',
    canReject: fields.pg_can_reject === '1',
    paymentDate: parseDate(fields.pg_payment_date),
    failure: fields.pg_failure_description || fields.pg_failure_code || 'failed',
  };
}

/** The last path segment of a URL: the "script name" a callback to it is signed with. */
export const freedomScriptOf = (url: string): string => new URL(url, 'http://x').pathname.split('/').filter(Boolean).pop() ?? '';

export function freedomPayDriver(opts: { baseUrl: string; timeoutMs?: number }): PaymentDriver {
  const timeoutMs = opts.timeoutMs ?? 10_000;

  async function call(script: string, params: Fields, creds: ProviderCredentials): Promise<Fields> {
    const { merchant_id: merchantId, secret_key: secret } = creds;
    if (!merchantId || !secret) throw new ProviderError('freedompay', 'not_configured');
    const fields: Fields = { ...params, pg_merchant_id: merchantId, pg_salt: freedomSalt() };
    fields.pg_sig = freedomSignature(script, fields, secret);
    let res: Response;
    try {
      res = await fetch(`${opts.baseUrl}/${script}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
      throw new ProviderError('freedompay', timedOut ? 'timeout' : 'unreachable');
    }
    if (!res.ok) throw new ProviderError('freedompay', `http_${res.status}`);
    const answer = readFreedomXml(await res.text());
    if (!answer.pg_status) throw new ProviderError('freedompay', 'bad_answer');
    // An error answer may come unsigned (a wrong merchant); a successful one must carry our merchant's signature.
    if (answer.pg_status === 'error')
      throw new ProviderError('freedompay', `error_${answer.pg_error_code ?? 'unknown'}`, answer.pg_error_description);
    if (!freedomSignatureValid(script, answer, secret)) throw new ProviderError('freedompay', 'bad_signature');
    return answer;
  }

  function state(answer: Fields, requestId: string): ProviderState {
    if (answer.pg_order_id && answer.pg_order_id !== requestId) return { state: 'unknown' };
    const providerRef = answer.pg_payment_id ?? '';
    const amount = parseAmount(answer.pg_amount ?? '') ?? 0;
    switch (answer.pg_transaction_status) {
      case 'ok':
        return { state: 'paid', providerRef, amount, paidAt: parseDate(answer.pg_payment_date) ?? new Date() };
      case 'revoked':
      case 'refunded':
        return { state: 'refunded', providerRef, amount: parseAmount(answer.pg_refund_amount ?? '') ?? amount };
      case 'failed':
        return { state: 'failed', reason: answer.pg_failure_description || 'failed' };
      case 'incomplete':
        return { state: 'expired' };
      default:
        // partial (created, not paid yet), pending (being paid).
        return { state: 'pending' };
    }
  }

  return {
    provider: 'freedompay',
    credentialFields: FREEDOMPAY_CREDENTIALS,

    async create(input, creds) {
      const lifetime = Math.min(604_800, Math.max(300, Math.round((input.expiresAt.getTime() - Date.now()) / 1000)));
      const params: Fields = {
        pg_order_id: input.requestId,
        pg_amount: formatAmount(input.amount),
        pg_currency: input.currency,
        pg_description: input.description,
        pg_check_url: `${input.callbackUrl}/check`,
        pg_result_url: `${input.callbackUrl}/result`,
        pg_request_method: 'POST',
        pg_success_url: input.returnUrl,
        pg_failure_url: input.returnUrl,
        pg_lifetime: String(lifetime),
        pg_user_phone: input.phone.replace(/\D/g, ''),
        pg_language: LANGUAGE[input.lang],
      };
      const answer = await call('init_payment.php', params, creds);
      if (answer.pg_status !== 'ok' || !answer.pg_redirect_url) throw new ProviderError('freedompay', 'refused');
      return { providerRef: answer.pg_payment_id || null, payUrl: answer.pg_redirect_url, qrPayload: null };
    },

    async status(ref, creds) {
      const params: Fields = { pg_order_id: ref.requestId };
      if (ref.providerRef) params.pg_payment_id = ref.providerRef;
      try {
        return state(await call('get_status3.php', params, creds), ref.requestId);
      } catch (err) {
        // 340: no payment with this order id (the customer never opened the page).
        if (err instanceof ProviderError && err.code === 'error_340') return { state: 'unknown' };
        throw err;
      }
    },

    async refund(ref, amount, creds) {
      const answer = await call('revoke.php', { pg_payment_id: ref.providerRef, pg_refund_amount: formatAmount(amount) }, creds);
      if (answer.pg_status !== 'ok') throw new ProviderError('freedompay', 'refund_refused', answer.pg_description);
      return { refundRef: answer.pg_refund_payment_id || `${ref.providerRef}:revoke:${amount}` };
    },
  };
}
