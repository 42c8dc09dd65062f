import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAdminOnly, roleTokens, type RoleTokens } from './admin-helpers';
import { client, createTestApp, registerCustomer, type TestContext } from './helpers';
import { manageClient, newCode } from './manage-helpers';

let ctx: TestContext;
let tokens: RoleTokens;
let call: ReturnType<typeof client>;
let admin: string;

beforeAll(async () => {
  ctx = await createTestApp();
  call = client(ctx.app);
  const customer = await registerCustomer(ctx);
  tokens = await roleTokens(ctx, customer.token);
  admin = tokens.admin;
});
afterAll(async () => {
  await ctx?.close();
});

const t3 = (text: string) => ({ kk: `${text} kk`, ru: `${text} ru`, en: `${text} en` });
const WEEK = [
  { day: 'mon', open: '09:00', close: '19:00', break_start: '13:00', break_end: '14:00' },
  { day: 'tue', open: '09:00', close: '19:00' },
  { day: 'wed', open: '09:00', close: '19:00' },
  { day: 'thu', open: '09:00', close: '19:00' },
  { day: 'fri', open: '09:00', close: '19:00' },
  { day: 'sat', open: '10:00', close: '15:00' },
  { day: 'sun', open: null, close: null },
];

let seq = 0;
function branchBody(over: Record<string, unknown> = {}) {
  seq += 1;
  return {
    country_id: 1,
    name: t3(`Astana Mega ${seq}`),
    city: t3('Astana'),
    address: t3('Turan Ave 24'),
    latitude: 51.0906,
    longitude: 71.4183,
    map_link: 'https://2gis.kz/astana/firm/70000001',
    tariff: 1750.5,
    currency: 'KZT',
    storage_days: 10,
    working_hours: WEEK,
    time_zone: 'Asia/Almaty',
    phones: ['+7 701 555 12 34'],
    instagram: 'https://instagram.com/orda.astana',
    whatsapp: null,
    telegram: null,
    ...over,
  };
}

async function createBranch(over: Record<string, unknown> = {}) {
  const res = await call('POST', '/admin/branches', { token: admin, body: branchBody(over) });
  expect(res.status, res.body).toBe(201);
  return res.json.data;
}

async function auditOf(targetId: number, action: string) {
  const res = await call('GET', `/admin/audit?filters[target_type]=branch&filters[target_id]=${targetId}&filters[action]=${action}`, {
    token: admin,
  });
  return res.json.data as Array<{ before: any; after: any; actor_role: string }>;
}

describe('admin branches: role matrix', () => {
  it('every branch call is for admins only; others change nothing', async () => {
    const branch = await createBranch();
    const checks: [string, string, unknown?, number?][] = [
      ['GET', '/admin/branches'],
      ['GET', `/admin/branches/${branch.id}`],
      ['POST', '/admin/branches', branchBody(), 201],
      ['PUT', `/admin/branches/${branch.id}`, { ...branchBody(), version: branch.version }],
      ['POST', `/admin/branches/${branch.id}/close`, { version: branch.version + 1 }],
      ['POST', `/admin/branches/${branch.id}/reopen`, { version: branch.version + 2 }],
    ];
    for (const [method, url, body, status] of checks) {
      const res = await expectAdminOnly(ctx, tokens, method as 'GET', url, body);
      expect(res.status, `${method} ${url}: ${res.body}`).toBe(status ?? 200);
    }
  });
});

describe('admin branches', () => {
  it('creates a branch customers see in their language with its tariff and hours; audited with after', async () => {
    const branch = await createBranch({ name: t3('Zhezkazgan North') });
    expect(branch).toMatchObject({ version: 1, is_active: true, open_parcels: 0, customers: 0, tariff: 1750.5, phones: ['+77015551234'] });
    for (const lang of ['kk', 'ru', 'en']) {
      const list = await call('GET', '/country/1/branches', { lang });
      const shown = list.json.data.find((b: any) => b.id === branch.id);
      expect(shown).toMatchObject({ name: `Zhezkazgan North ${lang}`, tariff: 1750.5, currency: 'KZT', storage_days: 10 });
      expect(shown.working_hours[0]).toEqual(WEEK[0]);
      expect(shown.working_hours[6]).toEqual({ day: 'sun', open: null, close: null });
    }
    const [row] = await auditOf(branch.id, 'branch.create');
    expect(row).toMatchObject({ actor_role: 'admin', before: null, after: { tariff: 1750.5, name: t3('Zhezkazgan North') } });
    // Admin list: search in any language, filter by country.
    const found = await call('GET', '/admin/branches?filters[search]=Zhezkazgan%20North%20kk', { token: admin });
    expect(found.json.data.map((b: any) => b.id)).toEqual([branch.id]);
    const kg = await call('GET', '/admin/branches?filters[country_id]=2&filters[per_page]=100', { token: admin });
    expect(kg.json.data.every((b: any) => b.country_id === 2)).toBe(true);
  });

  it('edit: the audit has before and after; a save based on an older version is 409 and changes nothing', async () => {
    const branch = await createBranch();
    const first = await call('PUT', `/admin/branches/${branch.id}`, {
      token: admin,
      body: { ...branchBody({ tariff: 1990 }), version: branch.version },
    });
    expect(first.status, first.body).toBe(200);
    expect(first.json.data).toMatchObject({ tariff: 1990, version: 2 });
    const [row] = await auditOf(branch.id, 'branch.update');
    expect(row!.before).toMatchObject({ tariff: 1750.5, version: 1 });
    expect(row!.after).toMatchObject({ tariff: 1990, version: 2 });

    const stale = await call('PUT', `/admin/branches/${branch.id}`, {
      token: admin,
      lang: 'kk',
      body: { ...branchBody({ tariff: 5 }), version: branch.version },
    });
    expect(stale.status).toBe(409);
    expect(stale.json.code).toBe('stale_write');
    expect(stale.json.message).toMatch(/басқа біреу/);
    expect((await call('GET', `/admin/branches/${branch.id}`, { token: admin })).json.data.tariff).toBe(1990);
  });

  it('a burst of saves at one version: exactly one wins', async () => {
    const branch = await createBranch();
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call('PUT', `/admin/branches/${branch.id}`, { token: admin, body: { ...branchBody({ tariff: 100 + i }), version: 1 } }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(7);
    expect(await auditOf(branch.id, 'branch.update')).toHaveLength(1);
  });

  it('closing a branch with parcels or customers is refused with the counts in the caller’s language', async () => {
    const branch = await createBranch();
    const customer = await registerCustomer(ctx, { branch_id: branch.id });
    const staff = await roleTokens(ctx, customer.token);
    const m = manageClient(ctx);
    const received = await m.receive(staff.warehouse, { track_code: newCode(), weight: 1, label_client_code: customer.user.client_code });
    expect(received.status, received.body).toBe(200);

    const refused = await call('POST', `/admin/branches/${branch.id}/close`, { token: admin, lang: 'ru', body: { version: 1 } });
    expect(refused.status).toBe(409);
    expect(refused.json.code).toBe('branch_in_use');
    expect(refused.json.message).toContain('(1)');
    expect(refused.json.message).toMatch(/посылки/);
    const en = await call('POST', `/admin/branches/${branch.id}/close`, { token: admin, lang: 'en', body: { version: 1 } });
    expect(en.json.message).toMatch(/1 parcel\(s\).*1 customer\(s\)/);
    const shown = await call('GET', `/admin/branches/${branch.id}`, { token: admin });
    expect(shown.json.data).toMatchObject({ is_active: true, open_parcels: 1, customers: 1, version: 1 });
    const listed = await call('GET', '/admin/branches?filters[per_page]=100', { token: admin });
    expect(listed.json.data.find((b: any) => b.id === branch.id)).toMatchObject({ open_parcels: 1, customers: 1 });
    expect(listed.json.data.find((b: any) => b.id === branch.id - 1)).toMatchObject({ open_parcels: 0, customers: 0 });
    expect(await auditOf(branch.id, 'branch.close')).toHaveLength(0);
  });

  it('a closed branch leaves the customers’ choices but keeps its history; it can open again', async () => {
    const branch = await createBranch();
    const closed = await call('POST', `/admin/branches/${branch.id}/close`, { token: admin, body: { version: 1 } });
    expect(closed.status, closed.body).toBe(200);
    expect(closed.json.data).toMatchObject({ is_active: false, version: 2 });
    const [row] = await auditOf(branch.id, 'branch.close');
    expect(row).toMatchObject({ before: { is_active: true }, after: { is_active: false } });

    expect((await call('GET', '/country/1/branches')).json.data.some((b: any) => b.id === branch.id)).toBe(false);
    expect((await call('GET', `/branches/${branch.id}`)).status).toBe(404);
    // Registration and the profile refuse it; the admin list still has it.
    await expect(registerCustomer(ctx, { branch_id: branch.id })).rejects.toThrow(/422/);
    const me = await registerCustomer(ctx);
    const pick = await call('POST', '/auth/user/update', { token: me.token, body: { branch_id: branch.id } });
    expect(pick.status).toBe(422);
    const list = await call('GET', '/admin/branches?filters[state]=closed&filters[per_page]=100', { token: admin });
    expect(list.json.data.some((b: any) => b.id === branch.id)).toBe(true);
    // Staff cannot be placed at a closed branch.
    const staffPlace = await call('PATCH', `/admin/users/${me.user.id}`, {
      token: admin,
      body: { role: 'staff', place: { kind: 'branch', branch_id: branch.id } },
    });
    expect(staffPlace.status).toBe(422);

    const stale = await call('POST', `/admin/branches/${branch.id}/reopen`, { token: admin, body: { version: 1 } });
    expect(stale.status).toBe(409);
    const reopened = await call('POST', `/admin/branches/${branch.id}/reopen`, { token: admin, body: { version: 2 } });
    expect(reopened.json.data).toMatchObject({ is_active: true, version: 3 });
    expect((await call('GET', '/country/1/branches')).json.data.some((b: any) => b.id === branch.id)).toBe(true);
  });

  it('a close racing a registration at that branch: never a customer at a closed branch', async () => {
    const branch = await createBranch();
    const [closed, registered] = await Promise.allSettled([
      call('POST', `/admin/branches/${branch.id}/close`, { token: admin, body: { version: 1 } }),
      registerCustomer(ctx, { branch_id: branch.id }),
    ]);
    const now = (await call('GET', `/admin/branches/${branch.id}`, { token: admin })).json.data;
    if (now.is_active) expect(registered.status).toBe('fulfilled');
    else expect(now.customers).toBe(0);
    expect(closed.status).toBe('fulfilled');
  });

  it('hostile input: missing language, unknown country, 1 MB strings, bad hours, zones and links change nothing', async () => {
    const before = (await call('GET', '/admin/branches?filters[per_page]=1', { token: admin })).json.meta.total;
    const cases: [Record<string, unknown>, string][] = [
      [{ name: { kk: '', ru: 'Имя', en: 'Name' } }, 'name.kk'],
      [{ name: { ru: 'Имя', en: 'Name' } }, 'name.kk'],
      [{ country_id: 4242 }, 'country_id'],
      [{ address: { kk: 'x'.repeat(1_000_000), ru: 'a', en: 'a' } }, 'address.kk'],
      [{ tariff: -5 }, 'tariff'],
      [{ tariff: 10.555 }, 'tariff'],
      [{ currency: 'EUR' }, 'currency'],
      [{ latitude: 91 }, 'latitude'],
      [{ time_zone: 'Mars/Olympus' }, 'time_zone'],
      [{ map_link: 'javascript:alert(1)' }, 'map_link'],
      [{ instagram: 'http://instagram.com/x' }, 'instagram'],
      [{ phones: ['12'] }, 'phones.0'],
      [{ working_hours: WEEK.slice(0, 6) }, 'working_hours'],
      [{ working_hours: [{ ...WEEK[0], close: '08:00' }, ...WEEK.slice(1)] }, 'working_hours.0.close'],
      [{ working_hours: [{ ...WEEK[0], break_start: '20:00', break_end: '21:00' }, ...WEEK.slice(1)] }, 'working_hours.0.break_start'],
      [{ working_hours: [{ ...WEEK[0], open: '25:00' }, ...WEEK.slice(1)] }, 'working_hours.0.open'],
      [{ name: t3('Tab\u0000') }, ''],
      [{ surprise: 1 }, ''],
    ];
    for (const [over, field] of cases) {
      const res = await call('POST', '/admin/branches', { token: admin, lang: 'en', body: branchBody(over) });
      expect([413, 422], `${JSON.stringify(over).slice(0, 80)}: ${res.status}`).toContain(res.status);
      if (res.status === 422 && field) expect(Object.keys(res.json.errors ?? {}), JSON.stringify(res.json)).toContain(field);
    }
    const unknown = await call('PUT', '/admin/branches/424242', { token: admin, body: { ...branchBody(), version: 1 } });
    expect(unknown.status).toBe(404);
    expect((await call('POST', '/admin/branches/424242/close', { token: admin, body: { version: 1 } })).status).toBe(404);
    expect((await call('GET', '/admin/branches?filters[per_page]=1', { token: admin })).json.meta.total).toBe(before);
  });
});
