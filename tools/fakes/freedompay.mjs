// A local fake of Freedom Pay (ex-PayBox, https://docs.freedompay.kg) for tests and benchmarks: the merchant API the
// portal calls (init_payment.php, get_status3.php, revoke.php: form POSTs answered in XML, both signed with pg_sig =
// md5("<script>;" + values sorted by key + ";<secret_key>")) and the other direction: a customer paying makes it post
// the signed check and result notifications to the pg_check_url and pg_result_url the payment was created with, signed
// with the script name of those URLs (their last path segment), and read the merchant's signed XML answer (ok,
// rejected, error; `rejected` with pg_can_reject=1 cancels the payment). Test hooks: duplicates, result before check,
// delays, a wrong signature, an API that hangs or fails. Control endpoints under /__fake let another process drive it.
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';

/** @typedef {'ok' | 'hang' | 'error' | 'refuse'} ApiMode */

export function freedomSig(script, fields, secret) {
  const values = Object.keys(fields)
    .filter((k) => k !== 'pg_sig')
    .sort()
    .map((k) => fields[k] ?? '');
  return createHash('md5')
    .update([script, ...values, secret].join(';'), 'utf8')
    .digest('hex');
}

const scriptOf = (url) => new URL(url).pathname.split('/').filter(Boolean).pop() ?? '';
const escapeXml = (text) => String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const amountText = (major) => Number(major).toFixed(2);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const bishkekDate = (date) => new Date(date.getTime() + 6 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

export function readXml(xml) {
  const fields = {};
  for (const m of String(xml).matchAll(/<(pg_\w+)\s*\/>|<(pg_\w+)>([^<]*)<\/\2>/g)) {
    if (m[1]) fields[m[1]] = '';
    else
      fields[m[2]] = m[3]
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&apos;/g, "'")
        .replace(/&amp;/g, '&');
  }
  return fields;
}

export class FakeFreedomPay {
  /** @param {{ merchantId: string, secretKey: string }} opts */
  constructor(opts) {
    this.merchantId = opts.merchantId;
    this.secretKey = opts.secretKey;
    this.url = '';
    /** @type {ApiMode} */
    this.mode = 'ok';
    /** Every API call, in order: { script, fields }. */
    this.calls = [];
    /** Payments by pg_payment_id. */
    this.payments = new Map();
    /** Refunds done through revoke.php: { paymentId, orderId, amount }. */
    this.refunds = [];
    /** Every notification sent and the merchant's answer: { kind, fields, status, answer, signatureValid }. */
    this.notifications = [];
    this.nextPaymentId = 700_000_000;
    this.server = createServer((req, res) => void this.handle(req, res));
  }

  async start(port = 0) {
    await new Promise((resolve) => this.server.listen({ port, host: '127.0.0.1', backlog: 4096 }, resolve));
    this.url = `http://127.0.0.1:${this.server.address().port}`;
    return this.url;
  }

  async stop() {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  /** The payment created for our order id (the portal's request id). */
  paymentOf(orderId) {
    return [...this.payments.values()].find((p) => p.orderId === orderId) ?? null;
  }

  xml(script, fields) {
    const signed = { ...fields, pg_salt: randomBytes(8).toString('hex') };
    signed.pg_sig = freedomSig(script, signed, this.secretKey);
    const body = Object.entries(signed)
      .map(([k, v]) => `<${k}>${escapeXml(v)}</${k}>`)
      .join('');
    return `<?xml version="1.0" encoding="utf-8"?>\n<response>${body}</response>`;
  }

  /** Posts a check or result notification to `url`, signed with its script name; reads and checks the answer. */
  async notify(kind, url, fields, { wrongSignature = false, timeoutMs = 15_000 } = {}) {
    const script = scriptOf(url);
    const signed = { ...fields, pg_salt: randomBytes(8).toString('hex') };
    signed.pg_sig = freedomSig(script, signed, wrongSignature ? `${this.secretKey}-wrong` : this.secretKey);
    let status = 0;
    let answer = null;
    let signatureValid = false;
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(signed).toString(),
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = res.status;
      answer = readXml(await res.text());
      signatureValid = Boolean(answer.pg_sig) && answer.pg_sig === freedomSig(script, answer, this.secretKey);
    } catch {
      status = 0;
    }
    const entry = { kind, fields: signed, status, answer, signatureValid };
    this.notifications.push(entry);
    return entry;
  }

  paymentFields(p, extra = {}) {
    return {
      pg_order_id: p.orderId,
      pg_payment_id: String(p.paymentId),
      pg_amount: amountText(p.amount),
      pg_currency: p.currency,
      pg_net_amount: amountText(p.amount * 0.98),
      pg_ps_amount: amountText(p.amount),
      pg_ps_full_amount: amountText(p.amount),
      pg_ps_currency: p.currency,
      pg_payment_system: 'EPAYWEBKGS',
      pg_description: p.description,
      pg_user_phone: p.phone,
      pg_testing_mode: p.testing ? '1' : '0',
      ...extra,
    };
  }

  /**
   * The customer pays the payment of `orderId`: check (refused → the payment fails), then result with pg_result=1.
   * Options: `amount` (major units), `canReject` (pg_can_reject=1: a `rejected` answer cancels the payment),
   * `duplicate` (result sent that many times at once), `reorder` (result first, check after), `skipCheck`,
   * `delayMs` before result, `wrongSignature`, `timeoutMs`.
   */
  async pay(orderId, opts = {}) {
    const p = this.paymentOf(orderId);
    if (!p) throw new Error(`no payment for ${orderId}`);
    if (opts.amount !== undefined) p.amount = Number(opts.amount);
    const sendOpts = { wrongSignature: opts.wrongSignature, timeoutMs: opts.timeoutMs };
    const result = { payment: p, check: null, result: [] };
    const check = async () => (result.check = await this.notify('check', p.checkUrl, this.paymentFields(p), sendOpts));
    if (!opts.reorder && !opts.skipCheck) {
      await check();
      if (result.check.answer?.pg_status !== 'ok' || !result.check.signatureValid) {
        p.status = 'failed';
        return result;
      }
    }
    p.status = 'ok';
    p.paidAt = new Date();
    p.canReject = Boolean(opts.canReject);
    if (opts.delayMs) await sleep(opts.delayMs);
    const fields = this.paymentFields(p, {
      pg_result: '1',
      pg_can_reject: p.canReject ? '1' : '0',
      pg_payment_date: bishkekDate(p.paidAt),
      pg_card_pan: '4405-62XX-XXXX-1448',
      pg_captured: '1',
    });
    const times = Math.max(1, opts.duplicate ?? 1);
    result.result = await Promise.all(Array.from({ length: times }, () => this.notify('result', p.resultUrl, fields, sendOpts)));
    if (p.canReject && result.result.some((r) => r.answer?.pg_status === 'rejected' && r.signatureValid)) p.status = 'revoked';
    if (opts.reorder && !opts.skipCheck) await check();
    return result;
  }

  /** The customer's payment fails: result with pg_result=0. */
  async decline(orderId, opts = {}) {
    const p = this.paymentOf(orderId);
    if (!p) throw new Error(`no payment for ${orderId}`);
    p.status = 'failed';
    const fields = this.paymentFields(p, {
      pg_result: '0',
      pg_can_reject: '0',
      pg_failure_code: '101',
      pg_failure_description: 'Insufficient funds',
    });
    return { result: await this.notify('result', p.resultUrl, fields, opts) };
  }

  async handle(req, res) {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const url = new URL(req.url ?? '/', 'http://fake');
    const sendJson = (status, body) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

    // Control endpoints for another process (a benchmark).
    if (url.pathname === '/__fake/pay') {
      try {
        return sendJson(200, await this.pay(JSON.parse(raw).orderId, JSON.parse(raw)));
      } catch (err) {
        return sendJson(404, { error: String(err) });
      }
    }
    if (url.pathname === '/__fake/refunds') return sendJson(200, this.refunds);
    if (url.pathname === '/__fake/mode') {
      this.mode = JSON.parse(raw).mode;
      return sendJson(200, { ok: true });
    }
    if (url.pathname === '/pay.html')
      return res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Freedom Pay (fake)</title>');

    const script = url.pathname.slice(1);
    const fields = Object.fromEntries(new URLSearchParams(raw));
    this.calls.push({ script, fields });
    const sendXml = (body) => res.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' }).end(body);
    const error = (code, description) =>
      sendXml(
        `<?xml version="1.0" encoding="utf-8"?>\n<response><pg_status>error</pg_status><pg_error_code>${code}</pg_error_code><pg_error_description>${escapeXml(description)}</pg_error_description></response>`,
      );
    if (!['init_payment.php', 'get_status3.php', 'revoke.php'].includes(script)) return res.writeHead(404).end('Not found');
    if (this.mode === 'hang') return; // never answers
    if (this.mode === 'error') return res.writeHead(502, { 'content-type': 'text/html' }).end('<html>Bad gateway</html>');
    if (fields.pg_merchant_id !== this.merchantId) return error(101, 'Empty or unknown merchant');
    if (fields.pg_sig !== freedomSig(script, fields, this.secretKey)) return error(9998, 'Invalid signature');
    if (this.mode === 'refuse') return error(1, 'Refused by the fake');

    if (script === 'init_payment.php') {
      if (!(Number(fields.pg_amount) > 0) || !fields.pg_order_id || !fields.pg_description) return error(2, 'Invalid parameters');
      const p = {
        paymentId: this.nextPaymentId++,
        orderId: fields.pg_order_id,
        amount: Number(fields.pg_amount),
        currency: fields.pg_currency ?? 'KGS',
        description: fields.pg_description,
        phone: fields.pg_user_phone ?? '',
        checkUrl: fields.pg_check_url,
        resultUrl: fields.pg_result_url,
        successUrl: fields.pg_success_url,
        failureUrl: fields.pg_failure_url,
        lifetime: Number(fields.pg_lifetime ?? 86400),
        language: fields.pg_language,
        testing: fields.pg_testing_mode === '1',
        status: 'partial',
        canReject: false,
        refunded: 0,
        paidAt: null,
      };
      this.payments.set(p.paymentId, p);
      return sendXml(
        this.xml(script, {
          pg_status: 'ok',
          pg_payment_id: String(p.paymentId),
          pg_redirect_url: `${this.url}/pay.html?customer=${p.paymentId}&lang=${p.language ?? 'ru'}`,
          pg_redirect_url_type: 'need data',
        }),
      );
    }
    const p = fields.pg_payment_id ? this.payments.get(Number(fields.pg_payment_id)) : this.paymentOf(fields.pg_order_id);
    if (!p || (fields.pg_order_id && p.orderId !== fields.pg_order_id)) return error(340, 'Payment not found');
    if (script === 'get_status3.php') {
      return sendXml(
        this.xml(script, {
          pg_status: 'ok',
          pg_payment_id: String(p.paymentId),
          pg_order_id: p.orderId,
          pg_transaction_status: p.status,
          pg_amount: amountText(p.amount),
          pg_currency: p.currency,
          pg_can_reject: p.canReject ? '1' : '0',
          pg_testing_mode: p.testing ? '1' : '0',
          pg_payment_date: p.paidAt ? bishkekDate(p.paidAt) : '',
          pg_refund_amount: amountText(p.refunded),
        }),
      );
    }
    // revoke.php: all (pg_refund_amount 0 or absent) or part of a paid payment.
    const amount = Number(fields.pg_refund_amount || 0) || p.amount - p.refunded;
    if (p.status !== 'ok' || Math.round((p.refunded + amount) * 100) > Math.round(p.amount * 100))
      return error(3, 'Payment cannot be revoked');
    p.refunded += amount;
    if (Math.round(p.refunded * 100) === Math.round(p.amount * 100)) p.status = 'revoked';
    this.refunds.push({ paymentId: p.paymentId, orderId: p.orderId, amount });
    return sendXml(this.xml(script, { pg_status: 'ok', pg_payment_id: String(p.paymentId) }));
  }
}
