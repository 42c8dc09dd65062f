import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

const ZLogLevel = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

const ZEnv = z
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
    SMS_DRIVER: z.enum(['outbox', 'http']).optional(),
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
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production') {
      if (!env.JWT_SECRET) ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'is required when NODE_ENV=production' });
      if (!env.SMS_DRIVER) ctx.addIssue({ code: 'custom', path: ['SMS_DRIVER'], message: 'must be chosen explicitly when NODE_ENV=production' });
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
  sms: { driver: 'outbox' | 'http'; outboxFile: string; httpUrl?: string; httpToken?: string; sender: string };
  jwtSecret: string;
  corsOrigins: string[];
  logLevel: Env['LOG_LEVEL'];
  webDist: string | undefined;
  seedDemo: boolean;
  trustProxy: boolean;
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
    },
    jwtSecret: env.JWT_SECRET ?? (env.NODE_ENV === 'production' ? '' : persistedSecret(dataDir)),
    corsOrigins: env.CORS_ORIGINS.split(',').map((s) => s.trim()).filter(Boolean),
    logLevel: env.LOG_LEVEL,
    webDist: env.WEB_DIST,
    seedDemo: env.SEED_DEMO ? env.SEED_DEMO === 'true' : env.NODE_ENV !== 'production',
    trustProxy: env.TRUST_PROXY === 'true',
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
