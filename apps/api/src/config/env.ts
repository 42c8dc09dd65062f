import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

const ZLogLevel = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

export const ZEnv = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL').optional(),
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
    TRUST_PROXY: z.enum(['true', 'false']).default('false'),
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    S3_BUCKET: z.string().min(1).optional(),
    S3_ENDPOINT: z.url().optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).optional(),
    NOTIFY_WORKER: z.enum(['true', 'false']).optional(),
    NOTIFY_RETRY_LIMIT: z.coerce.number().int().min(0).max(20).default(5),
    NOTIFY_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
    NOTIFY_UNREACHABLE_AFTER: z.coerce.number().int().min(1).max(100).default(3),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production') {
      if (!env.JWT_SECRET) ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'is required when NODE_ENV=production' });
      if (!env.SMS_DRIVER) ctx.addIssue({ code: 'custom', path: ['SMS_DRIVER'], message: 'must be chosen explicitly when NODE_ENV=production' });
    }
    if (env.S3_ENDPOINT && !env.S3_BUCKET) ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'is required when S3_ENDPOINT is set' });
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({ code: 'custom', path: ['S3_SECRET_ACCESS_KEY'], message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together' });
    }
    if (env.SMS_DRIVER === 'mobizon' && !env.MOBIZON_API_KEY) {
      ctx.addIssue({ code: 'custom', path: ['MOBIZON_API_KEY'], message: 'is required when SMS_DRIVER=mobizon' });
    }
    if (env.SMS_DRIVER === 'smsc' && (!env.SMSC_LOGIN || !env.SMSC_PASSWORD)) {
      ctx.addIssue({ code: 'custom', path: [env.SMSC_LOGIN ? 'SMSC_PASSWORD' : 'SMSC_LOGIN'], message: 'is required when SMS_DRIVER=smsc' });
    }
    if (env.SMS_DRIVER === 'http' && !env.SMS_HTTP_URL) {
      ctx.addIssue({ code: 'custom', path: ['SMS_HTTP_URL'], message: 'is required when SMS_DRIVER=http' });
    }
  });

export type Env = z.infer<typeof ZEnv>;

export interface AppConfig {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  isTest: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
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
  trustProxy: boolean;
  /** Bearer token a Prometheus scraper presents at /metrics (unset: no /metrics). */
  metricsToken: string | undefined;
  /** S3-compatible object storage for uploads when S3_BUCKET is set; else the local DATA_DIR/uploads folder. */
  s3: { endpoint?: string; region: string; bucket: string; accessKeyId?: string; secretAccessKey?: string; forcePathStyle: boolean } | null;
  /** Notification delivery: whether this process works queue jobs, retries (with backoff), unreachable threshold. */
  notify: { worker: boolean; retryLimit: number; retryDelaySeconds: number; unreachableAfter: number };
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
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    isTest: env.NODE_ENV === 'test',
    port: env.PORT,
    host: env.HOST,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
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
    jwtSecret: env.JWT_SECRET ?? (env.NODE_ENV === 'production' ? '' : persistedSecret(dataDir)),
    corsOrigins: env.CORS_ORIGINS.split(',').map((s) => s.trim()).filter(Boolean),
    logLevel: env.LOG_LEVEL,
    webDist: env.WEB_DIST,
    seedDemo: env.SEED_DEMO ? env.SEED_DEMO === 'true' : env.NODE_ENV !== 'production',
    trustProxy: env.TRUST_PROXY === 'true',
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
        }
      : null,
    notify: {
      worker: env.NOTIFY_WORKER ? env.NOTIFY_WORKER === 'true' : env.NODE_ENV !== 'test',
      retryLimit: env.NOTIFY_RETRY_LIMIT,
      retryDelaySeconds: env.NOTIFY_RETRY_DELAY_SECONDS,
      unreachableAfter: env.NOTIFY_UNREACHABLE_AFTER,
    },
  };
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
