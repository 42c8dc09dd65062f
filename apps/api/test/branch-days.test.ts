import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDate, REPORT_TIME_ZONE, zonedClock } from '@portal/contract';
import { branches, orders } from '../src/db/schema';
import { createTestApp, registerCustomer, type TestContext } from './helpers';
import { parcelIn, parcelsIn } from './factories';
import { manageClient, newCode, staffTokens, type Staff } from './manage-helpers';

/**
 * Days counted at a branch ("received N days ago", "N days past free storage", debts and unreachable customers) are
 * the branch's calendar days, whatever the database session's time zone. The database here runs in a zone whose date
 * differs from the carrier's right now (UTC−12 or UTC+14, whichever differs at this hour), as a server configured
 * with `timezone = 'UTC'` does for five hours of every Almaty night.
 */
const almatyHour = zonedClock(new Date(), REPORT_TIME_ZONE)!.hour;
// UTC−12 is a day behind Almaty until 17:00 there, UTC+14 a day ahead from 15:00.
const sessionZone = almatyHour < 16 ? 'Etc/GMT+12' : 'Etc/GMT-14';
// A branch whose calendar differs from the carrier's home zone right now (the other side of the date line).
const farZone = almatyHour < 16 ? 'Etc/GMT+12' : 'Pacific/Kiritimati';

let ctx: TestContext;
let m: ReturnType<typeof manageClient>;
let staff: Staff;
beforeAll(async () => {
  ctx = await createTestApp({ sessionTimeZone: sessionZone });
  m = manageClient(ctx);
  staff = await staffTokens(ctx);
});
afterAll(async () => ctx.close());

const rowOf = async (kind: string, token: string, match: (r: Record<string, unknown>) => boolean, query = '') => {
  const res = await m.call('GET', `/manage/worklists/${kind}${query}`, { token });
  expect(res.status).toBe(200);
  return (res.json.data as Record<string, unknown>[]).find(match);
};

describe("days at a branch are the branch's calendar days", () => {
  it('the database session really is on another date (the precondition of every test here)', async () => {
    const [row] = (await ctx.database.executeSql('select current_date::text as d')).rows;
    expect(row!.d).not.toBe(localDate(new Date(), REPORT_TIME_ZONE));
  });

  it('a parcel received today is 0 days unclaimed, listed from 0 days, not from 1', async () => {
    const code = newCode('TZ');
    expect((await m.receive(staff.warehouse, { track_code: code, weight: 1 })).status).toBe(200);
    const row = await rowOf('unclaimed', staff.admin, (r) => r.track_code === code, '?days=0');
    expect(row?.days).toBe(0);
    expect(await rowOf('unclaimed', staff.admin, (r) => r.track_code === code, '?days=1')).toBeUndefined();
    // Received yesterday (in the carrier's zone): 1 day.
    const earlier = newCode('TZ');
    await m.receive(staff.warehouse, { track_code: earlier, weight: 1 });
    await ctx.database.db
      .update(orders)
      .set({ receivedAt: sql`${orders.receivedAt} - interval '1 day'` })
      .where(eq(orders.trackCode, earlier));
    expect((await rowOf('unclaimed', staff.admin, (r) => r.track_code === earlier, '?days=1'))?.days).toBe(1);
  });

  it('a disputed parcel held today is 0 days disputed', async () => {
    const code = newCode('TZ');
    const [a, b] = [await registerCustomer(ctx), await registerCustomer(ctx)];
    await m.saveTrack(a.token, code);
    await m.saveTrack(b.token, code);
    expect((await m.receive(staff.warehouse, { track_code: code, weight: 1 })).json.data.matched_by).toBe('disputed');
    expect((await rowOf('disputed', staff.admin, (r) => r.track_code === code))?.days).toBe(0);
  });

  it('free storage ends on the branch’s day: past it by one day at a branch across the date line', async () => {
    await ctx.database.db.update(branches).set({ timeZone: farZone }).where(eq(branches.id, staff.otherBranchId));
    ctx.app.contentCache.clear();
    const branchToday = localDate(new Date(), farZone);
    expect(branchToday).not.toBe(localDate(new Date(), REPORT_TIME_ZONE));
    const there = await parcelsIn(ctx, 'at_branch', [1, 1], {
      prefix: 'TZ',
      customer: { branchId: staff.otherBranchId },
      by: { branch: staff.otherBranch },
    });
    const [over, lastDay] = there.codes as [string, string];
    await ctx.database.db
      .update(orders)
      .set({ storageUntil: addDays(branchToday, -1) })
      .where(eq(orders.trackCode, over));
    await ctx.database.db.update(orders).set({ storageUntil: branchToday }).where(eq(orders.trackCode, lastDay));
    expect((await rowOf('storage', staff.otherBranch, (r) => r.track_code === over))?.days).toBe(1);
    expect(await rowOf('storage', staff.otherBranch, (r) => r.track_code === lastDay)).toBeUndefined();
  });

  it('a debt run up today is 0 days old', async () => {
    const c = await parcelIn(ctx, 'delivered', { prefix: 'TZ', weight: 2, pay: 'none' });
    expect((await rowOf('debtors', staff.branch, (r) => r.client_code === c.user.client_code))?.days).toBe(0);
    expect((await rowOf('debtors', staff.admin, (r) => r.client_code === c.user.client_code))?.days).toBe(0);
  });
});
