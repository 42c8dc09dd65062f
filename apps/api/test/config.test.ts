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
    // The demo start prints its accounts' password: this computer only unless HOST says otherwise (the image does).
    expect(c.host).toBe('127.0.0.1');
    expect(loadConfig({ DATA_DIR: dir, HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
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
    [{ TELEGRAM_BOT_TOKEN: 'not-a-token' }, 'TELEGRAM_BOT_TOKEN'],
    [{ PUBLIC_URL: 'cargo.kz' }, 'PUBLIC_URL'],
    [{ TELEGRAM_WEBHOOK_SECRET: 'has spaces in it!' }, 'TELEGRAM_WEBHOOK_SECRET'],
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

  it('Telegram: off without a token (an empty one too); with one, the webhook secret is derived the same in every process; production needs the https address Telegram calls', () => {
    expect(loadConfig({ DATA_DIR: tmp(), TELEGRAM_BOT_TOKEN: '' }).telegram).toBeNull();
    const token = '123456:AAE_abcdefghijklmnopqrstuv';
    const a = loadConfig({ DATA_DIR: tmp(), TELEGRAM_BOT_TOKEN: token });
    const b = loadConfig({ DATA_DIR: tmp(), TELEGRAM_BOT_TOKEN: token, PORT: '4000' });
    expect(a.telegram).toMatchObject({ token, apiUrl: 'https://api.telegram.org' });
    expect(a.telegram!.webhookSecret).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    expect(b.telegram!.webhookSecret).toBe(a.telegram!.webhookSecret);
    expect(a.publicUrl).toBe('http://localhost:3000');
    const prod = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), SMS_DRIVER: 'outbox', TELEGRAM_BOT_TOKEN: token };
    expect(() => loadConfig({ ...prod, PUBLIC_URL: 'http://cargo.kz' })).toThrow(/PUBLIC_URL/);
    expect(loadConfig({ ...prod, PUBLIC_URL: 'https://cargo.kz/' }).publicUrl).toBe('https://cargo.kz');
  });

  it('RESTORE_DRILL: sends nothing whatever else is set, and opens only a copy named for the drill', () => {
    const production = {
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      SMS_DRIVER: 'http',
      SMS_HTTP_URL: 'https://sms.example.kz/send',
      NOTIFY_WORKER: 'true',
      TELEGRAM_BOT_TOKEN: '123456:AAE_abcdefghijklmnopqrstuv',
      PUBLIC_URL: 'https://cargo.example.kz',
      REDIS_URL: 'redis://redis:6379',
      VAPID_PUBLIC_KEY: 'B'.repeat(87),
      VAPID_PRIVATE_KEY: 'p'.repeat(43),
    };
    const live = loadConfig({ ...production, DATABASE_URL: 'postgres://portal:pw@postgres:5432/portal' });
    expect(live).toMatchObject({ restoreDrill: false, notify: { worker: true }, sms: { driver: 'http' }, redisUrl: 'redis://redis:6379' });
    expect(live.telegram).not.toBeNull();
    expect(live.webPush).not.toBeNull();
    const drill = loadConfig({ ...production, RESTORE_DRILL: 'true', DATABASE_URL: 'postgres://portal:pw@postgres:5432/portal_drill' });
    expect(drill).toMatchObject({
      restoreDrill: true,
      notify: { worker: false },
      sms: { driver: 'outbox' },
      telegram: null,
      webPush: null,
    });
    expect(drill.redisUrl).toBeUndefined();
    // Its own secret: nothing signed by the processes in service is good on it, nor the other way round.
    expect(drill.jwtSecret).not.toBe(production.JWT_SECRET);
    expect(drill.jwtSecret.length).toBeGreaterThanOrEqual(32);
    const bare = loadConfig({
      NODE_ENV: 'production',
      RESTORE_DRILL: 'true',
      DATABASE_URL: 'postgres://portal:pw@postgres:5432/portal_drill',
    });
    expect(bare).toMatchObject({ isProduction: true, sms: { driver: 'outbox' } });
    // The database in service (or a data folder) whose name does not say it is a drill copy is refused.
    expect(() => loadConfig({ ...production, RESTORE_DRILL: 'true', DATABASE_URL: 'postgres://portal:pw@postgres:5432/portal' })).toThrow(
      /RESTORE_DRILL: .*database name in DATABASE_URL \("portal"\) must contain "drill"/,
    );
    expect(() => loadConfig({ RESTORE_DRILL: 'true', DATA_DIR: tmp() })).toThrow(/RESTORE_DRILL: .*folder name of DATA_DIR/);
    const pgliteCopy = join(tmp(), 'data-drill');
    expect(loadConfig({ RESTORE_DRILL: 'true', DATA_DIR: pgliteCopy })).toMatchObject({ restoreDrill: true, notify: { worker: false } });
    expect(() => loadConfig({ RESTORE_DRILL: 'yes', DATA_DIR: pgliteCopy })).toThrow(/RESTORE_DRILL/);
  });

  it('splits CORS_ORIGINS', () => {
    expect(loadConfig({ DATA_DIR: tmp(), CORS_ORIGINS: 'https://a.kz, https://b.kz' }).corsOrigins).toEqual([
      'https://a.kz',
      'https://b.kz',
    ]);
  });
});
