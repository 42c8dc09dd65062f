import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config/env';

const tmp = () => mkdtempSync(join(tmpdir(), 'portal-config-'));

describe('configuration', () => {
  it('has the documented defaults', () => {
    const dir = tmp();
    const c = loadConfig({ DATA_DIR: dir });
    expect(c.port).toBe(3000);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.sms.driver).toBe('outbox');
    expect(c.sms.outboxFile).toBe(join(dir, 'sms-outbox.jsonl'));
    expect(c.seedDemo).toBe(true);
  });

  it('generates a JWT secret once and keeps it in DATA_DIR', () => {
    const dir = tmp();
    const a = loadConfig({ DATA_DIR: dir });
    const b = loadConfig({ DATA_DIR: dir });
    expect(a.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(b.jwtSecret).toBe(a.jwtSecret);
    expect(readFileSync(join(dir, 'jwt-secret'), 'utf8')).toBe(a.jwtSecret);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ REDIS_URL: 'http://x' }, 'REDIS_URL'],
    [{ SMS_DRIVER: 'pigeon' }, 'SMS_DRIVER'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ SMS_DRIVER: 'http' }, 'SMS_HTTP_URL'],
  ])('stops on a bad value and names it: %o', (env, name) => {
    expect(() => loadConfig({ DATA_DIR: tmp(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: tmp(), ...env })).toThrow(new RegExp(name));
  });

  it('requires JWT_SECRET and an explicit SMS driver in production, and seeds no demo accounts there', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SMS_DRIVER: 'outbox' })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) })).toThrow(/SMS_DRIVER/);
    const prod = loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), SMS_DRIVER: 'outbox' });
    expect(prod.seedDemo).toBe(false);
  });

  it('splits CORS_ORIGINS', () => {
    expect(loadConfig({ DATA_DIR: tmp(), CORS_ORIGINS: 'https://a.kz, https://b.kz' }).corsOrigins).toEqual(['https://a.kz', 'https://b.kz']);
  });
});
