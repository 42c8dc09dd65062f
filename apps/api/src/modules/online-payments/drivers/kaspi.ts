import { toMajor } from '@portal/contract';
import { ProviderError, type PaymentDriver, type ProviderCredentials, type ProviderState } from './driver';

/**
 * Kaspi QR (ADR 077): the merchant's device at Kaspi opens a payment the customer pays in the Kaspi app. Every
 * address and field name of Kaspi's API lives in this file (there is no public reference; tools/fakes/kaspi-qr.mjs
 * speaks the same). Base URL from KASPI_API_URL. Amounts go to Kaspi in tenge (a decimal), ours are tiyn.
 *
 * Credentials: `device_token` (from device registration), `organization_bin`, optional `trade_point_id`,
 * `remote_invoice: 'true'` when the merchant may push an invoice to the customer's phone (the Kaspi app shows it), and
 * `payment_link: 'false'` for a QR token alone (the default is Kaspi's payment link: a phone opens it, a computer
 * shows it as the QR the Kaspi app scans). Kaspi sends no callbacks: `status` is polled.
 */

/** Every Kaspi answer: StatusCode 0 is success, anything else an error with its Message. */
interface KaspiAnswer<T> {
  StatusCode: number;
  Message?: string;
  Data?: T;
}

const PATHS = {
  register: '/device/register',
  qr: '/qr/create',
  link: '/qr/create-link',
  remote: '/remote/create',
  status: (id: string) => `/payment/status/${encodeURIComponent(id)}`,
  refund: '/payment/return',
} as const;

/** Kaspi's payment states → ours (anything else: we do not know yet). */
const STATES: Record<string, 'pending' | 'paid' | 'failed'> = {
  QrTokenCreated: 'pending',
  Wait: 'pending',
  Processed: 'paid',
  Error: 'failed',
};

const tenge = (minor: number): number => toMajor(minor);
const tiyn = (tenge: number): number => Math.round(tenge * 100);

export function kaspiDriver(opts: { baseUrl: string; timeoutMs?: number }): PaymentDriver & {
  registerDevice(input: { deviceId: string; organizationBin: string; tradePointId: string }): Promise<string>;
} {
  const timeoutMs = opts.timeoutMs ?? 10_000;

  async function call<T>(method: 'GET' | 'POST', path: string, body?: Record<string, unknown>): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${opts.baseUrl}${path}`, {
        method,
        headers: body ? { 'content-type': 'application/json', accept: 'application/json' } : { accept: 'application/json' },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      const name = (err as Error).name;
      throw new ProviderError('kaspi', name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'unreachable');
    }
    let answer: KaspiAnswer<T>;
    try {
      answer = (await res.json()) as KaspiAnswer<T>;
    } catch {
      throw new ProviderError('kaspi', `http_${res.status}`);
    }
    if (!res.ok || answer.StatusCode !== 0 || answer.Data === undefined)
      throw new ProviderError('kaspi', `status_${answer.StatusCode ?? res.status}`, answer.Message);
    return answer.Data;
  }

  const device = (creds: ProviderCredentials) => {
    if (!creds.device_token) throw new ProviderError('kaspi', 'no_device_token');
    return creds.device_token;
  };

  /** Registers a device (a branch's till) at Kaspi: its token is what every other call names. */
  async function registerDevice(input: { deviceId: string; organizationBin: string; tradePointId: string }): Promise<string> {
    const data = await call<{ DeviceToken: string }>('POST', PATHS.register, {
      DeviceId: input.deviceId,
      OrganizationBin: input.organizationBin,
      TradePointId: input.tradePointId,
    });
    return data.DeviceToken;
  }

  return {
    provider: 'kaspi',
    credentialFields: ['device_token', 'organization_bin', 'trade_point_id', 'remote_invoice', 'payment_link'],
    // The rest are the device's registration data and switches ('true'/'false'), optional.
    requiredCredentialFields: ['device_token'],

    async create(input, creds) {
      const base = { DeviceToken: device(creds), Amount: tenge(input.amount), ExternalId: input.requestId };
      if (creds.remote_invoice === 'true') {
        const data = await call<{ QrPaymentId: number | string }>('POST', PATHS.remote, {
          ...base,
          PhoneNumber: input.phone.replace(/^\+?7/, ''),
          Comment: input.description,
        });
        return { providerRef: String(data.QrPaymentId), payUrl: null, qrPayload: null };
      }
      if (creds.payment_link === 'false') {
        const data = await call<{ QrToken: string; QrPaymentId: number | string }>('POST', PATHS.qr, base);
        return { providerRef: String(data.QrPaymentId), payUrl: null, qrPayload: data.QrToken };
      }
      const data = await call<{ PaymentLink: string; PaymentId: number | string }>('POST', PATHS.link, base);
      return { providerRef: String(data.PaymentId), payUrl: data.PaymentLink, qrPayload: data.PaymentLink };
    },

    async status(ref): Promise<ProviderState> {
      if (!ref.providerRef) return { state: 'unknown' };
      const data = await call<{ Status: string; Amount?: number }>('GET', PATHS.status(ref.providerRef));
      const state = STATES[data.Status];
      if (state === 'pending') return { state: 'pending' };
      if (state === 'failed') return { state: 'failed', reason: 'kaspi_error' };
      if (state === 'paid') {
        const amount = typeof data.Amount === 'number' ? tiyn(data.Amount) : ref.amount;
        if (amount === undefined) return { state: 'unknown' };
        return { state: 'paid', providerRef: ref.providerRef, amount, paidAt: new Date() };
      }
      return { state: 'unknown' };
    },

    async refund(ref, amount, creds) {
      const data = await call<{ ReturnOperationId?: number | string }>('POST', PATHS.refund, {
        DeviceToken: device(creds),
        QrPaymentId: ref.providerRef,
        Amount: tenge(amount),
      });
      return { refundRef: String(data.ReturnOperationId ?? ref.providerRef) };
    },

    /** Registers the merchant's device at Kaspi (the admin does once per branch): answers its DeviceToken. */
    /** No device token yet, but the BIN and the trade point: registers this branch's device at Kaspi (its token kept sealed). */
    async setUp(creds, ctx): Promise<ProviderCredentials> {
      if (creds.device_token || !creds.organization_bin || !creds.trade_point_id) return {};
      const token = await registerDevice({
        deviceId: `portal-branch-${ctx.branchId}`,
        organizationBin: creds.organization_bin,
        tradePointId: creds.trade_point_id,
      });
      return { device_token: token };
    },
    registerDevice,
  };
}
