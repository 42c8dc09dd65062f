import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config/env';
import { createMobizonDriver, createSmscDriver } from '../src/plugins/sms';
import { client, freshDatabase } from './helpers';
import { seedDatabase } from '../src/seed';

type Mode = 'ok' | 'refuse' | 'http500' | 'hang';

/** A local fake of a provider's HTTP API: records requests, answers as told. */
class FakeProvider {
  mode: Mode = 'ok';
  readonly requests: { path: string; query: URLSearchParams; form: URLSearchParams }[] = [];
  private server!: Server;
  url = '';

  constructor(private readonly answer: (mode: 'ok' | 'refuse', form: URLSearchParams) => object) {}

  async start() {
    this.server = createServer(async (req: IncomingMessage, res) => {
      let raw = '';
      for await (const chunk of req) raw += chunk;
      const url = new URL(req.url ?? '/', 'http://fake');
      const form = new URLSearchParams(raw);
      this.requests.push({ path: url.pathname, query: url.searchParams, form });
      if (this.mode === 'hang') return; // never answers
      if (this.mode === 'http500') {
        res.writeHead(500).end('oops');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(this.answer(this.mode, form)));
    });
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop() {
    this.server.closeAllConnections();
    return new Promise((r) => this.server.close(r));
  }
}

// Answers as documented: Mobizon {code, data, message}; SMSC.kz with fmt=3 {id, cnt} or {error, error_code}.
const mobizon = new FakeProvider((mode) =>
  mode === 'ok'
    ? { code: 0, data: { campaignId: '555', messageId: '777', status: 1 }, message: '' }
    : { code: 1, data: {}, message: 'Недостаточно средств' },
);
const smsc = new FakeProvider((mode) => (mode === 'ok' ? { id: 4242, cnt: 1 } : { error: 'authorise error', error_code: 2 }));

beforeAll(async () => {
  await mobizon.start();
  await smsc.start();
});
afterAll(async () => {
  await mobizon.stop();
  await smsc.stop();
});

describe('Mobizon driver', () => {
  const driver = () => createMobizonDriver({ apiUrl: mobizon.url, apiKey: 'kz-key', sender: 'ORDA', timeoutMs: 500 });

  it('success: POST sendsmsmessage with the key, digits-only recipient, text and sender; answers the message id', async () => {
    mobizon.mode = 'ok';
    const result = await driver().send({ to: '+77011234567', text: 'Сәлемдеме келді' });
    expect(result).toEqual({ id: '777' });
    const req = mobizon.requests.at(-1)!;
    expect(req.path).toBe('/service/message/sendsmsmessage');
    expect(Object.fromEntries(req.query)).toEqual({ output: 'json', api: 'v1', apiKey: 'kz-key' });
    expect(Object.fromEntries(req.form)).toEqual({ recipient: '77011234567', text: 'Сәлемдеме келді', from: 'ORDA' });
  });

  it('provider error, HTTP error and timeout all throw with the reason', async () => {
    mobizon.mode = 'refuse';
    await expect(driver().send({ to: '+77011234567', text: 'x' })).rejects.toThrow(
      /Mobizon refused the message: code 1 Недостаточно средств/,
    );
    mobizon.mode = 'http500';
    await expect(driver().send({ to: '+77011234567', text: 'x' })).rejects.toThrow(/HTTP 500/);
    mobizon.mode = 'hang';
    const started = Date.now();
    await expect(driver().send({ to: '+77011234567', text: 'x' })).rejects.toThrow(/timeout|aborted/i);
    expect(Date.now() - started).toBeLessThan(3000);
  });
});

describe('SMSC.kz driver', () => {
  const driver = () => createSmscDriver({ apiUrl: smsc.url, login: 'orda', password: 's3cret', sender: 'ORDA', timeoutMs: 500 });

  it('success: POST send.php with login, psw, phones, mes, utf-8, fmt=3 and sender; answers the id', async () => {
    smsc.mode = 'ok';
    expect(await driver().send({ to: '+7 701 123 45 67', text: 'Посылка ждёт' })).toEqual({ id: '4242' });
    const req = smsc.requests.at(-1)!;
    expect(req.path).toBe('/sys/send.php');
    expect(Object.fromEntries(req.form)).toEqual({
      login: 'orda',
      psw: 's3cret',
      phones: '77011234567',
      mes: 'Посылка ждёт',
      charset: 'utf-8',
      fmt: '3',
      sender: 'ORDA',
    });
  });

  it('provider error, HTTP error and timeout all throw with the reason', async () => {
    smsc.mode = 'refuse';
    await expect(driver().send({ to: '+77011234567', text: 'x' })).rejects.toThrow(/SMSC.kz refused the message: 2 authorise error/);
    smsc.mode = 'http500';
    await expect(driver().send({ to: '+77011234567', text: 'x' })).rejects.toThrow(/HTTP 500/);
    smsc.mode = 'hang';
    await expect(driver().send({ to: '+77011234567', text: 'x' })).rejects.toThrow(/timeout|aborted/i);
  });
});

describe('verification codes go through the configured provider', () => {
  it(
    'SMS_DRIVER=smsc: send-code reaches the SMSC.kz API with the code; SMS_DRIVER=mobizon without a key stops the config',
    { timeout: 120_000 },
    async () => {
      smsc.mode = 'ok';
      const { database, drop } = await freshDatabase();
      await seedDatabase(database.db, { demo: false });
      const config = loadConfig({
        NODE_ENV: 'test',
        JWT_SECRET: randomBytes(32).toString('hex'),
        LOG_LEVEL: 'silent',
        DATA_DIR: '/tmp/portal-test-data',
        WEB_DIST: '/nonexistent',
        SMS_DRIVER: 'smsc',
        SMSC_LOGIN: 'orda',
        SMSC_PASSWORD: 's3cret',
        SMSC_API_URL: smsc.url,
        SMS_SENDER: 'ORDA',
      });
      const app = await buildApp({ config, database, closeDatabase: false, logger: false, authRateLimitPerMinute: 1000 });
      try {
        const res = await client(app)('POST', '/auth/send-code', { body: { phone_number: '+77015550011' }, ip: '10.66.1.1' });
        expect(res.status, res.body).toBe(200);
        const req = smsc.requests.at(-1)!;
        expect(req.form.get('phones')).toBe('77015550011');
        expect(req.form.get('mes')).toMatch(/\d{6}/);
      } finally {
        await app.close();
        await drop();
      }
      expect(() => loadConfig({ NODE_ENV: 'test', SMS_DRIVER: 'mobizon' })).toThrow(/MOBIZON_API_KEY/);
    },
  );
});
