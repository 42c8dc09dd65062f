import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZAuthUserResponse, ZListOrdersResponse, ZSettingsResponse } from '@portal/contract';
import { createSerializerCompiler } from 'fastify-type-provider-zod';
import { createResponseSerializerCompiler, notCompilable, WrittenAnswer } from '../src/lib/response-serializer';
import { client, createTestApp, DEMO, login, type TestContext } from './helpers';

type Stringify = (data: unknown) => string;
const route = (schema: unknown) => ({ schema, method: 'GET', url: '/x', httpStatus: '200' });
/** The serializer production uses (no comparison with zod's), and zod's own (parse + JSON.stringify). */
const compiled = (schema: unknown, onFallback?: (r: unknown, why: string) => void) =>
  createResponseSerializerCompiler({ onFallback })(route(schema));
const viaZod = (schema: unknown) => createSerializerCompiler({})(route(schema) as never) as Stringify;

/**
 * Every object in `value` gets the fields a row may carry that no answer declares (not a record, whose keys are its
 * data: auth/user's notification groups by key).
 */
function withInternals(value: unknown, record = false): unknown {
  if (Array.isArray(value)) return value.map((v) => withInternals(v));
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = record ? {} : { password_hash: '$argon2id$v=19$secret', internal_note: 'staff only' };
  for (const [k, v] of Object.entries(value)) out[k] = withInternals(v, k === 'notifications');
  return out;
}

describe('the compiled response serializer', () => {
  it('never writes a field the schema does not declare, at any depth, nor in a nullable object', () => {
    const schema = z.object({
      data: z.object({
        id: z.number().int(),
        name: z.string(),
        branch: z.object({ id: z.number() }).nullable(),
        tags: z.array(z.object({ t: z.string() })),
      }),
    });
    let fellBack = false;
    const write = compiled(schema, () => (fellBack = true));
    expect(fellBack).toBe(false);
    const row = { id: 1, name: 'A', branch: { id: 2 }, tags: [{ t: 'x' }] };
    const out = write({ data: withInternals(row), password: 'p' });
    expect(out).not.toContain('argon2');
    expect(out).not.toContain('staff only');
    expect(JSON.parse(out)).toEqual({ data: row });
    expect(JSON.parse(write({ data: { ...row, branch: null } }))).toEqual({ data: { ...row, branch: null } });
  });

  it('keeps zod for schemas whose parse rewrites the value (transforms, defaults, dates, coercion)', () => {
    const cases = {
      transform: z.object({ n: z.string().transform((s) => s.length) }),
      default: z.object({ n: z.string().default('x') }),
      date: z.object({ at: z.date() }),
      coerce: z.object({ n: z.coerce.string() }),
    };
    for (const [name, schema] of Object.entries(cases)) {
      const reasons: string[] = [];
      const write = compiled(schema, (_r, why) => reasons.push(why));
      expect(reasons, name).toHaveLength(1);
      expect(notCompilable(schema), name).not.toBeNull();
      // And it writes what zod writes.
      const input = { transform: { n: 'abc' }, default: {}, date: { at: new Date(0) }, coerce: { n: 5 } }[name];
      expect(write(input), name).toBe(viaZod(schema)(input));
    }
  });

  it('outside production compares every answer with zod and refuses to send one that differs', () => {
    const schema = z.object({ n: z.number() });
    const verified = createResponseSerializerCompiler({ verify: true })(route(schema));
    expect(verified({ n: 1 })).toBe('{"n":1}');
    // zod refuses a string where the contract says number; the compiled one alone would write it.
    expect(() => verified({ n: '1' })).toThrow();
  });

  it('sends bytes written ahead as they are, outside production only when they are what it writes of their value', () => {
    const schema = z.object({ n: z.number(), s: z.string() });
    const bytes = Buffer.from('{"s":"ы","n":1}');
    expect(compiled(schema)(new WrittenAnswer(bytes, { n: 2, s: 'x' }))).toBe(bytes); // production: not compared
    const verified = createResponseSerializerCompiler({ verify: true })(route(schema));
    expect(verified(new WrittenAnswer(bytes, { n: 1, s: 'ы' }))).toBe(bytes); // the same JSON, fields in any order
    expect(() => verified(new WrittenAnswer(bytes, { n: 2, s: 'ы' }))).toThrow(/written ahead/); // stale
    expect(() => verified(new WrittenAnswer(Buffer.from('{"n":1,"s":"ы","password_hash":"x"}'), { n: 1, s: 'ы' }))).toThrow(); // undeclared
    expect(() => verified(new WrittenAnswer(Buffer.from('{"n":"1","s":"ы"}'), { n: '1', s: 'ы' }))).toThrow(); // zod refuses the value
  });
});

describe('real answers written by the compiled serializer', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('auth/user, the order list and settings: the same JSON as zod wrote, and no undeclared field even when the rows carry them', async () => {
    const call = client(ctx.app);
    const { token } = await login(ctx.app, DEMO.customer);
    const statuses = (await call('GET', '/orders/statuses', { token })).json.data as { id: number; count: number }[];
    const fullest = statuses.reduce((a, b) => (b.count > a.count ? b : a));
    const cases: [string, unknown, string, string?][] = [
      ['auth/user', ZAuthUserResponse, '/auth/user', token],
      ['order list', ZListOrdersResponse, `/orders/status/${fullest.id}/orders?filters[per_page]=10&filters[page]=1`, token],
      ['settings', ZSettingsResponse, '/settings'],
    ];
    for (const [name, schema, url, bearer] of cases) {
      const res = await call('GET', url, { token: bearer, lang: 'ru' });
      expect(res.status, name).toBe(200);
      const fallbacks: string[] = [];
      const write = compiled(schema, (_r, why) => fallbacks.push(why));
      expect(fallbacks, name).toEqual([]);
      // What the API sent is what both serializers write for the same data.
      expect(JSON.parse(write(res.json)), name).toEqual(JSON.parse(viaZod(schema)(res.json)));
      expect(write(res.json), name).toBe(res.body);
      const leaky = write(withInternals(res.json));
      expect(leaky, name).not.toContain('password_hash');
      expect(leaky, name).not.toContain('staff only');
      expect(JSON.parse(leaky), name).toEqual(res.json);
    }
  });
});
