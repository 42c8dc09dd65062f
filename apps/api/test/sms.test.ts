import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHttpDriver, createOutboxDriver } from '../src/plugins/sms';

afterEach(() => vi.unstubAllGlobals());

describe('SMS drivers', () => {
  it('the outbox driver appends one JSON line {to,text,code,purpose,at} per message', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'sms-')), 'nested', 'outbox.jsonl');
    const driver = createOutboxDriver(file, { quiet: true });
    await driver.send({ to: '+77010000001', text: '123456 is your code', code: '123456', purpose: 'register' });
    await driver.send({ to: '+77010000002', text: '654321 is your code', code: '654321', purpose: 'forgot' });
    const lines = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ to: '+77010000001', text: '123456 is your code', code: '123456', purpose: 'register' });
    expect(new Date(lines[1].at).getTime()).toBeGreaterThan(0);
  });

  it('the HTTP driver posts to the provider and fails loudly on an error answer', async () => {
    const fetchMock = vi.fn(async () => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const driver = createHttpDriver('https://sms.example/send', 'secret-token', 'Orda');
    await driver.send({ to: '+77010000001', text: 'hello', code: '111111' });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('https://sms.example/send');
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer secret-token');
    expect(JSON.parse(init.body as string)).toEqual({ to: '+77010000001', text: 'hello', sender: 'Orda' });
    fetchMock.mockResolvedValueOnce(new Response('no', { status: 500 }));
    await expect(driver.send({ to: '+77010000001', text: 'x' })).rejects.toThrow(/500/);
  });
});

describe('a failing SMS provider', () => {
  it('answers 503 and leaves no code that counts against the caps', async () => {
    const { createTestApp, client, newPhone } = await import('./helpers');
    const ctx = await createTestApp();
    try {
      const phone = newPhone();
      // The app was built with the in-memory driver: make it fail like a provider that is down.
      ctx.sms.send = vi.fn(async () => Promise.reject(new Error('provider down')));
      const res = await client(ctx.app)('POST', '/auth/send-code', { body: { phone_number: phone }, lang: 'en' });
      expect(res.status).toBe(503);
      expect(res.json.code).toBe('service_unavailable');
      ctx.sms.send = async (m) => {
        ctx.sms.sent.push(m);
      };
      // no resend cooldown was started by the failed attempt
      expect((await client(ctx.app)('POST', '/auth/send-code', { body: { phone_number: phone } })).status).toBe(200);
    } finally {
      await ctx.close();
    }
  });
});
