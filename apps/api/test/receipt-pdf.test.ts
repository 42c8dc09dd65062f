import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFParse } from 'pdf-parse';
import { eq } from 'drizzle-orm';
import { addDays, formatMoney, localDate } from '@portal/contract';
import { orders } from '../src/db/schema';
import { aCustomer, parcelsIn, staffAt } from './factories';
import { createTestApp, type TestContext } from './helpers';
import { manageClient, staffTokens } from './manage-helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

async function pdf(url: string, opts: { token?: string; lang?: string } = {}) {
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.lang) headers['accept-language'] = opts.lang;
  const res = await ctx.app.inject({ method: 'GET', url: `/api${url}`, headers });
  return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload };
}

async function textOf(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

describe('GET receipts/{id}.pdf', () => {
  it("is the owner's receipt as a PDF in their language, Kazakh and Cyrillic letters and ₸ as text", async () => {
    const owner = await aCustomer(ctx, { firstName: 'Әлия', lastName: 'Құрманғазиева' });
    const made = await parcelsIn(ctx, 'delivered', [1.2, { weight: 1, dimensions: { length: 40, width: 30, height: 30 } }], { owner });
    const receipt = made.receipt!;
    const kk = await pdf(`/receipts/${receipt.id}.pdf`, { token: owner.token, lang: 'kk' });
    expect(kk.status).toBe(200);
    expect(kk.headers['content-type']).toBe('application/pdf');
    expect(kk.headers['content-disposition']).toBe(`attachment; filename="chek-${receipt.id}.pdf"`);
    expect(kk.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await textOf(kk.bytes);
    expect(text).toContain(`Чек № ${receipt.id}`);
    expect(text).toContain('Әлия Құрманғазиева');
    expect(text).toContain(owner.user.client_code);
    for (const code of made.codes) expect(text).toContain(code);
    expect(text).toContain('Барлығы');
    expect(text).toContain('Сәлемдеме');
    expect(text).toContain('көлемі бойынша');
    const total = formatMoney(receipt.total, receipt.currency, 'kk');
    expect(text.replace(/\s/g, '')).toContain(total.replace(/\s/g, ''));
    expect(text).toContain('₸');

    const ru = await textOf((await pdf(`/receipts/${receipt.id}.pdf?lang=ru`, { token: owner.token, lang: 'kk' })).bytes);
    expect(ru).toContain('Итого');
    expect(ru).toContain('Оплачено');
    expect(ru).not.toContain('Барлығы');
  });

  it("answers 404 for someone else's receipt or none, staff read any, 401 signed out, 422 for a bad id", async () => {
    const made = await parcelsIn(ctx, 'delivered', [1]);
    const id = made.receipt!.id;
    const other = await aCustomer(ctx);
    expect((await pdf(`/receipts/${id}.pdf`, { token: other.token })).status).toBe(404);
    expect((await pdf(`/receipts/999999.pdf`, { token: made.token })).status).toBe(404);
    const clerk = await staffAt(ctx, 'branch');
    const staffPdf = await pdf(`/receipts/${id}.pdf`, { token: clerk.token, lang: 'en' });
    expect(staffPdf.status).toBe(200);
    expect(await textOf(staffPdf.bytes)).toContain(`Receipt No. ${id}`);
    expect((await pdf(`/receipts/${id}.pdf`)).status).toBe(401);
    expect((await pdf(`/receipts/abc.pdf`, { token: made.token })).status).toBe(422);
    expect((await pdf(`/receipts/${id}.pdf?lang=de`, { token: made.token })).status).toBe(422);
    // The JSON receipt still answers beside it.
    expect((await pdf(`/receipts/${id}`, { token: made.token })).status).toBe(200);
  });

  it('lists paid storage per parcel and the waiver with its reason, as the receipt on screen does (ADR 073)', async () => {
    const staff = await staffTokens(ctx);
    const m = manageClient(ctx);
    const c = await parcelsIn(ctx, 'at_branch', [1, 1], { prefix: 'PS' });
    const today = localDate(new Date(), 'Asia/Almaty');
    await ctx.database.db
      .update(orders)
      .set({ storageUntil: addDays(today, -3) })
      .where(eq(orders.id, c.ids[0]!));
    const lookup = (await m.lookup(staff.branch, { customer: c.user.client_code })).json.data;
    expect(lookup.storage_fee).toBeGreaterThan(0);
    const done = await m.complete(staff.branch, {
      customer_id: c.user.id,
      payments: [{ method: 'cash', amount: lookup.total_minor }],
      storage_waiver: { reason: 'Задержка по нашей вине' },
    });
    expect(done.status, done.body).toBe(200);
    const text = (await textOf((await pdf(`/receipts/${done.json.data.id}.pdf`, { token: c.token, lang: 'ru' })).bytes)).replace(
      /\s+/g,
      ' ',
    );
    const perDay = formatMoney(lookup.storage_fee / 3 / 100, 'KZT', 'ru').replace(/\s+/g, ' ');
    expect(text).toContain(`Хранение ${c.codes[0]}`);
    expect(text).toContain(`дней хранения: 3 × ${perDay}`);
    expect(text).toContain('Плата за хранение списана: Задержка по нашей вине');
    expect(text).not.toContain(`Хранение ${c.codes[1]}`);
  });
});
