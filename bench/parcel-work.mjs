#!/usr/bin/env node
/**
 * The warehouse's and the branch's bulk work through the real API (issue 12, "Speed"): dispatching a flight of 5,000
 * parcels (POST /api/manage/dispatch, the list variant: all_matching + flight_id) and recording the arrival of 1,000 of
 * them at their branch (POST /api/manage/arrive, two scans of 500 codes: a call takes at most 500), each under 5 s on
 * PostgreSQL.
 *
 * Builds the PostgreSQL database bench_parcel_work (migrations through the API's openDatabase, reference seed), with
 * 2,000 customers of one branch, 200,000 delivered parcels of theirs as history, one warehouse and one branch staff
 * member. Each of BENCH_REPEATS rounds puts 5,000 new owned parcels at the China warehouse (by SQL, as received), has
 * the warehouse create a flight to the branch (POST /api/manage/flights) and dispatch everything on it, then has the
 * branch scan 1,000 of them as arrived. Every call runs through buildApp + app.inject (auth, validation, the
 * transaction with its events, audit rows, notifications, their delivery rows and queue jobs, serialisation).
 * Writes bench/results/parcel-work.md (or BENCH_OUT).
 *
 * Usage: npm run bench:parcel-work -w bench   (BENCH_PG_URL=postgres://postgres@127.0.0.1:5432 by default;
 *        BENCH_REPEATS=3; BENCH_KEEP=1 keeps the database; BENCH_LABEL names the code measured)
 */
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
import { formatNumber } from '../packages/contract/src/common/format.ts';

const NAME = 'bench_parcel_work';
const REPEATS = Number(process.env.BENCH_REPEATS ?? 3);
const DISPATCH = 5_000;
const ARRIVE = 1_000;
const SCAN = 500; // MAX_CODES_PER_CALL
const CUSTOMERS = 2_000;
const HISTORY = 200_000;
const PASSWORD = 'Bench-staff-2026';
const WAREHOUSE_PHONE = '+77097777771';
const BRANCH_PHONE = '+77097777772';
const LIMIT_MS = 5_000;

/** 5,000 owned parcels at the China warehouse, addressed to the branch, received today (codes RUN<round>-n). */
async function receiveRound(url, seed, round) {
  const c = await connect(url);
  await c.query(
    `insert into orders (user_id, track_code, name, weight, status_id, branch_id, received_at, created_at, updated_at)
     select ${seed.first} + g % ${CUSTOMERS}, 'RUN' || ${round} || 'X' || lpad(g::text, 6, '0'), 'Parcel ' || g,
            0.3 + (g % 50) / 10.0, ${seed.sid.china_warehouse}, ${seed.branchId}, now(), now(), now()
     from generate_series(1, ${DISPATCH}) g`,
  );
  await c.query('analyze orders');
  await c.end();
  return Array.from({ length: DISPATCH }, (_, i) => `RUN${round}X${String(i + 1).padStart(6, '0')}`);
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
      if (r.statusCode !== 200 && r.statusCode !== 201) throw new Error(`${path} answered ${r.statusCode}: ${r.body.slice(0, 300)}`);
      return r.json().data;
    });

  const dispatches = [];
  const arrivals = [];
  const scans = [];
  for (let round = 1; round <= REPEATS; round += 1) {
    const codes = await receiveRound(url, seed, round);
    const today = new Date().toISOString().slice(0, 10);
    const flight = await post(warehouse, '/manage/flights', {
      mode: 'truck',
      carrier_ref: `BENCH-${round}`,
      departure_date: today,
      arrivals: [{ branch_id: seed.branchId, expected_arrival: today }],
    });
    const d = await timed(() => post(warehouse, '/manage/dispatch', { all_matching: { branch_id: seed.branchId }, flight_id: flight.id }));
    if (d.res.counts.moved !== DISPATCH) throw new Error(`dispatch moved ${d.res.counts.moved}`);
    dispatches.push(d.ms);
    log(`round ${round}: dispatched ${d.res.counts.moved} in ${d.ms.toFixed(0)} ms`);

    let arrival = 0;
    let moved = 0;
    for (let i = 0; i < ARRIVE; i += SCAN) {
      const a = await timed(() => post(branchStaff, '/manage/arrive', { track_codes: codes.slice(i, i + SCAN) }));
      moved += a.res.counts.moved;
      scans.push(a.ms);
      arrival += a.ms;
    }
    if (moved !== ARRIVE) throw new Error(`arrival moved ${moved}`);
    arrivals.push(arrival);
    log(`round ${round}: ${moved} arrived in ${arrival.toFixed(0)} ms`);

    // The rest of the flight arrives too (not timed), so the next round's dispatch starts from an empty warehouse.
    const c = await connect(url);
    await c.query(`update orders set status_id = ${seed.sid.delivered} where track_code like 'RUN${round}X%'`);
    await c.end();
  }
  const c = await connect(url);
  const {
    rows: [counts],
  } = await c.query(
    `select (select count(*)::int from order_events where action = 'dispatched') dispatched_events,
            (select count(*)::int from order_events where action = 'arrived') arrived_events,
            (select count(*)::int from notifications where event in ('order_dispatched', 'order_at_branch')) notifications`,
  );
  await c.end();
  await warehouse.app.close();
  await branchStaff.app.close();

  const d = summary(dispatches);
  const a = summary(arrivals);
  const s = summary(scans);
  const f = (ms) => (ms / 1000).toFixed(2);
  const label = process.env.BENCH_LABEL ?? 'this commit';
  const md = `# Parcel work at scale: a flight of 5,000 dispatched, 1,000 arrived

Measured on ${await machineConditions()}. Code: ${label}.

Through the real API (\`buildApp\` + \`app.inject\`: auth, validation, one transaction with the status change, one
history event, one audit row and one notification per parcel with its delivery rows and queue jobs, serialisation),
${formatNumber(CUSTOMERS, 'en')} customers of one branch, ${formatNumber(HISTORY, 'en')} delivered parcels as history.
${REPEATS} rounds; each puts ${formatNumber(DISPATCH, 'en')} new owned parcels at the China warehouse, creates a flight
to the branch, dispatches them all (\`POST manage/dispatch\` with \`all_matching\` and \`flight_id\`), then scans
${formatNumber(ARRIVE, 'en')} of them as arrived at the branch (\`POST manage/arrive\`, ${ARRIVE / SCAN} calls of ${SCAN}
codes, the most a call takes).

| work | rounds | median s | slowest s | under ${LIMIT_MS / 1000} s |
|---|---:|---:|---:|---|
| dispatch a flight of ${formatNumber(DISPATCH, 'en')} | ${d.n} | ${f(d.p50)} | ${f(d.max)} | ${d.max < LIMIT_MS ? 'yes' : '**no**'} |
| arrival of ${formatNumber(ARRIVE, 'en')} (${ARRIVE / SCAN} scans) | ${a.n} | ${f(a.p50)} | ${f(a.max)} | ${a.max < LIMIT_MS ? 'yes' : '**no**'} |
| one scan of ${SCAN} | ${s.n} | ${f(s.p50)} | ${f(s.max)} | |

Written: ${formatNumber(counts.dispatched_events, 'en')} dispatch and ${formatNumber(counts.arrived_events, 'en')} arrival
events, ${formatNumber(counts.notifications, 'en')} notifications.

Generated ${new Date().toISOString()} by \`npm run bench:parcel-work -w bench\` in ${((Date.now() - started) / 60000).toFixed(1)} min.
`;
  writeResult(process.env.BENCH_OUT ?? 'parcel-work.md', md);
  console.log(md);
  if (process.env.BENCH_KEEP !== '1') await dropDatabase(NAME);
  process.exitCode = d.max < LIMIT_MS && a.max < LIMIT_MS ? 0 : 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
