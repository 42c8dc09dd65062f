import { isIP } from 'node:net';
import { basename, resolve } from 'node:path';
import { z } from 'zod';

const ZLogLevel = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

/** Names Fastify (proxy-addr) knows for address ranges: 127.0.0.1/8 + ::1, 169.254/16 + fe80::/10, private ranges + fc00::/7. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** One entry of a TRUST_PROXY list: an address, an address/prefix (CIDR), or a range name. */
function isProxyEntry(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address ?? '');
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Which proxies in front of the API are trusted to say who the client is (X-Forwarded-For): `false` none
 * (the socket's address is the client), a number of hops (`1`: the one proxy in front; each proxy appends
 * the address it saw, so the client is the entry that many places from the right), or a list of the proxies'
 * addresses/CIDRs (entries from those addresses are skipped from the right). `true` would trust every entry,
 * including those the client writes itself, and is refused.
 */
const ZTrustProxy = z
  .string()
  .default('false')
  .transform((raw, ctx): false | number | string[] => {
    const value = raw.trim();
    if (value === '' || value === 'false' || value === '0') return false;
    if (value === 'true') {
      ctx.addIssue({
        code: 'custom',
        message:
          'true would trust any X-Forwarded-For a client writes; give the number of proxies in front (e.g. 1) or their addresses (e.g. 10.0.0.0/8)',
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops > 10) {
        ctx.addIssue({ code: 'custom', message: 'a hop count is at most 10' });
        return z.NEVER;
      }
      return hops;
    }
    const entries = value
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean);
    const bad = entries.filter((e) => !isProxyEntry(e));
    if (!entries.length || bad.length) {
      ctx.addIssue({
        code: 'custom',
        message: `must be false, a hop count (1, 2 …) or a comma-separated list of proxy addresses/CIDRs (${bad.join(', ') || 'empty'} is neither)`,
      });
      return z.NEVER;
    }
    return entries;
  });

/**
 * What the environment may say: every variable the API reads, its type, default and the rules between variables.
 * A value this refuses stops the server with a message naming it (loadConfig in env.ts turns the rest into AppConfig).
 */
export const ZEnv = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    // This computer only unless told: the demo start prints its accounts' password. The image sets HOST=0.0.0.0.
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    // Pooling and a read replica (ADR 095): what DATABASE_URL points at (PostgreSQL itself, or a pooler in
    // transaction mode), the direct address migrations and session-level locks take, the pool per process.
    DATABASE_POOL_MODE: z.enum(['session', 'transaction']).default('session'),
    DATABASE_DIRECT_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    DATABASE_REPLICA_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
    DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(86_400_000).default(0),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
      .optional(),
    SESSION_CACHE: z.enum(['on', 'off']).default('on'),
    SMS_DRIVER: z.enum(['outbox', 'http', 'mobizon', 'smsc']).optional(),
    MOBIZON_API_KEY: z.string().min(1).optional(),
    MOBIZON_API_URL: z.url().default('https://api.mobizon.kz'),
    SMSC_LOGIN: z.string().min(1).optional(),
    SMSC_PASSWORD: z.string().min(1).optional(),
    SMSC_API_URL: z.url().default('https://smsc.kz'),
    SMS_OUTBOX: z.string().min(1).optional(),
    SMS_HTTP_URL: z.url().optional(),
    SMS_HTTP_TOKEN: z.string().optional(),
    SMS_SENDER: z.string().default('Cargo'),
    JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    CORS_ORIGINS: z.string().default(''),
    LOG_LEVEL: ZLogLevel.default('info'),
    WEB_DIST: z.string().optional(),
    SEED_DEMO: z.enum(['true', 'false']).optional(),
    TRUST_PROXY: ZTrustProxy,
    RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(10).max(100_000).default(600),
    AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    S3_BUCKET: z.string().min(1).optional(),
    S3_ENDPOINT: z.url().optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).optional(),
    // Where browsers open private media (presigned, ADR 097): a path on the portal's origin the proxy forwards to the
    // bucket (`/media` in the recipe) or an https origin; unset: the presigned address of S3_ENDPOINT itself.
    S3_PUBLIC_URL: z
      .string()
      .regex(/^(\/[A-Za-z0-9._~/-]*[A-Za-z0-9._~-]|https?:\/\/[^\s?#]+)$/, 'a path like /media or an http(s) address')
      .optional(),
    NOTIFY_WORKER: z.enum(['true', 'false']).optional(),
    NOTIFY_RETRY_LIMIT: z.coerce.number().int().min(0).max(20).default(5),
    NOTIFY_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
    NOTIFY_UNREACHABLE_AFTER: z.coerce.number().int().min(1).max(100).default(3),
    // Sends per second per channel, shared by every process through Redis (ADR 096); 0 = not paced.
    NOTIFY_TELEGRAM_PER_SECOND: z.coerce.number().min(0).max(1000).default(30),
    SMS_PER_SECOND: z.coerce.number().min(0).max(1000).default(10),
    NOTIFY_PUSH_PER_SECOND: z.coerce.number().min(0).max(10000).default(0),
    // Broadcast ranges one worker process writes at once (ADR 096): 2 uses both cores of a small database server.
    BROADCAST_FANOUT_WORKERS: z.coerce.number().int().min(1).max(16).default(2),
    STORAGE_REMINDER_DAYS: z
      .string()
      .default('3,0')
      .transform((v, ctx) => {
        const days = v
          .split(',')
          .map((d) => d.trim())
          .filter(Boolean);
        if (!days.every((d) => /^\d{1,2}$/.test(d))) {
          ctx.addIssue({ code: 'custom', message: 'must be days before the last free day, e.g. 3,0 (empty: no reminders)' });
          return z.NEVER;
        }
        return [...new Set(days.map(Number))].sort((a, b) => b - a);
      }),
    STORAGE_REMINDER_HOUR: z.coerce.number().int().min(0).max(23).default(10),
    PUBLIC_URL: z
      .url()
      .regex(/^https?:\/\//, 'must be an http:// or https:// URL')
      .optional(),
    // Empty counts as unset (compose passes `${TELEGRAM_BOT_TOKEN:-}` when a carrier has no bot).
    TELEGRAM_BOT_TOKEN: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z
        .string()
        .regex(/^\d+:[A-Za-z0-9_-]{20,}$/, 'must be the token @BotFather gave (digits:letters)')
        .optional(),
    ),
    TELEGRAM_API_URL: z.url().default('https://api.telegram.org'),
    VAPID_PUBLIC_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{80,100}$/, 'must be a base64url P-256 public key')
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{40,50}$/, 'must be a base64url P-256 private key')
      .optional(),
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:|https:\/\/)\S+$/, 'must be a mailto: or https:// address')
      .optional(),
    WEB_PUSH: z.enum(['true', 'false']).optional(),
    // How old a Telegram Mini App sign-in (initData, a shared contact) may be (issue 34).
    TELEGRAM_INIT_DATA_MAX_AGE_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
    TELEGRAM_WEBHOOK_SECRET: z
      .string()
      .regex(/^[A-Za-z0-9_-]{16,256}$/, 'must be 16–256 characters of A–Z, a–z, 0–9, _ and -')
      .optional(),
    RESTORE_DRILL: z.enum(['true', 'false']).optional(),
    // Online payments (ADR 077): the key that encrypts branches' merchant credentials (32 bytes, base64 or hex), and
    // each provider's API address (tests point them at the fakes in tools/fakes/).
    PAYMENTS_SECRET_KEY: z
      .string()
      .regex(/^([A-Za-z0-9+/]{43}=|[0-9a-fA-F]{64})$/, 'must be 32 bytes as base64 (44 characters) or hex (64)')
      .optional(),
    KASPI_API_URL: z.url().default('https://mtokentest.kaspi.kz:8545/r3/v01'),
    CLOUDPAYMENTS_API_URL: z.url().default('https://api.cloudpayments.ru'),
    FREEDOMPAY_API_URL: z.url().default('https://api.freedompay.kg'),
    // The National Bank of Kazakhstan's daily rates feed (ADR 087; tests: tools/fakes/nbk-rates.mjs). Unset: the NBK's
    // own address, except under NODE_ENV=test (a closed local port: a test never reaches the real feed by mistake).
    NBK_RATES_URL: z.url().optional(),
  })
  .superRefine((env, ctx) => {
    // A restore drill signs with a secret of its own and sends SMS to its outbox (drillConfig): it needs neither.
    if (env.NODE_ENV === 'production' && env.RESTORE_DRILL !== 'true') {
      if (!env.JWT_SECRET) ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'is required when NODE_ENV=production' });
      if (!env.SMS_DRIVER)
        ctx.addIssue({ code: 'custom', path: ['SMS_DRIVER'], message: 'must be chosen explicitly when NODE_ENV=production' });
    }
    if (env.S3_ENDPOINT && !env.S3_BUCKET)
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'is required when S3_ENDPOINT is set' });
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({ code: 'custom', path: ['S3_SECRET_ACCESS_KEY'], message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together' });
    }
    if (env.SMS_DRIVER === 'mobizon' && !env.MOBIZON_API_KEY) {
      ctx.addIssue({ code: 'custom', path: ['MOBIZON_API_KEY'], message: 'is required when SMS_DRIVER=mobizon' });
    }
    if (env.SMS_DRIVER === 'smsc' && (!env.SMSC_LOGIN || !env.SMSC_PASSWORD)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.SMSC_LOGIN ? 'SMSC_PASSWORD' : 'SMSC_LOGIN'],
        message: 'is required when SMS_DRIVER=smsc',
      });
    }
    if (env.TELEGRAM_BOT_TOKEN && env.NODE_ENV === 'production' && !env.PUBLIC_URL?.startsWith('https://')) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message: "must be the portal's https:// address when TELEGRAM_BOT_TOKEN is set (Telegram calls its webhook there)",
      });
    }
    if (env.SMS_DRIVER === 'http' && !env.SMS_HTTP_URL) {
      ctx.addIssue({ code: 'custom', path: ['SMS_HTTP_URL'], message: 'is required when SMS_DRIVER=http' });
    }
    if (env.DATABASE_POOL_MODE === 'transaction' && !env.DATABASE_DIRECT_URL)
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_DIRECT_URL'],
        message:
          "is required when DATABASE_POOL_MODE=transaction (migrations take a session-level lock, which a transaction-mode pooler can't keep)",
      });
    if ((env.DATABASE_DIRECT_URL || env.DATABASE_REPLICA_URL || env.DATABASE_POOL_MODE === 'transaction') && !env.DATABASE_URL)
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_URL'],
        message: 'is required with DATABASE_POOL_MODE, DATABASE_DIRECT_URL or DATABASE_REPLICA_URL',
      });
    if (env.RESTORE_DRILL === 'true') {
      // The drill empties the queue of the database it opens: never the one in service, so only a copy named for it.
      const [what, name] = env.DATABASE_URL
        ? ['the database name in DATABASE_URL', decodeURIComponent(new URL(env.DATABASE_URL).pathname.slice(1))]
        : ['the folder name of DATA_DIR', basename(resolve(env.DATA_DIR))];
      if (!/drill/i.test(name))
        ctx.addIssue({
          code: 'custom',
          path: ['RESTORE_DRILL'],
          message:
            `opens only a restored copy, since it discards the queued messages of the database it opens: ${what} ` +
            `("${name}") must contain "drill" (e.g. portal_drill)`,
        });
    }
  });

export type Env = z.infer<typeof ZEnv>;
