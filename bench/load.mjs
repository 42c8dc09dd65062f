#!/usr/bin/env node
/**
 * Load benchmark (issue 15, section 6): 200 concurrent clients for 60 s, each a signed-in customer running the web
 * app's mix of calls (user with the notification badge, order statuses and list, one order, saved tracks,
 * settings, news, FAQ), against the built server as in production (`node apps/api/dist/server.js`,
 * NODE_ENV=production, LOG_LEVEL=info, default rate limits per account) on a throwaway PostgreSQL database
 * (bench_load on the local server) with the demo data and 200 generated customers shaped like the demo customer.
 * Any answer other than 2xx, and any socket error or timeout, counts as an error: 0 are allowed.
 * Writes bench/results/load.md.
 *
 * Usage: npm run build && npm run bench:load -w bench   (BENCH_PG_URL=postgres://postgres@127.0.0.1:5432 by default;
 *        BENCH_SECONDS=60, BENCH_CONNECTIONS=200, BENCH_PORT=3505, BENCH_KEEP=1 keeps the database)
 */
import { admin, databaseUrl, dropDatabase, log, machineConditions, writeResult } from './lib.mjs';
import { runLoad, seedLoadDatabase, signIn, startBuiltServer, totals } from './load-lib.mjs';

const NAME = 'bench_load';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 200);
const PORT = Number(process.env.BENCH_PORT ?? 3505);

async function main() {
  await admin(`drop database if exists ${NAME} with (force)`);
  await admin(`create database ${NAME}`);
  const url = databaseUrl(NAME);
  const counts = await seedLoadDatabase(url, CONNECTIONS);
  log(`${NAME}: ${counts.customers} customers, ${counts.orders} orders, ${counts.notifications} notifications`);
  const server = await startBuiltServer({ url, port: PORT, logFile: '/tmp/bench-load-server.log' });
  try {
    const clients = await signIn(server.base, CONNECTIONS);
    log(`${clients.length} customers signed in; ${CONNECTIONS} clients for ${SECONDS} s`);
    const { result, perSecond } = await runLoad({
      base: server.base,
      clients,
      seconds: SECONDS,
      connections: CONNECTIONS,
      onSecond: (s) => s % 10 === 0 && log(`${s} s`),
    });
    const all = totals(perSecond);
    const ok = Object.entries(all)
      .filter(([k]) => /^2\d\d$/.test(k))
      .reduce((n, [, v]) => n + v, 0);
    const errors = Object.entries(all)
      .filter(([k]) => !/^2\d\d$/.test(k))
      .reduce((n, [, v]) => n + v, 0);
    const l = result.latency;
    log(`${ok} answers 2xx, ${errors} errors ${JSON.stringify(all)}; p50 ${l.p50} ms, p99 ${l.p99} ms, ${result.requests.average} req/s`);

    const md = `# Load: 200 customers at once for 60 s

Measured on ${await machineConditions()}, commit ${process.env.BENCH_COMMIT ?? 'working tree'}, ${new Date().toISOString().slice(0, 10)}.

The built server as in production (\`node apps/api/dist/server.js\`, \`NODE_ENV=production\`, \`LOG_LEVEL=info\` JSON logs,
default rate limits per account, one process, no Redis) on PostgreSQL, database \`${NAME}\`: the demo data and
${CONNECTIONS} generated customers, each with the demo customer's orders, saved tracks and notifications
(${counts.orders} orders, ${counts.notifications} notifications in all). ${CONNECTIONS} connections (autocannon, on the same machine), each
a signed-in customer repeating the web app's calls without pause: \`GET auth/user\` (the notification badge),
\`settings\`, \`orders/statuses\`, a status's order list, one order, \`saved-tracks\`, \`news\`, \`faqs\`, \`auth/user\` again.

| clients | seconds | requests | 2xx | errors (non-2xx, socket errors, timeouts) | req/s | p50 ms | p90 ms | p99 ms | max ms |
|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|
| ${CONNECTIONS} | ${SECONDS} | ${ok + errors} | ${ok} | **${errors}** | ${result.requests.average.toFixed(0)} | ${l.p50} | ${l.p90} | **${l.p99}** | ${l.max} |

Answers by status: ${Object.entries(all)
      .map(([k, v]) => `${k}: ${v}`)
      .join(', ')}.
`;
    writeResult('load.md', md);
    log('wrote bench/results/load.md');
    if (errors) process.exitCode = 1;
  } finally {
    await server.stop();
    if (process.env.BENCH_KEEP !== '1') await dropDatabase(NAME);
  }
}

await main();
