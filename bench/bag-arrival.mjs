#!/usr/bin/env node
/**
 * A bag of 300 parcels arrives at its branch with one scan in under 2 s on PostgreSQL (issue 35, ADR 082).
 *
 * Builds the PostgreSQL database bench_bag_arrival (migrations through the API's openDatabase, reference seed), with
 * 300 customers of one branch, 100,000 delivered parcels of theirs as history, one warehouse and one branch staff
 * member. Each of BENCH_REPEATS rounds puts 300 new owned parcels at the China warehouse (by SQL, as received), and
 * through the real API opens a bag for the branch, scans them in (one call), weighs and seals it, puts it on a new
 * flight (all its parcels dispatched), then times the branch's one scan of the bag's number (`POST
 * manage/bag-arrival`: the bag's lock, 300 parcels arrived through the parcels module with their prices, events,
 * audit rows and notifications, the answer with the bag's lists) and the clerk's scan of the 300 parcels found in it
 * (`POST manage/bag-arrival/{id}/scan`, one call). Writes bench/results/bag-arrival.md (or BENCH_OUT); exits 1 when a
 * bag's arrival took 2 s or more.
 *
 * Usage: npm run bench:bag-arrival -w bench   (BENCH_PG_URL=postgres://postgres@127.0.0.1:5432 by default;
 *        BENCH_REPEATS=5; BENCH_KEEP=1 keeps the database; BENCH_LABEL names the code measured)
 */
import { formatNumber } from '../packages/contract/src/common/format.ts';
import { formatBagNumber } from '../packages/contract/src/parcels/parcel-number.ts';
import {
  connect,
  dropDatabase,
  fillBranchHistory,
  freshDatabase,
  log,
  machineConditions,
  startApp,
  summary,
  timed,
  writeResult,
} from './lib.mjs';

const NAME = 'bench_bag_arrival';
const REPEATS = Number(process.env.BENCH_REPEATS ?? 5);
const BAG = 300;
const CUSTOMERS = 300;
const HISTORY = 100_000;
const PASSWORD = 'Bench-staff-2026';
const WAREHOUSE_PHONE = '+77097777781';
const BRANCH_PHONE = '+77097777782';
const LIMIT_MS = 2_000;

/** 300 owned parcels at the China warehouse for the branch (codes BAG<round>X<n>); their weight in grams. */
async function receiveRound(url, seed, round) {
  const c = await connect(url);
  const {
    rows: [{ grams }],
  } = await c.query(
    `with made as (
       insert into orders (user_id, track_code, name, weight, status_id, branch_id, received_at, created_at, updated_at)
       select ${seed.first} + g % ${CUSTOMERS}, 'BAG' || ${round} || 'X' || lpad(g::text, 6, '0'), 'Parcel ' || g,
              0.1 + (g % 5) / 20.0, ${seed.sid.china_warehouse}, ${seed.branchId}, now(), now(), now()
       from generate_series(1, ${BAG}) g
       returning weight)
     select round(sum(weight) * 1000)::int grams from made`,
  );
  await c.query('analyze orders');
  await c.end();
  return { codes: Array.from({ length: BAG }, (_, i) => `BAG${round}X${String(i + 1).padStart(6, '0')}`), grams };
}

async function main() {
  const started = Date.now();
  const url = await freshDatabase(NAME);
  const seed = await fillBranchHistory(url, {
    customers: CUSTOMERS,
    history: HISTORY,
    warehousePhone: WAREHOUSE_PHONE,
    branchPhone: BRANCH_PHONE,
    password: PASSWORD,
  });
  const warehouse = await startApp(url, { phone: WAREHOUSE_PHONE, password: PASSWORD });
  const branchStaff = await startApp(url, { phone: BRANCH_PHONE, password: PASSWORD });
  const post = (target, path, payload) =>
    target.app.inject({ method: 'POST', url: `/api${path}`, headers: target.headers, payload }).then((r) => {
      if (r.statusCode !== 200) throw new Error(`${path} answered ${r.statusCode}: ${r.body.slice(0, 300)}`);
      return r.json().data;
    });

  const arrivals = [];
  const founds = [];
  for (let round = 1; round <= REPEATS; round += 1) {
    const { codes, grams } = await receiveRound(url, seed, round);
    const bag = await post(warehouse, '/manage/bags', { branch_id: seed.branchId });
    const filled = await post(warehouse, `/manage/bags/${bag.id}/items`, { codes });
    if (filled.bag.parcels !== BAG) throw new Error(`bag holds ${filled.bag.parcels}`);
    await post(warehouse, `/manage/bags/${bag.id}/weigh`, { weight_grams: grams + filled.bag.check.tare_grams });
    await post(warehouse, `/manage/bags/${bag.id}/seal`, {});
    const today = new Date().toISOString().slice(0, 10);
    const flight = await post(warehouse, '/manage/flights', {
      mode: 'truck',
      carrier_ref: `BENCH-BAG-${round}`,
      departure_date: today,
      arrivals: [{ branch_id: seed.branchId, expected_arrival: today }],
    });
    await post(warehouse, `/manage/bags/${bag.id}/dispatch`, { flight_id: flight.id });

    const a = await timed(() => post(branchStaff, '/manage/bag-arrival', { code: formatBagNumber(bag.id) }));
    if (a.res.arrived_now !== BAG) throw new Error(`bag arrival moved ${a.res.arrived_now}`);
    arrivals.push(a.ms);
    const f = await timed(() => post(branchStaff, `/manage/bag-arrival/${bag.id}/scan`, { codes: codes.slice(1) }));
    if (f.res.missing.length !== 1) throw new Error(`missing ${f.res.missing.length}`);
    founds.push(f.ms);
    log(`round ${round}: bag of ${BAG} arrived in ${a.ms.toFixed(0)} ms, ${BAG - 1} found in ${f.ms.toFixed(0)} ms`);
  }
  const c = await connect(url);
  const {
    rows: [counts],
  } = await c.query(
    `select (select count(*)::int from order_events where action = 'arrived') arrived_events,
            (select count(*)::int from notifications where event = 'order_at_branch') notifications`,
  );
  await c.end();
  await warehouse.app.close();
  await branchStaff.app.close();

  const a = summary(arrivals);
  const f = summary(founds);
  const s = (ms) => (ms / 1000).toFixed(2);
  const label = process.env.BENCH_LABEL ?? 'this commit';
  const md = `# A bag of ${BAG} parcels arrives with one scan

Measured on ${await machineConditions()}. Code: ${label}.

Through the real API (\`buildApp\` + \`app.inject\`: auth, validation, the bag's row lock, one transaction in which the
parcels module makes every parcel of the bag arrive with its price, one history event, one audit row and the owners'
notifications, and the answer with the bag's found / missing / extra lists), ${formatNumber(CUSTOMERS, 'en')} customers of
one branch, ${formatNumber(HISTORY, 'en')} delivered parcels as history. ${REPEATS} rounds; each packs ${BAG} new parcels
into a bag at the warehouse, seals it, puts it on a flight, then times the branch's scan of the bag's number
(\`POST manage/bag-arrival\`) and the clerk's one scan of the ${BAG - 1} parcels found in it
(\`POST manage/bag-arrival/{id}/scan\`; one is left missing).

| work | rounds | median s | p95 s | slowest s | under ${LIMIT_MS / 1000} s |
|---|---:|---:|---:|---:|---|
| one scan: a bag of ${BAG} arrives | ${a.n} | ${s(a.p50)} | ${s(a.p95)} | ${s(a.max)} | ${a.max < LIMIT_MS ? 'yes' : '**no**'} |
| ${BAG - 1} parcels found in it (one call) | ${f.n} | ${s(f.p50)} | ${s(f.p95)} | ${s(f.max)} | |

Written: ${formatNumber(counts.arrived_events, 'en')} arrival events, ${formatNumber(counts.notifications, 'en')} notifications
(one per owner and branch per scan, ADR 050).

Generated ${new Date().toISOString()} by \`npm run bench:bag-arrival -w bench\` in ${((Date.now() - started) / 60000).toFixed(1)} min.
`;
  writeResult(process.env.BENCH_OUT ?? 'bag-arrival.md', md);
  console.log(md);
  if (process.env.BENCH_KEEP !== '1') await dropDatabase(NAME);
  process.exitCode = a.max < LIMIT_MS ? 0 : 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
