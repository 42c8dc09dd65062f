import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSearchTerm } from '@portal/contract';
import { aCustomer, parcelIn, staffAt } from './factories';
import { client, createTestApp, type TestContext } from './helpers';

let ctx: TestContext;
let call: ReturnType<typeof client>;
let clerk: string;
beforeAll(async () => {
  ctx = await createTestApp();
  call = client(ctx.app);
  clerk = (await staffAt(ctx, 'branch')).token;
});
afterAll(async () => ctx.close());

const search = (q: string, token = clerk) => call('GET', `/manage/search?q=${encodeURIComponent(q)}`, { token });
type Group = { kind: 'parcels' | 'customers'; items: { id: number; track_code?: string; client_code?: string }[] };

describe('reading a search term', () => {
  it('reads KZ and KG phones in every common form as the same E.164 number', () => {
    for (const q of ['+7 701 123 45 67', '8 (701) 123-45-67', '87011234567', '77011234567', '7011234567'])
      expect(readSearchTerm(q).phones, q).toContain('+77011234567');
    for (const q of ['+996 555 123 456', '0555 123 456', '996555123456', '0555-12-34-56'])
      expect(readSearchTerm(q).phones, q).toContain('+996555123456');
    expect(readSearchTerm('+7 701 123 45 67').recognised).toContain('phone');
    expect(readSearchTerm('Айгерім Сәрсенова').recognised).toEqual(['name']);
    expect(readSearchTerm('yt-1234 5678').recognised).toContain('track_code');
    expect(readSearchTerm('kz-1234').clientCode).toBe('KZ-1234');
  });
});

describe('GET manage/search: one box', () => {
  it('finds a parcel by its tracking code (whole, in lower case with spaces, or part) and puts parcels first', async () => {
    const p = await parcelIn(ctx, 'at_branch');
    const spaced = `${p.code.slice(0, 4).toLowerCase()} ${p.code.slice(4)}`;
    for (const q of [p.code, spaced, p.code.slice(2, 12)]) {
      const res = await search(q);
      expect(res.status, q).toBe(200);
      const groups = res.json.data.groups as Group[];
      expect(groups[0]!.kind, q).toBe('parcels');
      expect(groups[0]!.items[0]!.track_code, q).toBe(p.code);
    }
    expect((await search(p.code)).json.data.recognised).toContain('track_code');
  });

  it('finds a customer by phone in KZ forms, by client code and by name, customers first', async () => {
    const c = await aCustomer(ctx, { firstName: 'Жансая', lastName: 'Қасымова' });
    const local = c.phone.slice(2); // 705…: ten digits without the country
    const forms = [c.phone, `8${local}`, `8 (${local.slice(0, 3)}) ${local.slice(3, 6)}-${local.slice(6, 8)}-${local.slice(8)}`, local];
    for (const q of [...forms, c.user.client_code, c.user.client_code.toLowerCase(), 'Жансая Қасымова', 'қасымова']) {
      const res = await search(q);
      expect(res.status, q).toBe(200);
      const groups = res.json.data.groups as Group[];
      expect(groups[0]?.kind, q).toBe('customers');
      expect(
        groups[0]!.items.map((i) => i.id),
        q,
      ).toContain(c.user.id);
    }
  });

  it('finds a Kyrgyz number written the local way (0555…) as +996', async () => {
    const c = await aCustomer(ctx, { phone: '+996555' + String(process.pid % 1000).padStart(3, '0') + '321' });
    const local = `0${c.phone.slice(4)}`;
    const res = await search(`${local.slice(0, 4)} ${local.slice(4, 7)} ${local.slice(7)}`);
    expect(res.status).toBe(200);
    const groups = res.json.data.groups as Group[];
    expect(groups[0]!.kind).toBe('customers');
    expect(groups[0]!.items[0]!.id).toBe(c.user.id);
    expect(res.json.data.recognised).toContain('phone');
  });

  it('answers both kinds in one list when the term is both, the exact match first', async () => {
    const p = await parcelIn(ctx, 'in_transit');
    const res = await search(p.user.client_code);
    const kinds = (res.json.data.groups as Group[]).map((g) => g.kind);
    expect(kinds[0]).toBe('customers');
    // A parcel's code: the parcel first, though it is also a number a phone could hold part of.
    const digits = await search(p.code);
    expect((digits.json.data.groups as Group[])[0]!.kind).toBe('parcels');
  });

  it('answers an empty list for nothing found, 422 for a too short term, 403 for customers, 401 signed out', async () => {
    expect((await search('ZZ99999999999')).json.data.groups).toEqual([]);
    expect((await search('a')).status).toBe(422);
    expect((await search('x'.repeat(101))).status).toBe(422);
    const c = await aCustomer(ctx);
    expect((await search('Жансая', c.token)).status).toBe(403);
    expect((await call('GET', '/manage/search?q=abc')).status).toBe(401);
  });

  it('keeps blocked customers out of partial matches (the clerk learns why only for an exact one)', async () => {
    const c = await aCustomer(ctx, { firstName: 'Блокталған', lastName: 'Тексеру' });
    const admin = (await staffAt(ctx, 'admin')).token;
    const blocked = await call('PATCH', `/admin/users/${c.user.id}`, { token: admin, body: { blocked: true } });
    expect(blocked.status).toBe(200);
    const res = await search('Блокталған');
    expect(res.status).toBe(200);
    expect(res.json.data.groups).toEqual([]);
    expect((await search(c.phone)).status).toBe(409);
  });
});
