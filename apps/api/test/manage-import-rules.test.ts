import { readSheet } from 'read-excel-file/node';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, imports, orders } from '../src/db/schema';
import { staffAt } from './factories';
import { createTestApp, registerCustomer, type TestContext } from './helpers';
import { manageClient, newCode, staffTokens, upload, type Staff } from './manage-helpers';

/** Import rules of ADR 074: dimension columns, column mapping per layout, undo within the hour, the rejected-rows file. */
let ctx: TestContext;
let staff: Staff;
let m: ReturnType<typeof manageClient>;
beforeAll(async () => {
  ctx = await createTestApp();
  staff = await staffTokens(ctx);
  m = manageClient(ctx);
});
afterAll(async () => ctx.close());

const csvFile = (text: string, name = 'parcels.csv') => [{ field: 'file', name, type: 'text/csv', bytes: Buffer.from(text, 'utf8') }];
const importCsv = async (lines: string[], token = staff.warehouse, name?: string) => {
  const res = await upload(ctx, '/manage/imports', token, csvFile(lines.join('\r\n'), name));
  expect(res.status).toBe(200);
  return res.json.data as { id: number; counts: Record<string, number>; layout: { source: string; header: boolean; mapping: object } };
};
const rowsOf = async (id: number, lang = 'en') =>
  (await m.call('GET', `/manage/imports/${id}?filters[per_page]=100`, { token: staff.warehouse, lang })).json.data.rows as {
    row: number;
    track_code: string;
    outcome: string;
    reason: string | null;
    weight: number | null;
    dimensions: { length: number; width: number; height: number } | null;
    chargeable_weight: number | null;
  }[];
const commit = async (id: number, token = staff.warehouse) => {
  const res = await m.call('POST', `/manage/imports/${id}/commit`, { token });
  expect(res.status).toBe(200);
  return res.json.data;
};
const undo = (id: number, token = staff.warehouse, lang = 'en') => m.call('POST', `/manage/imports/${id}/undo`, { token, lang });
const parcelsOf = (codes: string[]) => ctx.database.db.select().from(orders).where(inArray(orders.trackCode, codes));

describe('import: dimension columns', () => {
  it('reads length, width and height in cm and stores the volumetric weight exactly as a parcel received by hand', async () => {
    const [bulky, heavy, broken, byHand] = [newCode(), newCode(), newCode(), newCode()];
    const imp = await importCsv([
      'Track;Weight, kg;Client;Name;Length, cm;Width, cm;Height, cm',
      `${bulky};1;;Pillow;50;40;30`,
      `${heavy};5;;Iron;10;10;10`,
      `${broken};1;;;50;;30`,
    ]);
    expect(imp.layout).toMatchObject({ source: 'detected', header: true, mapping: { length: 4, width: 5, height: 6 } });
    const rows = await rowsOf(imp.id);
    expect(rows.map((r) => r.outcome)).toEqual(['unclaimed', 'unclaimed', 'invalid']);
    expect(rows[2]!.reason).toBe('Dimensions must be three sides in cm above 0 and at most 300, up to one decimal');
    expect(rows[0]!.dimensions).toEqual({ length: 50, width: 40, height: 30 });
    expect(rows[1]!.chargeable_weight).toBe(5);

    // The same parcel received by hand gives the rule's own numbers.
    const hand = await m.receive(staff.warehouse, { track_code: byHand, weight: 1, dimensions: { length: 50, width: 40, height: 30 } });
    expect(hand.status).toBe(200);
    await commit(imp.id);
    const [h] = await parcelsOf([byHand]);
    const stored = new Map((await parcelsOf([bulky, heavy])).map((o) => [o.trackCode, o]));
    expect(Number(h!.volumetricWeight)).toBeGreaterThan(1);
    expect(rows[0]!.chargeable_weight).toBe(Number(h!.volumetricWeight));
    expect(stored.get(bulky)).toMatchObject({ dimensions: { length: 50, width: 40, height: 30 }, volumetricDivisor: h!.volumetricDivisor });
    expect(Number(stored.get(bulky)!.volumetricWeight)).toBe(Number(h!.volumetricWeight));
    expect(Number(stored.get(heavy)!.volumetricWeight)).toBeLessThan(5);
    expect((await parcelsOf([broken])).length).toBe(0);
  });
});

describe('import: column mapping', () => {
  const headers = 'Mass;Shipment;Buyer;L;W;H';
  const mapping = { header: true, columns: { track: 1, weight: 0, client: 2, name: null, length: 3, width: 4, height: 5 } };

  it('unknown headers are read by position; staff map the columns; the next file with those headers is read that way at once', async () => {
    const first = await importCsv([headers, `1,5;${newCode()};;20;20;20`, `2;${newCode()};;;;`]);
    expect(first.layout.source).toBe('positional');
    expect(first.counts.invalid).toBe(3); // the header line and both rows: weights where codes should be

    const url = `/manage/imports/${first.id}/mapping`;
    // A mapping without the tracking code, with one column twice, or with two sides of three is refused.
    const bad = [
      { ...mapping, columns: { ...mapping.columns, track: null } },
      { ...mapping, columns: { ...mapping.columns, client: 1 } },
      { ...mapping, columns: { ...mapping.columns, height: null } },
      { header: 'yes', columns: mapping.columns },
      { ...mapping, columns: { ...mapping.columns, track: 9999 } },
    ];
    for (const body of bad) expect((await m.call('POST', url, { token: staff.warehouse, body })).status).toBe(422);
    // Another warehouse clerk cannot remap my import.
    const other = await staffAt(ctx, { kind: 'china_warehouse' });
    expect((await m.call('POST', url, { token: other.token, body: mapping })).status).toBe(404);

    const remapped = await m.call('POST', url, { token: staff.warehouse, body: mapping });
    expect(remapped.status).toBe(200);
    expect(remapped.json.data.counts).toMatchObject({ total: 2, unclaimed: 2, invalid: 0 });
    expect(remapped.json.data.layout).toMatchObject({ source: 'manual', header: true, mapping: mapping.columns });
    expect(remapped.json.data.layout.columns[1]).toEqual({ index: 1, header: 'Shipment', sample: expect.stringMatching(/^YT/) });
    const rows = await rowsOf(first.id);
    expect(rows[0]).toMatchObject({ weight: 1.5, dimensions: { length: 20, width: 20, height: 20 } });
    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'import.mapping'), eq(auditLog.targetId, String(first.id))));
    expect(audit).toHaveLength(1);

    // The same headers again (other rows, other case and spaces): read with the saved mapping, no step needed.
    const again = await importCsv([' mass ;SHIPMENT;Buyer;L;W;H', `3;${newCode()};;;;`, `4;${newCode()};;10;10;10`], other.token);
    expect(again.layout).toMatchObject({ source: 'saved', header: true, mapping: mapping.columns });
    expect(again.counts).toMatchObject({ total: 2, unclaimed: 2, invalid: 0 });
    // Other headers are not affected.
    const different = await importCsv(['Mass;Shipment;Buyer', `3;${newCode()};`]);
    expect(different.layout.source).toBe('positional');

    // Once committed, the mapping cannot change any more.
    await commit(first.id);
    const late = await m.call('POST', url, { token: staff.warehouse, body: mapping, lang: 'ru' });
    expect(late.status).toBe(409);
    expect(late.json).toMatchObject({ code: 'import_committed', message: 'Этот импорт уже применён' });
  });
});

describe('import: undo within the hour', () => {
  it('the importer or an admin takes every parcel back, once; others cannot', async () => {
    const codes = [newCode(), newCode()];
    const imp = await importCsv(['Track;Weight', `${codes[0]};1`, `${codes[1]};2`]);
    expect((await undo(imp.id, staff.warehouse, 'ru')).json).toMatchObject({
      code: 'import_not_committed',
      message: 'Этот импорт ещё не применён: отменять нечего',
    });
    const done = await commit(imp.id);
    expect(done.undo_until).toBe(new Date(Date.parse(done.committed_at) + 3_600_000).toISOString());
    expect(await parcelsOf(codes)).toHaveLength(2);

    const other = await staffAt(ctx, { kind: 'china_warehouse' });
    expect((await undo(imp.id, other.token)).status).toBe(404);
    expect((await undo(imp.id, staff.branch)).status).toBe(403);

    const res = await undo(imp.id);
    expect(res.status).toBe(200);
    expect(res.json.data.undone_at).not.toBeNull();
    expect(await parcelsOf(codes)).toHaveLength(0);
    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'import.undo'), eq(auditLog.targetId, String(imp.id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).toMatchObject({ removed: 2 });
    const twice = await undo(imp.id, staff.warehouse, 'kk');
    expect(twice.status).toBe(409);
    expect(twice.json).toMatchObject({ code: 'import_undone', message: 'Бұл импорт бұрын кері қайтарылған' });

    // The codes are free again: a new import receives them.
    const redo = await importCsv(['Track;Weight', `${codes[0]};1`]);
    expect(redo.counts.unclaimed).toBe(1);
    // An admin may undo another's import.
    await commit(redo.id);
    expect((await undo(redo.id, staff.admin)).status).toBe(200);
  });

  it('is refused after the hour and once a parcel has moved on, in the caller’s language, changing nothing', async () => {
    const late = [newCode()];
    const old = await importCsv(['Track;Weight', `${late[0]};1`]);
    await commit(old.id);
    await ctx.database.db
      .update(imports)
      .set({ committedAt: sql`now() - interval '61 minutes'` })
      .where(eq(imports.id, old.id));
    const expired = await undo(old.id, staff.warehouse, 'ru');
    expect(expired.status).toBe(409);
    expect(expired.json).toMatchObject({
      code: 'import_undo_expired',
      message: 'Импорт можно отменить только в течение часа после применения',
    });
    expect(await parcelsOf(late)).toHaveLength(1);
    const [kept] = await ctx.database.db.select().from(imports).where(eq(imports.id, old.id));
    expect(kept!.undoneAt).toBeNull();

    const owner = await registerCustomer(ctx);
    const codes = [newCode(), newCode()];
    const imp = await importCsv(['Track;Weight;Client', `${codes[0]};1;${owner.user.client_code}`, `${codes[1]};1;`]);
    await commit(imp.id);
    // One of them is dispatched: the import as a whole can no longer be taken back.
    expect((await m.dispatch(staff.warehouse, { track_codes: [codes[0]] })).json.data.counts.moved).toBe(1);
    const moved = await undo(imp.id, staff.warehouse, 'en');
    expect(moved.status).toBe(409);
    expect(moved.json.code).toBe('import_undo_moved');
    expect(moved.json.message).toContain('moved on');
    expect(await parcelsOf(codes)).toHaveLength(2);
    const [still] = await ctx.database.db.select().from(imports).where(eq(imports.id, imp.id));
    expect(still!.undoneAt).toBeNull();
  });

  it('a burst of parallel undo requests: exactly one wins, the parcels are removed once', async () => {
    const codes = Array.from({ length: 5 }, () => newCode());
    const imp = await importCsv(['Track;Weight', ...codes.map((c) => `${c};1`)]);
    await commit(imp.id);
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => undo(imp.id, i % 2 ? staff.admin : staff.warehouse)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409 && a.json.code === 'import_undone')).toHaveLength(11);
    expect(await parcelsOf(codes)).toHaveLength(0);
    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'import.undo'), eq(auditLog.targetId, String(imp.id))));
    expect(audit).toHaveLength(1);
  });
});

describe('import: rejected rows as a file', () => {
  it('gives the original cells of every invalid and duplicate row with the reason in the importer’s language', async () => {
    const [ok, rep] = [newCode(), newCode()];
    const imp = await importCsv([
      'Трек;Вес;Клиент;Товар;Примечание',
      `${ok};1;;Кружка;`,
      `AB;1;;Ложка;хрупкое`,
      `${rep};;;Вилка;`,
      `${ok};2;;Кружка;повтор`,
    ]);
    const get = (format: string, lang: string) =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/manage/imports/${imp.id}/rejected?format=${format}`,
        headers: { authorization: `Bearer ${staff.warehouse}`, 'accept-language': lang },
      });
    const x = await get('xlsx', 'ru');
    expect(x.statusCode).toBe(200);
    expect(x.headers['content-disposition']).toContain('parcels_rejected.xlsx');
    const sheet = await readSheet(x.rawPayload);
    expect(sheet[0]).toEqual(['Строка', 'Трек', 'Вес', 'Клиент', 'Товар', 'Примечание', 'Причина']);
    expect(sheet.slice(1).map((r) => [r[0], r[1], r[4], r[5], r[6]])).toEqual([
      [3, 'AB', 'Ложка', 'хрупкое', 'Это не трек-код (5–40 латинских букв, цифр и дефисов)'],
      [4, rep, 'Вилка', null, 'Нет веса'],
      [5, ok, 'Кружка', 'повтор', 'Повторяет строку 2 этого файла'],
    ]);
    const csv = await get('csv', 'kk');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toBe('Жол,Трек,Вес,Клиент,Товар,Примечание,Себебі');
    expect(lines[2]).toMatch(new RegExp(`^4,${rep},,,Вилка,,`));
    // Not the importer's: 404; a format it does not make: 422.
    const other = await staffAt(ctx, { kind: 'china_warehouse' });
    const foreign = await ctx.app.inject({
      method: 'GET',
      url: `/api/manage/imports/${imp.id}/rejected`,
      headers: { authorization: `Bearer ${other.token}` },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await get('pdf', 'en')).statusCode).toBe(422);
  });
});
