#!/usr/bin/env node
/**
 * What-if on one gathered Lighthouse run: Lantern (Lighthouse's simulator) audits the same trace and network log
 * again, changed, so the gain of a change can be weighed before it is built, without the machine's noise between
 * two runs. The artifacts come from `LH_ARTIFACTS=/tmp/art node bench/lighthouse.mjs` (one folder per page and run).
 *
 *   node bench/lantern-whatif.mjs /tmp/art/home-1                         # the run as it was
 *   node bench/lantern-whatif.mjs /tmp/art/home-1 --drop 'woff2'          # without the requests whose URL matches
 *   node bench/lantern-whatif.mjs /tmp/art/home-1 --early 'home-page|api/' # those requests sent by the HTML instead
 *   node bench/lantern-whatif.mjs /tmp/art/home-1 --cpu 0.5               # every main-thread task half as long
 *
 * --early moves the matching requests to just after the document's response and makes the document their initiator,
 * as a `<link rel=preload>` or an inline script's fetch would. Prints the performance score and FCP, LCP, TBT, SI.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { drop: { type: 'string' }, early: { type: 'string' }, cpu: { type: 'string' } },
});
const [dir] = positionals;
if (!dir) {
  console.error('usage: node bench/lantern-whatif.mjs ARTIFACT_DIR [--drop REGEX] [--early REGEX] [--cpu FACTOR]');
  process.exit(2);
}

const out = mkdtempSync(join(tmpdir(), 'lantern-whatif-'));
cpSync(dir, out, { recursive: true });
let log = JSON.parse(readFileSync(join(dir, 'defaultPass.devtoolslog.json'), 'utf8'));
const sent = (event) => event.method === 'Network.requestWillBeSent';

if (values.drop) {
  const re = new RegExp(values.drop);
  const ids = new Set(log.filter((e) => sent(e) && re.test(e.params.request.url)).map((e) => e.params.requestId));
  log = log.filter((e) => !(e.params?.requestId && ids.has(e.params.requestId)));
  console.log(`dropped ${ids.size} requests`);
}
if (values.early) {
  const re = new RegExp(values.early);
  const doc = log.find((e) => sent(e) && e.params.type === 'Document');
  const docResponse = log.find((e) => e.method === 'Network.responseReceived' && e.params.requestId === doc.params.requestId);
  let moved = 0;
  for (const e of log.filter((e) => sent(e) && re.test(e.params.request.url))) {
    const shift = e.params.timestamp - (docResponse.params.timestamp + 0.005);
    e.params.initiator = { type: 'parser', url: doc.params.request.url };
    e.params.timestamp -= shift;
    e.params.wallTime -= shift;
    moved += 1;
  }
  console.log(`moved ${moved} requests to the HTML's first wave`);
}
writeFileSync(join(out, 'defaultPass.devtoolslog.json'), JSON.stringify(log));
if (values.cpu) {
  const trace = JSON.parse(readFileSync(join(dir, 'defaultPass.trace.json'), 'utf8'));
  for (const e of trace.traceEvents) if (e.dur) e.dur = Math.round(e.dur * Number(values.cpu));
  writeFileSync(join(out, 'defaultPass.trace.json'), JSON.stringify(trace));
}

try {
  // The settings must be those of the gathering run (bench/lighthouse.mjs): signed-in runs keep the storage.
  const result = await lighthouse('http://127.0.0.1/', {
    auditMode: out,
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
    disableStorageReset: JSON.parse(readFileSync(join(dir, 'artifacts.json'), 'utf8')).settings?.disableStorageReset ?? false,
  });
  const a = result.lhr.audits;
  const ms = (id) => Math.round(a[id].numericValue);
  console.log(
    `performance ${Math.round(result.lhr.categories.performance.score * 100)}  FCP ${ms('first-contentful-paint')} ms  LCP ${ms('largest-contentful-paint')} ms  TBT ${ms('total-blocking-time')} ms  SI ${ms('speed-index')} ms`,
  );
} finally {
  rmSync(out, { recursive: true, force: true });
}
