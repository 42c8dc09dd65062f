#!/usr/bin/env node
/**
 * Online payments at once (issue 33, ADR 077): 1,000 customers each ask to pay their waiting parcel by card
 * (POST /api/payments/requests, CloudPayments), then their 1,000 signed Pay notifications arrive at the same moment.
 * Every request must settle exactly once (1,000 journal rows, one per request, the kept balances equal to the
 * journal), and the time from the provider's confirmation to the customer's page seeing 'paid' must stay under 2 s
 * at p99. The page is modelled as the product has it: its live stream open (one per customer), GET
 * payments/requests/{id} when a `payment` event names its request, plus the slow fallback poll; BENCH_PAGES=poll models
 * the page before that (a GET every BENCH_POLL_MS with a random phase), BENCH_NO_PAGES=1 no page at all.
 *
 * Against the built server as in production (`node apps/api/dist/server.js`, NODE_ENV=production) on PostgreSQL
 * (database bench_online_confirmations: migrations, reference seed, N customers with one parcel waiting at a
 * branch), and the CloudPayments fake (tools/fakes/cloudpayments.mjs) in this process: the server creates the orders
 * at the fake and asks it for each transaction's status before settling; the fake posts the signed notifications.
 * Writes bench/results/online-confirmations.md (or BENCH_OUT).
 *
 * Usage: npm run build && npm run bench:online-confirmations -w bench
 *        (BENCH_PG_URL; BENCH_DB=bench_online_confirmations; BENCH_REQUESTS=1000; BENCH_PAGES=live|poll; BENCH_NO_PAGES=1;
 *        BENCH_FALLBACK_POLL_MS=15000; BENCH_POLL_MS=2000; BENCH_PORT=3245; BENCH_FAKE_PORT=3246; BENCH_KEEP=1;
 *        BENCH_SERVER_JS: another build to compare; BENCH_SERVER_ARGS: Node flags for the server, e.g. --cpu-prof)
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { Agent, get as httpGet } from 'node:http';
import { join } from 'node:path';
import { hashPassword } from '../apps/api/src/modules/auth/passwords.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { SecretBox } from '../apps/api/src/lib/secret-box.ts';
import { providerSettings } from '../apps/api/src/modules/online-payments/provider-settings.ts';
import { FakeCloudPayments } from '../tools/fakes/cloudpayments.mjs';
import { Redis } from 'ioredis';
import { formatNumber } from '../packages/contract/src/common/format.ts';
import { connect, dropDatabase, freshDatabase, log, machineConditions, summary, writeResult } from './lib.mjs';
import { startBuiltServer } from './load-lib.mjs';

const NAME = process.env.BENCH_DB ?? 'bench_online_confirmations';
const N = Number(process.env.BENCH_REQUESTS ?? 1000);
const POLL_MS = Number(process.env.BENCH_POLL_MS ?? 2000);
const PORT = Number(process.env.BENCH_PORT ?? 3245);
const FAKE_PORT = Number(process.env.BENCH_FAKE_PORT ?? 3246);
/**
 * Production has Redis: the session check reads its cache there (ADR 099) and the live events travel through it. A
 * database index of its own, emptied first; BENCH_REDIS_URL=off runs without.
 */
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/12';
const PASSWORD = 'Bench-pay-2026';
const KEY = randomBytes(32).toString('hex');
const CREDS = { public_id: 'pk_bench', api_secret: randomBytes(16).toString('hex') };
const LIMIT_MS = 2_000;
/** BENCH_NO_PAGES=1: no page is open (what the confirmations alone cost the server). */
const PAGES = !process.env.BENCH_NO_PAGES;
/**
 * How the pages follow their request. `live` (the pay page since issue 33's speed work): each page keeps the live
 * stream open (GET notifications/stream, one per customer), reads its request when told (`payment` event), and polls
 * it every BENCH_FALLBACK_POLL_MS for a stream that is away. `poll` (BENCH_PAGES=poll, the page before): every BENCH_POLL_MS.
 */
const MODE = process.env.BENCH_PAGES === 'poll' ? 'poll' : 'live';
const FALLBACK_POLL_MS = Number(process.env.BENCH_FALLBACK_POLL_MS ?? 15_000);
const phoneOf = (i) => `+7705${String(i + 1).padStart(7, '0')}`;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** N customers of a tenge branch, each with one priced parcel waiting there; the branch takes CloudPayments. */
async function fill(url) {
  const c = await connect(url);
  const {
    rows: [branch],
  } = await c.query(`select id, tariff, currency from branches where currency = 'KZT' order by position, id limit 1`);
  const { rows: statuses } = await c.query('select id, code from order_statuses');
  const sid = Object.fromEntries(statuses.map((s) => [s.code, s.id]));
  await c.query(
    `insert into users (phone_number, password_hash, first_name, last_name, branch_id, client_code, role, language)
     select '+7705' || lpad(g::text, 7, '0'), $1, 'Pay', 'N' || g, $2, 'KZ-' || (500000 + g), 'customer', (array['kk', 'ru', 'en'])[1 + g % 3]
     from generate_series(1, ${N}) g`,
    [await hashPassword(PASSWORD), branch.id],
  );
  await c.query(
    `insert into orders (user_id, track_code, name, weight, price, currency, tariff, status_id, branch_id, owner_source,
                         received_at, dispatched_at, arrived_at, storage_until, created_at, updated_at)
     select u.id, 'PAY' || lpad(u.id::text, 9, '0'), 'Parcel', 2.5, round(2.5 * $2::bigint), $3, $2, ${sid.at_branch}, $1,
            'saved_track', now() - interval '12 days', now() - interval '10 days', now() - interval '1 day',
            (now() + interval '13 days')::date, now() - interval '12 days', now()
     from users u where u.phone_number like '+7705%'`,
    [branch.id, branch.tariff, branch.currency],
  );
  await c.query('vacuum analyze');
  await c.end();
  const database = await openDatabase({ databaseUrl: url });
  await providerSettings(new SecretBox(KEY)).save(database.db, {
    branchId: branch.id,
    provider: 'cloudpayments',
    enabled: true,
    credentials: CREDS,
    updatedBy: null,
  });
  await database.close();
  return branch;
}

/** Signs the customers in, 10 at a time: their bearer headers. */
async function signIn(base) {
  const out = [];
  for (let from = 0; from < N; from += 10) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(10, N - from) }, async (_, k) => {
        const res = await fetch(`${base}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ phone_number: phoneOf(from + k), password: PASSWORD }),
        });
        if (res.status !== 200) throw new Error(`login: ${res.status} ${await res.text()}`);
        return { authorization: `Bearer ${(await res.json()).data.access.token}`, accept: 'application/json' };
      }),
    );
    out.push(...batch);
  }
  return out;
}

async function createRequests(base, headers, branchId) {
  const out = [];
  for (let from = 0; from < N; from += 10) {
    const batch = await Promise.all(
      headers.slice(from, from + 10).map(async (h) => {
        const res = await fetch(`${base}/api/payments/requests`, {
          method: 'POST',
          headers: { ...h, 'content-type': 'application/json' },
          body: JSON.stringify({ branch_id: branchId, provider: 'cloudpayments' }),
        });
        if (res.status !== 201) throw new Error(`payments/requests: ${res.status} ${await res.text()}`);
        return (await res.json()).data;
      }),
    );
    out.push(...batch);
  }
  return out;
}

/** Polls one request as the pay page does until it reads 'paid': when it did (performance.now()), and its polls. */
async function pollUntilPaid(base, headers, id, phase, deadline) {
  await sleep(phase);
  let polls = 0;
  for (;;) {
    const paid = await readPaid(base, headers, id).catch(() => false);
    polls++;
    const at = performance.now();
    if (paid) return { at, polls };
    if (at > deadline) return { at: null, polls };
    await sleep(POLL_MS);
  }
}

/** CPU time of every `postgres` process of this machine so far, in ms (the bench's server is local; NaN elsewhere). */
function postgresCpuMs() {
  try {
    let total = 0;
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') total += processCpuMs(Number(pid)) || 0;
      } catch {
        // ended meanwhile
      }
    }
    return total;
  } catch {
    return NaN;
  }
}

/** CPU time (user + system) a process has used so far, in ms (Linux /proc; NaN elsewhere). */
function processCpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (USER_HZ = 100)
  } catch {
    return NaN;
  }
}

/** The kernel's count of connections dropped from full accept queues (machine-wide; NaN where it cannot be read). */
function listenOverflows() {
  try {
    const lines = readFileSync('/proc/net/netstat', 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('TcpExt:'));
    const names = lines[0].split(/\s+/);
    return Number(lines[1].split(/\s+/)[names.indexOf('ListenOverflows')]);
  } catch {
    return NaN;
  }
}

/**
 * The pages' HTTP: node:http on kept-alive connections, not fetch. The bench shares the server's two cores, and with
 * fetch its 1,000 pages and Pays took as much CPU as the server itself (2.0–2.7 s in a 3 s burst): the client's cost
 * was being measured as the server's delay.
 */
const agent = new Agent({ keepAlive: true });

/** GET `url` as JSON: { status, body } (body null when it is not JSON). */
function getJson(url, headers) {
  return new Promise((resolve, reject) => {
    const req = httpGet(url, { headers, agent }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        let body = null;
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          // not JSON
        }
        resolve({ status: res.statusCode, body });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/** Reads one request as the pay page does: whether it is paid. */
async function readPaid(base, headers, id) {
  const { status, body } = await getJson(`${base}/api/payments/requests/${id}`, headers);
  return status === 200 && body?.data?.status === 'paid';
}

/**
 * One customer's page as the product has it: the live stream open, the request read when a `payment` event names it,
 * and a slow fallback poll with a random phase. An event that carries `"status":"paid"` shows it at once (the pay
 * page patches its request and then reads the whole of it). Answers { done }: when the page showed 'paid' (`at`,
 * performance.now()), when its read returned 'paid' (`readAt`), its reads, and when it was told.
 */
async function followLive(base, headers, id, deadline) {
  // The stream on a connection of its own (an open stream holds it until the end).
  const res = await new Promise((resolve, reject) => {
    const req = httpGet(`${base}/api/notifications/stream`, { headers: { ...headers, accept: 'text/event-stream' } }, resolve);
    req.on('error', reject);
  });
  if (res.statusCode !== 200) throw new Error(`notifications/stream: ${res.statusCode}`);
  const controller = { abort: () => res.destroy() };
  let finish;
  const done = new Promise((resolve) => (finish = resolve));
  let polls = 0;
  let told = null;
  let shown = null;
  let over = false;
  const timers = [];
  const end = (at) => {
    if (over) return;
    over = true;
    for (const t of timers) clearTimeout(t);
    controller.abort();
    finish({ at: at === null ? null : (shown ?? at), readAt: at, polls, told });
  };
  const read = async () => {
    if (over) return;
    polls++;
    const paid = await readPaid(base, headers, id).catch(() => false);
    if (paid) end(performance.now());
  };
  const poll = () => {
    timers.push(setTimeout(() => void read().then(() => !over && poll()), FALLBACK_POLL_MS));
  };
  timers.push(setTimeout(() => poll(), Math.random() * FALLBACK_POLL_MS));
  timers.push(setTimeout(() => end(null), Math.max(0, deadline - performance.now())));
  let buffer = '';
  res.setEncoding('utf8');
  res.on('error', () => {}); // destroyed at the end
  res.on('data', (chunk) => {
    buffer += chunk;
    let cut;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      if (/^event: payment$/m.test(block) && block.includes(`"${id}"`)) {
        told ??= performance.now();
        if (block.includes('"status":"paid"')) shown ??= told;
        void read();
      }
    }
  });
  return { done };
}

/** Opens the customers' pages (their live streams), 50 at a time: each page's `done`. */
async function openPages(base, headers, requests, deadline) {
  const out = [];
  for (let from = 0; from < requests.length; from += 50) {
    const batch = await Promise.all(requests.slice(from, from + 50).map((r, k) => followLive(base, headers[from + k], r.id, deadline)));
    out.push(...batch.map((b) => b.done));
  }
  return out;
}

async function main() {
  const started = Date.now();
  const url = await freshDatabase(NAME);
  const branch = await fill(url);
  log(`${N} customers with a waiting parcel at branch ${branch.id}`);

  if (REDIS_URL !== 'off') {
    const redis = new Redis(REDIS_URL);
    await redis.flushdb(); // the last run's rate-limit counters and cached sessions
    redis.disconnect();
  }
  const fake = new FakeCloudPayments({ publicId: CREDS.public_id, apiSecret: CREDS.api_secret });
  const fakeUrl = await fake.start(FAKE_PORT);
  const server = await startBuiltServer({
    url,
    port: PORT,
    logFile: join('/tmp', `bench-online-confirmations-${PORT}.log`),
    env: {
      PAYMENTS_SECRET_KEY: KEY,
      CLOUDPAYMENTS_API_URL: fakeUrl,
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      ...(REDIS_URL === 'off' ? {} : { REDIS_URL }),
    },
  });
  fake.notifyUrl = `${server.base}/api/payments/callbacks/cloudpayments`;
  let md;
  try {
    const headers = await signIn(server.base);
    const requests = await createRequests(server.base, headers, branch.id);
    log(`${requests.length} payment requests open at the fake`);

    // The customers' pages are open (live: their streams are open; poll: each polls with its own phase), then every
    // Pay arrives at once.
    const deadline = performance.now() + 120_000;
    let pollers = [];
    if (PAGES && MODE === 'live') {
      pollers = await openPages(server.base, headers, requests, deadline);
      log(`${pollers.length} pages follow their request through the live stream`);
      await sleep(1000);
    } else if (PAGES) {
      const fireAt = performance.now() + POLL_MS;
      pollers = requests.map((r, i) => pollUntilPaid(server.base, headers[i], r.id, Math.random() * POLL_MS, deadline));
      await sleep(Math.max(0, fireAt - performance.now()));
    }
    const callsBefore = fake.calls.length;
    const overflowsBefore = listenOverflows();
    const pgBefore = postgresCpuMs();
    const benchBefore = process.cpuUsage();
    const cpuBefore = processCpuMs(server.child.pid);
    const sent = new Array(N);
    const answered = new Array(N);
    let resent = 0;
    const answers = await Promise.all(
      requests.map(async (r, i) => {
        const order = fake.order(r.id);
        const tx = fake.newTransaction(order, order.Amount);
        tx.Status = 'Completed';
        tx.ConfirmDateIso = new Date().toISOString();
        const fields = fake.transactionFields(tx);
        sent[i] = performance.now();
        // As CloudPayments does, a notification not answered {"code":0} (a 5xx, a timeout) is sent again, here after 1 s.
        let a = await fake.notify('pay', fields, { timeoutMs: 30_000 });
        for (let attempt = 1; attempt < 10 && !(a.status === 200 && a.answer?.code === 0); attempt++) {
          resent++;
          await sleep(1000);
          a = await fake.notify('pay', fields, { timeoutMs: 30_000 });
        }
        answered[i] = performance.now();
        return a;
      }),
    );
    const seen = await Promise.all(pollers);
    const serverCpu = processCpuMs(server.child.pid) - cpuBefore;
    const pgCpu = postgresCpuMs() - pgBefore;
    const benchUsage = process.cpuUsage(benchBefore);
    const benchCpu = (benchUsage.user + benchUsage.system) / 1000;
    const accepted = answers.filter((a) => a.status === 200 && a.answer?.code === 0).length;
    const settle = summary(answered.map((t, i) => t - sent[i]));
    const missing = seen.filter((s) => s.at === null).length;
    const screen = PAGES
      ? summary(seen.map((s, i) => (s.at === null ? null : Math.max(0, s.at - sent[i]))).filter((t) => t !== null))
      : { p50: NaN, p95: NaN, p99: NaN, max: NaN };
    const burst = (Math.max(...answered) - Math.min(...sent)) / 1000;
    const overflows = listenOverflows() - overflowsBefore;
    // Where the time went: when the server's status queries reached the fake (it verifies each Pay before settling).
    const firstSent = Math.min(...sent);
    const asked = summary(
      fake.calls
        .slice(callsBefore)
        .filter((c) => c.path === '/payments/get')
        .map((c) => c.at - firstSent),
    );
    const answeredAt = summary(answered.map((t) => t - firstSent));

    const c = await connect(url);
    const one = async (sql) => (await c.query(sql)).rows[0];
    const journal = await one(`select count(*)::int n, count(distinct request_id)::int requests from payments where method = 'online'`);
    const paid = await one(`select count(*)::int n from payment_requests where status = 'paid' and payment_id is not null`);
    const mismatched = await one(
      `select count(*)::int n from (
         select user_id, branch_id, currency, sum(amount) b from (
           select user_id, branch_id, currency, amount from charges union all select user_id, branch_id, currency, -amount from payments
         ) m group by 1, 2, 3) j
       full join customer_balances k using (user_id, branch_id, currency)
       where coalesce(j.b, 0) <> coalesce(k.balance, 0)`,
    );
    await c.end();
    const exactlyOnce = journal.n === N && journal.requests === N && paid.n === N && mismatched.n === 0;
    log(`journal ${journal.n} rows for ${journal.requests} requests; ${paid.n} paid; ${mismatched.n} balances off the journal`);
    log(`server CPU ${(serverCpu / N).toFixed(2)} ms per Pay (with its page's reads)`);
    log(`CPU in the burst: API ${serverCpu.toFixed(0)} ms, PostgreSQL ${pgCpu.toFixed(0)} ms, the bench itself ${benchCpu.toFixed(0)} ms`);
    log(`burst ${burst.toFixed(1)} s; Pay answered p50 ${settle.p50.toFixed(0)} ms, p99 ${settle.p99.toFixed(0)}; resent ${resent}`);
    log(
      `from the first Pay: status asked p50 ${asked.p50.toFixed(0)} ms, p99 ${asked.p99.toFixed(0)}; answered p50 ${answeredAt.p50.toFixed(0)}, p99 ${answeredAt.p99.toFixed(0)}; listen overflows ${overflows}`,
    );
    const toldAt =
      PAGES && MODE === 'live'
        ? summary(seen.map((s, i) => (s.told === null ? null : Math.max(0, s.told - sent[i]))).filter((t) => t !== null))
        : null;
    if (toldAt) log(`told p50 ${toldAt.p50.toFixed(0)} ms, p99 ${toldAt.p99.toFixed(0)}`);
    log(
      `screen p50 ${screen.p50.toFixed(0)} ms, p95 ${screen.p95.toFixed(0)}, p99 ${screen.p99.toFixed(0)}, max ${screen.max.toFixed(0)}; missing ${missing}`,
    );

    const ms = (v) => v.toFixed(0);
    const pagesText = !PAGES
      ? 'No customer page was open (`BENCH_NO_PAGES=1`): what the confirmations alone cost.'
      : MODE === 'live'
        ? `Meanwhile each customer's pay page was open as the product has it: its live stream open (\`GET notifications/stream\`,
${formatNumber(N, 'en')} streams), reading \`GET payments/requests/{id}\` when a \`payment\` event names its request, and every
${FALLBACK_POLL_MS} ms (the fallback poll for a stream that is away) with its own random phase.`
        : `Meanwhile each customer's page polled \`GET payments/requests/{id}\` every ${POLL_MS} ms (the pay page's cadence before
the live update, \`BENCH_PAGES=poll\`) with its own random phase.`;
    const pagesLabel = !PAGES ? 'no pages' : MODE === 'live' ? 'told with the status, or else told then read' : `poll every ${POLL_MS} ms`;
    const readBack =
      PAGES && MODE === 'live'
        ? summary(seen.map((s, i) => (s.readAt == null ? null : Math.max(0, s.readAt - sent[i]))).filter((t) => t !== null))
        : null;
    const pagesNote =
      PAGES && MODE === 'poll'
        ? `A page polling every ${POLL_MS} ms waits up to ${POLL_MS} ms for its next poll after the settlement, whatever the server does:\nthe second row is the settlement time plus that wait.`
        : PAGES
          ? "The page is told after the commit with the status the settlement left: it shows 'paid' then, and reads the whole request at once (the last row)."
          : '';
    md = `# Online confirmations: ${formatNumber(N, 'en')} card payments confirmed at once

Measured on ${await machineConditions()}. Code: ${process.env.BENCH_LABEL ?? 'this commit'}.

The built server as in production (\`node apps/api/dist/server.js\`, \`NODE_ENV=production\`, \`LOG_LEVEL=info\`) on
PostgreSQL${REDIS_URL === 'off' ? ' without Redis' : ' and Redis (the session cache, the live events, the rate limits)'}, and the CloudPayments fake (\`tools/fakes/cloudpayments.mjs\`) in the bench's process. ${formatNumber(N, 'en')} customers
each with one parcel waiting at a tenge branch opened a card payment (\`POST payments/requests\`: the server created
the order at the fake); then their ${formatNumber(N, 'en')} signed Pay notifications (form-urlencoded, Content-HMAC)
were posted at the same moment. Each Pay is verified (HMAC under the branch's sealed ApiSecret), confirmed by a status
query to the fake (\`payments/get\`), then settled in one transaction. ${pagesText}

| | result |
|---|---|
| Pay notifications accepted (\`{"code":0}\`) | ${accepted} of ${N} (${resent} sent again after a 5xx or a timeout, as CloudPayments does) |
| journal rows (method online) / distinct requests | ${journal.n} / ${journal.requests} |
| requests paid with their journal row | ${paid.n} |
| kept balances differing from the journal | ${mismatched.n} |
| settled exactly once | **${exactlyOnce ? 'yes' : 'NO'}** |
| the whole burst answered in | ${burst.toFixed(1)} s |
| connections the kernel dropped from a full accept queue during the burst (\`TcpExtListenOverflows\`) | ${Number.isNaN(overflows) ? 'not read' : overflows} |
| the API process's CPU time from the first Pay until the last page read 'paid', per Pay | ${(serverCpu / N).toFixed(2)} ms |
| CPU time in that span (2 cores shared): the API / PostgreSQL / the bench itself (1,000 Pays posted, the fake's status answers, 1,000 pages) | ${serverCpu.toFixed(0)} / ${Number.isNaN(pgCpu) ? 'not read' : pgCpu.toFixed(0)} / ${benchCpu.toFixed(0)} ms |

| time from the provider's confirmation (ms) | p50 | p95 | p99 | max |
|---|---:|---:|---:|---:|
| from the first Pay sent: the server's status query reaching the fake (after its HTTP, signature and read) | ${ms(asked.p50)} | ${ms(asked.p95)} | ${ms(asked.p99)} | ${ms(asked.max)} |
| from the first Pay sent: its answer (after its settlement's commit) | ${ms(answeredAt.p50)} | ${ms(answeredAt.p95)} | ${ms(answeredAt.p99)} | ${ms(answeredAt.max)} |
| to its Pay answered \`{"code":0}\` (settled: the answer comes after the commit; a resent one from its first sending) | ${ms(settle.p50)} | ${ms(settle.p95)} | ${ms(settle.p99)} | ${ms(settle.max)} |
${toldAt ? `| to the customer's page told through its live stream (\`payment\` event) | ${ms(toldAt.p50)} | ${ms(toldAt.p95)} | ${ms(toldAt.p99)} | ${ms(toldAt.max)} |\n` : ''}| to the customer's page showing 'paid' (${pagesLabel}) | ${ms(screen.p50)} | ${ms(screen.p95)} | ${ms(screen.p99)} | ${ms(screen.max)} |
${readBack ? `| to the page's read of the whole request returning 'paid' (the receipt's number; after being told) | ${ms(readBack.p50)} | ${ms(readBack.p95)} | ${ms(readBack.p99)} | ${ms(readBack.max)} |\n` : ''}
p99 to the page under ${LIMIT_MS / 1000} s: **${screen.p99 < LIMIT_MS && missing === 0 ? 'yes' : 'no'}**${missing ? ` (${missing} pages never read 'paid' within 60 s)` : ''}.
${pagesNote}

Generated ${new Date().toISOString()} by \`npm run bench:online-confirmations -w bench\` in ${((Date.now() - started) / 60_000).toFixed(1)} min.
`;
  } finally {
    await server.stop();
    await fake.stop();
    if (!process.env.BENCH_KEEP) await dropDatabase(NAME);
  }
  writeResult(process.env.BENCH_OUT ?? 'online-confirmations.md', md);
  log('written');
}

await main();
