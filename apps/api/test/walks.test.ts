import { Session } from 'node:inspector/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parcelsIn } from './factories';
import { createTestApp, registerCustomer, type TestContext } from './helpers';
import { manageClient, newCode, staffTokens, type Staff } from './manage-helpers';

/**
 * The two walks docs/ARCHITECTURE.md describes, measured on the real app: every SQL statement one request sends
 * (each Parse or simple Query message PGlite receives), and the source files and modules on the stack that sent it.
 * Issue 31 measured them before the house was put in order (a tracking code saved from the form: 24 files, 7
 * switches between modules; a hand-over: 28 files in 9 modules, ~25 statements); the caps below are what they are
 * after, so a change that makes a walk longer fails here and has to say why (and update the map).
 */
interface Walk {
  statements: number;
  /** The product's source files whose code ran for the request (V8's precise coverage). */
  files: string[];
  /** The modules (src/modules/<name>) among them. */
  modules: string[];
}

let ctx: TestContext;
let staff: Staff;
let m: ReturnType<typeof manageClient>;
let recording: string[] | null = null;
const kept = Symbol('watched');
const inspector = new Session();

beforeAll(async () => {
  ctx = await createTestApp();
  staff = await staffTokens(ctx);
  m = manageClient(ctx);
  inspector.connect();
  await inspector.post('Profiler.enable');
  await inspector.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
  // Every statement drizzle or the product sends goes through the client's query (or PGlite's exec), or an open
  // transaction's: PGlite's transaction object, or the connection node-postgres's pool lends for one.
  type Sender = { query: (...args: unknown[]) => Promise<unknown>; exec?: (...args: unknown[]) => Promise<unknown> };
  const watch = <T extends Sender>(target: T): T => {
    for (const method of ['query', 'exec'] as const) {
      const send = target[method]?.bind(target);
      if (!send) continue;
      target[method] = (...args: unknown[]) => {
        const sql = typeof args[0] === 'string' ? args[0] : String((args[0] as { text?: string })?.text ?? args[0]);
        // Transaction control (node-postgres sends it as statements, PGlite inside its transaction call) is not counted.
        if (!/^\s*(begin|commit|rollback|savepoint|release)\b/i.test(sql)) recording?.push(sql.slice(0, 100));
        return send(...args);
      };
    }
    return target;
  };
  const client = (
    ctx.database.db as unknown as {
      $client: Sender & { transaction?: (cb: (tx: Sender) => unknown) => unknown; connect?: () => Promise<Sender & { [kept]?: true }> };
    }
  ).$client;
  const { transaction, connect } = client;
  // node-postgres's pool.query runs on a lent connection, which is watched itself (counting both would count twice).
  if (!connect) watch(client);
  if (transaction) client.transaction = (cb) => transaction.call(client, (tx) => cb(watch(tx)));
  // pool.query borrows through connect(callback): a connection is watched once, whichever way it is lent.
  const watchOnce = (lent: Sender & { [kept]?: true }) => {
    if (lent && !lent[kept]) watch(Object.assign(lent, { [kept]: true as const }));
    return lent;
  };
  if (connect)
    client.connect = ((callback?: (error: unknown, lent: Sender, done: unknown) => void) =>
      callback
        ? (connect as unknown as (cb: typeof callback) => void).call(client, (error, lent, done) => callback(error, watchOnce(lent), done))
        : connect.call(client).then(watchOnce)) as typeof connect;
});
afterAll(async () => {
  inspector.disconnect();
  await ctx.close();
});

const SOURCE = /apps\/api\/src\/([\w/.-]+\.ts)/;

/** The product's files with code that ran since the last call (taking the coverage resets its counts). */
async function ranFiles(): Promise<string[]> {
  const { result } = await inspector.post('Profiler.takePreciseCoverage');
  const files = new Set<string>();
  for (const script of result) {
    const file = SOURCE.exec(script.url)?.[1];
    if (file && script.functions.some((f) => f.ranges.some((r) => r.count > 0))) files.add(file);
  }
  return [...files].sort();
}

async function walk(request: () => Promise<{ status: number }>): Promise<Walk> {
  await ranFiles();
  recording = [];
  const res = await request();
  const statements = recording.length;
  if (process.env.WALK_SQL) console.log(recording.join('\n'));
  recording = null;
  const files = await ranFiles();
  expect(res.status).toBe(200);
  const modules = [...new Set(files.map((file) => /^modules\/([\w-]+)\//.exec(file)?.[1]).filter((m): m is string => Boolean(m)))];
  return { statements, files, modules };
}

describe('the walks of the map (docs/ARCHITECTURE.md)', () => {
  it('a tracking code saved from the form that claims a parcel already received', async () => {
    const customer = await registerCustomer(ctx);
    const code = newCode();
    expect((await m.receive(staff.warehouse, { track_code: code, weight: 1.2 })).status).toBe(200);
    const w = await walk(() => m.saveTrack(customer.token, code, 'Shoes'));
    report('save-track (claim)', w);
    expect(w.statements).toBeLessThanOrEqual(WALK_CAPS.saveTrack.statements);
    expect(w.modules.length).toBeLessThanOrEqual(WALK_CAPS.saveTrack.modules);
  });

  it('a hand-over at the counter of two parcels paid in cash', async () => {
    const customer = await parcelsIn(ctx, 'at_branch', [1.5, 1.5]);
    const w = await walk(() => m.complete(staff.branch, { customer_id: customer.user.id, payment_method: 'cash' }));
    report('hand-over', w);
    expect(w.statements).toBeLessThanOrEqual(WALK_CAPS.handover.statements);
    expect(w.modules.length).toBeLessThanOrEqual(WALK_CAPS.handover.modules);
  });
});

const WALK_CAPS = {
  saveTrack: { statements: 23, modules: 5 },
  // +1 statement and module since ADR 083: the hand-over frees the parcels' shelves through the shelves module.
  // +1 statement and module since ADR 089: it refuses parcels whose heavier branch weight waits for the customer.
  // +1 statement and module since ADR 092: the customer's booked pickup slot is marked collected in the same transaction.
  handover: { statements: 27, modules: 11 },
};

function report(name: string, w: Walk) {
  const own = w.files.filter((file) => file.startsWith('modules/'));
  console.log(
    `${name}: ${w.statements} SQL statements; ${w.files.length} files ran (${own.length} in ${w.modules.length} modules: ${w.modules.join(', ')})\n  ${w.files.join('\n  ')}`,
  );
}
