import webpush from 'web-push';
import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { PostgresOptions } from '../db/pg-pool';
import { ZEnv, type Env } from './env-schema';

export { ZEnv, type Env } from './env-schema';

/** The configuration the app runs with, built once at start from the environment (checked by ZEnv in env-schema.ts). */
export interface AppConfig {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  isTest: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** How the PostgreSQL pool talks to DATABASE_URL (ADR 095); unused on PGlite. */
  postgres: PostgresOptions;
  redisUrl: string | undefined;
  /** With Redis: keep validated sessions there (ADR 099); SESSION_CACHE=off makes every check ask PostgreSQL. */
  sessionCache: boolean;
  sms: {
    driver: 'outbox' | 'http' | 'mobizon' | 'smsc';
    outboxFile: string;
    httpUrl?: string;
    httpToken?: string;
    sender: string;
    mobizonApiKey?: string;
    mobizonApiUrl: string;
    smscLogin?: string;
    smscPassword?: string;
    smscApiUrl: string;
  };
  jwtSecret: string;
  corsOrigins: string[];
  logLevel: Env['LOG_LEVEL'];
  webDist: string | undefined;
  seedDemo: boolean;
  /** Fastify's `trustProxy`: false, a hop count, or the proxies' addresses/CIDRs (see ZTrustProxy). */
  trustProxy: false | number | string[];
  /**
   * Rate limits (ADR 007): calls per signed-in account and minute (anonymous writes per address too), and
   * sign-in/code calls per client address and minute. Static files and anonymous reads are never counted.
   */
  rateLimits: { perMinute: number; authPerAddressPerMinute: number };
  /** Bearer token a Prometheus scraper presents at /metrics (unset: no /metrics). */
  metricsToken: string | undefined;
  /** S3-compatible object storage for uploads when S3_BUCKET is set; else the local DATA_DIR/uploads folder. */
  s3: {
    endpoint?: string;
    region: string;
    bucket: string;
    accessKeyId?: string;
    secretAccessKey?: string;
    forcePathStyle: boolean;
    /** Where browsers reach the bucket (S3_PUBLIC_URL, ADR 097): a path the proxy forwards, or an origin. */
    publicUrl?: string;
  } | null;
  /** Notification delivery: whether this process works queue jobs, retries (with backoff), unreachable threshold. */
  notify: {
    worker: boolean;
    retryLimit: number;
    retryDelaySeconds: number;
    unreachableAfter: number;
    /**
     * Sends per second per channel, all processes together (0: not paced): Telegram's 30 per second per bot
     * (NOTIFY_TELEGRAM_PER_SECOND), the SMS provider's contracted limit (SMS_PER_SECOND), push (NOTIFY_PUSH_PER_SECOND).
     */
    ratePerSecond: { sms: number; telegram: number; push: number };
    /** Broadcast ranges this process writes at once when it works jobs (BROADCAST_FANOUT_WORKERS, ADR 096). */
    fanoutWorkers: number;
  };
  /**
   * Storage reminders: sent on these numbers of days left to collect (0 = the last free day), from this hour of
   * the branch's local time on (the hourly job skips branches where it is earlier).
   */
  storageReminders: { days: number[]; hour: number };
  /** The portal's public address (links in messages, the Telegram webhook); http://localhost:PORT when unset. */
  publicUrl: string;
  /** The Telegram bot when TELEGRAM_BOT_TOKEN is set: Bot API address and the webhook's secret header value. */
  telegram: { token: string; apiUrl: string; webhookSecret: string; initDataMaxAgeSeconds: number } | null;
  /**
   * Web push (VAPID) keys: VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY, else generated once and kept in DATA_DIR/vapid.json;
   * off in tests unless WEB_PUSH=true or keys are given. `localEndpoints` lets tests use a push service on 127.0.0.1.
   */
  webPush: { publicKey: string; privateKey: string; subject: string; localEndpoints: boolean; keysFrom: 'env' | 'data-dir' } | null;
  /**
   * A restore drill (RESTORE_DRILL=true) on a restored copy: nothing is sent (drillConfig) and the copy's queued work
   * is discarded at start (restore-drill.ts).
   */
  restoreDrill: boolean;
  /**
   * Online payments (ADR 077): the key sealing branches' merchant credentials (unset: no branch takes money online)
   * and each provider's API address.
   */
  payments: { secretKey: string | undefined; kaspiApiUrl: string; cloudpaymentsApiUrl: string; freedompayApiUrl: string };
  /** The duty limit's exchange rates (ADR 087): the NBK daily feed's address. */
  duties: { nbkRatesUrl: string };
}

export class ConfigError extends Error {}

/** Parses the environment once; a bad value throws a ConfigError naming it. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = ZEnv.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const dataDir = resolve(env.DATA_DIR);
  const restoreDrill = env.RESTORE_DRILL === 'true';
  const config: AppConfig = {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    isTest: env.NODE_ENV === 'test',
    port: env.PORT,
    host: env.HOST,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    postgres: {
      poolMode: env.DATABASE_POOL_MODE,
      directUrl: env.DATABASE_DIRECT_URL,
      replicaUrl: env.DATABASE_REPLICA_URL,
      poolSize: env.DATABASE_POOL_SIZE,
      statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
    },
    redisUrl: env.REDIS_URL,
    sessionCache: env.SESSION_CACHE === 'on',
    sms: {
      driver: env.SMS_DRIVER ?? 'outbox',
      outboxFile: resolve(dataDir, env.SMS_OUTBOX ?? 'sms-outbox.jsonl'),
      httpUrl: env.SMS_HTTP_URL,
      httpToken: env.SMS_HTTP_TOKEN,
      sender: env.SMS_SENDER,
      mobizonApiKey: env.MOBIZON_API_KEY,
      mobizonApiUrl: env.MOBIZON_API_URL,
      smscLogin: env.SMSC_LOGIN,
      smscPassword: env.SMSC_PASSWORD,
      smscApiUrl: env.SMSC_API_URL,
    },
    jwtSecret: env.JWT_SECRET ?? (env.NODE_ENV === 'production' || restoreDrill ? '' : persistedSecret(dataDir)),
    corsOrigins: env.CORS_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    logLevel: env.LOG_LEVEL,
    webDist: env.WEB_DIST,
    seedDemo: env.SEED_DEMO ? env.SEED_DEMO === 'true' : env.NODE_ENV !== 'production',
    trustProxy: env.TRUST_PROXY,
    rateLimits: { perMinute: env.RATE_LIMIT_PER_MINUTE, authPerAddressPerMinute: env.AUTH_RATE_LIMIT_PER_MINUTE },
    metricsToken: env.METRICS_TOKEN,
    s3: env.S3_BUCKET
      ? {
          endpoint: env.S3_ENDPOINT,
          region: env.S3_REGION,
          bucket: env.S3_BUCKET,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          // MinIO and most self-hosted services want path-style addresses; AWS itself takes either.
          forcePathStyle: env.S3_FORCE_PATH_STYLE ? env.S3_FORCE_PATH_STYLE === 'true' : Boolean(env.S3_ENDPOINT),
          publicUrl: env.S3_PUBLIC_URL,
        }
      : null,
    notify: {
      worker: env.NOTIFY_WORKER ? env.NOTIFY_WORKER === 'true' : env.NODE_ENV !== 'test',
      retryLimit: env.NOTIFY_RETRY_LIMIT,
      retryDelaySeconds: env.NOTIFY_RETRY_DELAY_SECONDS,
      unreachableAfter: env.NOTIFY_UNREACHABLE_AFTER,
      ratePerSecond: { sms: env.SMS_PER_SECOND, telegram: env.NOTIFY_TELEGRAM_PER_SECOND, push: env.NOTIFY_PUSH_PER_SECOND },
      fanoutWorkers: env.BROADCAST_FANOUT_WORKERS,
    },
    storageReminders: { days: env.STORAGE_REMINDER_DAYS, hour: env.STORAGE_REMINDER_HOUR },
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    telegram: env.TELEGRAM_BOT_TOKEN
      ? {
          token: env.TELEGRAM_BOT_TOKEN,
          apiUrl: env.TELEGRAM_API_URL.replace(/\/+$/, ''),
          initDataMaxAgeSeconds: env.TELEGRAM_INIT_DATA_MAX_AGE_SECONDS,
          // Telegram repeats it in X-Telegram-Bot-Api-Secret-Token on every webhook call. Unset: derived from the
          // bot token, so every process computes the same value without another secret to distribute.
          webhookSecret:
            env.TELEGRAM_WEBHOOK_SECRET ?? createHmac('sha256', env.TELEGRAM_BOT_TOKEN).update('telegram-webhook').digest('base64url'),
        }
      : null,
    // A drill makes no keys: it has no web push.
    webPush: restoreDrill ? null : webPushConfig(env, dataDir),
    restoreDrill,
    payments: {
      secretKey: env.PAYMENTS_SECRET_KEY,
      kaspiApiUrl: env.KASPI_API_URL.replace(/\/+$/, ''),
      cloudpaymentsApiUrl: env.CLOUDPAYMENTS_API_URL.replace(/\/+$/, ''),
      freedompayApiUrl: env.FREEDOMPAY_API_URL.replace(/\/+$/, ''),
    },
    duties: {
      nbkRatesUrl:
        env.NBK_RATES_URL ??
        (env.NODE_ENV === 'test' ? 'http://127.0.0.1:9/rss/get_rates.cfm' : 'https://nationalbank.kz/rss/get_rates.cfm'),
    },
  };
  return restoreDrill ? drillConfig(config) : config;
}

/**
 * A restore drill sends nothing to anyone, whatever else the environment says (a copy started with production's
 * settings), and signs sessions with a secret of its own: no notification worker (no queued message, broadcast, reminder or Telegram webhook registration), SMS
 * only to the outbox file (codes asked for in the drill), no Telegram bot, no web push, and no Redis (the live
 * updates and cache clearing of the processes in service).
 */
function drillConfig(config: AppConfig): AppConfig {
  return {
    ...config,
    // Its own secret each start: nothing it signs is good anywhere else, nothing signed elsewhere is good on it.
    jwtSecret: randomBytes(48).toString('base64url'),
    redisUrl: undefined,
    sms: { ...config.sms, driver: 'outbox' },
    notify: { ...config.notify, worker: false },
    telegram: null,
    webPush: null,
    // No provider is asked anything from a copy: it neither takes nor refunds money.
    payments: { ...config.payments, secretKey: undefined },
  };
}

function webPushConfig(
  env: {
    NODE_ENV: string;
    VAPID_PUBLIC_KEY?: string;
    VAPID_PRIVATE_KEY?: string;
    VAPID_SUBJECT?: string;
    WEB_PUSH?: 'true' | 'false';
    PUBLIC_URL?: string;
  },
  dataDir: string,
): AppConfig['webPush'] {
  const on = env.WEB_PUSH ? env.WEB_PUSH === 'true' : env.NODE_ENV !== 'test' || Boolean(env.VAPID_PUBLIC_KEY);
  if (!on) return null;
  if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY))
    throw new ConfigError('Invalid configuration:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both or neither');
  const keys =
    env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
      ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, keysFrom: 'env' as const }
      : { ...persistedVapid(dataDir), keysFrom: 'data-dir' as const };
  const subject = env.VAPID_SUBJECT ?? (env.PUBLIC_URL?.startsWith('https://') ? env.PUBLIC_URL : 'mailto:admin@localhost');
  return { ...keys, subject, localEndpoints: env.NODE_ENV === 'test' };
}

/** VAPID keys generated once and kept in DATA_DIR (processes sharing the folder share them; else set both keys). */
function persistedVapid(dataDir: string): { publicKey: string; privateKey: string } {
  const file = join(dataDir, 'vapid.json');
  if (existsSync(file)) {
    try {
      const kept = JSON.parse(readFileSync(file, 'utf8')) as { publicKey?: string; privateKey?: string };
      if (kept.publicKey && kept.privateKey) return { publicKey: kept.publicKey, privateKey: kept.privateKey };
    } catch {
      // unreadable: make new ones
    }
  }
  mkdirSync(dataDir, { recursive: true });
  const keys = webpush.generateVAPIDKeys();
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}

/** A JWT secret generated once and kept in DATA_DIR, so sessions survive restarts in development. */
function persistedSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
