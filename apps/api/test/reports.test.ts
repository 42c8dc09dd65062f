import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, formatAmount, localDate, REPORT_TIME_ZONE, toMajor, toMinor } from '@portal/contract';
import { notificationChannels } from '../src/db/schema';
import { parcelsIn } from './factories';
import { createTestApp, registerCustomer, type TestContext } from './helpers';
import { manageClient, newCode, staffTokens, type Staff } from './manage-helpers';

let ctx: TestContext;
let staff: Staff;
let m: ReturnType<typeof manageClient>;
beforeAll(async () => {
  ctx = await createTestApp();
  staff = await staffTokens(ctx);
  m = manageClient(ctx);
});
afterAll(async () => ctx.close());

async function download(url: string, token: string) {
  const res = await ctx.app.inject({ method: 'GET', url: `/api${url}`, headers: { authorization: `Bearer ${token}` } });
  return { status: res.statusCode, headers: res.headers, body: res.rawPayload };
}

describe('dashboard, worklists and exports', () => {
  it('shows the revenue and the debt of a hand-over paid in part, and exports exactly those rows', async () => {
    const c = await parcelsIn(ctx, 'at_branch', [1.5, 1.5, 1.5], { prefix: 'RP' });
    const look = (await m.lookup(staff.branch, { customer: c.user.client_code })).json.data;
    const two = toMinor(look.parcels[0].price) + toMinor(look.parcels[1].price);
    const debt = look.total_minor - two;
    const done = await m.complete(staff.branch, {
      customer_id: c.user.id,
      payments: [
        { method: 'cash', amount: two - 100 },
        { method: 'kaspi_qr', amount: 100 },
      ],
      accept_debt: true,
    });
    expect(done.status).toBe(200);

    const today = localDate(new Date(), REPORT_TIME_ZONE);
    const dash = await m.call('GET', `/manage/reports?from=${today}&to=${today}`, { token: staff.admin });
    expect(dash.status).toBe(200);
    const d = dash.json.data;
    expect(d.period).toEqual({ from: today, to: today });
    expect(d.previous).toEqual({ from: addDays(today, -1), to: addDays(today, -1) });
    expect(d.flows).toHaveLength(1);
    expect(d.flows_total.received).toBeGreaterThanOrEqual(3);
    expect(d.flows_total.delivered).toBeGreaterThanOrEqual(3);
    const mine = d.revenue.filter((r: { branch_id: number }) => r.branch_id === staff.branchId);
    const cash = mine.find((r: { method: string }) => r.method === 'cash');
    expect(cash.amount).toBeGreaterThanOrEqual(two - 100);
    const total = d.revenue_total.find((r: { currency: string }) => r.currency === look.currency).amount;
    expect(total).toBe(
      d.revenue
        .filter((r: { currency: string }) => r.currency === look.currency)
        .reduce((s: number, r: { amount: number }) => s + r.amount, 0),
    );
    expect(
      d.parcels_by_status.some(
        (s: { status: string; branch_id: number; count: number }) =>
          s.status === 'delivered' && s.branch_id === staff.branchId && s.count >= 3,
      ),
    ).toBe(true);

    const debtors = await m.call('GET', '/manage/worklists/debtors', { token: staff.branch });
    const row = debtors.json.data.find((r: { id: number }) => r.id === c.user.id);
    expect(row).toMatchObject({ client_code: c.user.client_code, amount: debt, currency: look.currency });
    // Over every branch (an admin's list, read from the customers' kept totals) the same debt.
    const everywhere = await m.call('GET', '/manage/worklists/debtors', { token: staff.admin });
    expect(everywhere.json.data.find((r: { id: number }) => r.id === c.user.id)).toMatchObject({ amount: debt, currency: look.currency });

    // The .xlsx holds the same rows and numbers as the screen.
    const x = await download(`/manage/reports/export?table=revenue&format=xlsx&from=${today}&to=${today}&lang=en`, staff.admin);
    expect(x.status).toBe(200);
    expect(x.headers['content-disposition']).toContain(`revenue_${today}_${today}.xlsx`);
    const [heading, ...revenueRows] = await readSheet(x.body);
    expect(heading).toEqual(['Date', 'Branch', 'Method', 'Provider', 'Currency', 'Amount', 'Payments']);
    expect(revenueRows).toHaveLength(d.revenue.length);
    const sheetSum = revenueRows.map((r) => toMinor(Number(r[5]))).reduce((s, v) => s + v, 0);
    expect(sheetSum).toBe(d.revenue.reduce((s: number, r: { amount: number }) => s + r.amount, 0));

    const debtX = await download(
      '/manage/worklists/debtors'.replace('/manage/worklists/debtors', '/manage/reports/export?table=debtors&format=xlsx&lang=ru'),
      staff.branch,
    );
    const rows = (await readSheet(debtX.body)).slice(1);
    expect(rows).toHaveLength(debtors.json.data.length);
    const mineX = rows.find((r) => r[0] === c.user.client_code)!;
    expect(mineX[3]).toBe(toMajor(debt));

    const csv = await download(`/manage/reports/export?table=debtors&format=csv&lang=en`, staff.branch);
    const text = csv.body.toString('utf8');
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(text.split('\r\n').filter(Boolean)).toHaveLength(debtors.json.data.length + 1);
    expect(text).toContain(`"${c.user.client_code}","Test Customer","${c.user.phone_number}","${formatAmount(debt)}"`);
  });

  it('unclaimed parcels older than N days and parcels past free storage', async () => {
    const code = newCode('UN');
    await m.receive(staff.warehouse, { track_code: code, weight: 1 });
    const fresh = await m.call('GET', '/manage/worklists/unclaimed?days=0', { token: staff.admin });
    expect(fresh.json.data.some((r: { track_code: string }) => r.track_code === code)).toBe(true);
    const old = await m.call('GET', '/manage/worklists/unclaimed?days=30', { token: staff.admin });
    expect(old.json.data.some((r: { track_code: string }) => r.track_code === code)).toBe(false);
    const storage = await m.call('GET', '/manage/worklists/storage', { token: staff.branch });
    expect(storage.status).toBe(200);
  });

  it('customers no channel reaches: the admin sees all, a branch its own customers, and the export has the same rows', async () => {
    const here = await registerCustomer(ctx, { branch_id: staff.branchId, first_name: 'Aigerim', last_name: 'Unreached' });
    const there = await registerCustomer(ctx, { branch_id: staff.otherBranchId });
    const fine = await registerCustomer(ctx, { branch_id: staff.branchId });
    const since = new Date(Date.now() - 3 * 86_400_000);
    await ctx.database.db.insert(notificationChannels).values([
      { userId: here.user.id, channel: 'sms', failures: 5, unreachableAt: since },
      { userId: here.user.id, channel: 'telegram', address: '1001', failures: 5, unreachableAt: new Date() },
      { userId: there.user.id, channel: 'telegram', address: '1002', failures: 5, unreachableAt: new Date() },
      { userId: fine.user.id, channel: 'telegram', address: '1003', failures: 1, unreachableAt: null },
    ]);
    type Row = { id: number; name: string; phone_number: string; channels: string[]; days: number; date: string };
    const admin = (await m.call('GET', '/manage/worklists/unreachable', { token: staff.admin })).json.data as Row[];
    const mine = admin.find((r) => r.id === here.user.id)!;
    expect(mine).toMatchObject({ name: 'Aigerim Unreached', phone_number: here.user.phone_number, channels: ['sms', 'telegram'] });
    expect(mine.days).toBeGreaterThanOrEqual(2);
    expect(new Date(mine.date).getTime()).toBe(since.getTime());
    expect(admin.some((r) => r.id === there.user.id)).toBe(true);
    expect(admin.some((r) => r.id === fine.user.id)).toBe(false);

    const branch = await m.call('GET', '/manage/worklists/unreachable', { token: staff.branch });
    expect(branch.status).toBe(200);
    const ids = (branch.json.data as Row[]).map((r) => r.id);
    expect(ids).toContain(here.user.id);
    expect(ids).not.toContain(there.user.id);
    expect((await m.call('GET', `/manage/worklists/unreachable?branch_id=${staff.branchId}`, { token: staff.otherBranch })).status).toBe(
      403,
    );

    const csv = await download('/manage/reports/export?table=unreachable&format=csv&lang=en', staff.branch);
    expect(csv.status).toBe(200);
    const lines = csv.body
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(lines).toHaveLength(ids.length + 1);
    expect(lines[0]).toContain('Channels not reaching');
    expect(lines.find((l) => l.includes('Aigerim Unreached'))).toContain('"sms, telegram"');
  });

  it('role matrix and hostile input', async () => {
    const c = await registerCustomer(ctx);
    for (const url of ['/manage/reports', '/manage/worklists/debtors', '/manage/reports/export?table=flows&format=csv']) {
      expect((await m.call('GET', url)).status, `${url} signed out`).toBe(401);
      expect((await m.call('GET', url, { token: c.token })).status, `${url} customer`).toBe(403);
      expect((await m.call('GET', url, { token: staff.warehouse })).status, `${url} warehouse`).toBe(403);
      const sep = url.includes('?') ? '&' : '?';
      expect(
        (await m.call('GET', `${url}${sep}branch_id=${staff.branchId}`, { token: staff.otherBranch })).status,
        `${url} other branch`,
      ).toBe(403);
      expect((await m.call('GET', url, { token: staff.branch })).status, `${url} own branch`).toBe(200);
      expect((await m.call('GET', url, { token: staff.admin })).status, `${url} admin`).toBe(200);
    }
    const own = await m.call('GET', '/manage/reports', { token: staff.branch });
    expect(own.json.data.branch_id).toBe(staff.branchId);
    expect(own.json.data.revenue.every((r: { branch_id: number }) => r.branch_id === staff.branchId)).toBe(true);
    expect((await m.call('GET', '/manage/reports?from=2026-02-30', { token: staff.admin })).status).toBe(422);
    expect((await m.call('GET', '/manage/reports?from=2026-05-02&to=2026-05-01', { token: staff.admin })).status).toBe(422);
    expect((await m.call('GET', '/manage/reports?from=2020-01-01&to=2026-01-01', { token: staff.admin })).status).toBe(422);
    expect((await m.call('GET', '/manage/reports/export?table=users&format=xlsx', { token: staff.admin })).status).toBe(422);
    expect((await m.call('GET', '/manage/worklists/everything', { token: staff.admin })).status).toBe(422);
  });
});
