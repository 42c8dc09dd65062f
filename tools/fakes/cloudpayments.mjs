// A local fake of CloudPayments (https://developers.cloudpayments.ru) for tests and benchmarks: the API calls the
// portal makes (orders/create, payments/get, v2/payments/find, payments/refund; JSON, HTTP Basic PublicId:ApiSecret,
// answers { Success, Message, Model }) and the other direction: a customer paying an order makes it post the signed
// notifications (Check, then Pay, or Fail; Refund after a refund) to the callback URLs a merchant sets in its cabinet,
// form-urlencoded, with Content-HMAC (the raw body) and X-Content-HMAC (its values URL-decoded), both
// base64(HMAC-SHA256(…, ApiSecret)). Test hooks: duplicates, Pay before Check, delays, a wrong signature, an API that
// hangs or fails. Control endpoints under /__fake let another process drive it.
import { createHmac } from 'node:crypto';
import { Agent as HttpAgent, createServer, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

/** @typedef {'ok' | 'hang' | 'error' | 'refuse'} ApiMode */

const amountText = (major) => Number(major).toFixed(2);
const cpDate = (date) => date.toISOString().slice(0, 19).replace('T', ' ');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Posts a notification as CloudPayments' servers do: { status, text }, status 0 when it failed or took longer than
 * `timeoutMs`. node:http with kept-alive connections, not fetch: a bench posting 1,000 at once on the server's own
 * cores spent about as much CPU in fetch's streams as the server spent settling them.
 */
const agents = { 'http:': new HttpAgent({ keepAlive: true }), 'https:': new HttpsAgent({ keepAlive: true }) };
function post(url, headers, body, timeoutMs) {
  const target = new URL(url);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const req = send(
      target,
      { method: 'POST', agent: agents[target.protocol], headers: { ...headers, 'content-length': Buffer.byteLength(body) } },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', () => resolve({ status: 0, text: '' }));
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve({ status: 0, text: '' }));
    req.end(body);
  });
}

export class FakeCloudPayments {
  /** @param {{ publicId: string, apiSecret: string, notifyUrl?: string }} opts */
  constructor(opts) {
    this.publicId = opts.publicId;
    this.apiSecret = opts.apiSecret;
    /** Where notifications go: `${notifyUrl}/check`, `/pay`, `/fail`, `/refund` (the merchant's cabinet settings). */
    this.notifyUrl = opts.notifyUrl ?? '';
    this.url = '';
    /** @type {ApiMode} how the API answers: normally, never, 500, or Success=false. */
    this.mode = 'ok';
    /** Every API call, in order: { path, body }. */
    this.calls = [];
    /** Orders by InvoiceId. */
    this.orders = new Map();
    /** Transactions by TransactionId. */
    this.transactions = new Map();
    /** Refunds done through the API: { transactionId, paymentTransactionId, amount, invoiceId }. */
    this.refunds = [];
    /** Every notification sent and its answer: { kind, fields, status, answer }. */
    this.notifications = [];
    /** Whether a refund through the API is followed by a Refund notification (as when the cabinet sets its URL). */
    this.notifyRefunds = true;
    /** Whether the API answers a refund only once its Refund notification was sent and answered (a race we must win). */
    this.notifyRefundBeforeAnswer = false;
    /** Notifications being sent in the background. */
    this.inflight = new Set();
    this.nextTransactionId = 1_000_000;
    this.nextOrder = 1;
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

  /** The order of a request (our InvoiceId), if it was created. */
  order(invoiceId) {
    return this.orders.get(invoiceId) ?? null;
  }

  transactionsOf(invoiceId) {
    return [...this.transactions.values()].filter((t) => t.InvoiceId === invoiceId);
  }

  sign(body, secret = this.apiSecret) {
    const decoded = body
      .split('&')
      .map((pair) => decodeURIComponent(pair.replace(/\+/g, ' ')))
      .join('&');
    return {
      'content-hmac': createHmac('sha256', secret).update(body).digest('base64'),
      'x-content-hmac': createHmac('sha256', secret).update(decoded).digest('base64'),
    };
  }

  /**
   * Posts one notification as CloudPayments does (form or JSON) and answers its HTTP status and parsed answer.
   * `wrongSignature` signs with another secret; `timeoutMs` gives up waiting (status 0, as CloudPayments would retry).
   */
  async notify(kind, fields, { wrongSignature = false, json = false, timeoutMs = 15_000 } = {}) {
    if (!this.notifyUrl) throw new Error('notifyUrl is not set (the merchant cabinet has no callback URLs)');
    const body = json ? JSON.stringify(fields) : new URLSearchParams(fields).toString();
    const headers = {
      'content-type': json ? 'application/json' : 'application/x-www-form-urlencoded; charset=utf-8',
      ...this.sign(body, wrongSignature ? `${this.apiSecret}-wrong` : this.apiSecret),
    };
    const { status, text } = await post(`${this.notifyUrl}/${kind}`, headers, body, timeoutMs);
    let answer = null;
    if (status) {
      try {
        answer = JSON.parse(text);
      } catch {
        answer = text;
      }
    }
    this.notifications.push({ kind, fields, status, answer });
    return { status, answer };
  }

  transactionFields(tx, extra = {}) {
    return {
      TransactionId: String(tx.TransactionId),
      Amount: amountText(tx.Amount),
      Currency: tx.Currency,
      PaymentAmount: amountText(tx.Amount),
      PaymentCurrency: tx.Currency,
      OperationType: 'Payment',
      InvoiceId: tx.InvoiceId,
      AccountId: tx.AccountId,
      SubscriptionId: '',
      Name: 'AIGERIM NURLANOVA',
      Email: '',
      DateTime: cpDate(new Date()),
      IpAddress: '95.56.10.1',
      IpCountry: 'KZ',
      CardFirstSix: '424242',
      CardLastFour: '4242',
      CardType: 'Visa',
      CardExpDate: '12/29',
      TestMode: '1',
      Status: tx.Status === 'Declined' ? 'Declined' : 'Completed',
      GatewayName: 'Test',
      TotalFee: '0',
      Data: '',
      ...extra,
    };
  }

  /**
   * The customer pays the order of `invoiceId` on the hosted page: Check (a refusal declines the payment), the
   * transaction completes, then Pay. Options: `amount` (major units, default the order's), `duplicate` (Pay sent that
   * many times at once), `reorder` (Pay first, Check after), `skipCheck`, `delayMs` before Pay, `wrongSignature`,
   * `json`, `timeoutMs`. Answers the transaction and each notification's answer.
   */
  async pay(invoiceId, opts = {}) {
    const order = this.orders.get(invoiceId);
    if (!order) throw new Error(`no order for ${invoiceId}`);
    const tx = this.newTransaction(order, opts.amount ?? order.Amount);
    const sendOpts = { wrongSignature: opts.wrongSignature, json: opts.json, timeoutMs: opts.timeoutMs };
    const result = { transaction: tx, check: null, pay: [] };
    const check = async () => (result.check = await this.notify('check', this.transactionFields(tx), sendOpts));
    if (!opts.reorder && !opts.skipCheck) {
      await check();
      if (result.check.status !== 200 || result.check.answer?.code !== 0) {
        tx.Status = 'Declined';
        tx.Reason = 'Refused by the merchant (Check)';
        return result;
      }
    }
    tx.Status = 'Completed';
    tx.ConfirmDateIso = new Date().toISOString();
    order.Status = 'Paid';
    if (opts.delayMs) await sleep(opts.delayMs);
    const times = Math.max(1, opts.duplicate ?? 1);
    result.pay = await Promise.all(Array.from({ length: times }, () => this.notify('pay', this.transactionFields(tx), sendOpts)));
    if (opts.reorder && !opts.skipCheck) await check();
    return result;
  }

  /** The customer's card is declined: the transaction fails and Fail is posted. */
  async decline(invoiceId, opts = {}) {
    const order = this.orders.get(invoiceId);
    if (!order) throw new Error(`no order for ${invoiceId}`);
    const tx = this.newTransaction(order, order.Amount);
    tx.Status = 'Declined';
    tx.Reason = 'InsufficientFunds';
    const fail = await this.notify('fail', this.transactionFields(tx, { Reason: 'InsufficientFunds', ReasonCode: '5051' }), opts);
    return { transaction: tx, fail };
  }

  newTransaction(order, amount) {
    const tx = {
      TransactionId: this.nextTransactionId++,
      Amount: Number(amount),
      Currency: order.Currency,
      InvoiceId: order.InvoiceId,
      AccountId: order.AccountId,
      Description: order.Description,
      Status: 'AwaitingAuthentication',
      Reason: null,
      Refunded: false,
      RefundedAmount: 0,
      CreatedDateIso: new Date().toISOString(),
      ConfirmDateIso: null,
      TestMode: true,
    };
    this.transactions.set(tx.TransactionId, tx);
    return tx;
  }

  async handle(req, res) {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const send = (status, body) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const url = new URL(req.url ?? '/', 'http://fake');
    let body = {};
    try {
      body = raw ? JSON.parse(raw) : {};
    } catch {
      return send(400, { Success: false, Message: 'Invalid JSON' });
    }

    // Control endpoints for another process (a benchmark).
    if (url.pathname === '/__fake/pay') {
      try {
        return send(200, await this.pay(body.invoiceId, body));
      } catch (err) {
        return send(404, { error: String(err) });
      }
    }
    if (url.pathname === '/__fake/refunds') return send(200, this.refunds);
    if (url.pathname === '/__fake/mode') {
      this.mode = body.mode;
      return send(200, { ok: true });
    }
    if (url.pathname.startsWith('/pay/')) {
      return res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>CloudPayments (fake)</title>');
    }

    const expected = `Basic ${Buffer.from(`${this.publicId}:${this.apiSecret}`).toString('base64')}`;
    this.calls.push({ path: url.pathname, body, at: performance.now() });
    if (req.headers.authorization !== expected) return send(401, { Success: false, Message: 'Authorization has been denied' });
    if (this.mode === 'hang') return; // never answers
    if (this.mode === 'error') return send(500, { Success: false, Message: 'Internal error' });
    if (this.mode === 'refuse') return send(200, { Success: false, Message: 'Refused by the fake', Model: null });

    switch (url.pathname) {
      case '/orders/create':
        return this.createOrder(body, send);
      case '/payments/get': {
        const tx = this.transactions.get(Number(body.TransactionId));
        return tx ? send(200, { Success: tx.Status !== 'Declined', Message: tx.Reason, Model: tx }) : send(200, notFound);
      }
      case '/v2/payments/find': {
        const txs = this.transactionsOf(body.InvoiceId);
        const tx = txs.at(-1);
        return tx ? send(200, { Success: tx.Status !== 'Declined', Message: tx.Reason, Model: tx }) : send(200, notFound);
      }
      case '/payments/refund':
        return this.refund(body, send);
      default:
        return send(404, { Success: false, Message: 'Not found' });
    }
  }

  createOrder(body, send) {
    if (!(Number(body.Amount) > 0)) return send(200, { Success: false, Message: 'Amount is required', Model: null });
    if (!body.Currency || !body.Description) return send(200, { Success: false, Message: 'Currency and Description are required' });
    const id = `fake${String(this.nextOrder++).padStart(12, '0')}`;
    const order = {
      Id: id,
      Number: this.nextOrder,
      Amount: Number(body.Amount),
      Currency: body.Currency,
      Description: body.Description,
      InvoiceId: body.InvoiceId ?? null,
      AccountId: body.AccountId ?? null,
      CultureName: body.CultureName ?? 'ru-RU',
      RequireConfirmation: Boolean(body.RequireConfirmation),
      Url: `${this.url}/pay/${id}`,
      Status: 'Created',
      CreatedDateIso: new Date().toISOString(),
    };
    if (order.InvoiceId) this.orders.set(order.InvoiceId, order);
    return send(200, { Success: true, Message: null, Model: order });
  }

  async refund(body, send) {
    const result = this.refundTransaction(Number(body.TransactionId), Number(body.Amount));
    if (typeof result === 'string') return send(200, { Success: false, Message: result, Model: null });
    // The Refund notification reaches the merchant (and is answered) before the refund call is answered.
    if (this.notifyRefundBeforeAnswer) await this.idle();
    return send(200, { Success: true, Message: null, Model: { TransactionId: result.transactionId } });
  }

  /**
   * Refunds (part of) a completed payment, as the API or the merchant's cabinet does; answers the refund or why not.
   * The Refund notification follows (not awaited: `idle()` waits for it).
   */
  refundTransaction(transactionId, amount) {
    const tx = this.transactions.get(transactionId);
    if (!tx || tx.Status !== 'Completed') return 'Transaction not found or not completed';
    if (!(amount > 0) || Math.round((tx.RefundedAmount + amount) * 100) > Math.round(tx.Amount * 100))
      return 'Refund amount exceeds the payment';
    tx.RefundedAmount += amount;
    if (Math.round(tx.RefundedAmount * 100) === Math.round(tx.Amount * 100)) tx.Refunded = true;
    const refund = { transactionId: this.nextTransactionId++, paymentTransactionId: tx.TransactionId, amount, invoiceId: tx.InvoiceId };
    this.refunds.push(refund);
    if (this.notifyRefunds && this.notifyUrl) {
      const sent = this.notify('refund', {
        TransactionId: String(refund.transactionId),
        PaymentTransactionId: String(tx.TransactionId),
        Amount: amountText(amount),
        DateTime: cpDate(new Date()),
        OperationType: 'Refund',
        InvoiceId: tx.InvoiceId,
        AccountId: tx.AccountId,
        Email: '',
        Data: '',
      });
      this.inflight.add(sent);
      void sent.finally(() => this.inflight.delete(sent));
    }
    return refund;
  }

  /** Waits for the notifications still being sent (Refund after a refund). */
  async idle() {
    while (this.inflight.size) await Promise.allSettled([...this.inflight]);
  }
}

const notFound = { Success: false, Message: 'Not found', Model: null };
