import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers';

const TOKEN = 'metrics-token-for-tests-0123456789';
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
});
afterAll(async () => ctx.close());

const scrape = (token?: string) =>
  ctx.app.inject({ method: 'GET', url: '/metrics', headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('GET /metrics', () => {
  it('only for the scraper holding METRICS_TOKEN', async () => {
    expect((await scrape()).statusCode).toBe(401);
    expect((await scrape('wrong-token-of-the-same-length-xx')).statusCode).toBe(401);
    expect((await scrape(TOKEN)).statusCode).toBe(200);
  });

  it('requests by route pattern and status with latency histograms, the process, and the queue hook', async () => {
    await ctx.app.inject({ method: 'GET', url: '/api/faqs' });
    await ctx.app.inject({ method: 'GET', url: '/api/orders/123' });
    await ctx.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    ctx.app.metrics.setQueueDepth(() => 7);
    ctx.app.metrics.messagesSent.inc({ channel: 'sms' });
    ctx.app.metrics.messagesFailed.inc({ channel: 'telegram' }, 2);
    const res = await scrape(TOKEN);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/api\/faqs",status="200"\} 1/);
    // The route pattern, not the id: labels stay few.
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/api\/orders\/:id",status="401"\} 1/);
    expect(text).toMatch(/http_requests_total\{method="GET",route="unmatched",status="404"\} 1/);
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="0.05",method="GET",route="\/api\/faqs",status="200"\} \d/);
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/faqs",status="200"\} 1/);
    expect(text).toMatch(/^queue_depth 7$/m);
    expect(text).toMatch(/messages_sent_total\{channel="sms"\} 1/);
    expect(text).toMatch(/messages_failed_total\{channel="telegram"\} 2/);
    expect(text).toMatch(/process_cpu_seconds_total/);
    expect(text).toMatch(/nodejs_eventloop_lag_seconds/);
    if (ctx.database.kind === 'postgres') expect(text).toMatch(/db_pool_connections\{state="total"\} \d+/);
    expect(text).not.toMatch(/route="\/metrics"/);
  });
});

describe('without METRICS_TOKEN', () => {
  it('there is no /metrics', async () => {
    const other = await createTestApp();
    try {
      expect(
        (await other.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer anything-at-all-here' } })).statusCode,
      ).toBe(404);
    } finally {
      await other.close();
    }
  });
});
