import { and, asc, eq, inArray } from 'drizzle-orm';
import readXlsx from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '@portal/contract';
import {
  auditLog,
  countries,
  declarationItems,
  declarations,
  notifications,
  orderEvents,
  orders,
  orderStatuses,
  users,
} from '../src/db/schema';
import { renderMessage } from '../src/modules/notifications/notification-texts';
import { aCustomer, parcelIn, parcelsIn, staffAt } from './factories';
import { createTestApp, type TestContext } from './helpers';
import { manageClient, staffTokens, type Staff } from './manage-helpers';

/**
 * Customs on flights (issue 36, ADR 085): the broker's manifest (auth, rows, flags, audit) and "held by customs"
 * (hold, release, arrival refused, races). Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL, where the bursts
 * are real races on separate connections.
 */
let ctx: TestContext;
let staff: Staff;
let m: ReturnType<typeof manageClient>;
let flightId: number;
beforeAll(async () => {
  ctx = await createTestApp();
  staff = await staffTokens(ctx);
  m = manageClient(ctx);
  flightId = await newFlight();
});
afterAll(async () => ctx.close());

const today = new Date().toISOString().slice(0, 10);
async function newFlight(): Promise<number> {
  const res = await m.call('POST', '/manage/flights', {
    token: staff.warehouse,
    body: {
      mode: 'truck',
      carrier_ref: 'CUS-1',
      departure_date: today,
      arrivals: [{ branch_id: staff.branchId, expected_arrival: today }],
    },
  });
  expect(res.status, res.body).toBe(200);
  return res.json.data.id;
}
const manifestUrl = (id: number, format: 'csv' | 'xlsx' = 'csv', lang = 'en') =>
  `/manage/flights/${id}/customs-manifest?format=${format}&lang=${lang}`;
const hold = (id: number, body: unknown, token = staff.warehouse, lang = 'en') =>
  m.call('POST', `/manage/parcels/${id}/customs-hold`, { token, body, lang });
const release = (id: number, token = staff.warehouse, lang = 'en') =>
  m.call('POST', `/manage/parcels/${id}/customs-release`, { token, body: {}, lang });
const inTransit = (opts: Parameters<typeof parcelsIn>[3] = {}, weights = [1]) =>
  parcelsIn(ctx, 'in_transit', weights, { flightId, ...opts });
const statusOf = async (id: number) =>
  (
    await ctx.database.db
      .select({ code: orderStatuses.code, heldAt: orders.customsHeldAt })
      .from(orders)
      .innerJoin(orderStatuses, eq(orderStatuses.id, orders.statusId))
      .where(eq(orders.id, id))
  )[0]!;
const eventsOf = async (id: number) =>
  (
    await ctx.database.db
      .select({ action: orderEvents.action })
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, id), inArray(orderEvents.action, ['customs_held', 'customs_released', 'arrived'])))
      .orderBy(asc(orderEvents.id))
  ).map((e) => e.action);

/** RFC 4180 rows of a CSV body (quoted cells, CRLF), without its BOM. */
function csvRows(body: string): string[][] {
  expect(body.charCodeAt(0)).toBe(0xfeff);
  const rows: string[][] = [];
  for (const line of body.slice(1).split('\r\n').filter(Boolean)) {
    const cells = [...line.matchAll(/"((?:[^"]|"")*)"(?:,|$)/g)].map((c) => c[1]!.replace(/""/g, '"'));
    rows.push(cells);
  }
  return rows;
}

describe('customs manifest', () => {
  it('answers only staff with the exports capability at a place the flight serves; customers 403', async () => {
    const p = await inTransit();
    const url = manifestUrl(flightId);
    expect((await m.call('GET', url, { token: p.token })).status).toBe(403);
    expect((await m.call('GET', url)).status).toBe(401);
    expect((await m.call('GET', url, { token: staff.otherBranch })).status).toBe(403);
    // A clerk of this branch without the exports capability.
    const clerk = await staffAt(ctx, { kind: 'branch', branch_id: staff.branchId });
    const withdrawn = await m.call('PATCH', `/admin/users/${clerk.user.id}`, { token: staff.admin, body: { capabilities: [] } });
    expect(withdrawn.status, withdrawn.body).toBe(200);
    expect((await m.call('GET', url, { token: clerk.token })).status).toBe(403);
    for (const token of [staff.warehouse, staff.branch, staff.admin]) {
      const res = await m.call('GET', url, { token });
      expect(res.status, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="customs-manifest-\d+-CUS-1/);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    expect((await m.call('GET', manifestUrl(999_999), { token: staff.warehouse })).status).toBe(404);
    expect((await m.call('GET', `/manage/flights/${flightId}/customs-manifest?format=pdf`, { token: staff.warehouse })).status).toBe(422);
  });

  it('lists one row per item line, flags a parcel with no items and a missing IIN, and audits who downloaded it', async () => {
    const flight = await newFlight();
    const withIin = await parcelsIn(ctx, 'in_transit', [2.5], {
      flightId: flight,
      customer: { firstName: 'Aigerim', lastName: 'Sadykova' },
    });
    const noIin = await parcelsIn(ctx, 'in_transit', [1], { flightId: flight, customer: { firstName: 'Yerlan', lastName: 'Bekov' } });
    await ctx.database.db.update(users).set({ iin: '900101300015' }).where(eq(users.id, withIin.user.id));
    // The country asks for the IIN from now on (the dispatch gate, ADR 084, let these leave before): the broker's file
    // flags the parcel whose owner still lacks it.
    await ctx.database.db.update(countries).set({ customsId: 'iin' }).where(eq(countries.id, 1));
    const [decl] = await ctx.database.db
      .insert(declarations)
      .values({ userId: withIin.user.id, trackCode: withIin.codes[0]!, declaredValue: 4_500_000, declaredCurrency: 'KZT' })
      .returning();
    await ctx.database.db.insert(declarationItems).values([
      {
        declarationId: decl!.id,
        position: 1,
        description: 'Phone case',
        quantity: 2,
        unitPrice: 1550,
        currency: 'CNY',
        url: 'https://item.taobao.com/1',
      },
      {
        declarationId: decl!.id,
        position: 2,
        description: '=SUM(A1:A9)',
        quantity: 1,
        unitPrice: 9900,
        currency: 'CNY',
        marketplaceOrder: '@42 cmd',
      },
    ]);
    const res = await m.call('GET', manifestUrl(flight), { token: staff.warehouse });
    expect(res.status, res.body).toBe(200);
    const [head, ...rows] = csvRows(res.body);
    const col = (name: string) => head!.indexOf(name);
    expect(rows).toHaveLength(3);
    const mine = rows.filter((r) => r[col('Tracking code')] === withIin.codes[0]);
    expect(
      mine.map((r) => [r[col('Line')], r[col('Description')], r[col('Quantity')], r[col('Unit price')], r[col('Line value')]]),
    ).toEqual([
      ['1', 'Phone case', '2', '15.50', '31.00'],
      ['2', "'=SUM(A1:A9)", '1', '99.00', '99.00'],
    ]);
    expect(mine[0]![col('IIN')]).toBe('900101300015');
    expect(mine[0]![col('Recipient')]).toBe('Sadykova Aigerim');
    expect(mine[0]![col('Declared value')]).toBe('45000.00');
    expect(mine[1]![col('Marketplace order')]).toBe("'@42 cmd");
    expect(mine[0]![col('Check')]).toBe('');
    const other = rows.find((r) => r[col('Tracking code')] === noIin.codes[0])!;
    expect(other[col('Check')]).toBe('IIN missing; No items declared');
    expect(other[col('Line')]).toBe('');

    const xlsx = await ctx.app.inject({
      method: 'GET',
      url: `/api${manifestUrl(flight, 'xlsx', 'ru')}`,
      headers: { authorization: `Bearer ${staff.admin}` },
    });
    expect(xlsx.statusCode).toBe(200);
    const sheets = await readXlsx(xlsx.rawPayload);
    expect(sheets.map((s) => s.sheet)).toEqual(['Манифест', 'Итоги']);
    const summary = new Map(sheets[1]!.data.map((r) => [r[0], r[1]]));
    expect(summary.get('Посылок')).toBe(2);
    expect(summary.get('Нет ИИН / ПИН')).toBe(1);
    expect(summary.get('Посылок без товаров')).toBe(1);
    expect(summary.get('Стоимость товаров, CNY')).toBe(130);
    expect(summary.get('Заявленная стоимость, KZT')).toBe(45000);

    const audits = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'customs.manifest_export'), eq(auditLog.targetId, String(flight))));
    expect(audits).toHaveLength(2);
    expect(audits.map((a) => (a.after as { format: string }).format).sort()).toEqual(['csv', 'xlsx']);
    await ctx.database.db.update(countries).set({ customsId: 'none' }).where(eq(countries.id, 1));
  });
});

describe('held by customs', () => {
  it('holds a parcel in transit with its reason, tells the owner, shows it to both sides, refuses arrival until released', async () => {
    const p = await inTransit({ customer: { lang: 'kk' } });
    const id = p.ids[0]!;
    expect((await hold(id, { reason: 'documents', note: 'invoice' }, p.token)).status).toBe(403);
    expect((await hold(id, { reason: 'documents' }, staff.otherBranch)).status).toBe(403);
    expect((await hold(id, { reason: 'other' })).status).toBe(422);
    expect((await hold(id, { reason: 'smuggling' })).status).toBe(422);

    const held = await hold(id, { reason: 'documents', note: 'invoice for the phone' }, staff.branch);
    expect(held.status, held.body).toBe(200);
    expect(held.json.data.status).toBe('in_transit');
    expect(held.json.data.customs_hold).toMatchObject({
      reason: 'documents',
      note: 'invoice for the phone',
      text: 'Documents requested: invoice for the phone',
    });
    const again = await hold(id, { reason: 'value' });
    expect(again.status).toBe(409);
    expect(again.json.code).toBe('customs_already_held');

    // The customer's card and list say so, the status stays in transit.
    const card = await m.call('GET', `/orders/${id}`, { token: p.token, lang: 'ru' });
    expect(card.json.data.status.code).toBe('in_transit');
    expect(card.json.data.customs_hold).toMatchObject({ reason: 'documents', text: 'Запрошены документы: invoice for the phone' });
    const list = await m.call('GET', `/orders/status/${card.json.data.status.id}/orders`, { token: p.token, lang: 'en' });
    expect(list.json.data.find((o: { id: number }) => o.id === id).customs_hold.text).toBe('Documents requested: invoice for the phone');
    const [message] = await ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, p.user.id), eq(notifications.event, 'parcel_customs_held')));
    expect(message!.params).toMatchObject({ order_id: id, reason: 'documents', note: 'invoice for the phone' });

    // Arrival (scan) is refused with the reason; the bag or a correction cannot get round it either.
    const arrived = await m.arrive(staff.branch, { track_codes: [p.codes[0]] });
    expect(arrived.json.data.results[0]).toMatchObject({
      outcome: 'customs_held',
      message: 'Задержана таможней (Запрошены документы): примите после выпуска',
    });
    expect((await statusOf(id)).code).toBe('in_transit');
    const corrected = await m.call('POST', `/manage/parcels/${id}/corrections`, {
      token: staff.admin,
      body: { kind: 'status', status: 'at_branch', reason: 'arrived', updated_at: held.json.data.updated_at },
    });
    expect(corrected.json?.code ?? corrected.status, corrected.body).toBe('customs_held');

    expect((await release(id, staff.otherBranch)).status).toBe(403);
    const released = await release(id, staff.branch);
    expect(released.status, released.body).toBe(200);
    expect(released.json.data.customs_hold).toBeNull();
    expect((await release(id)).json.code).toBe('customs_not_held');
    const now = await m.arrive(staff.branch, { track_codes: [p.codes[0]] });
    expect(now.json.data.results[0].outcome).toBe('moved');
    expect(await eventsOf(id)).toEqual(['customs_held', 'customs_released', 'arrived']);
    const audit = await ctx.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.targetType, 'order'),
          eq(auditLog.targetId, String(id)),
          inArray(auditLog.action, ['parcel.customs_held', 'parcel.customs_released']),
        ),
      );
    expect(audit.map((a) => a.action).sort()).toEqual(['parcel.customs_held', 'parcel.customs_released']);

    // Only in transit: a parcel at the branch cannot be held.
    const late = await hold(id, { reason: 'inspection' });
    expect(late.json.code).toBe('customs_hold_not_in_transit');
    expect((await hold(999_999_999, { reason: 'inspection' })).status).toBe(404);
  });

  it('lists the held parcels for the branch they are coming to, longest held first, with the reason; released, they leave the list', async () => {
    const p = await inTransit({}, [1, 1]);
    expect((await hold(p.ids[0]!, { reason: 'documents', note: 'invoice for the phone' })).status).toBe(200);
    expect((await hold(p.ids[1]!, { reason: 'inspection' })).status).toBe(200);
    type Row = { id: number; track_code: string; client_code: string; phone_number: string; days: number; note: string };
    const held = async (token: string, lang = 'en') => {
      const res = await m.call('GET', '/manage/worklists/customs_held', { token, lang });
      expect(res.status, res.body).toBe(200);
      return (res.json.data as Row[]).filter((r) => p.ids.includes(r.id));
    };
    const ru = await held(staff.branch, 'ru');
    expect(ru.map((r) => r.id)).toEqual([p.ids[0], p.ids[1]]);
    expect(ru[0]).toMatchObject({ note: 'Запрошены документы: invoice for the phone', days: 0, client_code: p.user.client_code });
    expect(ru[0]!.phone_number).toBe(p.user.phone_number);
    expect(await held(staff.otherBranch)).toEqual([]);
    expect(await held(staff.admin)).toHaveLength(2);
    const csv = await ctx.app.inject({
      method: 'GET',
      url: '/api/manage/reports/export?table=customs_held&format=csv&lang=en',
      headers: { authorization: `Bearer ${staff.branch}` },
    });
    expect(csv.statusCode).toBe(200);
    const rows = csvRows(csv.body);
    expect(rows[0]).toEqual(expect.arrayContaining(['Reason']));
    expect(rows.find((r) => r[0] === p.codes[0])).toEqual(expect.arrayContaining(['Documents requested: invoice for the phone']));
    expect((await release(p.ids[0]!)).status).toBe(200);
    expect((await held(staff.branch)).map((r) => r.id)).toEqual([p.ids[1]]);
  });

  it('holds many parcels of a flight at once, each code with its outcome', async () => {
    const a = await inTransit({}, [1, 1]);
    const arrivedOne = await parcelIn(ctx, 'at_branch', {});
    await hold(a.ids[1]!, { reason: 'value' });
    const res = await m.call('POST', `/manage/flights/${flightId}/customs-hold`, {
      token: staff.warehouse,
      body: { reason: 'inspection', track_codes: [a.codes[0], a.codes[1], arrivedOne.code, 'NOPE000001'] },
    });
    expect(res.status, res.body).toBe(200);
    expect(res.json.data.counts).toEqual({ held: 1, skipped: 3 });
    expect(res.json.data.results.map((r: { outcome: string }) => r.outcome)).toEqual([
      'held',
      'already_held',
      'not_on_flight',
      'not_on_flight',
    ]);
    const otherStaff = await m.call('POST', `/manage/flights/${flightId}/customs-hold`, {
      token: staff.otherBranch,
      body: { reason: 'inspection', track_codes: [a.codes[0]] },
    });
    expect(otherStaff.status).toBe(403);
  });

  it('a bag arriving leaves its held parcels in transit and says how many', async () => {
    const put = await m.call('PUT', '/admin/settings/bags', {
      token: staff.admin,
      body: { tare_grams: 0, tolerance_grams: 100_000, tolerance_bp: 0 },
    });
    expect(put.status, put.body).toBe(200);
    const made = await parcelsIn(ctx, 'china_warehouse', [1, 1], { customer: { branchId: staff.branchId } });
    const bag = (await m.call('POST', '/manage/bags', { token: staff.warehouse, body: { branch_id: staff.branchId } })).json.data.id;
    expect((await m.call('POST', `/manage/bags/${bag}/items`, { token: staff.warehouse, body: { codes: made.codes } })).status).toBe(200);
    expect((await m.call('POST', `/manage/bags/${bag}/weigh`, { token: staff.warehouse, body: { weight_grams: 2000 } })).status).toBe(200);
    expect((await m.call('POST', `/manage/bags/${bag}/seal`, { token: staff.warehouse, body: {} })).status).toBe(200);
    const sent = await m.call('POST', `/manage/bags/${bag}/dispatch`, { token: staff.warehouse, body: { flight_id: flightId } });
    expect(sent.status, sent.body).toBe(200);
    expect((await hold(made.ids[0]!, { reason: 'restricted' })).status).toBe(200);
    const number = sent.json.data.number as string;
    const arrived = await m.call('POST', '/manage/bag-arrival', { token: staff.branch, body: { code: number }, lang: 'en' });
    expect(arrived.status, arrived.body).toBe(200);
    expect(arrived.json.data.message).toBe('Bag arrived: 1 of 2 parcels received. 1 held by customs stay in transit until released');
    expect((await statusOf(made.ids[0]!)).code).toBe('in_transit');
    expect((await statusOf(made.ids[1]!)).code).toBe('at_branch');
  });

  it('tells the owner in their language: kk, ru, en, with the reason', () => {
    const params = { order_id: 1, track_code: 'YT123', name: '', reason: 'customs_id' as const, note: '' };
    const held = LANGUAGES.map((lang) => renderMessage('parcel_customs_held', params, lang));
    expect(held.map((h) => h.title)).toEqual(['Сәлемдеме кеденде ұсталды', 'Посылка задержана таможней', 'Parcel held by customs']);
    expect(held.map((h) => h.body)).toEqual([
      expect.stringContaining('ЖСН немесе ПИН қажет'),
      expect.stringContaining('Нужен ИИН или ПИН'),
      expect.stringContaining('IIN or personal number needed'),
    ]);
    const released = LANGUAGES.map((lang) => renderMessage('parcel_customs_released', params, lang).title);
    expect(released).toEqual(['Кеден сәлемдемені босатты', 'Таможня выпустила посылку', 'Released by customs']);
  });
});

describe('bursts (real races on PostgreSQL)', () => {
  it('a hold racing a release: every answer matches one event, the state matches the last one', async () => {
    const p = await inTransit({}, [1, 1, 1]);
    for (const id of p.ids) {
      expect((await hold(id, { reason: 'documents' })).status).toBe(200);
      const calls = Array.from({ length: 8 }, (_, i) => (i % 2 ? release(id) : hold(id, { reason: 'value' })));
      const answers = await Promise.all(calls);
      const ok = answers.filter((a) => a.status === 200).length;
      expect(
        answers.every((a) => a.status === 200 || a.status === 409),
        JSON.stringify(answers.map((a) => a.body)),
      ).toBe(true);
      const events = await eventsOf(id);
      expect(events.length).toBe(1 + ok);
      // Holds and releases alternate in the history: no two holds, no two releases in a row.
      expect(events.every((e, i) => i === 0 || e !== events[i - 1])).toBe(true);
      expect((await statusOf(id)).heldAt !== null).toBe(events.at(-1) === 'customs_held');
    }
  });

  it('a hold racing an arrival: either it arrived and the hold is refused, or it is held and the arrival refused', async () => {
    const p = await inTransit({}, [1, 1, 1, 1]);
    for (const [i, id] of p.ids.entries()) {
      const [h, a] = await Promise.all([hold(id, { reason: 'inspection' }), m.arrive(staff.branch, { track_codes: [p.codes[i]] })]);
      const { code, heldAt } = await statusOf(id);
      const events = await eventsOf(id);
      if (h.status === 200) {
        expect(a.json.data.results[0].outcome).toBe('customs_held');
        expect({ code, held: heldAt !== null, events }).toEqual({ code: 'in_transit', held: true, events: ['customs_held'] });
      } else {
        expect(h.json.code).toBe('customs_hold_not_in_transit');
        expect(a.json.data.results[0].outcome).toBe('moved');
        expect({ code, held: heldAt !== null, events }).toEqual({ code: 'at_branch', held: false, events: ['arrived'] });
      }
    }
  });
});

void aCustomer;
