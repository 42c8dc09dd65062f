import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { toMajor } from '@portal/contract';
import { ProviderError, type PaymentDriver, type ProviderCredentials, type ProviderState } from './driver';
import { clientCertificateProblem, clientCertificateValidTo, kaspiAgent, KASPI_CERTIFICATE_FIELDS } from './kaspi-tls';

/**
 * Kaspi QR (ADR 077): the merchant's device at Kaspi opens a payment the customer pays in the Kaspi app. Every
 * address and field name of Kaspi's API lives in this file (there is no public reference; tools/fakes/kaspi-qr.mjs
 * speaks the same). Base URL from KASPI_API_URL. Amounts go to Kaspi in tenge (a decimal), ours are tiyn.
 *
 * Credentials: `device_token` (from device registration), `organization_bin`, optional `trade_point_id`, the
 * client certificate Kaspi issued the merchant (`client_certificate`, `client_certificate_password`: every call then
 * goes over mutual TLS, kaspi-tls.ts), the switches `remote_invoice: 'true'` when the merchant may push an invoice to the customer's phone (the Kaspi app shows it), and
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

export function kaspiDriver(opts: { baseUrl: string; timeoutMs?: number; ca?: string }): PaymentDriver & {
  registerDevice(input: { deviceId: string; organizationBin: string; tradePointId: string }, creds?: ProviderCredentials): Promise<string>;
} {
  const timeoutMs = opts.timeoutMs ?? 10_000;

  /**
   * Every call to Kaspi goes through here: over HTTPS with the branch's client certificate when it keeps one
   * (kaspi-tls.ts), plain otherwise (the fake in tests). A TLS refusal, a timeout or a network error is a ProviderError.
   */
  async function call<T>(method: 'GET' | 'POST', path: string, creds: ProviderCredentials, body?: Record<string, unknown>): Promise<T> {
    const url = new URL(`${opts.baseUrl}${path}`);
    const payload = body ? JSON.stringify(body) : undefined;
    let agent;
    try {
      agent = url.protocol === 'https:' ? kaspiAgent(creds, opts.ca) : undefined;
    } catch {
      throw new ProviderError('kaspi', 'bad_certificate');
    }
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    let res: { status: number; text: string };
    try {
      res = await new Promise((resolve, reject) => {
        const req = send(
          url,
          {
            method,
            agent,
            headers: {
              accept: 'application/json',
              ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
            },
            signal: AbortSignal.timeout(timeoutMs),
          },
          (answer) => {
            const chunks: Buffer[] = [];
            answer.on('data', (c: Buffer) => chunks.push(c));
            answer.on('end', () => resolve({ status: answer.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
            answer.on('error', reject);
          },
        );
        req.on('error', reject);
        req.end(payload);
      });
    } catch (err) {
      const e = err as Error & { code?: string };
      if (e.name === 'TimeoutError' || e.name === 'AbortError') throw new ProviderError('kaspi', 'timeout');
      // ERR_SSL_*, a reset during the handshake: Kaspi did not take our certificate (or we did not trust its server).
      throw new ProviderError('kaspi', /SSL|TLS|CERT|ECONNRESET|EPROTO/.test(e.code ?? '') ? 'tls_refused' : 'unreachable');
    }
    let answer: KaspiAnswer<T>;
    try {
      answer = JSON.parse(res.text) as KaspiAnswer<T>;
    } catch {
      throw new ProviderError('kaspi', `http_${res.status}`);
    }
    if (res.status < 200 || res.status > 299 || answer.StatusCode !== 0 || answer.Data === undefined)
      throw new ProviderError('kaspi', `status_${answer.StatusCode ?? res.status}`, answer.Message);
    return answer.Data;
  }

  const device = (creds: ProviderCredentials) => {
    if (!creds.device_token) throw new ProviderError('kaspi', 'no_device_token');
    return creds.device_token;
  };

  /** Registers a device (a branch's till) at Kaspi: its token is what every other call names. */
  async function registerDevice(
    input: { deviceId: string; organizationBin: string; tradePointId: string },
    creds: ProviderCredentials = {},
  ): Promise<string> {
    const data = await call<{ DeviceToken: string }>('POST', PATHS.register, creds, {
      DeviceId: input.deviceId,
      OrganizationBin: input.organizationBin,
      TradePointId: input.tradePointId,
    });
    return data.DeviceToken;
  }

  return {
    provider: 'kaspi',
    credentialFields: ['device_token', 'organization_bin', 'trade_point_id', ...KASPI_CERTIFICATE_FIELDS],
    // The rest are the device's registration data and the client certificate (Kaspi's mutual TLS), optional.
    requiredCredentialFields: ['device_token'],
    certificateFields: ['client_certificate'],
    flagFields: [
      { name: 'remote_invoice', default: false },
      { name: 'payment_link', default: true },
    ],
    invalidCredentials: (creds) => {
      const problem = clientCertificateProblem(creds);
      return problem ? [{ field: 'client_certificate', problem }] : [];
    },
    certificateValidTo: (creds) => ({ client_certificate: clientCertificateValidTo(creds) }),

    async create(input, creds) {
      const base = { DeviceToken: device(creds), Amount: tenge(input.amount), ExternalId: input.requestId };
      if (creds.remote_invoice === 'true') {
        const data = await call<{ QrPaymentId: number | string }>('POST', PATHS.remote, creds, {
          ...base,
          PhoneNumber: input.phone.replace(/^\+?7/, ''),
          Comment: input.description,
        });
        return { providerRef: String(data.QrPaymentId), payUrl: null, qrPayload: null };
      }
      if (creds.payment_link === 'false') {
        const data = await call<{ QrToken: string; QrPaymentId: number | string }>('POST', PATHS.qr, creds, base);
        return { providerRef: String(data.QrPaymentId), payUrl: null, qrPayload: data.QrToken };
      }
      const data = await call<{ PaymentLink: string; PaymentId: number | string }>('POST', PATHS.link, creds, base);
      return { providerRef: String(data.PaymentId), payUrl: data.PaymentLink, qrPayload: data.PaymentLink };
    },

    async status(ref, creds): Promise<ProviderState> {
      if (!ref.providerRef) return { state: 'unknown' };
      const data = await call<{ Status: string; Amount?: number }>('GET', PATHS.status(ref.providerRef), creds);
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
      const data = await call<{ ReturnOperationId?: number | string }>('POST', PATHS.refund, creds, {
        DeviceToken: device(creds),
        QrPaymentId: ref.providerRef,
        Amount: tenge(amount),
      });
      return { refundRef: String(data.ReturnOperationId ?? ref.providerRef) };
    },

    /** No device token yet, but the BIN and the trade point: registers this branch's device at Kaspi (its token kept sealed). */
    async setUp(creds, ctx): Promise<ProviderCredentials> {
      if (creds.device_token || !creds.organization_bin || !creds.trade_point_id) return {};
      const token = await registerDevice(
        { deviceId: `portal-branch-${ctx.branchId}`, organizationBin: creds.organization_bin, tradePointId: creds.trade_point_id },
        creds,
      );
      return { device_token: token };
    },
    registerDevice,
  };
}
