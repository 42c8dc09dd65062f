import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFParse } from 'pdf-parse';
import { formatMoney } from '@portal/contract';
import { aCustomer, parcelsIn, staffAt } from './factories';
import { createTestApp, type TestContext } from './helpers';

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
});
