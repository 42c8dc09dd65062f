import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, login, registerCustomer, type TestContext } from './helpers';
import {
  fieldPaths,
  ODD_IDS,
  ODD_JSON,
  ODD_URL_TEXT,
  oddBodies,
  oddHeaders,
  oddQueries,
  operationsOf,
  REMOVE,
  sample,
  seededRandom,
  withField,
  type Operation,
  type Random,
} from './openapi-fuzz';

/**
 * Issue 15: every operation of the OpenAPI document gets many malformed requests as anonymous, two customers,
 * warehouse staff, branch staff and an admin. No answer may be a 5xx; every 4xx is the error envelope
 * (`{ message, code }`); a customer never gets a 2xx for another customer's order, receipt, saved code or
 * account. Operations other helpers add are covered as soon as they are in the document.
 * FUZZ_SEED=<n> replays (or varies) the run; a failure prints the seed and every request that failed.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 15);
/** FUZZ_ONLY='GET /api/manage/reports' runs only the operations whose "METHOD path" contains it. */
const ONLY = process.env.FUZZ_ONLY;

/** A 32-bit seed from a text (FNV-1a). */
function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

type RoleName = 'anonymous' | 'customer' | 'other_customer' | 'warehouse' | 'branch' | 'admin';
interface Role {
  name: RoleName;
  phone?: string;
  password?: string;
  token?: string;
  /** The account row as it was, put back if a fuzzed call blocked, demoted or re-passworded it. */
  original?: Record<string, unknown>;
}

interface FuzzCase {
  role: Role;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  note: string;
  /** A customer asking for another customer's resource: any 2xx is a leak. */
  foreign?: boolean;
}

interface Finding {
  what: string;
  request: string;
  status: number;
  body: string;
}

let ctx: TestContext;
const roles: Role[] = [];
/** Ids the first customer owns (orders, receipts, saved codes, the account), by the path's first segment. */
const owned: Record<string, string[]> = {};
let victimUserId = '';

async function rows(text: string, values: unknown[] = []) {
  return (await ctx.database.executeSql(text, values)).rows;
}

beforeAll(async () => {
  // Each role makes thousands of calls in a few minutes: the per-account limit (ADR 007) is lifted so the run
  // reaches the handlers instead of 429 (its own test proves the limit).
  ctx = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
  const other = await registerCustomer(ctx);
  const victim = await registerCustomer(ctx);
  victimUserId = String(victim.user.id);
  roles.push(
    { name: 'anonymous' },
    { name: 'customer', phone: DEMO.customer, password: DEMO.password },
    { name: 'other_customer', phone: other.phone, password: other.password },
    { name: 'warehouse', phone: DEMO.warehouse, password: DEMO.password },
    { name: 'branch', phone: DEMO.branchStaff, password: DEMO.password },
    { name: 'admin', phone: DEMO.admin, password: DEMO.password },
  );
  for (const role of roles) {
    if (!role.phone) continue;
    role.token = (await login(ctx.app, role.phone, role.password)).token;
    [role.original] = await rows(
      'select id, phone_number, password_hash, role, place_kind, place_branch_id from users where phone_number = $1',
      [role.phone],
    );
  }
  const customerId = roles[1]?.original?.id;
  const ids = async (sqlText: string) => (await rows(sqlText, [customerId])).map((r) => String(r.id));
  owned.orders = await ids('select id from orders where user_id = $1 order by id limit 8');
  owned.receipts = await ids('select id from receipts where user_id = $1 order by id limit 3');
  owned['saved-tracks'] = await ids('select id from saved_tracks where user_id = $1 order by id limit 3');
  owned.users = [String(customerId)];
  expect(owned.orders.length).toBeGreaterThan(0);
  expect(owned.receipts.length).toBeGreaterThan(0);
}, 120_000);
afterAll(async () => ctx?.close());

/** The first customer's ids are foreign to everyone else; staff paths get a throwaway customer's id. */
function idFor(op: Operation, name: string, role: Role, random: Random): { value: string; foreign: boolean } {
  const segment = op.path.split('/')[2] ?? '';
  const pool = owned[segment];
  if (pool?.length && name !== 'statusId') {
    const value = random.pick(pool);
    return { value, foreign: role.name === 'other_customer' };
  }
  if (/\/(admin\/users|manage\/customers)\/\{id\}/.test(op.path)) return { value: victimUserId, foreign: false };
  if (name === 'statusId' || name === 'country_id') return { value: String(random.int(1, 5)), foreign: false };
  return { value: String(random.int(1, 6)), foreign: false };
}

function sampledRequest(op: Operation, role: Role, random: Random) {
  const path: Record<string, string> = {};
  let foreign = false;
  const query: [string, string][] = [];
  for (const p of op.parameters) {
    if (p.in === 'path') {
      const isId = p.schema.type === 'integer' || /id$/i.test(p.name);
      if (isId) {
        const id = idFor(op, p.name, role, random);
        path[p.name] = id.value;
        foreign ||= id.foreign;
      } else path[p.name] = encodeURIComponent(String(sample(p.schema, random, p.name)));
    } else if (p.in === 'query' && (p.required || random.next() < 0.7)) {
      query.push([p.name, encodeURIComponent(String(sample(p.schema, random, p.name)))]);
    }
  }
  const body = op.body ? sample(op.body, random) : undefined;
  return { path, query, body, foreign };
}

function urlOf(op: Operation, path: Record<string, string>, query: string): string {
  const p = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => path[name] ?? '1');
  return query ? `${p}?${query}` : p;
}
const queryOf = (pairs: [string, string][]) => pairs.map(([k, v]) => `${k}=${v}`).join('&');

/** The malformed requests for one operation and role: many where the role gets past the guard, a few where it does not. */
function casesFor(op: Operation, role: Role, random: Random, deep: boolean): FuzzCase[] {
  const base = sampledRequest(op, role, random);
  const auth: Record<string, string> = role.token ? { authorization: `Bearer ${role.token}` } : {};
  const jsonHeaders = { ...auth, accept: 'application/json', 'accept-language': random.pick(['kk', 'ru', 'en']) };
  const bodyPayload = (body: unknown) => (body === undefined ? undefined : JSON.stringify(body));
  const out: FuzzCase[] = [];
  const add = (c: Omit<FuzzCase, 'role' | 'method'> & { method?: string }) =>
    out.push({ role, method: op.method, foreign: base.foreign, ...c });
  const withJson = (h: Record<string, string>, payload: unknown) =>
    payload === undefined ? h : { ...h, 'content-type': 'application/json' };

  add({
    url: urlOf(op, base.path, queryOf(base.query)),
    headers: withJson(jsonHeaders, base.body),
    payload: bodyPayload(base.body),
    note: 'sampled',
  });
  const scale = deep ? 1 : 0;
  // Query parameters, one at a time.
  for (const p of op.parameters.filter((x) => x.in === 'query')) {
    for (const v of random.some(ODD_URL_TEXT, scale ? 6 : 1)) {
      const q = base.query.filter(([k]) => k !== p.name).concat([[p.name, v]]);
      add({
        url: urlOf(op, base.path, queryOf(q)),
        headers: withJson(jsonHeaders, base.body),
        payload: bodyPayload(base.body),
        note: `query ${p.name}`,
      });
    }
  }
  // Path parameters, one at a time (odd ids, and ids of other people's things).
  for (const p of op.parameters.filter((x) => x.in === 'path')) {
    const values = [...random.some(ODD_IDS, scale ? 8 : 2), ...random.some(ODD_URL_TEXT, scale ? 3 : 0)];
    for (const v of values) {
      add({
        url: urlOf(op, { ...base.path, [p.name]: v }, queryOf(base.query)),
        headers: withJson(jsonHeaders, base.body),
        payload: bodyPayload(base.body),
        note: `path ${p.name}`,
        foreign: false,
      });
    }
  }
  // The query string's shape.
  const names = op.parameters.filter((x) => x.in === 'query').map((x) => x.name);
  for (const q of random.some(oddQueries(names, random), scale ? 6 : 1)) {
    const keep = random.next() < 0.5 ? queryOf(base.query) : '';
    add({
      url: urlOf(op, base.path, [keep, q].filter(Boolean).join('&')),
      headers: withJson(jsonHeaders, base.body),
      payload: bodyPayload(base.body),
      note: 'query shape',
    });
  }
  // Whole bodies and content types (a GET gets one body too).
  const bodies = oddBodies(random);
  for (const b of random.some(bodies, op.method === 'GET' ? 1 : scale ? 8 : 2)) {
    const headers: Record<string, string> = { ...jsonHeaders };
    if (b.type !== undefined) headers['content-type'] = b.type;
    add({ url: urlOf(op, base.path, queryOf(base.query)), headers, payload: b.payload, note: `body: ${b.note}` });
  }
  // Body fields, one at a time.
  if (base.body !== undefined && deep) {
    for (const path of fieldPaths(base.body)) {
      for (const v of [...random.some(ODD_JSON, 4), REMOVE]) {
        const body = withField(base.body, path, v);
        add({
          url: urlOf(op, base.path, queryOf(base.query)),
          headers: withJson(jsonHeaders, body),
          payload: bodyPayload(body),
          note: `field ${path.join('.')}`,
        });
      }
    }
    if (base.body && typeof base.body === 'object' && !Array.isArray(base.body)) {
      const extra = { ...(base.body as object), unexpected_field: random.pick(ODD_JSON) };
      add({
        url: urlOf(op, base.path, queryOf(base.query)),
        headers: withJson(jsonHeaders, extra),
        payload: bodyPayload(extra),
        note: 'unknown field',
      });
    }
  }
  // Headers.
  for (const h of random.some(oddHeaders(role.token), scale ? 4 : 1)) {
    add({
      url: urlOf(op, base.path, queryOf(base.query)),
      headers: { ...withJson(jsonHeaders, base.body), ...h },
      payload: bodyPayload(base.body),
      note: `header ${Object.keys(h)[0]}`,
    });
  }
  return out;
}

interface Answer {
  status: number;
  headers: Record<string, unknown>;
  body: string;
}

let addressCounter = 0;
/** Sends one case through the real app; a stream (SSE) is closed after its headers. */
async function send(c: FuzzCase): Promise<Answer> {
  addressCounter += 1;
  // Each request from its own address, so the per-address limits do not hide the answers behind 429s.
  const remoteAddress = `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
  const res = await ctx.app.inject({
    method: c.method as 'GET',
    url: c.url,
    headers: c.headers,
    payload: c.payload,
    remoteAddress,
    payloadAsStream: true,
  });
  const stream = res.stream() as Readable;
  if (String(res.headers['content-type'] ?? '').startsWith('text/event-stream')) {
    stream.destroy();
    return { status: res.statusCode, headers: res.headers, body: '' };
  }
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return { status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') };
}

/** Signs the role in again if a fuzzed call ended its session; puts the account back if one changed it. */
async function keepSignedIn(role: Role) {
  if (!role.token || !role.phone) return;
  const check = await ctx.app.inject({ method: 'GET', url: '/api/auth/user', headers: { authorization: `Bearer ${role.token}` } });
  const me = check.statusCode === 200 ? (JSON.parse(check.body) as { data: { role: string } }).data : undefined;
  if (me && me.role === role.original?.role) return;
  const o = role.original as Record<string, unknown>;
  await rows(
    'update users set phone_number = $2, password_hash = $3, role = $4, place_kind = $5, place_branch_id = $6, blocked_at = null where id = $1',
    [o.id, o.phone_number, o.password_hash, o.role, o.place_kind, o.place_branch_id],
  );
  await rows('delete from login_throttle where phone_number = $1', [o.phone_number]);
  role.token = (await login(ctx.app, role.phone, role.password)).token;
}

function describeCase(c: FuzzCase): string {
  const payload = c.payload === undefined ? '' : ` body=${JSON.stringify(String(c.payload).slice(0, 300))}`;
  const headers = Object.entries(c.headers)
    .filter(([k]) => k !== 'authorization' || !c.headers[k]?.endsWith(c.role.token ?? '\u0000'))
    .map(([k, v]) => `${k}: ${v.slice(0, 80)}`)
    .join('; ');
  return `[${c.role.name}] ${c.method} ${c.url.slice(0, 300)} (${c.note}) {${headers}}${payload}`;
}

describe('fuzzing every operation of the OpenAPI document', () => {
  it('never answers 5xx, answers every 4xx with the error envelope, and never shows a customer what is not theirs', async () => {
    const started = Date.now();
    const doc = ctx.app.swagger() as unknown as { paths: Record<string, Record<string, unknown>> };
    const all = operationsOf(doc);
    expect(all.length).toBeGreaterThan(50);
    const operations = ONLY ? all.filter((op) => `${op.method} ${op.path}`.includes(ONLY)) : all;
    const findings: Finding[] = [];
    const statuses = new Map<number, number>();
    let total = 0;
    for (const op of operations) {
      // Each operation has its own generator: FUZZ_ONLY replays one operation's requests exactly, and
      // operations added later do not change the requests the others get.
      const random = seededRandom(seedOf(`${SEED} ${op.method} ${op.path}`));
      for (const role of roles) {
        // A role the guard refuses gets a few cases; a role that gets past it, the whole set.
        const probe = casesFor(op, role, random, false);
        const first = await send(probe[0] as FuzzCase);
        const deep = first.status !== 401 && first.status !== 403;
        const cases = deep ? casesFor(op, role, random, true) : probe;
        const opStarted = Date.now();
        for (const c of cases) {
          const t0 = Date.now();
          const res = await send(c);
          if (process.env.FUZZ_TRACE && Date.now() - t0 > 300) console.log(`slow ${Date.now() - t0} ms: ${describeCase(c).slice(0, 200)}`);
          total += 1;
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          if (res.status >= 500) findings.push({ what: '5xx', request: describeCase(c), status: res.status, body: res.body.slice(0, 300) });
          else if (res.status >= 400 && !res.headers['content-encoding']) {
            let envelope: { code?: unknown; message?: unknown } | undefined;
            try {
              envelope = JSON.parse(res.body) as typeof envelope;
            } catch {
              envelope = undefined;
            }
            if (typeof envelope?.code !== 'string' || typeof envelope.message !== 'string')
              findings.push({
                what: '4xx without the error envelope',
                request: describeCase(c),
                status: res.status,
                body: res.body.slice(0, 300),
              });
          } else if (c.foreign && res.status < 300)
            findings.push({
              what: "another customer's resource answered",
              request: describeCase(c),
              status: res.status,
              body: res.body.slice(0, 300),
            });
        }
        await keepSignedIn(role);
        if (process.env.FUZZ_TRACE) console.log(`${Date.now() - opStarted} ms ${cases.length} ${role.name} ${op.method} ${op.path}`);
      }
    }
    const seconds = Math.round((Date.now() - started) / 1000);
    const histogram = [...statuses.entries()].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`);
    console.log(`fuzz seed ${SEED}: ${total} requests over ${operations.length} operations in ${seconds} s: ${histogram.join(' ')}`);
    const report = findings.map((f) => `${f.what}: ${f.status} ← ${f.request}\n    ${f.body}`).join('\n');
    expect(findings, `FUZZ_SEED=${SEED} (and FUZZ_ONLY='METHOD /api/path' for one operation) reproduces these:\n${report}`).toEqual([]);
    // A run that only met rate limits or guards proved nothing.
    expect((statuses.get(429) ?? 0) / total).toBeLessThan(0.05);
    if (!ONLY) expect(total).toBeGreaterThan(operations.length * 30);
  }, 300_000);
});
