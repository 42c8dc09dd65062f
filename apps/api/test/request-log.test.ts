import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestApp, DEMO, login, type TestContext } from './helpers';

let ctx: TestContext;
let text = '';
beforeAll(async () => {
  const stream = new PassThrough();
  stream.on('data', (chunk) => (text += chunk.toString()));
  ctx = await createTestApp({ logStream: stream, env: { LOG_LEVEL: 'info' } });
});
afterAll(async () => ctx.close());

type Line = {
  level: number;
  msg: string;
  reqId?: string;
  req?: Record<string, unknown>;
  res?: { statusCode: number };
  responseTime?: number;
};
const lines = () =>
  text
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Line);

describe('the request log line', () => {
  it('one JSON line per request with what operators read: request id, method, address without query values, status, time', async () => {
    const { token } = await login(ctx.app, DEMO.customer);
    const call = client(ctx.app);
    const res = await call('GET', '/orders/archived?filters[per_page]=5&filters[page]=1', { token });
    expect(res.status).toBe(200);
    const id = res.headers['x-request-id'];
    const mine = lines().filter((l) => l.reqId === id);
    expect(mine).toHaveLength(1);
    const [line] = mine;
    expect(line).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { method: 'GET', url: '/api/orders/archived?filters[per_page]=…&filters[page]=…', remoteAddress: '127.0.0.1' },
      res: { statusCode: 200 },
    });
    expect(typeof line!.responseTime).toBe('number');
    expect(JSON.stringify(line)).not.toContain(token);

    const missing = await call('GET', '/no-such-call');
    expect(missing.status).toBe(404);
    expect(lines().filter((l) => l.reqId === missing.headers['x-request-id'])).toMatchObject([
      { msg: 'request completed', res: { statusCode: 404 } },
    ]);
  });

  it('other lines keep the redaction', async () => {
    ctx.app.log.info({ body: { password: 'Secret-pass-1', token: 'tok-123' } }, 'with secrets');
    const line = lines().find((l) => l.msg === 'with secrets') as unknown as { body: Record<string, string> };
    expect(line.body).toEqual({ password: '[redacted]', token: '[redacted]' });
  });
});
