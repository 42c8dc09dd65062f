import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDate, TRUSTED_MAX_DAYS } from '@portal/contract';
import { auditLog, branches, orders, trustedPeople } from '../src/db/schema';
import { parcelsIn } from './factories';
import { createTestApp, type TestContext } from './helpers';
import { manageClient, staffTokens, type Staff } from './manage-helpers';

/**
 * Changing a trusted person's parcels and days (ADR 091): the rules of naming one, the same QR code, a new link only
 * when the last day moves later (under the re-send limits), nothing changed on a refusal, and bursts that keep them.
 */
let ctx: TestContext;
let staff: Staff;
let m: ReturnType<typeof manageClient>;
let today: string;
beforeAll(async () => {
  ctx = await createTestApp();
  staff = await staffTokens(ctx);
  m = manageClient(ctx);
  const [branch] = await ctx.database.db.select().from(branches).where(eq(branches.id, staff.branchId));
  today = localDate(new Date(), branch!.timeZone);
}, 240_000);
afterAll(async () => {
  await ctx?.close();
});

const plusDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
let phoneSeq = 0;
const trustedPhone = () => `+7702${String(3_000_000 + process.pid * 41 + ++phoneSeq).slice(-7)}`;
async function granted(orderIds: number[], token: string) {
  const phone = trustedPhone();
  const res = await m.call('POST', '/trusted', {
    token,
    body: { name: 'Dana Ermekova', phone, order_ids: orderIds, valid_from: today, valid_to: plusDays(today, 2) },
  });
  expect(res.status, res.body).toBe(201);
  return { id: res.json.data.id as number, phone, token: ctx.sms.lastCode(phone) };
}
const edit = (token: string, id: number, body: Record<string, unknown>, lang = 'en') =>
  m.call('PATCH', `/trusted/${id}`, { token, lang, body: { valid_from: today, valid_to: plusDays(today, 2), ...body } });
const rowOf = async (id: number) => (await ctx.database.db.select().from(trustedPeople).where(eq(trustedPeople.id, id)))[0]!;
const sentTo = (phone: string) => ctx.sms.sent.filter((s) => s.to === phone);
/** The expiry (unix seconds) a compact trusted token carries: `QRT1.<grant>.<version>.<expiry>.<MAC>`. */
const expiryOf = (token: string) => Number(token.split('.')[3]);

describe('changing a trusted person', () => {
  it('changes the parcels and days; the same QR code collects the new parcel; the audit keeps before and after', async () => {
    const c = await parcelsIn(ctx, 'at_branch', [1, 1]);
    const g = await granted([c.ids[0]!], c.token);
    const res = await edit(c.token, g.id, { order_ids: [c.ids[1]], valid_to: plusDays(today, 1) });
    expect(res.status, res.body).toBe(200);
    expect(res.json.data).toMatchObject({ state: 'active', valid_to: plusDays(today, 1), parcels: [{ id: c.ids[1] }] });
    // An earlier last day needs no new link: nothing sent, the old code still works and now names the other parcel.
    expect(sentTo(g.phone)).toHaveLength(1);
    const look = await m.lookup(staff.branch, { customer: g.token });
    expect(look.status, look.body).toBe(200);
    expect(look.json.data.parcels.map((p: { id: number }) => p.id)).toEqual([c.ids[1]]);
    const pass = await m.call('GET', `/trusted-pass?token=${encodeURIComponent(g.token)}`);
    expect(pass.json.data).toMatchObject({ codes: [c.codes[1]], valid_to: plusDays(today, 1) });
    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'trusted.update'), eq(auditLog.targetId, String(g.id))));
    expect(audit).toMatchObject({
      before: { codes: [c.codes[0]], from: today, to: plusDays(today, 2) },
      after: { codes: [c.codes[1]], from: today, to: plusDays(today, 1) },
    });
  });

  it('a later last day sends a new link whose code lasts until after it; within a minute of the last send it is refused whole', async () => {
    const c = await parcelsIn(ctx, 'at_branch', [1]);
    const g = await granted(c.ids, c.token);
    const soon = await edit(c.token, g.id, { order_ids: c.ids, valid_to: plusDays(today, 5) });
    expect([soon.status, soon.json.code]).toEqual([429, 'trusted_sms_too_soon']);
    expect((await rowOf(g.id)).validTo).toBe(plusDays(today, 2));
    await ctx.database.db
      .update(trustedPeople)
      .set({ smsSentAt: sql`now() - interval '2 minutes'` })
      .where(eq(trustedPeople.id, g.id));
    const later = await edit(c.token, g.id, { order_ids: c.ids, valid_to: plusDays(today, 5) });
    expect(later.status, later.body).toBe(200);
    expect(sentTo(g.phone)).toHaveLength(2);
    const fresh = ctx.sms.lastCode(g.phone);
    expect(fresh).not.toBe(g.token);
    expect(expiryOf(fresh) * 1000).toBeGreaterThan(Date.parse(`${plusDays(today, 6)}T00:00:00Z`));
    expect(expiryOf(fresh)).toBeGreaterThan(expiryOf(g.token));
    expect((await m.lookup(staff.branch, { customer: fresh })).status).toBe(200);
    expect((await rowOf(g.id)).smsCount).toBe(2);
  });

  it("refuses what naming refuses, someone else's grant, a revoked or ended one, and unknown fields; nothing changes", async () => {
    const c = await parcelsIn(ctx, 'at_branch', [1]);
    const stranger = await parcelsIn(ctx, 'at_branch', [1]);
    // A parcel of theirs going to another branch (readdressed as staff would, straight in the table).
    const elsewhere = await parcelsIn(ctx, 'in_transit', [1], { owner: c });
    await ctx.database.db.update(orders).set({ branchId: staff.otherBranchId }).where(eq(orders.id, elsewhere.ids[0]!));
    const g = await granted(c.ids, c.token);
    const before = await rowOf(g.id);
    const refusals: [Record<string, unknown>, string][] = [
      [{ order_ids: stranger.ids }, 'trusted_parcels_invalid'],
      [{ order_ids: elsewhere.ids }, 'trusted_parcels_invalid'],
      [{ order_ids: [...c.ids, ...elsewhere.ids] }, 'trusted_parcels_invalid'],
      [{ order_ids: c.ids, valid_from: plusDays(today, -1) }, 'trusted_days_invalid'],
      [{ order_ids: c.ids, valid_to: plusDays(today, TRUSTED_MAX_DAYS) }, 'trusted_days_invalid'],
      [{ order_ids: c.ids, valid_from: plusDays(today, 3), valid_to: plusDays(today, 2) }, 'trusted_days_invalid'],
      [{ order_ids: c.ids, name: 'Someone Else' }, 'validation_failed'],
      [{ order_ids: [] }, 'validation_failed'],
    ];
    for (const [body, code] of refusals) {
      const res = await edit(c.token, g.id, body, 'ru');
      expect([res.status, res.json.code], JSON.stringify(body)).toEqual([422, code]);
      expect(res.json.message).toMatch(/[а-я]/);
    }
    expect((await edit(stranger.token, g.id, { order_ids: stranger.ids })).status).toBe(404);
    expect((await edit(c.token, 999_999_999, { order_ids: c.ids })).status).toBe(404);
    expect(await rowOf(g.id)).toEqual(before);

    // A grant whose first day has passed keeps that day and may still change its last one.
    await ctx.database.db
      .update(trustedPeople)
      .set({ validFrom: plusDays(today, -1) })
      .where(eq(trustedPeople.id, g.id));
    const kept = await edit(c.token, g.id, { order_ids: c.ids, valid_from: plusDays(today, -1), valid_to: plusDays(today, 1) });
    expect(kept.status, kept.body).toBe(200);

    await ctx.database.db
      .update(trustedPeople)
      .set({ validFrom: plusDays(today, -5), validTo: plusDays(today, -1) })
      .where(eq(trustedPeople.id, g.id));
    expect((await edit(c.token, g.id, { order_ids: c.ids })).json.code).toBe('trusted_expired');
    expect((await m.call('POST', `/trusted/${g.id}/revoke`, { token: c.token })).status).toBe(200);
    expect((await edit(c.token, g.id, { order_ids: c.ids })).json.code).toBe('trusted_revoked');
  });

  it('simultaneous changes moving the last day later send one link; every answer is whole and the row is one of them', async () => {
    const c = await parcelsIn(ctx, 'at_branch', [1]);
    const g = await granted(c.ids, c.token);
    await ctx.database.db
      .update(trustedPeople)
      .set({ smsSentAt: sql`now() - interval '2 minutes'` })
      .where(eq(trustedPeople.id, g.id));
    const ends = [3, 4, 5, 6, 7, 8].map((n) => plusDays(today, n));
    const answers = await Promise.all(ends.map((to) => edit(c.token, g.id, { order_ids: c.ids, valid_to: to })));
    expect(answers.every((a) => a.status === 200 || (a.status === 429 && a.json.code === 'trusted_sms_too_soon'))).toBe(true);
    const won = answers.filter((a) => a.status === 200);
    expect(won.length).toBeGreaterThanOrEqual(1);
    const row = await rowOf(g.id);
    expect(won.map((a) => a.json.data.valid_to)).toContain(row.validTo);
    // One link sent for the whole burst: the first later day takes the send, the rest wait a minute.
    expect(sentTo(g.phone)).toHaveLength(2);
    expect(row.smsCount).toBe(2);
  });
});
