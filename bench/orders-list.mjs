#!/usr/bin/env node
/**
 * Data-scale benchmark of the customer's order list (GET /api/orders/status/{statusId}/orders).
 *
 * Builds two PostgreSQL databases on the local server (migrations applied through the API's openDatabase):
 *   bench_orders_small   10,000 orders over 50,000 customers
 *   bench_orders      1,000,000 orders over 50,000 customers
 * In both, one probe customer owns the same 40 orders (the other rows belong to everybody else), so the
 * answer is identical and only the table size differs. Rows are made with generate_series in the server.
 *
 * Then it builds the real app (buildApp) on each database, signs the probe in through POST /api/auth/login,
 * and calls the list through app.inject (full Fastify pipeline: auth, validation, query, serialisation),
 * alternating rounds between the two sizes so machine noise hits both alike. Reports p50/p95/p99 per size,
 * the ratio, EXPLAIN ANALYZE of the list query at 1M, and writes bench/results/orders-list.md.
 *
 * Usage: npm run bench:orders -w bench     (BENCH_PG_URL=postgres://postgres@127.0.0.1:5432 by default;
 *        BENCH_REQUESTS=10000 per size; BENCH_KEEP=1 keeps the databases, BENCH_REUSE=1 reuses them if present)
 */
import { openDatabase } from '../apps/api/src/db/client.ts';
import { hashPassword } from '../apps/api/src/modules/auth/passwords.ts';
import { orderPagesRepository } from '../apps/api/src/modules/orders/order-pages-repository.ts';
import {
  connect,
  databaseExists,
  databaseUrl,
  dropDatabase,
  freshDatabase,
  log,
  machineConditions,
  startApp as startSignedIn,
  summary,
  timeGets,
  writeResult,
} from './lib.mjs';
import { formatNumber } from '../packages/contract/src/common/format.ts';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 10000);
const DEEP_REQUESTS = Number(process.env.BENCH_DEEP_REQUESTS ?? 2000);
const ROUNDS = 10;
const WARMUP = 300;
const DEEP_WARMUP = 30;
const CUSTOMERS = 50_000;
const PROBE_ORDERS = 40;
const PROBE_PHONE = '+77099999999';
const PROBE_PASSWORD = 'Bench-probe-2026';
/** The reseller: 20,000 orders, all delivered and kept (not archived), in the 1M database. */
const RESELLER_ORDERS = 20_000;
const RESELLER_PHONE = '+77099999997';
const DEEP_PAGE = 500;
const SIZES = [
  { name: 'bench_orders_small', orders: 10_000, label: '10k' },
  { name: 'bench_orders', orders: 1_000_000, label: '1M', reseller: true },
];

/**
 * Fills one database: reference data, 50k customers, the probe, and `total` orders (40 of them the probe's). In the
 * 1M database one order in 50 belongs to the reseller (20,000, all delivered and kept), spread through the table as a
 * live carrier's would be.
 */
async function fill(size) {
  const url = databaseUrl(size.name);
  if (process.env.BENCH_REUSE === '1' && (await databaseExists(size.name))) {
    log(`${size.name}: reusing`);
    return url;
  }
  await freshDatabase(size.name);

  const c = await connect(url);
  const t0 = Date.now();
  const passwordHash = await hashPassword(PROBE_PASSWORD);
  await c.query('set synchronous_commit = off');
  const {
    rows: [branch],
  } = await c.query('select id, tariff, currency from branches order by position, id limit 1');
  const { rows: statuses } = await c.query('select id, code from order_statuses order by position');
  const sid = Object.fromEntries(statuses.map((s) => [s.code, s.id]));

  // 50,000 customers (the probe first).
  await c.query(
    `insert into users (phone_number, password_hash, first_name, last_name, branch_id, client_code, role)
     values ($1, $2, 'Probe', 'Customer', $3, 'KZ-90000', 'customer')`,
    [PROBE_PHONE, passwordHash, branch.id],
  );
  await c.query(
    `insert into users (phone_number, password_hash, first_name, last_name, branch_id, client_code, role)
     select '+7701' || lpad(g::text, 7, '0'), 'not-a-login', 'Customer', 'N' || g, $1, 'KZ-' || (100000 + g), 'customer'
     from generate_series(1, ${CUSTOMERS - 1}) g`,
    [branch.id],
  );
  const {
    rows: [{ probe, first, last }],
  } = await c.query(
    `select (select id from users where phone_number = $1) probe, min(id) first, max(id) last from users where role = 'customer'`,
    [PROBE_PHONE],
  );
  // The reseller (the last customer's id + 1, outside the spread of the others).
  const {
    rows: [{ id: reseller }],
  } = await c.query(
    `insert into users (phone_number, password_hash, first_name, last_name, branch_id, client_code, role)
     values ($1, $2, 'Reseller', 'Customer', $3, 'KZ-90002', 'customer') returning id`,
    [RESELLER_PHONE, passwordHash, branch.id],
  );
  const ofReseller = (g) => (size.reseller ? `${g} % 50 = 0` : 'false');

  // Status mix of a live carrier: most parcels delivered (a part archived), the rest on the way.
  const statusCase = (g) =>
    `case when ${g} % 20 < 13 then ${sid.delivered} when ${g} % 20 < 15 then ${sid.at_branch} when ${g} % 20 < 18 then ${sid.in_transit} else ${sid.china_warehouse} end`;
  const insertOrders = (from, to, userExpr, statusExpr, archivedExpr) => `
    insert into orders (user_id, track_code, name, weight, price, currency, tariff, status_id, branch_id,
                        received_at, dispatched_at, arrived_at, delivered_at, storage_until, archived_at, created_at, updated_at)
    select u, 'BN' || lpad(g::text, 12, '0'), 'Item ' || g, w,
           case when s in (${sid.at_branch}, ${sid.delivered}) then round(w * ${branch.tariff}) end,
           case when s in (${sid.at_branch}, ${sid.delivered}) then '${branch.currency}' end,
           case when s in (${sid.at_branch}, ${sid.delivered}) then ${branch.tariff} end,
           s, ${branch.id},
           r, case when s <> ${sid.china_warehouse} then r + interval '2 days' end,
           case when s in (${sid.at_branch}, ${sid.delivered}) then r + interval '11 days' end,
           case when s = ${sid.delivered} then r + interval '13 days' end,
           case when s in (${sid.at_branch}, ${sid.delivered}) then (r + interval '25 days')::date end,
           ${archivedExpr}, r, r
    from (select g, ${userExpr} u, ${statusExpr} s, round((0.2 + (g % 97) / 10.0)::numeric, 3) w,
                 now() - ((g % 400) || ' days')::interval - ((g % 1440) || ' minutes')::interval r
          from generate_series(${from}, ${to}) g) x`;

  // The probe's 40 orders: 10 in each status, none archived (the same answer in both databases).
  await c.query(
    insertOrders(
      1,
      PROBE_ORDERS,
      String(probe),
      `(array[${sid.china_warehouse}, ${sid.in_transit}, ${sid.at_branch}, ${sid.delivered}])[1 + g % 4]`,
      'null',
    ),
  );
  // Everybody else's: spread over the other customers; 30% of the delivered ones archived.
  const others = size.orders - PROBE_ORDERS;
  const chunk = 250_000;
  for (let from = PROBE_ORDERS + 1; from <= size.orders; from += chunk) {
    const to = Math.min(size.orders, from + chunk - 1);
    await c.query(
      insertOrders(
        from,
        to,
        `case when ${ofReseller('g')} then ${reseller} else ${Number(first) + 1} + (g::bigint * 7919) % ${Number(last) - Number(first)} end`,
        `case when ${ofReseller('g')} then ${sid.delivered} else ${statusCase('g')} end`,
        `case when ${ofReseller('g')} then null when g % 20 < 4 then now() - ((g % 30) || ' days')::interval end`,
      ),
    );
    log(`${size.name}: ${formatNumber(to, 'en')} / ${formatNumber(size.orders, 'en')} orders`);
  }
  await c.query(`select setval(pg_get_serial_sequence('orders', 'id'), (select max(id) from orders))`);
  await c.query('vacuum analyze users');
  await c.query('vacuum analyze orders');
  const {
    rows: [{ n }],
  } = await c.query('select count(*)::int n from orders');
  await c.end();
  log(
    `${size.name}: ${formatNumber(n, 'en')} orders (${formatNumber(others, 'en')} of others) over ${formatNumber(CUSTOMERS, 'en')} customers in ${((Date.now() - t0) / 1000).toFixed(0)} s`,
  );
  return url;
}

async function startApp(url, phone = PROBE_PHONE) {
  const target = await startSignedIn(url, { phone, password: PROBE_PASSWORD });
  const statuses = await target.app.inject({ method: 'GET', url: '/api/orders/statuses', headers: target.headers });
  const byCode = Object.fromEntries(statuses.json().data.map((s) => [s.code, s]));
  const listUrl = `/api/orders/status/${byCode.in_transit.id}/orders?filters[per_page]=10&filters[page]=1`;
  return { ...target, listUrl, statuses: byCode };
}

const get = async (target, url) => {
  const res = await target.app.inject({ method: 'GET', url, headers: target.headers });
  if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
  return res.json();
};

/**
 * The reseller's delivered orders: page 1, page 500 and page 2000 (the last) by offset, and the cursor at the depth of
 * page 500 (the next_cursor page 499 answered). The cursor page must hold exactly the rows of page 500.
 */
async function resellerCalls(target) {
  const base = `/api/orders/status/${target.statuses.delivered.id}/orders?filters[per_page]=10`;
  const calls = [
    { name: 'page 1', url: `${base}&filters[page]=1` },
    { name: `page ${DEEP_PAGE} (offset)`, url: `${base}&filters[page]=${DEEP_PAGE}` },
    { name: 'page 2000, the last (offset)', url: `${base}&filters[page]=2000` },
  ];
  const before = await get(target, `${base}&filters[page]=${DEEP_PAGE - 1}`);
  const cursor = before.meta.next_cursor;
  if (cursor) {
    const url = `${base}&filters[after]=${encodeURIComponent(cursor)}`;
    const [byOffset, byCursor] = [await get(target, calls[1].url), await get(target, url)];
    const ids = (page) => page.data.map((o) => o.id).join(',');
    if (ids(byOffset) !== ids(byCursor)) throw new Error('the cursor page differs from the offset page at the same depth');
    calls.push({ name: `cursor at the depth of page ${DEEP_PAGE}`, url });
  } else log('no next_cursor in the answer: the cursor is not measured (the code before the cursor)');
  const first = await get(target, calls[0].url);
  if (first.meta.total !== RESELLER_ORDERS) throw new Error(`the reseller has ${first.meta.total} delivered orders`);
  return calls;
}

/**
 * EXPLAIN ANALYZE of the queries the API runs (the repository's own, with their parameters) for the reseller's
 * page 1, page 500 and the cursor at that depth: the page's ids, its rows, and the count of a numbered page.
 */
async function explain(url, cursorUrl) {
  const database = await openDatabase({ databaseUrl: url });
  const db = database.db;
  const c = await connect(url);
  const {
    rows: [{ userId, statusId }],
  } = await c.query(
    `select (select id from users where phone_number = $1) "userId", (select id from order_statuses where code = 'delivered') "statusId"`,
    [RESELLER_PHONE],
  );
  const afterId = cursorUrl
    ? JSON.parse(Buffer.from(decodeURIComponent(/filters\[after\]=([^&]+)/.exec(cursorUrl)[1]), 'base64url'))[2]
    : null;
  const plan = async (query) => {
    const { sql, params } = query.toSQL();
    const inlined = sql.replace(/\$(\d+)/g, (_m, i) => {
      const v = params[Number(i) - 1];
      return typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`;
    });
    const r = await c.query(`explain (analyze, buffers, costs off) ${inlined}`);
    return r.rows.map((row) => row['QUERY PLAN']).join('\n');
  };
  const deep = orderPagesRepository.pageByStatusQueries(db, Number(userId), Number(statusId), { page: DEEP_PAGE, perPage: 10 });
  const out = { deep: await plan(deep.rows), count: await plan(deep.total) };
  if (afterId)
    out.cursor = await plan(orderPagesRepository.pageByStatusQueries(db, Number(userId), Number(statusId), { afterId, perPage: 10 }).rows);
  await c.end();
  await database.close();
  return out;
}

/** Alternates rounds over `jobs` ({ target, url }) so machine noise falls on all alike; samples per job. */
async function alternate(jobs, total) {
  const samples = jobs.map(() => []);
  const perRound = Math.ceil(total / ROUNDS);
  for (let round = 0; round < ROUNDS; round += 1) {
    for (let k = 0; k < jobs.length; k += 1) {
      const j = round % 2 === 0 ? k : jobs.length - 1 - k; // alternate who goes first
      samples[j].push(...(await timeGets(jobs[j].target, jobs[j].url, perRound)));
    }
    log(`round ${round + 1}/${ROUNDS}`);
  }
  return samples.map(summary);
}

async function main() {
  const started = Date.now();
  const urls = [];
  for (const size of SIZES) urls.push(await fill(size));

  // 1. The same small customer in a small and a big table.
  const targets = [];
  for (const url of urls) targets.push(await startApp(url));
  const strip = (page) => JSON.stringify(page.data.map((o) => [o.track_code, o.status.code]));
  const [first, second] = [await get(targets[0], targets[0].listUrl), await get(targets[1], targets[1].listUrl)];
  if (strip(first) !== strip(second)) throw new Error("the probe customer's page differs between the two databases");
  log('probe page (both sizes):', first.meta);
  for (const t of targets) await timeGets(t, t.listUrl, WARMUP);
  const results = (
    await alternate(
      targets.map((t) => ({ target: t, url: t.listUrl })),
      REQUESTS,
    )
  ).map((r, i) => ({ ...SIZES[i], ...r }));
  for (const t of targets) await t.app.close();

  // 2. The reseller's 20,000 orders at depth, in the big table.
  const reseller = await startApp(urls[1], RESELLER_PHONE);
  const calls = await resellerCalls(reseller);
  for (const call of calls) await timeGets(reseller, call.url, DEEP_WARMUP);
  const deep = (
    await alternate(
      calls.map((c) => ({ target: reseller, url: c.url })),
      DEEP_REQUESTS,
    )
  ).map((r, i) => ({ ...calls[i], ...r }));
  await reseller.app.close();
  const plan = await explain(urls[1], calls[3]?.url);

  const [small, big] = results;
  const ratio = big.p99 / small.p99;
  const depthRatio = deep[1].p50 / deep[0].p50;
  const depthRatio95 = deep[1].p95 / deep[0].p95;
  const ok = ratio <= 2 && depthRatio <= 1.5;
  const f = (ms) => ms.toFixed(2);
  const table = [
    '| orders in the database | requests | p50 ms | p95 ms | p99 ms | max ms |',
    '|---:|---:|---:|---:|---:|---:|',
    ...results.map((r) => `| ${formatNumber(r.orders, 'en')} | ${r.n} | ${f(r.p50)} | ${f(r.p95)} | ${f(r.p99)} | ${f(r.max)} |`),
  ].join('\n');
  const deepTable = [
    "| the reseller's delivered orders, 10 a page | requests | p50 ms | p95 ms | p99 ms | max ms | p50 / page 1 |",
    '|---|---:|---:|---:|---:|---:|---:|',
    ...deep.map(
      (r) => `| ${r.name} | ${r.n} | ${f(r.p50)} | ${f(r.p95)} | ${f(r.p99)} | ${f(r.max)} | ${(r.p50 / deep[0].p50).toFixed(2)} |`,
    ),
  ].join('\n');
  const md = `# Order list at scale

Measured on ${await machineConditions()}.

## The same customer in a small and a big table

\`GET /api/orders/status/{statusId}/orders?filters[per_page]=10&filters[page]=1\` for one customer with 40 orders
(10 in the listed status), through the real API (\`buildApp\` + \`app.inject\`: auth with a session lookup, validation,
the list queries, serialisation), ${formatNumber(CUSTOMERS, 'en')} customers.
Requests run one at a time, alternating ${ROUNDS} rounds between the two databases so machine noise falls on both alike.

${table}

**p99 at 1,000,000 orders / p99 at 10,000 orders = ${ratio.toFixed(2)}** (${ratio <= 2 ? 'within' : 'NOT within'} the 2× bound).

## A reseller's deep pages

In the 1,000,000-order database, a reseller owns ${formatNumber(RESELLER_ORDERS, 'en')} orders (one in 50 of the table,
spread through it), all delivered and kept. Their list, 10 a page, one request at a time, ${ROUNDS} rounds alternating
between the calls:

${deepTable}

**page ${DEEP_PAGE} / page 1 = ${depthRatio.toFixed(2)} at the p50, ${depthRatio95.toFixed(2)} at the p95** (${depthRatio <= 1.5 ? 'within' : 'NOT within'} the 1.5× bound).

Generated ${new Date().toISOString()} by \`npm run bench:orders -w bench\` in ${((Date.now() - started) / 60000).toFixed(1)} min.

## Why depth costs nothing

Every query of a page reads the customer's own index entries for that status (the partial index
\`orders_user_status_idx (user_id, status_id, id desc) where archived_at is null\`), so its cost depends on the
customer's orders, never on the table's size (the first table). A numbered page takes its ids from the index alone
(an index-only scan, offset included) and only then reads those 11 rows (one more says whether another page follows)
and gives them their flight's date; before (ADR 063), the offset's skipped rows were each read from the table — for a
reseller, one table page per order — and given the date too. A cursor page starts below the last id seen and counts
nothing; a numbered page also counts the customer's rows in that status from the index (the spec's \`total\`), which is
most of page 1's time at 20,000 orders. EXPLAIN ANALYZE at 1,000,000 orders, the reseller's page ${DEEP_PAGE}:

\`\`\`
${plan.deep}
\`\`\`

Its count:

\`\`\`
${plan.count}
\`\`\`
${
  plan.cursor
    ? `
The cursor at the same depth:

\`\`\`
${plan.cursor}
\`\`\`
`
    : ''
}`;
  writeResult('orders-list.md', md);
  console.log(
    `\n${table}\n\n${deepTable}\n\np99 ratio 1M / 10k = ${ratio.toFixed(2)}; page ${DEEP_PAGE} / page 1 = ${depthRatio.toFixed(2)} (p50)`,
  );
  console.log(ok ? 'OK' : 'FAIL', '— written bench/results/orders-list.md');

  if (process.env.BENCH_KEEP !== '1') for (const size of SIZES) await dropDatabase(size.name);
  process.exitCode = ok ? 0 : 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
