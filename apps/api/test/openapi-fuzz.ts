/**
 * Malformed requests generated from the OpenAPI document (issue 15): for every operation a valid-looking
 * request is sampled from its schemas, then varied one thing at a time — a parameter, a body field, the whole
 * body, the content type, the query string's shape, a header — with values a hostile or broken client sends.
 * Everything random comes from one seeded generator, so a seed reproduces the same requests.
 */

/** A small seeded generator (mulberry32): the same seed gives the same requests. */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T,
    /** `n` distinct items of the list, in random order. */
    some: <T>(list: readonly T[], n: number): T[] => {
      const copy = [...list];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
      }
      return copy.slice(0, n);
    },
  };
}
export type Random = ReturnType<typeof seededRandom>;

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  maxItems?: number;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: string;
  /** OpenAPI path, e.g. `/api/orders/{id}`. */
  path: string;
  parameters: Parameter[];
  /** The JSON body's schema, when the operation takes JSON. */
  body?: JsonSchema;
}

/** Every operation of an OpenAPI 3 document. */
export function operationsOf(doc: { paths: Record<string, Record<string, unknown>> }): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, raw] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const op = raw as { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } };
      out.push({
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        body: op.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return out;
}

/** Values for fields whose pattern or name says what they hold, so a sampled request passes validation. */
function sampleString(schema: JsonSchema, name: string, random: Random): string {
  const n = name.toLowerCase();
  if (schema.pattern === '^\\d{4}-\\d{2}-\\d{2}$' || schema.format === 'date' || /(^|_)(date|from|to)$/.test(n))
    return random.pick(['2026-01-15', '2025-12-31', '1995-06-15']);
  if (schema.format === 'date-time' || n.endsWith('_at')) return new Date(Date.UTC(2026, 0, random.int(1, 28))).toISOString();
  if (schema.format === 'uuid') return '3f1c2a9e-8b7d-4c6e-9f10-2a3b4c5d6e7f';
  if (schema.format === 'uri' || schema.format === 'url' || n.endsWith('link') || n.endsWith('url')) return 'https://example.kz/a';
  if (n.includes('phone') || n === 'customer' || n === 'contact') return `+7705${String(random.int(1000000, 9999999))}`;
  if (n.includes('password')) return 'Steppe-Fox-42';
  if (n.includes('track')) return `FZ${random.int(10000000, 99999999)}`;
  if (n.includes('client_code')) return 'KZ-10001';
  if (n === 'code') return String(random.int(100000, 999999));
  if (schema.pattern?.startsWith('^\\/uploads\\/')) return `/uploads/parcels/${'ab'.repeat(16)}.jpg`;
  const min = schema.minLength ?? 1;
  const max = Math.min(schema.maxLength ?? 24, 24);
  const word = random.pick(['Almaty', 'Shoes', 'Күрте', 'Телефон', 'parcel', 'Ақтөбе', 'test']);
  let s = word;
  while (s.length < min) s += word;
  return s.slice(0, Math.max(min, max));
}

/** A valid-looking value for a schema (the starting point that is then varied). */
export function sample(schema: JsonSchema | undefined, random: Random, name = '', depth = 0): unknown {
  if (!schema || depth > 6) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return random.pick(schema.enum);
  if (schema.default !== undefined && random.next() < 0.3) return schema.default;
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) {
    const nonNull = variants.filter((v) => v.type !== 'null');
    return sample(random.pick(nonNull.length ? nonNull : variants), random, name, depth + 1);
  }
  if (schema.allOf?.length) return sample(Object.assign({}, ...schema.allOf) as JsonSchema, random, name, depth + 1);
  const type = Array.isArray(schema.type) ? (schema.type.find((t) => t !== 'null') ?? 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, prop] of Object.entries(schema.properties ?? {})) out[key] = sample(prop, random, key, depth + 1);
      return out;
    }
    case 'array': {
      const count = Math.max(schema.minItems ?? 1, 1);
      return Array.from({ length: Math.min(count, schema.maxItems ?? count) }, () => sample(schema.items, random, name, depth + 1));
    }
    case 'integer': {
      const low = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
      const high = Math.min(schema.maximum ?? low + 20, low + 20);
      return random.int(low, high);
    }
    case 'number':
      return Math.round(random.next() * 1000) / 100 + 0.5;
    case 'boolean':
      return random.next() < 0.5;
    case 'null':
      return null;
    default:
      return sampleString(schema, name, random);
  }
}

/** Odd values for a text in a URL, already percent-encoded where it matters (some are malformed encodings on purpose). */
export const ODD_URL_TEXT = [
  '',
  '%20',
  '%',
  '%%',
  '%zz',
  '%0',
  '%00',
  'a%00b',
  '%0d%0aSet-Cookie:%20x=1',
  '%C0%AF',
  '%ED%A0%80',
  '%FF%FE%FD',
  '%E2%80%AE' + 'gnp.exe',
  '%E2%80%8B',
  '%EF%BB%BF1',
  encodeURIComponent('😀'.repeat(40)),
  encodeURIComponent('İıǅ ß ﬃ Å'),
  encodeURIComponent('١٢٣'),
  encodeURIComponent('１２３'),
  'a'.repeat(5000),
  encodeURIComponent("' OR '1'='1"),
  encodeURIComponent('"; drop table users; --'),
  encodeURIComponent('%_\\'),
  '%5C',
  '%27',
  '%22',
  encodeURIComponent('<script>alert(1)</script>'),
  '..%2F..%2Fetc%2Fpasswd',
  'null',
  'undefined',
  'true',
  '[]',
  '%7B%7D',
  '__proto__',
  'constructor',
  'NaN',
  'Infinity',
  '-Infinity',
  '-1',
  '0',
  '-0',
  '1.5',
  '1e3',
  '1e309',
  '-1e309',
  '9'.repeat(40),
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '0x1A',
  '0b11',
  '1_000',
  '+5',
  '%201',
  '1%20',
  '1,2',
  '2026-13-45',
  '0000-00-00',
  '2026-02-30',
  '99999-01-01',
  '-2026-01-01',
  '2026-01-01T00%3A00%3A00Z',
] as const;

/** Odd values for an id in a path. */
export const ODD_IDS = [
  '0',
  '-1',
  '1.5',
  '1e3',
  '1e309',
  '2147483648',
  '9223372036854775808',
  '9'.repeat(40),
  '-9223372036854775809',
  '0x10',
  'abc',
  '%00',
  '%20',
  '1%00',
  'NaN',
  '%E2%80%AE1',
  '%D9%A3',
  '..%2F1',
  'a'.repeat(190),
  '1;2',
  '%251',
] as const;

/** Odd JSON values for a body field. */
export const ODD_JSON: readonly unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  -0.000001,
  1e308,
  -1e308,
  2 ** 53 + 2,
  2147483648,
  '',
  ' ',
  'x'.repeat(20_000),
  '😀'.repeat(300),
  '\u202eevil',
  '\u200b',
  '\ufeff',
  '\ud800',
  'a\udc00b',
  'ǅİı',
  '١٢٣',
  'NaN',
  '-0',
  '1e309',
  '2026-13-45',
  '0000-00-00',
  '2026-02-30T25:61:00Z',
  "'; drop table orders; --",
  '%s%s%n',
  '{"a":1}',
  [],
  [1, 2, 3],
  ['a', null],
  {},
  { a: { b: { c: [] } } },
  JSON.parse('{"__proto__":{"polluted":true}}') as unknown,
];

/** Whole bodies that are not what any operation takes (with the content type they are sent under). */
export function oddBodies(random: Random): { type: string | undefined; payload: string | Buffer; note: string }[] {
  const deep = 3000 + random.int(0, 2000);
  return [
    { type: 'application/json', payload: '{', note: 'truncated JSON' },
    { type: 'application/json', payload: '{"a":}', note: 'invalid JSON' },
    { type: 'application/json', payload: "{'a':1}", note: 'single quotes' },
    { type: 'application/json', payload: '{"a":1,}', note: 'trailing comma' },
    { type: 'application/json', payload: 'null', note: 'null body' },
    { type: 'application/json', payload: '[]', note: 'array body' },
    { type: 'application/json', payload: '"text"', note: 'string body' },
    { type: 'application/json', payload: '12345678901234567890', note: 'number body' },
    { type: 'application/json', payload: '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}', note: 'prototype keys' },
    { type: 'application/json', payload: '{"a":1,"a":2}', note: 'duplicate keys' },
    { type: 'application/json', payload: '\ufeff{}', note: 'byte-order mark' },
    { type: 'application/json', payload: '['.repeat(deep) + ']'.repeat(deep), note: `nested ${deep} deep` },
    { type: 'application/json', payload: `{"a":"${'\\u0000'.repeat(10)}"}`, note: 'escaped NULs' },
    { type: 'application/json', payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]), note: 'invalid UTF-8' },
    { type: 'application/json; charset=utf-16', payload: '{}', note: 'utf-16 charset' },
    { type: 'text/plain', payload: '{}', note: 'text/plain' },
    { type: 'application/x-www-form-urlencoded', payload: 'a=1&b[c]=2', note: 'form body' },
    { type: 'application/xml', payload: '<a/>', note: 'xml body' },
    { type: 'multipart/form-data; boundary=zz', payload: '--zz\r\ngarbage', note: 'broken multipart' },
    { type: 'multipart/form-data', payload: 'no boundary', note: 'multipart without boundary' },
    {
      type: 'multipart/form-data; boundary=zz',
      payload:
        '--zz\r\nContent-Disposition: form-data; name="file"; filename="../../x.jpg"\r\nContent-Type: image/jpeg\r\n\r\nnot an image\r\n--zz--\r\n',
      note: 'multipart with a fake image',
    },
    {
      type: 'multipart/form-data; boundary=zz',
      payload: '--zz\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\n\r\n--zz--\r\n',
      note: 'multipart with an empty file',
    },
    { type: 'application/octet-stream', payload: Buffer.from([0, 1, 2, 3, 255]), note: 'bytes' },
    { type: undefined, payload: '{"a":1}', note: 'no content type' },
    { type: '', payload: '{}', note: 'empty content type' },
    { type: 'application/json', payload: '', note: 'empty body' },
  ];
}

/** Whole query strings of odd shapes (arrays where scalars go, nested keys, prototype keys, sheer size). */
export function oddQueries(names: string[], random: Random): string[] {
  const name = names.length ? random.pick(names) : 'q';
  const many = Array.from({ length: 1000 }, (_, i) => `k${i}=${i}`).join('&');
  return [
    `${name}=1&${name}=2`,
    `${name}[]=1`,
    `${name}[a][b]=1`,
    `${name}=`,
    `${name}`,
    'filters[x][y]=1',
    'filters=1',
    'filters[]=1&filters[]=2',
    'filters[page][]=2',
    'filters[page]=1&filters[page]=2',
    'filters[per_page]=1&filters[per_page]=abc',
    'filters[page]=-1&filters[per_page]=1e9',
    'filters[per_page]=0',
    'filters%5Bpage%5D=2',
    '__proto__[admin]=1',
    'constructor[prototype][admin]=1',
    '=1',
    '&&&',
    '%=1',
    '%zz=%zz',
    '%00=%00',
    ';a=1;b=2',
    many,
    `${name}=${'z'.repeat(20_000)}`,
    `${name}=${encodeURIComponent(JSON.stringify({ $gt: '' }))}`,
  ];
}

/** Odd headers: broken tokens, odd languages, caching and content negotiation. */
export function oddHeaders(token: string | undefined): Record<string, string>[] {
  const out: Record<string, string>[] = [
    { authorization: 'Bearer' },
    { authorization: 'Bearer ' },
    { authorization: 'Bearer a.b.c' },
    { authorization: `Bearer ${'x'.repeat(8000)}` },
    { authorization: 'Basic YWRtaW46YWRtaW4=' },
    { authorization: 'Bearer eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJzaWQiOiIxIiwic3ViIjoiMSJ9.' },
    { 'accept-language': 'xx-YY' },
    { 'accept-language': 'kk;q=abc, *;q=-1, ,,,' },
    { 'accept-language': `${'ru-RU,'.repeat(500)}en` },
    { 'if-none-match': '*' },
    { 'if-none-match': 'W/"' },
    { accept: 'text/html' },
    { accept: 'application/xml' },
    { 'accept-encoding': 'br;q=abc, gzip;q=-1, identity;q=0' },
    { 'x-forwarded-for': 'not-an-address, ::ffff:999.1.1.1' },
  ];
  if (token) {
    out.push({ authorization: `Bearer ${token}x` });
    out.push({ authorization: `Bearer ${token.split('.').slice(0, 2).join('.')}.` });
    out.push({ authorization: `bearer ${token}` });
  }
  return out;
}

/** Every leaf-ish field of a sampled body, as paths (`['place','branch_id']`), down to two levels. */
export function fieldPaths(value: unknown, prefix: string[] = [], depth = 0): string[][] {
  if (!value || typeof value !== 'object' || depth > 2) return [];
  const out: string[][] = [];
  const entries = Array.isArray(value) ? value.slice(0, 1).map((v, i) => [String(i), v] as const) : Object.entries(value);
  for (const [key, child] of entries) {
    out.push([...prefix, key]);
    out.push(...fieldPaths(child, [...prefix, key], depth + 1));
  }
  return out;
}

/** A copy of the body with the value at `path` replaced (or removed when `value` is `REMOVE`). */
export const REMOVE = Symbol('remove');
export function withField(body: unknown, path: string[], value: unknown): unknown {
  const copy = structuredClone(body) as Record<string, unknown>;
  let node: Record<string, unknown> = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string, unknown>;
  const last = path[path.length - 1] as string;
  if (value === REMOVE) {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete node[last];
  } else node[last] = value;
  return copy;
}
