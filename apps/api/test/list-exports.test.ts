import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSheet } from 'read-excel-file/node';
import { LIST_EXPORT_MAX_ROWS } from '@portal/contract';
import { exportRows } from '../src/modules/reports/list-export';
import { aCustomer, parcelIn, parcelsIn, staffAt } from './factories';
import { client, createTestApp, type TestContext } from './helpers';

let ctx: TestContext;
let call: ReturnType<typeof client>;
let admin: string;
let warehouse: string;
beforeAll(async () => {
  ctx = await createTestApp();
  call = client(ctx.app);
  admin = (await staffAt(ctx, 'admin')).token;
  warehouse = (await staffAt(ctx, 'warehouse')).token;
});
afterAll(async () => ctx.close());

/** A file as it downloads: status, headers and its bytes. */
async function download(url: string, token?: string, lang?: string) {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (lang) headers['accept-language'] = lang;
  const res = await ctx.app.inject({ method: 'GET', url: `/api${url}`, headers });
  return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload, text: res.rawPayload.toString('utf8') };
}
/** CSV lines as cells (every cell is quoted by the writer). */
const csvRows = (text: string) =>
  text
    .replace(/^\ufeff/, '')
    .trim()
    .split('\r\n')
    .map((l) => [...l.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => m[1]!.replace(/""/g, '"')));

describe('list exports', () => {
  it('the dispatch list: the same filter as the screen, titles in the language asked, .csv and .xlsx', async () => {
    const a = await parcelIn(ctx, 'china_warehouse', { customer: { firstName: 'Ерлан', lastName: 'Әбілов' } });
    await parcelIn(ctx, 'china_warehouse');
    const csv = await download(`/manage/dispatch/export?format=csv&q=${a.code}`, warehouse, 'kk');
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="dispatch_\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = csvRows(csv.text);
    expect(rows[0]).toEqual(['Трек-код', 'Клиент коды', 'Аты', 'Телефон', 'Пункт', 'Салмағы, кг', 'Төленетін салмақ, кг', 'Қабылданды']);
    expect(rows).toHaveLength(2);
    expect(rows[1]!.slice(0, 3)).toEqual([a.code, a.user.client_code, 'Ерлан Әбілов']);
    const all = csvRows((await download('/manage/dispatch/export?format=csv', warehouse)).text);
    expect(all.length).toBeGreaterThan(2);

    const xlsx = await download(`/manage/dispatch/export?format=xlsx&q=${a.code}&lang=ru`, warehouse);
    expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const sheet = await readSheet(xlsx.bytes);
    expect(sheet[0]![0]).toBe('Трек-код');
    expect(sheet[1]![0]).toBe(a.code);
  });

  it('the users list: search and role as on the screen, role and place in words', async () => {
    const c = await aCustomer(ctx, { firstName: 'Экспорт', lastName: 'Тестов' });
    const res = await download(`/admin/users/export?format=csv&filters[search]=${encodeURIComponent(c.phone.slice(2))}`, admin, 'ru');
    expect(res.status).toBe(200);
    const rows = csvRows(res.text);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain('Экспорт Тестов');
    expect(rows[1]).toContain('клиент');
    const staff = csvRows((await download('/admin/users/export?format=csv&filters[role]=staff', admin, 'ru')).text);
    expect(staff.slice(1).every((r) => r[4] === 'сотрудник')).toBe(true);
    expect(staff.slice(1).some((r) => r[5] === 'склад в Китае')).toBe(true);
  });

  it('the audit log in words as the page shows it, filtered by a translated action name', async () => {
    await parcelsIn(ctx, 'delivered', [1]);
    const res = await download(`/admin/audit/export?format=csv&filters[action]=${encodeURIComponent('Выдал')}`, admin, 'ru');
    expect(res.status).toBe(200);
    const rows = csvRows(res.text);
    expect(rows[0]).toEqual(['Дата', 'Кто', 'Место работы', 'Действие', 'Что произошло', 'Изменения', 'IP']);
    expect(rows.length).toBeGreaterThan(1);
    for (const r of rows.slice(1)) expect(r[3]).toMatch(/^Выдал\(а\) посыл/);
    expect(rows.slice(1).some((r) => r[3] === 'Выдал(а) посылки')).toBe(true);
    expect(res.text).not.toContain('handover.complete');
    expect(rows.slice(1).some((r) => /₸/.test(r[4]!))).toBe(true);
  });

  it('support requests, with a formula typed by a customer neutralised in .csv and kept as text in .xlsx', async () => {
    const formula = '=HYPERLINK("http://evil.example","click")+cmd|\' /C calc\'!A0';
    const sent = await call('POST', '/supports', {
      body: { category: 'other', message: formula, contact: '+77019990011', name: '@Атакующий' },
    });
    expect(sent.status).toBe(201);
    const res = await download('/admin/supports/export?format=csv&filters[state]=new', admin, 'en');
    expect(res.status).toBe(200);
    const rows = csvRows(res.text);
    const row = rows.find((r) => r.some((cell) => cell.includes('HYPERLINK')))!;
    expect(row[7]).toBe(`'${formula}`);
    expect(row[4]).toBe("'@Атакующий");
    expect(row[2]).toBe('New');
    expect(row[3]).toBe('Other');
    const closed = csvRows((await download('/admin/supports/export?format=csv&filters[state]=closed', admin)).text);
    expect(closed.some((r) => r.some((cell) => cell.includes('HYPERLINK')))).toBe(false);
    const xlsx = await download('/admin/supports/export?format=xlsx&filters[state]=new', admin);
    const sheet = await readSheet(xlsx.bytes);
    expect(sheet.some((r) => r[7] === formula)).toBe(true);
    expect(xlsx.text).not.toContain('<f>');
  });

  it('holds each list to its guard: customers 403, a branch clerk 403 on the warehouse list and on admin lists, signed out 401', async () => {
    const c = await aCustomer(ctx);
    const clerk = (await staffAt(ctx, 'branch')).token;
    for (const url of ['/manage/dispatch/export', '/admin/users/export', '/admin/audit/export', '/admin/supports/export']) {
      expect((await download(`${url}?format=csv`)).status, url).toBe(401);
      expect((await download(`${url}?format=csv`, c.token)).status, url).toBe(403);
      expect((await download(`${url}?format=csv`, clerk)).status, url).toBe(403);
      expect((await download(`${url}?format=pdf`, admin)).status, url).toBe(422);
      expect((await download(`${url}?format=csv`, admin)).status, url).toBe(200);
    }
    expect((await download('/admin/users/export?format=csv', warehouse)).status).toBe(403);
  });

  it('needs the exports capability (ADR 075): a warehouse clerk without it is refused the dispatch file, with it gets it', async () => {
    const clerk = await staffAt(ctx, { kind: 'china_warehouse' });
    const grant = async (capabilities: string[]) =>
      expect((await call('PATCH', `/admin/users/${clerk.user.id}`, { token: admin, body: { capabilities } })).status).toBe(200);
    await grant(['reports']);
    const refused = await download('/manage/dispatch/export?format=csv', clerk.token, 'kk');
    expect(refused.status).toBe(403);
    await grant(['reports', 'exports']);
    expect((await download('/manage/dispatch/export?format=csv', clerk.token)).status).toBe(200);
  });

  it(`reads at most ${LIST_EXPORT_MAX_ROWS} rows, page by page, and says how many there were`, async () => {
    const total = LIST_EXPORT_MAX_ROWS + 700;
    const asked: number[] = [];
    const { rows, total: counted } = await exportRows(async (page, perPage) => {
      asked.push(page);
      const from = (page - 1) * perPage;
      return { items: Array.from({ length: Math.max(0, Math.min(perPage, total - from)) }, (_, i) => from + i), total };
    });
    expect(rows).toHaveLength(LIST_EXPORT_MAX_ROWS);
    expect(rows.at(-1)).toBe(LIST_EXPORT_MAX_ROWS - 1);
    expect(counted).toBe(total);
    expect(asked).toEqual(Array.from({ length: LIST_EXPORT_MAX_ROWS / 500 }, (_, i) => i + 1));
  });
});
