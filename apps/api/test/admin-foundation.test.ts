import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../src/db/schema';
import { recordAudit } from '../src/modules/audit/audit';
import { createAdmin, CreateAdminError } from '../src/modules/admin/create-admin';
import { expectAdminOnly, roleTokens, type RoleTokens } from './admin-helpers';
import { client, createTestApp, login, newPhone, registerCustomer, type TestContext } from './helpers';

let ctx: TestContext;
let tokens: RoleTokens;

beforeAll(async () => {
  ctx = await createTestApp();
  const customer = await registerCustomer(ctx);
  tokens = await roleTokens(ctx, customer.token);
});
afterAll(async () => {
  await ctx?.close();
});

describe('admin area guard', () => {
  it('answers admins only: 401 signed out, 403 for customers and staff of each place', async () => {
    const res = await expectAdminOnly(ctx, tokens, 'GET', '/admin/audit');
    expect(res.status).toBe(200);
  });

  it('refuses non-admins before validating the body (no field errors leak)', async () => {
    const res = await client(ctx.app)('GET', '/admin/audit?filters[per_page]=abc', { token: tokens.customer });
    expect(res.status).toBe(403);
  });

  it('an unknown admin call is still guarded', async () => {
    const res = await client(ctx.app)('GET', '/admin/nothing-here');
    expect([401, 404]).toContain(res.status);
  });
});

describe('audit log', () => {
  it('recordAudit writes in the caller transaction: a rolled-back change leaves no row', async () => {
    const before = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(auditLog);
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await recordAudit(tx, {
          actor: { id: null, role: 'system', place: null, ip: null },
          action: 'test.rollback',
          targetType: 'test',
          targetId: 1,
        });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const after = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(auditLog);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('is append-only: the database refuses UPDATE and DELETE', async () => {
    await recordAudit(ctx.database.db, {
      actor: { id: null, role: 'system', place: null, ip: '10.0.0.1' },
      action: 'test.append',
      targetType: 'test',
      targetId: 'x',
      before: { a: 1 },
      after: { a: 2 },
    });
    await expect(ctx.database.db.update(auditLog).set({ action: 'forged' }).where(eq(auditLog.action, 'test.append'))).rejects.toThrow();
    await expect(ctx.database.db.delete(auditLog).where(eq(auditLog.action, 'test.append'))).rejects.toThrow();
    const res = await client(ctx.app)('GET', '/admin/audit?filters[action]=test.append', { token: tokens.admin });
    expect(res.json.data).toHaveLength(1);
    expect(res.json.data[0]).toMatchObject({
      action: 'test.append',
      target_type: 'test',
      target_id: 'x',
      before: { a: 1 },
      after: { a: 2 },
      ip: '10.0.0.1',
    });
  });

  it('filters by action, target, actor and date, paged', async () => {
    const call = client(ctx.app);
    const all = await call('GET', '/admin/audit?filters[per_page]=1', { token: tokens.admin });
    expect(all.status).toBe(200);
    expect(all.json.meta.per_page).toBe(1);
    const today = new Date().toISOString().slice(0, 10);
    const dated = await call('GET', `/admin/audit?filters[from]=${today}&filters[to]=${today}&filters[target_type]=test`, {
      token: tokens.admin,
    });
    expect(dated.json.data.length).toBeGreaterThan(0);
    const past = await call('GET', '/admin/audit?filters[to]=2000-01-01', { token: tokens.admin });
    expect(past.json.data).toHaveLength(0);
    const bad = await call('GET', '/admin/audit?filters[from]=yesterday', { token: tokens.admin });
    expect(bad.status).toBe(422);
  });
});

describe('create-admin', () => {
  it('creates an admin who can sign in and reach the admin area; audited', async () => {
    const phone = newPhone();
    const result = await createAdmin(ctx.database.db, { phone, password: 'Karagaily-Sun-91' });
    expect(result.action).toBe('created');
    const { token, user } = await login(ctx.app, phone, 'Karagaily-Sun-91');
    expect(user.role).toBe('admin');
    expect((await client(ctx.app)('GET', '/admin/audit?filters[action]=user.create_admin', { token })).json.data[0]).toMatchObject({
      actor_role: 'system',
      target_id: String(result.userId),
    });
  });

  it('promotes an existing customer (and sets the password)', async () => {
    const customer = await registerCustomer(ctx);
    const result = await createAdmin(ctx.database.db, { phone: customer.phone, password: 'Altyn-Emel-2026' });
    expect(result.action).toBe('promoted');
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, customer.user.id));
    expect(row!.role).toBe('admin');
    expect((await login(ctx.app, customer.phone, 'Altyn-Emel-2026')).user.role).toBe('admin');
  });

  it('refuses a weak password with the registration rule, and a bad phone', async () => {
    await expect(createAdmin(ctx.database.db, { phone: newPhone(), password: '123' })).rejects.toThrow(CreateAdminError);
    await expect(createAdmin(ctx.database.db, { phone: newPhone(), password: 'password123' })).rejects.toThrow(/common/i);
    await expect(createAdmin(ctx.database.db, { phone: '12', password: 'Karagaily-Sun-91' })).rejects.toThrow(/--phone/);
  });

  it('the command works on a fresh embedded database (migrates, creates) and refuses a weak password', () => {
    const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
    const dataDir = mkdtempSync(join(tmpdir(), 'create-admin-'));
    try {
      const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' };
      const phone = newPhone();
      const first = spawnSync(
        process.execPath,
        [join(root, 'scripts/create-admin.mjs'), '--phone', phone, '--password', 'Burabay-Lake-77'],
        { env, encoding: 'utf8' },
      );
      expect(first.stderr).toBe('');
      expect(first.status).toBe(0);
      expect(first.stdout).toMatch(/Created admin: \+7705/);
      const weak = spawnSync(process.execPath, [join(root, 'scripts/create-admin.mjs'), '--phone', phone, '--password', 'qwerty'], {
        env,
        encoding: 'utf8',
      });
      expect(weak.status).toBe(1);
      expect(weak.stderr).toMatch(/Refused: --password/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('blocked accounts', () => {
  it('a blocked account is told so at login (only with the right password)', async () => {
    const customer = await registerCustomer(ctx);
    await ctx.database.db.update(users).set({ blockedAt: new Date() }).where(eq(users.id, customer.user.id));
    const call = client(ctx.app);
    const refused = await call('POST', '/auth/login', { body: { phone_number: customer.phone, password: customer.password }, lang: 'en' });
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ code: 'account_blocked' });
    expect(refused.json.message).toMatch(/blocked/);
    const wrong = await call('POST', '/auth/login', { body: { phone_number: customer.phone, password: 'Wrong-Password-1' } });
    expect(wrong.json.code).toBe('invalid_credentials');
    // The session issued before the block no longer works.
    expect((await call('GET', '/auth/user', { token: customer.token })).status).toBe(401);
  });
});
