#!/usr/bin/env node
/**
 * Warehouse scans at scale (issue 35, ADR 083): with 1,000,000 parcels in PostgreSQL, one scan of each kind a clerk
 * makes must answer under 100 ms at the p99:
 * - receive: `POST manage/receive` (a new tracking code and its weight, at the China warehouse);
 * - shelve: `POST manage/shelves/place` (a parcel waiting at the branch — by tracking code or our P number — onto a
 *   shelf scanned by its L code; suggestion, upsert of the one place, the shelf's stale places pruned, audit);
 * - pick: `POST manage/handover/lookup` (the customer's client code → their parcels with the pick list in shelf order).
 *
 * Against the built server as in production (`node apps/api/dist/server.js`, NODE_ENV=production) on PostgreSQL
 * (database bench_warehouse_scans: migrations, reference seed, then generate_series: 20,000 customers of one branch,
 * 1,000,000 parcels — 960,000 delivered as history, 30,000 waiting at the branch, 10,000 at the warehouse — 200 shelves
 * with 15,000 waiting parcels placed and 50,000 stale places of delivered ones). One clerk scanning: calls one after
 * another, after a warm-up. Writes bench/results/warehouse-scans.md (or BENCH_OUT).
 *
 * Usage: npm run build && npm run bench:warehouse-scans -w bench
 *        (BENCH_PG_URL; BENCH_PARCELS=1000000; BENCH_SCANS=500; BENCH_PORT=3275; BENCH_KEEP=1 keeps the database)
 */
import { join } from 'node:path';
import { formatLocationCode, formatNumber, formatParcelNumber } from '../packages/contract/src/index.ts';
import { hashPassword } from '../apps/api/src/modules/auth/passwords.ts';
import { connect, dropDatabase, freshDatabase, log, machineConditions, summary, writeResult } from './lib.mjs';
import { startBuiltServer } from './load-lib.mjs';

const NAME = 'bench_warehouse_scans';
const PARCELS = Number(process.env.BENCH_PARCELS ?? 1_000_000);
const SCANS = Number(process.env.BENCH_SCANS ?? 500);
const PORT = Number(process.env.BENCH_PORT ?? 3275);
const CUSTOMERS = 20_000;
const WAITING = 30_000;
const AT_WAREHOUSE = 10_000;
const PASSWORD = 'Bench-scan-2026';
const LIMIT_MS = 100;

async function fill(url) {
  const c = await connect(url);
  const {
    rows: [branch],
  } = await c.query(`select id, tariff, currency from branches where currency = 'KZT' order by position, id limit 1`);
  const { rows: statuses } = await c.query('select id, code from order_statuses');
  const sid = Object.fromEntries(statuses.map((s) => [s.code, s.id]));
  const hash = await hashPassword(PASSWORD);
  await c.query(
    `insert into users (phone_number, password_hash, first_name, last_name, branch_id, client_code, role, language)
     select '+7706' || lpad(g::text, 7, '0'), $1, 'Scan', 'N' || g, $2, 'KZ-' || (600000 + g), 'customer', 'ru'
     from generate_series(1, ${CUSTOMERS}) g`,
    [hash, branch.id],
  );
  await c.query(
    `insert into users (phone_number, password_hash, first_name, last_name, client_code, role, language, place_kind, place_branch_id)
     values ('+77069000001', $1, 'Bench', 'Warehouse', 'KZ-699001', 'staff', 'ru', 'china_warehouse', null),
            ('+77069000002', $1, 'Bench', 'Branch', 'KZ-699002', 'staff', 'ru', 'branch', $2)`,
    [hash, branch.id],
  );
  const {
    rows: [first],
  } = await c.query(`select min(id)::int id from users where phone_number like '+7706%' and role = 'customer'`);
  // Parcels g = 1…N: the last WAITING + AT_WAREHOUSE are live, the rest delivered history; owners round-robin.
  const delivered = PARCELS - WAITING - AT_WAREHOUSE;
  await c.query(
    `insert into orders (user_id, track_code, name, weight, price, currency, tariff, status_id, branch_id, owner_source,
                         received_at, dispatched_at, arrived_at, delivered_at, storage_until, created_at, updated_at)
     select ${first.id} + (g % ${CUSTOMERS}), 'SC' || lpad(g::text, 10, '0'), 'Parcel', 1.5,
            case when g <= ${delivered + WAITING} then round(1.5 * $2::bigint) end, $3, $2,
            case when g <= ${delivered} then ${sid.delivered} when g <= ${delivered + WAITING} then ${sid.at_branch} else ${sid.china_warehouse} end,
            $1, 'saved_track', now() - interval '30 days', now() - interval '20 days',
            case when g <= ${delivered + WAITING} then now() - interval '5 days' end,
            case when g <= ${delivered} then now() - interval '2 days' end,
            (now() + interval '10 days')::date, now() - interval '30 days', now()
     from generate_series(1, ${PARCELS}) g`,
    [branch.id, branch.tariff, branch.currency],
  );
  await c.query(
    `insert into locations (branch_id, zone, rack, shelf)
     select $1, z, r, s from unnest(array['A','B','C','D']) z, generate_series(1, 10) r, generate_series(1, 5) s`,
    [branch.id],
  );
  const { rows: shelves } = await c.query('select id from locations where branch_id = $1 order by id', [branch.id]);
  // Half the waiting parcels on shelves; 50,000 places left behind by delivered parcels (the worst case of pruning).
  await c.query(
    `insert into parcel_places (order_id, location_id)
     select o.id, (select min(id) from locations) + (o.id % ${shelves.length}) from orders o
     where (o.status_id = ${sid.at_branch} and o.id % 2 = 0) or (o.status_id = ${sid.delivered} and o.id % 19 = 0 and o.id < 950000)`,
  );
  await c.query('vacuum analyze');
  const { rows: waiting } = await c.query(
    `select o.id, o.track_code, u.client_code from orders o join users u on u.id = o.user_id
     where o.status_id = $1 and o.id % 2 = 1 order by o.id limit ${SCANS + 50}`,
    [sid.at_branch],
  );
  const { rows: customers } = await c.query(
    `select distinct u.client_code from orders o join users u on u.id = o.user_id where o.status_id = $1 limit ${SCANS + 50}`,
    [sid.at_branch],
  );
  const { rows: counted } = await c.query(`select count(*)::int parcels, (select count(*)::int from parcel_places) places from orders`);
  await c.end();
  return { branch, shelves: shelves.map((s) => s.id), waiting, customers: customers.map((r) => r.client_code), counted: counted[0] };
}

async function login(base, phone) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ phone_number: phone, password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`login: ${res.status} ${await res.text()}`);
  return {
    authorization: `Bearer ${(await res.json()).data.access.token}`,
    accept: 'application/json',
    'content-type': 'application/json',
  };
}

/** Times `n` calls one after another (after `warm` untimed ones): the list of milliseconds. */
async function timed(base, headers, path, bodies, warm = 50) {
  const out = [];
  for (const [i, body] of bodies.entries()) {
    const t = performance.now();
    const res = await fetch(`${base}/api/${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${text.slice(0, 300)}`);
    if (i >= warm) out.push(performance.now() - t);
  }
  return out;
}

const ms = (x) => x.toFixed(1);

async function main() {
  const started = Date.now();
  const url = await freshDatabase(NAME);
  const data = await fill(url);
  log(`${data.counted.parcels} parcels, ${data.counted.places} places on ${data.shelves.length} shelves`);
  // One clerk scanning as fast as the server answers: the per-account limit (ADR 007) is not what is measured here.
  const server = await startBuiltServer({
    url,
    port: PORT,
    logFile: join('/tmp', 'bench-warehouse-scans.log'),
    env: { RATE_LIMIT_PER_MINUTE: '100000' },
  });
  let md;
  try {
    const warehouse = await login(server.base, '+77069000001');
    const branch = await login(server.base, '+77069000002');
    const n = SCANS + 50;
    const stamp = Date.now().toString(36).toUpperCase();
    const receive = await timed(
      server.base,
      warehouse,
      'manage/receive',
      Array.from({ length: n }, (_, i) => ({ track_code: `BW${stamp}${String(i).padStart(6, '0')}`, weight: 1.25 })),
    );
    // Half by the seller's code, half by our P number; shelves spread over the room.
    const shelve = await timed(
      server.base,
      branch,
      'manage/shelves/place',
      data.waiting.slice(0, n).map((p, i) => ({
        parcel: i % 2 ? formatParcelNumber(Number(p.id)) : p.track_code,
        shelf: formatLocationCode(data.shelves[(i * 7) % data.shelves.length]),
      })),
    );
    const pick = await timed(
      server.base,
      branch,
      'manage/handover/lookup',
      data.customers.slice(0, n).map((code) => ({ customer: code })),
    );
    const rows = [
      ['receive (`POST manage/receive`)', summary(receive)],
      ['shelve (`POST manage/shelves/place`)', summary(shelve)],
      ['pick (`POST manage/handover/lookup` with the pick list)', summary(pick)],
    ];
    const table = rows
      .map(
        ([name, s]) =>
          `| ${name} | ${s.n} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.p99)} | ${ms(s.max)} | ${s.p99 < LIMIT_MS ? 'yes' : '**no**'} |`,
      )
      .join('\n');
    md = `# Warehouse scans with 1,000,000 parcels: receive, shelve, pick

Measured on ${await machineConditions()}.

The built server in production mode (\`node apps/api/dist/server.js\`, NODE_ENV=production) on PostgreSQL, database
filled by generate_series: ${formatNumber(data.counted.parcels, 'en')} parcels (${formatNumber(WAITING, 'en')} waiting at one branch, ${formatNumber(AT_WAREHOUSE, 'en')} at the
warehouse, the rest delivered), ${formatNumber(CUSTOMERS, 'en')} customers, ${data.shelves.length} shelves, ${formatNumber(data.counted.places, 'en')} places (half the waiting parcels, and
50,000 stale places of delivered parcels). One clerk scanning: calls one after another over HTTP, 50 untimed first.

| scan | calls | p50 ms | p95 ms | p99 ms | max ms | p99 under ${LIMIT_MS} ms |
|---|---:|---:|---:|---:|---:|---|
${table}

The indexes these use: \`orders_track_code_idx\` (the scan), the orders primary key (our P number), \`parcel_places\`'s
primary key (a parcel's place, the pick list) and \`parcel_places_location_idx\` (a shelf's fill, its pruning),
\`orders_user_status_idx\` (the owner's other waiting parcels), \`locations_branch_place_key\` (a branch's shelves).

Generated ${new Date().toISOString()} by \`npm run bench:warehouse-scans -w bench\` in ${((Date.now() - started) / 60000).toFixed(1)} min.
`;
  } finally {
    await server.stop();
    if (!process.env.BENCH_KEEP) await dropDatabase(NAME);
  }
  writeResult(process.env.BENCH_OUT ?? 'warehouse-scans.md', md);
  log(md);
}

await main();
