import type { Redis } from 'ioredis';
import type { TDeliveryChannel } from '@portal/contract';

/** Sends per second each channel's provider takes (0: not paced); from config (`notify.ratePerSecond`). */
export type ChannelRates = Record<TDeliveryChannel, number>;

/**
 * The token bucket as a reservation (GCRA): the bucket is the time the next send may go (`tat`); a send takes the
 * slot max(tat, now − burst·interval) and moves tat one interval on. Up to `burst` sends go at once after a quiet
 * spell; past that, one per interval. Answers how long the caller waits for its slot (ms). Runs inside Redis (one
 * script, atomic) so every process shares one bucket per channel.
 */
const RESERVE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local interval = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local tat = tonumber(redis.call('GET', KEYS[1]) or '0')
local slot = math.max(tat, now - burst * interval)
local nexttat = slot + interval
redis.call('SET', KEYS[1], tostring(nexttat), 'PX', math.ceil(nexttat - now) + 1000)
return math.max(0, math.ceil(slot - now))
`;

const KEY = (channel: TDeliveryChannel) => `portal:pace:${channel}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface ChannelPacer {
  /** Waits until this channel's provider may take one more message. */
  take(channel: TDeliveryChannel): Promise<void>;
}

/**
 * Per-channel pacing of outgoing messages (Telegram's 30 per second per bot, the SMS provider's limit), shared by
 * every process through Redis when it is configured, else per process. The wait happens in the queue worker,
 * never in a request. When Redis fails mid-way the process paces on its own bucket until it answers again.
 */
export function createChannelPacer(rates: ChannelRates, redis: Redis | null, log?: { warn(obj: object, msg: string): void }): ChannelPacer {
  const local = new Map<TDeliveryChannel, number>();
  const reserveLocal = (channel: TDeliveryChannel, interval: number, burst: number): number => {
    const now = Date.now();
    const slot = Math.max(local.get(channel) ?? 0, now - burst * interval);
    local.set(channel, slot + interval);
    return Math.max(0, Math.ceil(slot - now));
  };
  let warned = 0;
  return {
    async take(channel) {
      const rate = rates[channel];
      if (!rate || rate <= 0) return;
      const interval = 1000 / rate;
      const burst = 1; // strict: never more than `rate` in any second (Telegram answers 429 past it)
      let wait: number;
      if (redis && redis.status === 'ready') {
        try {
          wait = Number(await redis.eval(RESERVE, 1, KEY(channel), String(interval), String(burst)));
        } catch (err) {
          if (Date.now() - warned > 60_000) {
            warned = Date.now();
            log?.warn({ err }, 'channel pacing: Redis failed; pacing in this process');
          }
          wait = reserveLocal(channel, interval, burst);
        }
      } else wait = reserveLocal(channel, interval, burst);
      if (wait > 0) await sleep(wait);
    },
  };
}
