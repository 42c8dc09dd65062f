import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema';
import { parcelsIn, staffAt } from './factories';
import { client, createTestApp, secondInstance, type TestContext } from './helpers';
import { manageClient, staffTokens, type Staff } from './manage-helpers';

let ctx: TestContext;
let m: ReturnType<typeof manageClient>;
let staff: Staff;
/** Staff of a third branch: two branches other than the one parcels are addressed to. */
let third: { token: string; branchId: number };
beforeAll(async () => {
  ctx = await createTestApp();
  m = manageClient(ctx);
  staff = await staffTokens(ctx);
  const branches = (await m.call('GET', '/country/1/branches')).json.data as { id: number }[];
  const branchId = branches.find((b) => b.id !== staff.branchId && b.id !== staff.otherBranchId)!.id;
  third = { token: (await staffAt(ctx, { kind: 'branch', branch_id: branchId })).token, branchId };
});
afterAll(async () => ctx.close());

/** A customer of the demo branch with parcels on their way there. */
const inTransitToDemoBranch = (n = 1) =>
  parcelsIn(ctx, 'in_transit', Array<number>(n).fill(1.2), { prefix: 'RA', customer: { branchId: staff.branchId } });

const REASON = 'The customer asked to collect it here: moved to Astana';

describe("re-addressing another branch's parcel", () => {
  it('needs a reason of 3–500 characters, in the clerk’s language; without one nothing moves', async () => {
    const c = await inTransitToDemoBranch();
    for (const [body, lang, message] of [
      [{ accept_other_branch: true }, 'en', /why/i],
      [{ accept_other_branch: true, reason: '  ok ' }, 'ru', /почему/i],
      [{ accept_other_branch: true, reason: 'x'.repeat(501) }, 'kk', /./],
    ] as const) {
      const res = await m.call('POST', '/manage/arrive', { token: staff.otherBranch, body: { track_codes: c.codes, ...body }, lang });
      expect(res.status).toBe(422);
      expect(res.json.errors.reason[0]).toMatch(message);
    }
    const admin = await m.call('POST', '/manage/arrive', {
      token: staff.admin,
      body: { track_codes: c.codes, branch_id: staff.otherBranchId, accept_other_branch: true },
    });
    expect(admin.status).toBe(422);
    const still = await m.arrive(staff.otherBranch, { track_codes: c.codes });
    expect(still.json.data.results[0]).toMatchObject({ outcome: 'other_branch', parcel: { status: 'in_transit' } });
  });

  it('tells the branch it was going to (worklist, history, audit) and the customer (their pickup branch changed)', async () => {
    const c = await inTransitToDemoBranch(2);
    const moved = await m.arrive(staff.otherBranch, { track_codes: c.codes, accept_other_branch: true, reason: REASON });
    expect(moved.json.data.counts.moved).toBe(2);
    expect(moved.json.data.results[0].parcel.branch.id).toBe(staff.otherBranchId);

    // The branch that lost them sees both, newest first, with who took them and why; the taking branch does not.
    const list = await m.call('GET', '/manage/worklists/readdressed', { token: staff.branch, lang: 'en' });
    expect(list.status).toBe(200);
    const mine = (list.json.data as { track_code: string; note: string; branch: string; days: number }[]).filter((r) =>
      c.codes.includes(r.track_code),
    );
    expect(mine).toHaveLength(2);
    expect(mine[0]).toMatchObject({ note: REASON, days: 0, client_code: c.user.client_code });
    expect(mine[0]!.branch).toBeTruthy();
    const theirs = await m.call('GET', '/manage/worklists/readdressed', { token: staff.otherBranch });
    expect(theirs.json.data.some((r: { track_code: string }) => c.codes.includes(r.track_code))).toBe(false);
    const everywhere = await m.call('GET', '/manage/worklists/readdressed', { token: staff.admin });
    expect(everywhere.json.data.filter((r: { track_code: string }) => c.codes.includes(r.track_code))).toHaveLength(2);
    const csv = await ctx.app.inject({
      method: 'GET',
      url: '/api/manage/reports/export?table=readdressed&format=csv&lang=en',
      headers: { authorization: `Bearer ${staff.branch}` },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(REASON);

    // The parcel's history and the audit log keep where it was going and why.
    const detail = await m.call('GET', `/manage/parcel?code=${c.codes[0]}`, { token: staff.branch });
    const arrived = detail.json.data.history.find((e: { action: string }) => e.action === 'arrived');
    expect(arrived.details).toMatchObject({ redirected_from: staff.branchId, reason: REASON });
    const audit = await ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'parcel.arrived'));
    const row = audit.find((a) => a.targetId === String(moved.json.data.results[0].parcel.id));
    expect(row?.after).toMatchObject({ redirected_from: staff.branchId, reason: REASON, branch_id: staff.otherBranchId });

    // The customer: one message per parcel, saying where to collect it now and where it was going.
    const me = await client(ctx.app)('GET', '/auth/user', { token: c.token, lang: 'en' });
    const notes = me.json.data.notifications.orders.data as { title: string; body: string }[];
    const about = notes.filter((n) => c.codes.some((code) => n.body.includes(code)));
    expect(about.filter((n) => /another branch/.test(n.title))).toHaveLength(2);
    expect(about[0]!.body).toMatch(/pickup branch changed/);
  });

  it('a parcel pulled by two other branches at once goes to one of them, told once', async () => {
    const c = await inTransitToDemoBranch();
    const second = await secondInstance(ctx);
    try {
      const viaSecond = client(second);
      const body = (reason: string) => ({ track_codes: c.codes, accept_other_branch: true, reason });
      const answers = await Promise.all([
        m.call('POST', '/manage/arrive', { token: staff.otherBranch, body: body('Taken at the other branch') }),
        viaSecond('POST', '/manage/arrive', { token: third.token, body: body('Taken at the third branch') }),
      ]);
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      expect(answers.map((a) => a.json.data.counts.moved).sort()).toEqual([0, 1]);
    } finally {
      await second.close();
    }
    const list = await m.call('GET', '/manage/worklists/readdressed', { token: staff.branch });
    expect(list.json.data.filter((r: { track_code: string }) => r.track_code === c.codes[0])).toHaveLength(1);
  });

  it('a parcel addressed here needs no reason and is not listed', async () => {
    const c = await inTransitToDemoBranch();
    const here = await m.arrive(staff.branch, { track_codes: c.codes });
    expect(here.json.data.counts.moved).toBe(1);
    const list = await m.call('GET', '/manage/worklists/readdressed', { token: staff.branch });
    expect(list.json.data.some((r: { track_code: string }) => r.track_code === c.codes[0])).toBe(false);
  });
});
