import { expect } from 'vitest';
import { client, type TestContext } from './helpers';
import { staffAt } from './factories';

export interface RoleTokens {
  customer: string;
  warehouse: string;
  branch: string;
  admin: string;
}

/** Signs in one account of every role and place: a customer, warehouse staff, branch staff and an admin. */
export async function roleTokens(ctx: TestContext, customerToken: string): Promise<RoleTokens> {
  const [warehouse, branch, admin] = await Promise.all([staffAt(ctx, 'warehouse'), staffAt(ctx, 'branch'), staffAt(ctx, 'admin')]);
  return { customer: customerToken, warehouse: warehouse.token, branch: branch.token, admin: admin.token };
}

/**
 * The admin role matrix of one call: signed out → 401, customer and staff of each place → 403
 * (nothing changes: the guard runs before the body is read), admin → not 401/403. Returns the admin's answer.
 */
export async function expectAdminOnly(
  ctx: TestContext,
  tokens: RoleTokens,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
) {
  const call = client(ctx.app);
  const anonymous = await call(method, url, { body });
  expect(anonymous.status, `${method} ${url} signed out`).toBe(401);
  for (const role of ['customer', 'warehouse', 'branch'] as const) {
    const res = await call(method, url, { body, token: tokens[role] });
    expect(res.status, `${method} ${url} as ${role}`).toBe(403);
    expect(res.json.code).toBe('forbidden');
  }
  const admin = await call(method, url, { body, token: tokens.admin });
  expect([401, 403], `${method} ${url} as admin`).not.toContain(admin.status);
  return admin;
}
