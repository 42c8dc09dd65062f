import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { createChannelPacer } from '../src/modules/notifications/channel-pacer';
import { OwnRedis } from './own-redis';

/** Per-channel pacing (ADR 096): in one process, and shared by processes through one Redis. */
let redis: OwnRedis;
const clients: Redis[] = [];

beforeAll(async () => {
  redis = await new OwnRedis().start();
});
afterAll(async () => {
  for (const c of clients) c.disconnect();
  await redis.stop();
});

async function connected(): Promise<Redis> {
  const c = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await c.connect();
  clients.push(c);
  return c;
}

/** Times of n takes on `channel` spread over the pacers (each pacer takes its share at once, in parallel). */
async function takes(pacers: ReturnType<typeof createChannelPacer>[], channel: 'sms' | 'telegram' | 'push', n: number) {
  const t0 = performance.now();
  const at: number[] = [];
  await Promise.all(
    Array.from({ length: n }, async (_, i) => {
      await pacers[i % pacers.length]!.take(channel);
      at.push(performance.now() - t0);
    }),
  );
  return at.sort((a, b) => a - b);
}

describe('channel pacing', () => {
  it('keeps one channel to its rate per second in a process; another channel and an unpaced one do not wait', async () => {
    const pacer = createChannelPacer({ telegram: 50, sms: 1, push: 0 }, null);
    const at = await takes([pacer], 'telegram', 26);
    // 26 sends at 50/s: the first slot is taken a burst interval back, the last 480 ms after t0. A
    // timer may fire up to 1 ms early as performance.now counts (it once read 479.6 ms), so allow 5 ms; a rate of
    // 52/s would already end at 462 ms.
    expect(at.at(-1)!).toBeGreaterThanOrEqual(475);
    expect(at.at(-1)!).toBeLessThan(900);
    const push = await takes([pacer], 'push', 100);
    expect(push.at(-1)!).toBeLessThan(50);
    const sms = await takes([pacer], 'sms', 1);
    expect(sms[0]!).toBeLessThan(50);
  });

  it('shares one bucket across processes through Redis: two pacers together keep the rate', async () => {
    const a = createChannelPacer({ telegram: 50, sms: 0, push: 0 }, await connected());
    const b = createChannelPacer({ telegram: 50, sms: 0, push: 0 }, await connected());
    const at = await takes([a, b], 'telegram', 26);
    // Each alone would finish in 240 ms; sharing the bucket the pair takes the 500 ms of 26 sends at 50/s.
    expect(at.at(-1)!).toBeGreaterThanOrEqual(470);
    expect(at.at(-1)!).toBeLessThan(1000);
    // In the first 300 ms no more than 50/s allows (15) plus the first one and timer slack.
    expect(at.filter((x) => x < 300).length).toBeLessThanOrEqual(18);
  });

  it('paces in the process when Redis is away', async () => {
    const c = await connected();
    const pacer = createChannelPacer({ telegram: 50, sms: 0, push: 0 }, c);
    c.disconnect();
    const at = await takes([pacer], 'telegram', 11);
    expect(at.at(-1)!).toBeGreaterThanOrEqual(175); // the last slot 180 ms past t0, less timer slack as above
  });
});
