import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDate, maskPhone, QR_TOKEN_PREFIX, TRUSTED_MAX_ACTIVE, TRUSTED_TOKEN_PREFIX } from '@portal/contract';
import { auditLog, branches, charges, customerBalances, receipts, trustedPeople } from '../src/db/schema';
import { auditSentence } from '../src/modules/audit/audit-words';
import { parcelsIn } from './factories';
import { createTestApp, type TestContext } from './helpers';
import { manageClient, staffTokens, type Staff } from './manage-helpers';

/**
 * Trusted people (issue 37, ADR 091): a customer names someone to collect chosen parcels on chosen days; that person's
 * QR code (its own kind) is checked at every scan; the receipt and the audit log say who collected for whom.
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

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const plusDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
let phoneSeq = 0;
const trustedPhone = () => `+7701${String(5_000_000 + process.pid * 37 + ++phoneSeq).slice(-7)}`;
const grant = (token: string, body: Record<string, unknown>, lang = 'en') =>
  m.call('POST', '/trusted', {
    token,
    lang,
    body: { name: 'Aliya Sadykova', phone: trustedPhone(), valid_from: today, valid_to: plusDays(today, 2), ...body },
  });
/** The QR token the SMS link to `phone` carries (the dev outbox keeps it as the message's code). */
const tokenSentTo = (phone: string) => ctx.sms.lastCode(phone);
const journalBalance = async (token: string) =>
  ((await m.call('GET', '/balance', { token })).json.data.balances as { currency: string; balance: number }[]).map((b) => b.balance);

describe('naming a trusted person', () => {
  it('sends the link by SMS; the public page shows only the codes, branch and days; the counter sees only granted parcels', async () => {
    const c = await parcelsIn(ctx, 'at_branch', [1, 2]);
    const res = await grant(c.token, { order_ids: [c.ids[0]], phone: '8 701 555 12 34' });
    expect(res.status, res.body).toBe(201);
    expect(res.json.data).toMatchObject({ name: 'Aliya Sadykova', phone: '+77015551234', state: 'active', branch: { id: staff.branchId } });
    const sms = ctx.sms.sent.at(-1)!;
    expect(sms.to).toBe('+77015551234');
    expect(sms.text).toContain('/trusted-pass?t=');
    // The link fits an SMS line: the compact token, not a JWT (~200 characters).
    expect(sms.text.match(/https?:\/\/\S+/)![0].length).toBeLessThan(110);
    const token = tokenSentTo('+77015551234');
    expect(token.startsWith(TRUSTED_TOKEN_PREFIX)).toBe(true);

    const pass = await m.call('GET', `/trusted-pass?token=${encodeURIComponent(token)}`, { lang: 'ru' });
    expect(pass.status, pass.body).toBe(200);
    expect(pass.json.data).toMatchObject({ token, name: 'Aliya Sadykova', codes: [c.codes[0]], count: 1, valid_from: today });
    // Nothing else of the customer: no phone, client code, last name, balance or other parcels.
    expect(Object.keys(pass.json.data).sort()).toEqual(['branch', 'codes', 'count', 'for_name', 'name', 'token', 'valid_from', 'valid_to']);
    expect(pass.body).not.toContain(c.user.client_code);
    expect(pass.body).not.toContain(c.codes[1]);

    const look = await m.lookup(staff.branch, { customer: token });
    expect(look.status, look.body).toBe(200);
    expect(look.json.data.parcels.map((p: { id: number }) => p.id)).toEqual([c.ids[0]]);
    expect(look.json.data.trusted).toMatchObject({ name: 'Aliya Sadykova', phone: maskPhone('+77015551234') });
    expect(look.json.data.trusted.for_name).toContain(c.user.first_name);

    // A parcel the grant does not name is refused; without order_ids the granted ones waiting here are handed over.
    const other = await m.complete(staff.branch, {
      customer_id: c.user.id,
      order_ids: [c.ids[1]],
      payments: [],
      accept_debt: true,
      trusted_token: token,
    });
    expect(other.status).toBe(409);
    expect(other.json.code).toBe('trusted_not_granted');
    const done = await m.complete(staff.branch, { customer_id: c.user.id, payments: [], accept_debt: true, trusted_token: token });
    expect(done.status, done.body).toBe(200);
    expect(done.json.data.items.map((i: { order_id: number }) => i.order_id)).toEqual([c.ids[0]]);
    expect(done.json.data.collected_by).toEqual({ name: 'Aliya Sadykova', phone: maskPhone('+77015551234') });

    // The customer's receipt says so, and the audit log's sentence.
    const receipt = await m.call('GET', `/receipts/${done.json.data.id}`, { token: c.token });
    expect(receipt.json.data.collected_by).toEqual({ name: 'Aliya Sadykova', phone: maskPhone('+77015551234') });
    const [row] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'handover.complete'), eq(auditLog.targetId, String(done.json.data.id))));
    const sentence = auditSentence({ ...row!, actorName: 'Clerk', actorPlace: null, targetId: row!.targetId }, 'en');
    expect(sentence).toContain(`collected by Aliya Sadykova (${maskPhone('+77015551234')}) for ${c.user.client_code}`);
    const pdf = await m.call('GET', `/receipts/${done.json.data.id}.pdf`, { token: c.token });
    expect(pdf.status).toBe(200);
  });

  it("keeps a customer's QR code and a trusted one apart, and refuses a revoked one at once", async () => {
    const c = await parcelsIn(ctx, 'at_branch', [1]);
    const phone = trustedPhone();
    expect((await grant(c.token, { order_ids: c.ids, phone })).status).toBe(201);
    const token = tokenSentTo(phone);
    const body = token.slice(TRUSTED_TOKEN_PREFIX.length);
    expect((await m.lookup(staff.branch, { customer: `${QR_TOKEN_PREFIX}${body}` })).json.code).toBe('qr_invalid');
    const own = (await m.call('GET', '/qr', { token: c.token })).json.data.token as string;
    expect((await m.lookup(staff.branch, { customer: `${TRUSTED_TOKEN_PREFIX}${own.slice(QR_TOKEN_PREFIX.length)}` })).json.code).toBe(
      'trusted_invalid',
    );
    // Another branch's clerk: not here.
    expect((await m.lookup(staff.otherBranch, { customer: token })).json.code).toBe('trusted_wrong_branch');

    const id = (await m.call('GET', '/trusted', { token: c.token })).json.data[0].id as number;
    const revoked = await m.call('POST', `/trusted/${id}/revoke`, { token: c.token });
    expect(revoked.json.data.state).toBe('revoked');
    const refused = await m.lookup(staff.branch, { customer: token });
    expect(refused.status).toBe(422);
    expect(refused.json.code).toBe('trusted_revoked');
    const ru = await m.call('POST', '/manage/handover/lookup', { token: staff.branch, body: { customer: token }, lang: 'ru' });
    expect(ru.json.message).toMatch(/отозвал/);
    const complete = await m.complete(staff.branch, { customer_id: c.user.id, payments: [], accept_debt: true, trusted_token: token });
    expect(complete.json.code).toBe('trusted_revoked');
    expect((await m.call('GET', `/trusted-pass?token=${encodeURIComponent(token)}`)).json.code).toBe('trusted_revoked');
    // Someone else cannot revoke it (404), and the parcel still waits for its owner.
    const stranger = await parcelsIn(ctx, 'at_branch', [1]);
    expect((await m.call('POST', `/trusted/${id}/revoke`, { token: stranger.token })).status).toBe(404);
  });

  it('refuses parcels not the caller’s or already handed over, days out of range, and a grant not valid yet', async () => {
    const gone = await parcelsIn(ctx, 'delivered', [1]);
    const c = await parcelsIn(ctx, 'at_branch', [1], { owner: gone });
    const stranger = await parcelsIn(ctx, 'at_branch', [1]);
    for (const ids of [stranger.ids, gone.ids]) {
      const res = await grant(c.token, { order_ids: ids });
      expect(res.status).toBe(422);
      expect(res.json.code).toBe('trusted_parcels_invalid');
    }
    for (const days of [
      { valid_from: plusDays(today, -1), valid_to: today },
      { valid_from: today, valid_to: plusDays(today, 14) },
      { valid_from: plusDays(today, 3), valid_to: plusDays(today, 2) },
    ]) {
      const res = await grant(c.token, { order_ids: c.ids, ...days });
      expect(res.status, JSON.stringify(days)).toBe(422);
      expect(res.json.code).toBe('trusted_days_invalid');
    }
    expect((await grant(c.token, { order_ids: c.ids, phone: '12345' })).status).toBe(422);
    const phone = trustedPhone();
    expect((await grant(c.token, { order_ids: c.ids, phone, valid_from: plusDays(today, 1), valid_to: plusDays(today, 14) })).status).toBe(
      201,
    );
    expect((await m.lookup(staff.branch, { customer: tokenSentTo(phone) })).json.code).toBe('trusted_not_yet');
  });
});

describe('under simultaneous requests', () => {
  it(`names at most ${TRUSTED_MAX_ACTIVE} active trusted people however many requests race`, async () => {
    const c = await parcelsIn(ctx, 'at_branch', [1]);
    const answers = await Promise.all(Array.from({ length: 9 }, () => grant(c.token, { order_ids: c.ids })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(TRUSTED_MAX_ACTIVE);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused.every((a) => a.status === 409 && a.json.code === 'trusted_limit')).toBe(true);
    const rows = await ctx.database.db.select().from(trustedPeople).where(eq(trustedPeople.userId, c.user.id));
    expect(rows).toHaveLength(TRUSTED_MAX_ACTIVE);
  });

  it('re-sends the link once per minute however many requests race', async () => {
    const c = await parcelsIn(ctx, 'at_branch', [1]);
    const made = await grant(c.token, { order_ids: c.ids });
    const id = made.json.data.id as number;
    expect((await m.call('POST', `/trusted/${id}/resend`, { token: c.token })).json.code).toBe('trusted_sms_too_soon');
    await ctx.database.db
      .update(trustedPeople)
      .set({ smsSentAt: sql`now() - interval '2 minutes'` })
      .where(eq(trustedPeople.id, id));
    const answers = await Promise.all(Array.from({ length: 6 }, () => m.call('POST', `/trusted/${id}/resend`, { token: c.token })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(5);
    const [row] = await ctx.database.db.select().from(trustedPeople).where(eq(trustedPeople.id, id));
    expect(row!.smsCount).toBe(2);
  });

  it("of a trusted person's QR racing the owner's, one hand-over wins and the other gets 409; nothing half-written", async () => {
    const rounds = onPostgres ? 6 : 2;
    for (let round = 0; round < rounds; round++) {
      const c = await parcelsIn(ctx, 'at_branch', [1, 1.5]);
      const phone = trustedPhone();
      expect((await grant(c.token, { order_ids: c.ids, phone })).status).toBe(201);
      const token = tokenSentTo(phone);
      const qr = (await m.call('GET', '/qr', { token: c.token })).json.data.token as string;
      const [owner, trusted] = await Promise.all([
        m
          .lookup(staff.branch, { customer: qr })
          .then(() => m.complete(staff.branch, { customer_id: c.user.id, order_ids: c.ids, payments: [], accept_debt: true })),
        m.complete(staff.branch, { customer_id: c.user.id, order_ids: c.ids, payments: [], accept_debt: true, trusted_token: token }),
      ]);
      const statuses = [owner.status, trusted.status].sort();
      expect(statuses, `${owner.body} ${trusted.body}`).toEqual([200, 409]);
      const loser = owner.status === 409 ? owner : trusted;
      expect(loser.json.code).toBe('handover_changed');
      expect(loser.json.message).toBeTruthy();
      // One receipt, one charge; the journal and the kept balance agree.
      const kept = await ctx.database.db.select().from(receipts).where(eq(receipts.userId, c.user.id));
      expect(kept).toHaveLength(1);
      expect(Boolean(kept[0]!.collectedBy)).toBe(trusted.status === 200);
      const charged = await ctx.database.db.select().from(charges).where(eq(charges.userId, c.user.id));
      expect(charged).toHaveLength(1);
      const balance = await ctx.database.db.select().from(customerBalances).where(eq(customerBalances.userId, c.user.id));
      expect(balance.map((b) => b.balance)).toEqual(await journalBalance(c.token));
      expect(balance[0]!.balance).toBe(kept[0]!.total);
    }
  });

  it('a revocation racing a trusted hand-over: the hand-over is whole or refused, never half-written', async () => {
    const c = await parcelsIn(ctx, 'at_branch', [1]);
    const phone = trustedPhone();
    const id = (await grant(c.token, { order_ids: c.ids, phone })).json.data.id as number;
    const token = tokenSentTo(phone);
    const [handed, revoked] = await Promise.all([
      m.complete(staff.branch, { customer_id: c.user.id, payments: [], accept_debt: true, trusted_token: token }),
      m.call('POST', `/trusted/${id}/revoke`, { token: c.token }),
    ]);
    expect(revoked.status).toBe(200);
    const kept = await ctx.database.db.select().from(receipts).where(eq(receipts.userId, c.user.id));
    if (handed.status === 200) expect(kept).toHaveLength(1);
    else {
      expect(handed.json.code).toBe('trusted_revoked');
      expect(kept).toHaveLength(0);
    }
  });
});
