import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TOnlineProvider } from '@portal/contract';
import { paymentRequests } from '../src/db/schema';
import type { PaymentDriver, ProviderState } from '../src/modules/online-payments/drivers/driver';
import { parcelsIn, type CustomerWithParcels } from './factories';
import { createTestApp, type TestContext } from './helpers';
import { manageClient, staffTokens, type Staff } from './manage-helpers';

/** A test app that takes money online: a PAYMENTS_SECRET_KEY, optional env (a fake provider's URL). */
export async function onlineApp(env: Record<string, string> = {}) {
  const ctx = await createTestApp({ env: { PAYMENTS_SECRET_KEY: randomBytes(32).toString('hex'), ...env } });
  const staff = await staffTokens(ctx);
  return { ctx, staff, m: manageClient(ctx) };
}

/** A branch offers a provider with these credentials (as the admin's form would save them). */
export async function enableProvider(ctx: TestContext, branchId: number, provider: TOnlineProvider, credentials: Record<string, string>) {
  await ctx.app.providerSettings.save(ctx.database.db, { branchId, provider, enabled: true, credentials, updatedBy: 1 });
}

/** A driver that records refunds (and can be told to refuse them), for settlement tests without a provider. */
export function recordingDriver(provider: TOnlineProvider) {
  const refunds: { requestId: string; providerRef: string; amount: number }[] = [];
  const state = { refuseRefunds: false, status: { state: 'pending' } as ProviderState };
  const driver: PaymentDriver = {
    provider,
    credentialFields: ['key'],
    create: async (input) => ({ providerRef: `ref-${input.requestId}`, payUrl: null, qrPayload: null }),
    status: async () => state.status,
    refund: async (ref, amount) => {
      if (state.refuseRefunds) throw new Error('refused');
      refunds.push({ ...ref, amount });
      return { refundRef: `refund-${refunds.length}` };
    },
  };
  return { driver, refunds, state };
}

/** A customer with parcels waiting at the demo branch and the counter's lookup of them. */
export async function waitingCustomer(ctx: TestContext, staff: Staff, weights: number[] = [1]) {
  const customer: CustomerWithParcels = await parcelsIn(ctx, 'at_branch', weights, { prefix: 'OP' });
  const lookup = await manageClient(ctx).lookup(staff.branch, { customer: customer.user.client_code });
  expect(lookup.status).toBe(200);
  return { ...customer, lookup: lookup.json.data as { total_minor: number; storage_fee: number; debt: number; currency: string } };
}

/** An open request written as the create call writes it (settlement tests that need no provider's page). */
export async function openRequest(
  ctx: TestContext,
  input: {
    userId: number;
    branchId: number;
    provider: TOnlineProvider;
    amount: number;
    parcelIds: number[];
    currency: string;
    debt?: number;
  },
): Promise<string> {
  const [row] = await ctx.database.db
    .insert(paymentRequests)
    .values({
      userId: input.userId,
      branchId: input.branchId,
      provider: input.provider,
      currency: input.currency,
      amount: input.amount,
      debt: input.debt ?? 0,
      parcelIds: input.parcelIds,
      lang: 'en',
      expiresAt: new Date(Date.now() + 30 * 60_000),
    })
    .returning({ id: paymentRequests.id });
  return row!.id;
}

const rowsOf = <T>(r: unknown): T[] => ((r as { rows?: T[] }).rows ?? (r as T[])) as T[];

/** The kept balances, totals and revenue equal a recount of the journal (every money write moves them). */
export async function expectKeptEqualsJournal(ctx: TestContext) {
  const db = ctx.database.db;
  const q = async (s: ReturnType<typeof sql>) =>
    rowsOf<Record<string, unknown>>(await db.execute(s))
      .map((r) => JSON.stringify(r))
      .sort();
  expect(await q(sql`select user_id, branch_id, currency, balance::bigint::text as b from customer_balances where balance <> 0`)).toEqual(
    await q(sql`select user_id, branch_id, currency, b::bigint::text as b from (
      select user_id, branch_id, currency, sum(amount) as b from (
        select user_id, branch_id, currency, amount from charges union all select user_id, branch_id, currency, -amount from payments
      ) m group by 1, 2, 3) s where b <> 0`),
  );
  expect(await q(sql`select user_id, currency, balance::bigint::text as b from customer_totals where balance <> 0`)).toEqual(
    await q(sql`select user_id, currency, b::bigint::text as b from (
      select user_id, currency, sum(balance) as b from customer_balances group by 1, 2) s where b <> 0`),
  );
  expect(
    await q(
      sql`select business_date::text as d, branch_id, method, provider, currency, amount::bigint::text as a, n from revenue_days where n <> 0`,
    ),
  ).toEqual(
    await q(sql`select business_date::text as d, branch_id, method, coalesce(provider, '') as provider, currency,
      sum(amount)::bigint::text as a, count(*)::int as n from payments group by 1, 2, 3, 4, 5`),
  );
}
