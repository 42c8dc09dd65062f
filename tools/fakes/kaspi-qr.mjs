// A local fake of the Kaspi QR API for tests (there is no public reference; the portal's driver,
// apps/api/src/modules/online-payments/drivers/kaspi.ts, speaks the same): device registration, QR tokens, payment
// links, remote invoices, payment status and returns, with Kaspi's envelope ({ StatusCode: 0, Data } on success,
// a non-zero StatusCode and Message otherwise). Kaspi sends no callbacks: the customer's side is played through
// the emulator routes /test/payment/{scan,confirm,scanerror,confirmerror}/{QrPaymentId}, as Kaspi's test stand has.
// Hooks: `delay(path, ms)` holds answers to a path (a timeout when longer than the caller waits), `failNext(path, how)`
// answers the next call to a path with a Kaspi error or an HTTP 500. `start(port, { key, cert, ca })` serves HTTPS and,
// as Kaspi's QR API does, takes only callers presenting a client certificate signed by `ca` (mutual TLS).
import { createServer } from 'node:http';
import { createServer as createTlsServer } from 'node:https';

export class FakeKaspi {
  constructor() {
    this.url = '';
    /** Registered devices: DeviceToken → { DeviceId, OrganizationBin, TradePointId }. */
    this.devices = new Map();
    /** Payments by QrPaymentId: { id, kind, amount (tenge), externalId, status, deviceToken, phone?, comment?, returned }. */
    this.payments = new Map();
    /** Every API call in order: { method, path, body }. */
    this.calls = [];
    /** Returns performed: { QrPaymentId, Amount, ReturnOperationId }. */
    this.returns = [];
    this.delays = new Map();
    this.failures = new Map();
    this.nextId = 700000;
    this.server = null;
  }

  /** Plain HTTP, or HTTPS requiring a client certificate signed by `tls.ca` (Kaspi's mutual TLS). */
  async start(port = 0, tls = null) {
    const handler = (req, res) => void this.handle(req, res);
    this.server = tls
      ? createTlsServer({ key: tls.key, cert: tls.cert, ca: tls.ca, requestCert: true, rejectUnauthorized: true }, handler)
      : createServer(handler);
    await new Promise((resolve) => this.server.listen({ port, host: '127.0.0.1', backlog: 4096 }, resolve));
    this.url = `${tls ? 'https' : 'http'}://127.0.0.1:${this.server.address().port}`;
    return this.url;
  }

  async stop() {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  /** A device registered ahead (as the merchant's admin did), answering its DeviceToken. */
  addDevice(token = `device-${this.nextId++}`, info = { DeviceId: 'portal', OrganizationBin: '123456789012', TradePointId: '1' }) {
    this.devices.set(token, info);
    return token;
  }

  /** Holds every answer to `path` (a prefix, like '/payment/status') for `ms`; 0 stops holding. */
  delay(path, ms) {
    if (ms) this.delays.set(path, ms);
    else this.delays.delete(path);
  }

  /** The next call to `path` (a prefix) fails: `{ StatusCode, Message }` as Kaspi answers, or 'http500'. */
  failNext(path, how = { StatusCode: -1501, Message: 'Внутренняя ошибка' }) {
    this.failures.set(path, how);
  }

  /** The payment made for one of our requests (its ExternalId). */
  byExternalId(externalId) {
    return [...this.payments.values()].find((p) => p.externalId === externalId);
  }

  /** The emulator: the customer scans, confirms or fails a payment (as the /test/payment/* routes do). */
  emulate(action, id) {
    const p = this.payments.get(String(id));
    if (!p) return false;
    const next = { scan: 'Wait', confirm: 'Processed', scanerror: 'Error', confirmerror: 'Error' }[action];
    if (!next) return false;
    if (p.status === 'Processed') return false;
    p.status = next;
    if (next === 'Processed') p.processedAt = new Date().toISOString();
    return true;
  }

  async handle(req, res) {
    const url = new URL(req.url, 'http://fake');
    const path = url.pathname.replace(/\/+$/, '');
    let body = {};
    const chunks = [];
    for await (const c of req) chunks.push(c);
    if (chunks.length) {
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return this.send(res, 400, { StatusCode: -1, Message: 'Bad JSON' });
      }
    }
    const emulator = path.match(/^\/test\/payment\/(scan|confirm|scanerror|confirmerror)\/([^/]+)$/);
    if (emulator) {
      const ok = this.emulate(emulator[1], decodeURIComponent(emulator[2]));
      return this.send(res, 200, ok ? { StatusCode: 0, Data: {} } : { StatusCode: -1601, Message: 'Платёж не найден' });
    }
    // Which client certificate the caller presented (HTTPS only): its subject's CN.
    const client = req.socket.getPeerCertificate?.()?.subject?.CN ?? null;
    this.calls.push({ method: req.method, path, body, client });
    for (const [prefix, ms] of this.delays) if (path.startsWith(prefix)) await new Promise((r) => setTimeout(r, ms));
    for (const [prefix, how] of this.failures) {
      if (!path.startsWith(prefix)) continue;
      this.failures.delete(prefix);
      if (how === 'http500') return this.send(res, 500, 'Internal Server Error', 'text/plain');
      return this.send(res, 200, how);
    }
    const fail = (code, message) => this.send(res, 200, { StatusCode: code, Message: message });
    if (req.method === 'POST' && path === '/device/register') {
      if (!body.DeviceId || !/^\d{12}$/.test(String(body.OrganizationBin ?? ''))) return fail(-1502, 'Неверные параметры');
      const token = this.addDevice(undefined, {
        DeviceId: body.DeviceId,
        OrganizationBin: body.OrganizationBin,
        TradePointId: body.TradePointId,
      });
      return this.send(res, 200, { StatusCode: 0, Data: { DeviceToken: token } });
    }
    const device = () => this.devices.get(body.DeviceToken);
    const validAmount = typeof body.Amount === 'number' && body.Amount > 0 && Math.round(body.Amount * 100) === body.Amount * 100;
    const open = (kind, extra = {}) => {
      const id = String(this.nextId++);
      const expires = new Date(Date.now() + 5 * 60_000).toISOString();
      const p = {
        id,
        kind,
        amount: body.Amount,
        externalId: body.ExternalId ?? null,
        status: 'QrTokenCreated',
        deviceToken: body.DeviceToken,
        returned: 0,
        expires,
        ...extra,
      };
      this.payments.set(id, p);
      return p;
    };
    if (req.method === 'POST' && (path === '/qr/create' || path === '/qr/create-link' || path === '/remote/create')) {
      if (!device()) return fail(-1503, 'Устройство не найдено');
      if (!validAmount) return fail(-1504, 'Неверная сумма');
      if (path === '/remote/create') {
        if (!/^\d{10}$/.test(String(body.PhoneNumber ?? ''))) return fail(-1505, 'Неверный номер телефона');
        const p = open('remote', { phone: body.PhoneNumber, comment: body.Comment ?? '' });
        return this.send(res, 200, { StatusCode: 0, Data: { QrPaymentId: Number(p.id), ExpireDate: p.expires } });
      }
      if (path === '/qr/create') {
        const p = open('qr');
        return this.send(res, 200, {
          StatusCode: 0,
          Data: {
            QrToken: `https://qr.kaspi.kz/${p.id}`,
            ExpireDate: p.expires,
            QrPaymentId: Number(p.id),
            PaymentMethods: ['Gold', 'Red', 'Loan'],
            QrPaymentBehaviorOptions: { StatusPollingInterval: 5, QrCodeScanWaitTimeout: 180, PaymentConfirmationTimeout: 65 },
          },
        });
      }
      const p = open('link');
      return this.send(res, 200, {
        StatusCode: 0,
        Data: { PaymentLink: `https://pay.kaspi.kz/pay/${p.id}`, ExpireDate: p.expires, PaymentId: Number(p.id), PaymentMethods: ['Gold'] },
      });
    }
    const status = path.match(/^\/payment\/status\/([^/]+)$/);
    if (req.method === 'GET' && status) {
      const p = this.payments.get(decodeURIComponent(status[1]));
      if (!p) return fail(-1601, 'Платёж не найден');
      return this.send(res, 200, { StatusCode: 0, Data: { Status: p.status } });
    }
    if (req.method === 'POST' && path === '/payment/return') {
      const p = this.payments.get(String(body.QrPaymentId));
      if (!device() || !p || p.deviceToken !== body.DeviceToken) return fail(-1601, 'Платёж не найден');
      if (p.status !== 'Processed') return fail(-1602, 'Платёж не проведён');
      if (!validAmount || Math.round((p.returned + body.Amount) * 100) > Math.round(p.amount * 100))
        return fail(-1603, 'Сумма возврата больше платежа');
      p.returned += body.Amount;
      const ret = { QrPaymentId: p.id, Amount: body.Amount, ReturnOperationId: this.nextId++ };
      this.returns.push(ret);
      return this.send(res, 200, { StatusCode: 0, Data: { ReturnOperationId: ret.ReturnOperationId } });
    }
    return this.send(res, 404, { StatusCode: -404, Message: 'Not found' });
  }

  send(res, status, body, type = 'application/json') {
    if (res.destroyed) return;
    res.writeHead(status, { 'content-type': type });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  }
}
