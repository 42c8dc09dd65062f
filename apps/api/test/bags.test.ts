import { and, eq, inArray } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import readXlsx from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatBagNumber, formatParcelNumber } from '@portal/contract';
import { orderEvents, orders, orderStatuses } from '../src/db/schema';
import { parcelsIn } from './factories';
import { createTestApp, type TestContext } from './helpers';
import { manageClient, newCode, staffTokens, type Staff } from './manage-helpers';

/** Bags (issue 35, ADR 082): packing with every scan outcome, the weighing tolerance, races, flights, arrival, manifest. */
let ctx: TestContext;
let staff: Staff;
let m: ReturnType<typeof manageClient>;
beforeAll(async () => {
  ctx = await createTestApp();
  staff = await staffTokens(ctx);
  m = manageClient(ctx);
});
afterAll(async () => ctx.close());

const today = new Date().toISOString().slice(0, 10);
const post = (url: string, body: unknown, token = staff.warehouse, lang = 'en') => m.call('POST', url, { token, body, lang });
const get = (url: string, token = staff.warehouse, lang = 'en') => m.call('GET', url, { token, lang });
const setTolerance = async (t: { tare_grams: number; tolerance_grams: number; tolerance_bp: number }) => {
  const res = await m.call('PUT', '/admin/settings/bags', { token: staff.admin, body: t });
  expect(res.status, res.body).toBe(200);
};
const atWarehouse = (weights: number[], branchId = staff.branchId) =>
  parcelsIn(ctx, 'china_warehouse', weights, { customer: { branchId }, prefix: 'BG' });
const openBag = async (branchId = staff.branchId) => {
  const res = await post('/manage/bags', { branch_id: branchId });
  expect(res.status, res.body).toBe(200);
  return res.json.data.id as number;
};
const scanIn = (id: number, codes: string[], lang = 'en') => post(`/manage/bags/${id}/items`, { codes }, staff.warehouse, lang);
const weigh = (id: number, grams: number) => post(`/manage/bags/${id}/weigh`, { weight_grams: grams });
const seal = (id: number) => post(`/manage/bags/${id}/seal`, {});
/** A bag of these parcels for the demo branch, weighed at `grams` (not sealed). */
const bagOf = async (weights: number[], grams?: number) => {
  const made = await atWarehouse(weights);
  const id = await openBag();
  expect((await scanIn(id, made.codes)).json.data.results.every((r: { outcome: string }) => r.outcome === 'added')).toBe(true);
  if (grams !== undefined) expect((await weigh(id, grams)).status).toBe(200);
  return { id, made };
};
const newFlight = async (branchIds: number[]) => {
  const res = await post('/manage/flights', {
    mode: 'truck',
    carrier_ref: `BAG-${branchIds.join('-')}`,
    departure_date: today,
    arrivals: branchIds.map((b) => ({ branch_id: b, expected_arrival: today })),
  });
  expect(res.status, res.body).toBe(200);
  return res.json.data.id as number;
};
const statusesOf = async (ids: number[]) =>
  (
    await ctx.database.db
      .select({ code: orderStatuses.code, flightId: orders.flightId })
      .from(orders)
      .innerJoin(orderStatuses, eq(orderStatuses.id, orders.statusId))
      .where(inArray(orders.id, ids))
  ).map((r) => r.code);

describe('packing a bag', () => {
  it('adds received parcels of its branch by tracking code or P number; every other scan has its own outcome in kk/ru/en', async () => {
    await setTolerance({ tare_grams: 300, tolerance_grams: 200, tolerance_bp: 0 });
    const mine = await atWarehouse([1.2, 0.8]);
    const elsewhere = await atWarehouse([1], staff.otherBranchId);
    const gone = await parcelsIn(ctx, 'in_transit', [1], { customer: { branchId: staff.branchId } });
    const unclaimed = await parcelsIn(ctx, 'unclaimed', [1]);
    const id = await openBag();
    const other = await openBag();
    const otherMade = await atWarehouse([0.5]);
    expect((await scanIn(other, otherMade.codes)).json.data.results[0].outcome).toBe('added');

    const number = formatParcelNumber(mine.ids[1]!);
    const misread = number.slice(0, -1) + String((Number(number.slice(-1)) + 1) % 10);
    const res = await scanIn(id, [
      mine.codes[0]!,
      number.toLowerCase(),
      elsewhere.codes[0]!,
      gone.codes[0]!,
      unclaimed.codes[0]!,
      'NOSUCHCODE1',
      misread,
      otherMade.codes[0]!,
      mine.codes[0]!,
    ]);
    expect(res.status, res.body).toBe(200);
    const outcomes = res.json.data.results.map((r: { outcome: string }) => r.outcome);
    expect(outcomes).toEqual([
      'added',
      'added',
      'other_branch',
      'wrong_status',
      'unclaimed',
      'not_found',
      'invalid_number',
      'in_other_bag',
    ]);
    expect(res.json.data.results[7].message).toBe(`Already in bag ${formatBagNumber(other)}`);
    expect(res.json.data.bag).toMatchObject({ number: formatBagNumber(id), status: 'open', parcels: 2 });
    expect(res.json.data.bag.check).toMatchObject({
      parcels_grams: 2000,
      tare_grams: 300,
      expected_grams: 2300,
      allowed_grams: 200,
      ok: false,
    });
    expect(res.json.data.bag.items.map((p: { track_code: string }) => p.track_code).sort()).toEqual([...mine.codes].sort());

    // Again, in Russian and Kazakh: the same outcomes, in the clerk's language.
    const ru = await scanIn(id, [mine.codes[0]!, misread, elsewhere.codes[0]!], 'ru');
    expect(ru.json.data.results.map((r: { message: string }) => r.message)).toEqual([
      'Уже в этом мешке',
      'Номер считан с ошибкой (неверная контрольная цифра): отсканируйте снова',
      expect.stringMatching(/^Адресована в другой филиал: .+/),
    ]);
    const kk = await scanIn(id, [mine.codes[0]!], 'kk');
    expect(kk.json.data.results[0].message).toBe('Бұл қапта бар');

    // Out and in again; a parcel of nobody's bag, someone else's bag id → 404.
    const out = await m.call('DELETE', `/manage/bags/${id}/items/${mine.ids[0]}`, { token: staff.warehouse });
    expect(out.json.data.parcels).toBe(1);
    expect((await m.call('DELETE', `/manage/bags/${id}/items/${mine.ids[0]}`, { token: staff.warehouse })).status).toBe(404);
    expect((await scanIn(id, [mine.codes[0]!])).json.data.results[0].outcome).toBe('added');
    expect((await get('/manage/bags/999999')).status).toBe(404);
    // Branch staff do not pack bags.
    expect((await post(`/manage/bags/${id}/items`, { codes: [mine.codes[0]] }, staff.branch)).status).toBe(403);
  });

  it('seals only within the tolerance: exactly at the limit passes, one gram over is refused (grams and percent)', async () => {
    await setTolerance({ tare_grams: 300, tolerance_grams: 100, tolerance_bp: 0 });
    // 2 kg of parcels + 300 g tare = 2300 g expected, ± 100 g.
    for (const [grams, ok] of [
      [2401, false],
      [2199, false],
      [2400, true],
      [2200, true],
    ] as const) {
      const { id } = await bagOf([1.5, 0.5], grams);
      const res = await seal(id);
      expect([grams, res.status], res.body).toEqual([grams, ok ? 200 : 422]);
      if (!ok) {
        expect(res.json.code).toBe('bag_weight_out_of_tolerance');
        expect(res.json.message).toContain('2300');
      } else expect(res.json.data).toMatchObject({ status: 'sealed', check: { ok: true, expected_grams: 2300 } });
    }
    // 5 % of 2300 g = 115 g, more than the 100 g: the larger one counts.
    await setTolerance({ tare_grams: 300, tolerance_grams: 100, tolerance_bp: 500 });
    expect((await seal((await bagOf([1.5, 0.5], 2415)).id)).status).toBe(200);
    expect((await seal((await bagOf([1.5, 0.5], 2416)).id)).status).toBe(422);
    // A sealed bag keeps its tolerance; a change of the settings does not change its check.
    const kept = await bagOf([1], 1400);
    expect((await seal(kept.id)).status).toBe(200);
    await setTolerance({ tare_grams: 0, tolerance_grams: 0, tolerance_bp: 0 });
    expect((await get(`/manage/bags/${kept.id}`)).json.data.check).toMatchObject({ tare_grams: 300, ok: true });
    await setTolerance({ tare_grams: 300, tolerance_grams: 200, tolerance_bp: 0 });

    // Empty or not weighed: refused with their own words; a sealed bag takes no more parcels.
    expect((await seal(await openBag())).json.code).toBe('bag_empty');
    expect((await seal((await bagOf([1])).id)).json.code).toBe('bag_not_weighed');
    const more = await atWarehouse([1]);
    const refused = await scanIn(kept.id, more.codes);
    expect([refused.status, refused.json.code]).toEqual([409, 'bag_not_open']);
    expect(refused.json.message).toContain(formatBagNumber(kept.id));
    expect((await weigh(kept.id, 1000)).status).toBe(409);
  });

  it('a seal racing parcels being added leaves either the sealed bag as weighed or the parcels in an open bag', async () => {
    await setTolerance({ tare_grams: 300, tolerance_grams: 200, tolerance_bp: 0 });
    for (let round = 0; round < 4; round++) {
      const { id } = await bagOf([1], 1300);
      const extra = await atWarehouse([1, 1, 1, 1]);
      const answers = await Promise.all([
        ...extra.codes.slice(0, 2).map((c) => scanIn(id, [c])),
        seal(id),
        ...extra.codes.slice(2).map((c) => scanIn(id, [c])),
      ]);
      const sealAnswer = answers[2]!;
      const adds = answers.filter((_, i) => i !== 2);
      const added = adds.filter((a) => a.status === 200 && a.json.data.results[0].outcome === 'added').length;
      const bag = (await get(`/manage/bags/${id}`)).json.data;
      expect(bag.parcels).toBe(1 + added);
      if (sealAnswer.status === 200) {
        expect(added).toBe(0);
        expect(adds.every((a) => a.status === 409 && a.json.code === 'bag_not_open')).toBe(true);
        expect(bag).toMatchObject({ status: 'sealed', check: { ok: true } });
      } else {
        expect(sealAnswer.json.code).toBe('bag_weight_out_of_tolerance');
        expect(added).toBeGreaterThan(0);
        expect(bag).toMatchObject({ status: 'open', check: { ok: false } });
      }
    }
  });
});

describe('two bags racing for the same parcels', () => {
  it('each parcel goes into exactly one bag; the other scan says which', async () => {
    const made = await atWarehouse([1, 1, 1]);
    const [a, b] = [await openBag(), await openBag()];
    const answers = await Promise.all([a, b, a, b].map((id) => scanIn(id, made.codes)));
    for (const res of answers) expect(res.status, res.body).toBe(200);
    for (const [i, code] of made.codes.entries()) {
      const outcomes = answers.map((r) => r.json.data.results[i]);
      expect(outcomes.every((o: { code: string }) => o.code === code)).toBe(true);
      expect(outcomes.filter((o: { outcome: string }) => o.outcome === 'added')).toHaveLength(1);
    }
    const [inA, inB] = [(await get(`/manage/bags/${a}`)).json.data, (await get(`/manage/bags/${b}`)).json.data];
    expect(inA.parcels + inB.parcels).toBe(3);
    const holder = (code: string) => (inA.items.some((p: { track_code: string }) => p.track_code === code) ? a : b);
    for (const res of answers)
      for (const r of res.json.data.results as { code: string; outcome: string; message: string }[])
        if (r.outcome === 'in_other_bag') expect(r.message).toBe(`Already in bag ${formatBagNumber(holder(r.code))}`);
  });
});

describe('bags on flights and at the branch', () => {
  it('dispatches all parcels with the bag, makes them arrive with one scan (once under a burst), lists missing and extra', async () => {
    await setTolerance({ tare_grams: 300, tolerance_grams: 200, tolerance_bp: 0 });
    const { id, made } = await bagOf([1, 2, 0.5], 3800);
    const elsewhere = await newFlight([staff.otherBranchId]);
    const flight = await newFlight([staff.branchId, staff.otherBranchId]);
    expect((await post(`/manage/bags/${id}/dispatch`, { flight_id: flight })).json.code).toBe('bag_not_sealed');
    expect((await seal(id)).status).toBe(200);
    const wrong = await post(`/manage/bags/${id}/dispatch`, { flight_id: elsewhere });
    expect([wrong.status, wrong.json.code]).toEqual([422, 'bag_not_on_flight']);
    expect((await post(`/manage/bags/${id}/dispatch`, { flight_id: 999999 })).status).toBe(404);
    const sent = await post(`/manage/bags/${id}/dispatch`, { flight_id: flight });
    expect(sent.json.data).toMatchObject({ status: 'dispatched', flight: { id: flight } });
    expect(await statusesOf(made.ids)).toEqual(['in_transit', 'in_transit', 'in_transit']);
    expect((await post(`/manage/bags/${id}/dispatch`, { flight_id: flight })).status).toBe(409);

    // The branch: a misread bag number, a parcel's number, another branch's clerk, then two clerks at once.
    const bagNo = formatBagNumber(id);
    const misread = bagNo.slice(0, -1) + String((Number(bagNo.slice(-1)) + 3) % 10);
    expect((await post('/manage/bag-arrival', { code: misread }, staff.branch)).json.code).toBe('bag_number_invalid');
    expect((await post('/manage/bag-arrival', { code: formatParcelNumber(made.ids[0]!) }, staff.branch)).json.code).toBe(
      'bag_number_unknown',
    );
    expect((await post('/manage/bag-arrival', { code: formatBagNumber(999_999) }, staff.branch)).status).toBe(404);
    const other = await post('/manage/bag-arrival', { code: bagNo }, staff.otherBranch);
    expect([other.status, other.json.code]).toEqual([409, 'bag_other_branch']);
    expect((await post(`/manage/bag-arrival/${id}/scan`, { codes: [made.codes[0]] }, staff.branch)).json.code).toBe('bag_not_arrived');

    const answers = await Promise.all([
      post('/manage/bag-arrival', { code: bagNo }, staff.branch),
      post('/manage/bag-arrival', { code: bagNo.toLowerCase(), branch_id: staff.branchId }, staff.admin),
    ]);
    for (const a of answers) expect(a.status, a.body).toBe(200);
    expect(answers.map((a) => a.json.data.outcome).sort()).toEqual(['already_arrived', 'arrived']);
    expect(answers.map((a) => a.json.data.arrived_now).sort()).toEqual([0, 3]);
    const second = answers.find((a) => a.json.data.outcome === 'already_arrived')!;
    expect(second.json.data.message).toBe('This bag has already arrived: its parcels were received before');
    expect(await statusesOf(made.ids)).toEqual(['at_branch', 'at_branch', 'at_branch']);
    const arrivedEvents = await ctx.database.db
      .select({ id: orderEvents.id })
      .from(orderEvents)
      .where(and(inArray(orderEvents.orderId, made.ids), eq(orderEvents.action, 'arrived')));
    expect(arrivedEvents).toHaveLength(3);

    // Parcels found in it: one of its own twice, a stranger, a misread number; the rest is missing.
    const stranger = await parcelsIn(ctx, 'china_warehouse', [1], { customer: { branchId: staff.branchId } });
    const scan = await post(
      `/manage/bag-arrival/${id}/scan`,
      { codes: [made.codes[0], formatParcelNumber(made.ids[0]!), stranger.codes[0], 'X' + newCode()] },
      staff.branch,
      'ru',
    );
    expect(scan.status, scan.body).toBe(200);
    expect(scan.json.data.results.map((r: { outcome: string }) => r.outcome)).toEqual(['found', 'already_found', 'extra', 'not_found']);
    expect(scan.json.data.results[2].message).toBe('Не из этого мешка: в списке лишних');
    expect(scan.json.data.found.map((p: { track_code: string }) => p.track_code)).toEqual([made.codes[0]]);
    expect(scan.json.data.missing.map((p: { track_code: string }) => p.track_code).sort()).toEqual(made.codes.slice(1).sort());
    expect(scan.json.data.extra).toEqual([{ code: stranger.codes[0], parcel: null }]);
    // Another branch's clerk cannot read or scan it.
    expect((await post(`/manage/bag-arrival/${id}/scan`, { codes: [made.codes[1]] }, staff.otherBranch)).status).toBe(404);
  });

  it('the manifest lists each bag and its parcels: xlsx rows read back, the PDF parses; the label as PDF and ZPL', async () => {
    await setTolerance({ tare_grams: 250, tolerance_grams: 200, tolerance_bp: 0 });
    const flight = await newFlight([staff.branchId]);
    const a = await bagOf([1.25, 0.75], 2250);
    const b = await bagOf([3], 3250);
    for (const bag of [a, b]) {
      expect((await seal(bag.id)).status).toBe(200);
      expect((await post(`/manage/bags/${bag.id}/dispatch`, { flight_id: flight })).status).toBe(200);
    }
    const xlsx = await ctx.app.inject({
      method: 'GET',
      url: `/api/manage/flights/${flight}/manifest?format=xlsx&lang=en`,
      headers: { authorization: `Bearer ${staff.warehouse}` },
    });
    expect(xlsx.statusCode).toBe(200);
    const sheets = await readXlsx(xlsx.rawPayload);
    const rows = sheets[0]!.data;
    expect(rows[0]).toEqual(['Bag', 'Bag weight, kg', 'Tare, kg', 'Parcel No.', 'Tracking code', 'Client code', 'Weight, kg', 'Branch']);
    const client = a.made.user.client_code;
    const branchName = rows[1]![7];
    const byCode = (code: string) => rows.find((r) => r[4] === code);
    expect(rows).toHaveLength(4);
    expect(byCode(a.made.codes[0]!)).toEqual([
      formatBagNumber(a.id),
      2.25,
      0.25,
      formatParcelNumber(a.made.ids[0]!),
      a.made.codes[0],
      client,
      1.25,
      branchName,
    ]);
    expect(byCode(a.made.codes[1]!)).toEqual([
      formatBagNumber(a.id),
      2.25,
      0.25,
      formatParcelNumber(a.made.ids[1]!),
      a.made.codes[1],
      client,
      0.75,
      branchName,
    ]);
    expect(byCode(b.made.codes[0]!)).toEqual([
      formatBagNumber(b.id),
      3.25,
      0.25,
      formatParcelNumber(b.made.ids[0]!),
      b.made.codes[0],
      b.made.user.client_code,
      3,
      branchName,
    ]);

    const pdf = await ctx.app.inject({
      method: 'GET',
      url: `/api/manage/flights/${flight}/manifest?format=pdf`,
      headers: { authorization: `Bearer ${staff.warehouse}`, 'accept-language': 'kk' },
    });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const parser = new PDFParse({ data: new Uint8Array(pdf.rawPayload) });
    const text = (await parser.getText()).text;
    await parser.destroy();
    expect(text).toContain('BAG-');
    expect(text).toContain('манифесі');
    for (const code of [...a.made.codes, ...b.made.codes]) expect(text).toContain(code);
    expect(text).toContain(formatBagNumber(a.id));
    expect((await get(`/manage/flights/${flight}/manifest?format=xlsx`, staff.branch)).status).toBe(403);

    const zpl = await get(`/manage/bags/${a.id}/label?format=zpl&size=58x40`);
    expect(zpl.headers['content-type']).toContain('text/plain');
    expect(zpl.body).toContain(formatBagNumber(a.id));
    expect(zpl.body).toContain('Parcels: 2');
    const label = await ctx.app.inject({
      method: 'GET',
      url: `/api/manage/bags/${a.id}/label?format=pdf&size=100x150`,
      headers: { authorization: `Bearer ${staff.warehouse}` },
    });
    expect(label.headers['content-type']).toBe('application/pdf');
    expect(label.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('a bag of 300 parcels arrives with one scan, each parcel once', async () => {
    await setTolerance({ tare_grams: 0, tolerance_grams: 0, tolerance_bp: 0 });
    const made = await parcelsIn(ctx, 'china_warehouse', Array(300).fill(0.1), { customer: { branchId: staff.branchId }, prefix: 'BH' });
    const id = await openBag();
    const filled = await scanIn(id, made.codes);
    expect(filled.json.data.bag.parcels).toBe(300);
    expect((await weigh(id, 30_000)).status).toBe(200);
    expect((await seal(id)).status).toBe(200);
    expect((await post(`/manage/bags/${id}/dispatch`, { flight_id: await newFlight([staff.branchId]) })).status).toBe(200);
    const res = await post('/manage/bag-arrival', { code: formatBagNumber(id) }, staff.branch);
    expect(res.json.data).toMatchObject({ outcome: 'arrived', arrived_now: 300 });
    expect(res.json.data.missing).toHaveLength(300);
    expect(new Set(await statusesOf(made.ids))).toEqual(new Set(['at_branch']));
  }, 120_000);
});

describe('admin: the bag tolerance', () => {
  it('is read and saved by admins only, within bounds', async () => {
    expect((await m.call('GET', '/admin/settings/bags', { token: staff.warehouse })).status).toBe(403);
    expect(
      (await m.call('PUT', '/admin/settings/bags', { token: staff.admin, body: { tare_grams: -1, tolerance_grams: 0, tolerance_bp: 0 } }))
        .status,
    ).toBe(422);
    expect(
      (await m.call('PUT', '/admin/settings/bags', { token: staff.admin, body: { tare_grams: 1, tolerance_grams: 0, tolerance_bp: 2001 } }))
        .status,
    ).toBe(422);
    await setTolerance({ tare_grams: 320, tolerance_grams: 150, tolerance_bp: 150 });
    expect((await m.call('GET', '/admin/settings/bags', { token: staff.admin })).json.data).toEqual({
      tare_grams: 320,
      tolerance_grams: 150,
      tolerance_bp: 150,
    });
  });
});
