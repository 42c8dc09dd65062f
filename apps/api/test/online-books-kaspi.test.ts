import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeKaspi } from '../../../tools/fakes/kaspi-qr.mjs';
import { paymentDifferences, paymentRefundAttempts, paymentRequests, payments } from '../src/db/schema';
import { reconcile } from '../src/modules/online-payments/reconciliation';
import { pollOnce } from '../src/modules/online-payments/poller';
import { refundAttempts } from '../src/modules/online-payments/refund-attempts';
import type { TestContext } from './helpers';
import type { Staff } from './manage-helpers';
import { enableProvider, expectKeptEqualsJournal, onlineApp, waitingCustomer } from './online-payments-helpers';

/** The books against the Kaspi fake (ADR 077): reconciliation finds money Kaspi took that we never settled; refunds go to Kaspi. */
let ctx: TestContext;
let staff: Staff;
let m: Awaited<ReturnType<typeof onlineApp>>['m'];
const kaspi = new FakeKaspi();
beforeAll(async () => {
  await kaspi.start();
  ({ ctx, staff, m } = await onlineApp({ KASPI_API_URL: kaspi.url }));
  await enableProvider(ctx, staff.branchId, 'kaspi', { device_token: kaspi.addDevice(), organization_bin: '123456789012' });
});
afterAll(async () => {
  await ctx.close();
  await kaspi.stop();
});

async function requested() {
  const c = await waitingCustomer(ctx, staff, [1]);
  const res = await m.call('POST', '/payments/requests', { token: c.token, body: { branch_id: staff.branchId } });
  expect(res.status, res.body).toBe(201);
  return { c, req: res.json.data as { id: string; amount: number; provider_ref: string } };
}
const emulate = async (action: string, id: string) => expect((await fetch(`${kaspi.url}/test/payment/${action}/${id}`)).ok).toBe(true);
const differences = async (requestId: string) =>
  (await ctx.database.db.select().from(paymentDifferences).where(eq(paymentDifferences.requestId, requestId))).map((d) => d.kind);

describe('reconciliation against Kaspi', () => {
  it('a payment made at Kaspi that we never settled is paid_not_settled, once; running the job twice adds nothing', async () => {
    const { req } = await requested();
    await emulate('scan', req.provider_ref);
    await emulate('confirm', req.provider_ref);
    // Our side never heard of it: the request expired here (the poller missed it).
    await ctx.database.db
      .update(paymentRequests)
      .set({ status: 'expired', expiresAt: new Date(Date.now() - 3_600_000) })
      .where(eq(paymentRequests.id, req.id));
    const first = await reconcile(ctx.app, { branchId: staff.branchId });
    expect(first.failed).toBe(0);
    expect(await differences(req.id)).toEqual(['paid_not_settled']);
    const again = await reconcile(ctx.app, { branchId: staff.branchId });
    expect(again.found).toBe(0);
    expect(await differences(req.id)).toEqual(['paid_not_settled']);
    const [d] = await ctx.database.db.select().from(paymentDifferences).where(eq(paymentDifferences.requestId, req.id));
    expect(d!.detail).toMatchObject({ our_status: 'expired', provider_state: 'paid', provider_amount: req.amount });
  });

  it('settled here and at Kaspi: no difference; a refund goes to Kaspi’s /payment/return and is written once', async () => {
    const { req } = await requested();
    await emulate('scan', req.provider_ref);
    await emulate('confirm', req.provider_ref);
    await ctx.database.db
      .update(paymentRequests)
      .set({ checkedAt: new Date(0) })
      .where(eq(paymentRequests.id, req.id));
    await pollOnce(ctx.app);
    const [paid] = await ctx.database.db.select().from(payments).where(eq(payments.requestId, req.id));
    expect(paid?.amount).toBe(req.amount);
    await reconcile(ctx.app, { branchId: staff.branchId });
    expect(await differences(req.id)).toEqual([]);

    const part = 100 * 100;
    const res = await m.call('POST', `/manage/payments/${paid!.id}/refund`, {
      token: staff.admin,
      body: { amount: part, reason: 'one item missing' },
    });
    expect(res.status, res.body).toBe(200);
    expect(kaspi.returns).toContainEqual(expect.objectContaining({ QrPaymentId: req.provider_ref, Amount: part / 100 }));
    // Kaspi refusing the next one: 502, nothing written.
    kaspi.failNext('/payment/return', { StatusCode: -1501, Message: 'refused' });
    const refused = await m.call('POST', `/manage/payments/${paid!.id}/refund`, {
      token: staff.admin,
      body: { amount: part, reason: 'again' },
    });
    expect([refused.status, refused.json.code]).toEqual([502, 'refund_provider_failed']);
    expect((await ctx.database.db.select().from(payments).where(eq(payments.refundsId, paid!.id))).map((r) => r.amount)).toEqual([-part]);
    await expectKeptEqualsJournal(ctx);
  });

  it('a refund asked at Kaspi whose journal row never came is listed refund_stuck once, after 15 minutes, not before', async () => {
    const { req } = await requested();
    await emulate('scan', req.provider_ref);
    await emulate('confirm', req.provider_ref);
    await ctx.database.db
      .update(paymentRequests)
      .set({ checkedAt: new Date(0) })
      .where(eq(paymentRequests.id, req.id));
    await pollOnce(ctx.app);
    const [paid] = await ctx.database.db.select().from(payments).where(eq(payments.requestId, req.id));
    // The provider was asked (the attempt committed first), then the process died before the journal row.
    const attempt = await refundAttempts.open(ctx.database.db, { paymentId: paid!.id, provider: 'kaspi', amount: 5_000 });
    await reconcile(ctx.app, { branchId: staff.branchId });
    expect(await differences(req.id)).toEqual([]);
    await ctx.database.db
      .update(paymentRefundAttempts)
      .set({ createdAt: new Date(Date.now() - 20 * 60_000) })
      .where(eq(paymentRefundAttempts.id, attempt));
    const run = await reconcile(ctx.app, { branchId: staff.branchId });
    expect(run.found).toBe(1);
    expect(await differences(req.id)).toEqual(['refund_stuck']);
    const [d] = await ctx.database.db.select().from(paymentDifferences).where(eq(paymentDifferences.requestId, req.id));
    expect(d!.detail).toMatchObject({ attempt_id: attempt, payment_id: paid!.id, amount: 5_000 });
    expect((await reconcile(ctx.app, { branchId: staff.branchId })).found).toBe(0);
    // A finished attempt is no difference.
    await refundAttempts.finish(ctx.database.db, attempt, 'failed');
    expect(await refundAttempts.stuck(ctx.database.db, new Date())).not.toContainEqual(expect.objectContaining({ id: attempt }));
  });
});
