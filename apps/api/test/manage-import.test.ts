import writeXlsxFile from 'write-excel-file/node';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imports, orderEvents, orders } from '../src/db/schema';
import { createTestApp, registerCustomer, type TestContext } from './helpers';
import { manageClient, newCode, staffTokens, upload, type Staff } from './manage-helpers';

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

describe('spreadsheet import', () => {
  it('previews every row (new order, unclaimed, duplicate in file and in DB, invalid with why), then commits in one go', async () => {
    const saver = await registerCustomer(ctx);
    const labelled = await registerCustomer(ctx);
    const [saved, byLabel, free, repeated, existing] = [newCode(), newCode(), newCode(), newCode(), newCode()];
    await m.saveTrack(saver.token, saved, 'Phone case');
    await m.receive(staff.warehouse, { track_code: existing, weight: 1 });
    const csv = [
      '\ufeffТрек-код;Вес, кг;Код клиента;Наименование',
      `${saved};1,5;;`,
      `${byLabel.toLowerCase()};2.25 kg;${labelled.user.client_code};"Shoes; size 42"`,
      `${free};0,3;KZ-99999999;`,
      `${repeated};1;;`,
      `${repeated};1;;`,
      `${existing};1;;`,
      `;1;;`,
      `AB;1;;`,
      `${newCode()};;;`,
      `${newCode()};0;;`,
      `${newCode()};1.2345;;`,
      `${newCode()};heavy;;`,
      `;;;`,
    ].join('\r\n');
    const res = await upload(ctx, '/manage/imports', staff.warehouse, csvFile(csv));
    expect(res.status).toBe(200);
    const preview = res.json.data;
    expect(preview.counts).toEqual({ total: 12, new_order: 2, unclaimed: 2, duplicate: 2, invalid: 6 });
    expect(preview.committed_at).toBeNull();

    const detail = await m.call('GET', `/manage/imports/${preview.id}?filters[per_page]=100`, { token: staff.warehouse, lang: 'en' });
    const rows = detail.json.data.rows as {
      row: number;
      outcome: string;
      reason: string | null;
      customer: { id: number } | null;
      name: string;
      weight: number | null;
    }[];
    expect(rows.map((r) => [r.row, r.outcome])).toEqual([
      [2, 'new_order'],
      [3, 'new_order'],
      [4, 'unclaimed'],
      [5, 'unclaimed'],
      [6, 'duplicate'],
      [7, 'duplicate'],
      [8, 'invalid'],
      [9, 'invalid'],
      [10, 'invalid'],
      [11, 'invalid'],
      [12, 'invalid'],
      [13, 'invalid'],
    ]);
    expect(rows[0]).toMatchObject({ customer: { id: saver.user.id }, name: 'Phone case', weight: 1.5 });
    expect(rows[1]).toMatchObject({ customer: { id: labelled.user.id }, name: 'Shoes; size 42', weight: 2.25 });
    expect(rows[2]!.reason).toContain('KZ-99999999');
    expect(rows[4]!.reason).toBe('Repeats row 5 of this file');
    expect(rows[5]!.reason).toBe('Already received');
    expect(rows.slice(6).map((r) => r.reason)).toEqual([
      'No tracking code',
      'Not a tracking code (5–40 Latin letters, digits and dashes)',
      'No weight',
      expect.stringContaining('Weight must be'),
      expect.stringContaining('Weight must be'),
      expect.stringContaining('Weight must be'),
    ]);
    const onlyInvalid = await m.call('GET', `/manage/imports/${preview.id}?outcome=invalid&filters[per_page]=2&filters[page]=2`, {
      token: staff.warehouse,
    });
    expect(onlyInvalid.json.meta).toMatchObject({ total: 6, current_page: 2, last_page: 3 });
    expect(onlyInvalid.json.data.rows).toHaveLength(2);

    // Another warehouse member receives one of the rows before the commit: it counts as a duplicate then.
    await m.receive(staff.warehouse, { track_code: free, weight: 9 });
    const commit = await m.call('POST', `/manage/imports/${preview.id}/commit`, { token: staff.warehouse });
    expect(commit.status).toBe(200);
    expect(commit.json.data.result).toEqual({ total: 12, new_order: 2, unclaimed: 1, duplicate: 3, invalid: 6 });
    expect(commit.json.data.committed_at).not.toBeNull();

    const created = await ctx.database.db
      .select()
      .from(orders)
      .where(inArray(orders.trackCode, [saved, byLabel, repeated]));
    expect(created).toHaveLength(3);
    expect(created.find((o) => o.trackCode === saved)!.userId).toBe(saver.user.id);
    expect(created.find((o) => o.trackCode === byLabel)!.labelClientCode).toBe(labelled.user.client_code);
    const events = await ctx.database.db
      .select()
      .from(orderEvents)
      .where(
        inArray(
          orderEvents.orderId,
          created.map((o) => o.id),
        ),
      );
    expect(events).toHaveLength(3);
    expect(events.every((e) => e.action === 'received' && e.details.import_id === preview.id)).toBe(true);
    const tracks = await m.call('GET', '/saved-tracks', { token: saver.token });
    expect(tracks.json.data[0].order).not.toBeNull();
    const me = await m.call('GET', '/auth/user', { token: labelled.token });
    expect(me.json.data.notifications.orders.unread).toBe(1);

    const again = await m.call('POST', `/manage/imports/${preview.id}/commit`, { token: staff.warehouse });
    expect(again.status).toBe(409);
    expect(again.json.code).toBe('import_committed');
  });

  it('reads .xlsx (numbers, text, header in English) and positional CSV without a header', async () => {
    const a = newCode();
    const b = newCode();
    const bytes = await writeXlsxFile(
      [
        ['Tracking code', 'Weight (kg)', 'Client', 'Item'],
        [a, 1.2, null, 'Lamp'],
        [b, '0,75', null, null],
        [null, null, null, null],
      ],
      { sheet: 'Parcels' },
    ).toBuffer();
    const res = await upload(ctx, '/manage/imports', staff.warehouse, [
      { field: 'file', name: 'partner.XLSX', type: 'application/octet-stream', bytes },
    ]);
    expect(res.status).toBe(200);
    expect(res.json.data.counts).toMatchObject({ total: 2, unclaimed: 2 });

    const positional = await upload(ctx, '/manage/imports', staff.warehouse, csvFile(`${newCode()},1.5\n${newCode()},2\n`));
    expect(positional.json.data.counts).toMatchObject({ total: 2, unclaimed: 2 });
  });

  it('refuses other files clearly, and other staff cannot see or commit your import', async () => {
    const pdf = await upload(ctx, '/manage/imports', staff.warehouse, [
      { field: 'file', name: 'x.pdf', type: 'application/pdf', bytes: Buffer.from('%PDF-1.4') },
    ]);
    expect(pdf.status).toBe(422);
    expect(pdf.json.code).toBe('import_file_invalid');
    const fakeXlsx = await upload(ctx, '/manage/imports', staff.warehouse, [
      { field: 'file', name: 'x.xlsx', type: 'application/octet-stream', bytes: Buffer.from('a,b\n') },
    ]);
    expect(fakeXlsx.status).toBe(422);
    const brokenZip = await upload(ctx, '/manage/imports', staff.warehouse, [
      {
        field: 'file',
        name: 'x.xlsx',
        type: 'application/octet-stream',
        bytes: Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100)]),
      },
    ]);
    expect(brokenZip.status).toBe(422);
    const empty = await upload(ctx, '/manage/imports', staff.warehouse, csvFile('\n\n'));
    expect(empty.status).toBe(422);

    const mine = await upload(ctx, '/manage/imports', staff.warehouse, csvFile(`${newCode()};1`));
    const otherWarehouse = await registerCustomer(ctx);
    const { users } = await import('../src/db/schema');
    await ctx.database.db.update(users).set({ role: 'staff', placeKind: 'china_warehouse' }).where(eq(users.id, otherWarehouse.user.id));
    expect((await m.call('GET', `/manage/imports/${mine.json.data.id}`, { token: otherWarehouse.token })).status).toBe(404);
    expect((await m.call('POST', `/manage/imports/${mine.json.data.id}/commit`, { token: otherWarehouse.token })).status).toBe(404);
    expect((await m.call('GET', `/manage/imports/${mine.json.data.id}`, { token: staff.admin })).status).toBe(200);
  });

  it('10,000 rows: preview and commit complete, every row applied once', { timeout: 180_000 }, async () => {
    const customers = await Promise.all([1, 2, 3].map(() => registerCustomer(ctx)));
    const prefix = `BULK${process.pid}X`;
    const lines = ['track_code,weight,client_code,name'];
    for (let i = 0; i < 10_000; i++) {
      const client = i % 3 === 0 ? customers[i % 3 === 0 ? (i / 3) % 3 : 0]!.user.client_code : '';
      lines.push(`${prefix}${String(i).padStart(6, '0')},${((i % 500) + 1) / 100},${client},Item ${i}`);
    }
    const started = Date.now();
    const res = await upload(ctx, '/manage/imports', staff.warehouse, csvFile(lines.join('\n'), 'bulk.csv'));
    expect(res.status).toBe(200);
    expect(res.json.data.counts).toMatchObject({ total: 10_000, invalid: 0, duplicate: 0 });
    const previewed = Date.now();
    const commit = await m.call('POST', `/manage/imports/${res.json.data.id}/commit`, { token: staff.warehouse });
    expect(commit.status).toBe(200);
    expect(commit.json.data.result.new_order + commit.json.data.result.unclaimed).toBe(10_000);
    console.log(`10k import on ${ctx.database.kind}: preview ${previewed - started} ms, commit ${Date.now() - previewed} ms`);
    const [n] = await ctx.database.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(orders)
      .where(sql`${orders.trackCode} like ${`${prefix}%`}`);
    expect(n!.n).toBe(10_000);
    const [stored] = await ctx.database.db.select({ id: imports.id }).from(imports).where(eq(imports.id, res.json.data.id));
    expect(stored).toBeDefined();
  });
});
