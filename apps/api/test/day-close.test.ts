import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, DAY_CLOSE_STAFF_DAYS, localDate } from '@portal/contract';
import { branches } from '../src/db/schema';
import { staffAt } from './factories';
import { client, createTestApp, secondInstance, type TestContext } from './helpers';
import { staffTokens, type Staff } from './manage-helpers';

let ctx: TestContext;
let call: ReturnType<typeof client>;
let staff: Staff;
let branchIds: number[];
beforeAll(async () => {
  ctx = await createTestApp();
  call = client(ctx.app);
  staff = await staffTokens(ctx);
  // Branches no other test here closes days at: one per test.
  const all = await ctx.database.db.select({ id: branches.id }).from(branches).orderBy(branches.id);
  branchIds = all.map((b) => b.id).filter((id) => id !== staff.branchId && id !== staff.otherBranchId);
});
afterAll(async () => ctx.close());

const counted = { cash: 0, card: 0, transfer: 0, kaspi_qr: 0 };

/** A staff member of a branch of its own for one test, with that branch's today. */
async function branchStaff() {
  const branchId = branchIds.shift()!;
  const { token } = await staffAt(ctx, { kind: 'branch', branch_id: branchId });
  const [b] = await ctx.database.db.select().from(branches).where(eq(branches.id, branchId));
  return { token, branchId, today: localDate(new Date(), b!.timeZone) };
}

const close = (token: string, body: Record<string, unknown>, via = call, lang = 'en') =>
  via('POST', '/manage/day-close', { token, body: { counted, ...body }, lang });

describe('close of day', () => {
  it('ten simultaneous closes of the open day: one closes it, nine are told it is closed (two API processes)', async () => {
    const s = await branchStaff();
    const second = await secondInstance(ctx);
    try {
      const viaSecond = client(second);
      const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => close(s.token, {}, i % 2 ? call : viaSecond)));
      expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(9).fill(409)]);
      expect(answers.filter((a) => a.status === 409).every((a) => a.json.code === 'day_closed')).toBe(true);
      expect(answers.find((a) => a.status === 200)!.json.data.business_date).toBe(s.today);
    } finally {
      await second.close();
    }
    // Named, the same: today is closed once.
    const named = await Promise.all(Array.from({ length: 5 }, () => close(s.token, { date: s.today })));
    expect(named.map((a) => a.json.code)).toEqual(Array(5).fill('day_closed'));
    // A day to come is not closed ahead of time, even when today is.
    const tomorrow = await close(s.token, { date: addDays(s.today, 1) });
    expect(tomorrow.status).toBe(422);
    expect(tomorrow.json.errors.date).toBeDefined();
  });

  it('ten simultaneous closes of a named past day: one wins', async () => {
    const s = await branchStaff();
    const day = addDays(s.today, -1);
    const answers = await Promise.all(Array.from({ length: 10 }, () => close(s.token, { date: day })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    expect(answers.filter((a) => a.status === 409).every((a) => a.json.code === 'day_closed')).toBe(true);
  });

  it(`branch staff close today and the last ${DAY_CLOSE_STAFF_DAYS} days only; admins any open day`, async () => {
    const s = await branchStaff();
    const oldest = addDays(s.today, -DAY_CLOSE_STAFF_DAYS);
    const tooOld = addDays(oldest, -1);
    const refused = await close(s.token, { date: tooOld }, call, 'ru');
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe('day_close_too_old');
    expect(refused.json.message).toContain(String(DAY_CLOSE_STAFF_DAYS));
    expect(refused.json.message).toMatch(/администратор/);
    expect((await close(s.token, { date: addDays(s.today, -400) })).json.code).toBe('day_close_too_old');
    expect((await close(s.token, { date: oldest })).status).toBe(200);
    // An admin closes the older day at that branch, and a day long ago.
    expect((await close(staff.admin, { date: tooOld, branch_id: s.branchId })).status).toBe(200);
    expect((await close(staff.admin, { date: addDays(s.today, -400), branch_id: s.branchId })).status).toBe(200);
    expect((await close(staff.admin, { date: tooOld, branch_id: s.branchId })).json.code).toBe('day_closed');
    // The view tells the branch's today, so a screen never offers a day still to come.
    const view = (await call('GET', '/manage/day-close', { token: s.token })).json.data;
    expect(view).toMatchObject({ today: s.today, business_date: s.today, open_date: s.today, close: null });
  });
});
