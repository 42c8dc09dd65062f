/**
 * Factories for the set-up most API tests share: a customer, a staff member at a place, parcels in a status.
 * Each goes through the product's own calls (registration, the admin's users call, receive → dispatch → arrive →
 * hand-over), so what it makes carries the events, prices, charges and receipts the product would have made; each
 * throws with the answer when a step fails, so a broken set-up never passes as a test's finding.
 *
 *   const c = await aCustomer(ctx, { lang: 'en' });
 *   const clerk = await staffAt(ctx, { kind: 'branch', branch_id: 3 });
 *   const p = await parcelIn(ctx, 'at_branch', { owner: c, weight: 2.5 });   // p.code, p.id, p.parcel.price
 *   const d = await parcelsIn(ctx, 'delivered', [1, 2], { pay: 'none' });   // d.token, d.user, d.codes, d.receipt
 *
 * A file's staff tokens (`staffTokens` in manage-helpers.ts) are remembered for its test app, so parcels cost no
 * sign-in of their own; `makeOrder` (orders-fixtures.ts) stays for a bare order row when a test reads lists only.
 */
import type { TLang, TManageParcel, TOrderStatusCode, TReceipt, TUser } from '@portal/contract';
import { client, DEMO, login, registerCustomer, type TestContext } from './helpers';
import { manageClient, newCode } from './manage-helpers';

export interface Customer {
  token: string;
  user: TUser;
  phone: string;
  password: string;
}

export interface CustomerOptions {
  /** Their branch (where their parcels go); the country's first branch otherwise. */
  branchId?: number;
  firstName?: string;
  lastName?: string;
  /** The account's language (registered in it, as from a browser in that language); ru otherwise. */
  lang?: TLang;
  phone?: string;
}

/** A new customer, registered through the code flow. */
export async function aCustomer(ctx: TestContext, opts: CustomerOptions = {}): Promise<Customer> {
  const overrides: Record<string, unknown> = {};
  if (opts.branchId !== undefined) overrides.branch_id = opts.branchId;
  if (opts.firstName !== undefined) overrides.first_name = opts.firstName;
  if (opts.lastName !== undefined) overrides.last_name = opts.lastName;
  if (opts.phone !== undefined) overrides.phone_number = opts.phone;
  return registerCustomer(ctx, overrides, { lang: opts.lang });
}

/**
 * Where a staff member works: the demo accounts (`warehouse`, `branch` = the demo branch's clerk, `admin`), or a
 * new clerk placed by the admin (the place as the admin's users call takes it).
 */
export type StaffPlace = 'warehouse' | 'branch' | 'admin' | { kind: 'china_warehouse' } | { kind: 'branch'; branch_id: number };

export interface StaffMember {
  token: string;
  user: TUser;
}

/** The demo accounts' tokens each test app last signed in (`staffAt`) and the demo branch, for the factories to use. */
const signedIn = new WeakMap<TestContext, Partial<Record<'warehouse' | 'branch' | 'admin', string>> & { branchId?: number }>();
const DEMO_PHONES = { warehouse: DEMO.warehouse, branch: DEMO.branchStaff, admin: DEMO.admin } as const;

/** The demo account's token this test app signed in last, or a new sign-in. */
async function demoToken(ctx: TestContext, who: 'warehouse' | 'branch' | 'admin'): Promise<string> {
  return signedIn.get(ctx)?.[who] ?? (await staffAt(ctx, who)).token;
}

/**
 * A staff member's token: a demo account signed in (a new session each time), or a customer registered and made
 * staff at the place by the admin (`PATCH admin/users/{id}`, audited as the product does; the session stays).
 */
export async function staffAt(ctx: TestContext, place: StaffPlace): Promise<StaffMember> {
  if (typeof place === 'string') {
    const { token, user } = await login(ctx.app, DEMO_PHONES[place]);
    signedIn.set(ctx, { ...signedIn.get(ctx), [place]: token, ...(place === 'branch' && { branchId: user.place.branch_id }) });
    return { token, user };
  }
  // Registered at the branch they are placed at, or the demo branch when known (either saves asking for the list).
  const member = await aCustomer(ctx, { branchId: place.kind === 'branch' ? place.branch_id : signedIn.get(ctx)?.branchId });
  const placed = await client(ctx.app)('PATCH', `/admin/users/${member.user.id}`, {
    token: await demoToken(ctx, 'admin'),
    body: { role: 'staff', place },
  });
  expectOk(placed, 'placing staff');
  return { token: member.token, user: { ...member.user, role: 'staff', place: placed.json.data.place } };
}

/** Length, width and height in cm, as the warehouse measures them. */
export type Dimensions = { length: number; width: number; height: number };
/** A parcel as the warehouse weighs it: its actual weight in kg, or the weight with its own dimensions. */
export type Measures = number | string | { weight: number | string; dimensions?: Dimensions };

/** The statuses a parcel can be made in: the lifecycle's, or `unclaimed` (received, nobody's code: at the warehouse). */
export type ParcelStatus = TOrderStatusCode | 'unclaimed';

export interface ParcelOptions {
  /** Whose parcels (they save the codes before the warehouse receives them); a new customer otherwise. */
  owner?: Customer;
  /** For the new owner, when there is no `owner`. */
  customer?: CustomerOptions;
  /** Actual weight in kg of the one parcel (`parcelIn`); 1 otherwise. */
  weight?: number | string;
  /** Dimensions measured at the warehouse (cm), for every parcel that names none of its own. */
  dimensions?: Dimensions;
  /** The name the owner saves the codes with. */
  name?: string;
  /** The tracking codes' prefix (`newCode`). */
  prefix?: string;
  /** Who scans: the warehouse's and the branch's clerk tokens (the demo ones otherwise). */
  by?: { warehouse?: string; branch?: string };
  /** The flight they leave on. */
  flightId?: number;
  /** More of the arrival's body: `branch_id` (an admin arriving), `accept_other_branch` with `reason`. */
  arrive?: { branch_id?: number; accept_other_branch?: boolean; reason?: string };
  /**
   * delivered: what is paid at the hand-over of all the owner's parcels waiting at the branch. `all` (default) in
   * cash; `none` (all debt); or an amount in minor units from the total (in cash, the rest as debt), which costs a
   * look-up first.
   */
  pay?: 'all' | 'none' | ((totalMinor: number) => number);
}

/** Parcels made by the factories, in the order of their measures. */
export interface MadeParcels {
  codes: string[];
  ids: number[];
  /** The parcels as the warehouse received them. */
  received: TManageParcel[];
  /** The parcels as the last scan left them (received, dispatched or arrived; a hand-over answers with `receipt`). */
  parcels: TManageParcel[];
  /** delivered: the hand-over's receipt. */
  receipt: TReceipt | null;
}
/** A customer with their parcels (the owner's fields, as `aCustomer` gives them, beside the parcels'). */
export type CustomerWithParcels = Customer & MadeParcels;

export interface MadeParcel {
  code: string;
  id: number;
  received: TManageParcel;
  parcel: TManageParcel;
  receipt: TReceipt | null;
}
export type CustomerWithParcel = Customer & MadeParcel;

/** One parcel in `status`, owned by `opts.owner` or a new customer (unclaimed: nobody's). */
export async function parcelIn(ctx: TestContext, status: 'unclaimed', opts?: ParcelOptions): Promise<MadeParcel>;
export async function parcelIn(ctx: TestContext, status: TOrderStatusCode, opts?: ParcelOptions): Promise<CustomerWithParcel>;
export async function parcelIn(ctx: TestContext, status: ParcelStatus, opts: ParcelOptions = {}): Promise<MadeParcel> {
  const { codes, ids, received, parcels, ...rest } = await parcelsIn(ctx, status as TOrderStatusCode, [opts.weight ?? 1], opts);
  return { ...rest, code: codes[0]!, id: ids[0]!, received: received[0]!, parcel: parcels[0]! };
}

/**
 * Parcels of the given measures (kg, or kg with dimensions) for one owner, all brought to `status` together: one
 * dispatch, one arrival and one hand-over for all of them, as a clerk scans a batch.
 */
export async function parcelsIn(
  ctx: TestContext,
  status: 'unclaimed',
  measures: Measures[],
  opts?: Omit<ParcelOptions, 'weight'>,
): Promise<MadeParcels>;
export async function parcelsIn(
  ctx: TestContext,
  status: TOrderStatusCode,
  measures: Measures[],
  opts?: Omit<ParcelOptions, 'weight'>,
): Promise<CustomerWithParcels>;
export async function parcelsIn(
  ctx: TestContext,
  status: ParcelStatus,
  measures: Measures[],
  opts: Omit<ParcelOptions, 'weight'> = {},
): Promise<MadeParcels> {
  const m = manageClient(ctx);
  const warehouse = opts.by?.warehouse ?? (await demoToken(ctx, 'warehouse'));
  const owner = status === 'unclaimed' ? null : (opts.owner ?? (await aCustomer(ctx, opts.customer)));
  const codes = measures.map(() => newCode(opts.prefix));
  const received: TManageParcel[] = [];
  for (const [i, code] of codes.entries()) {
    const measured = measures[i]!;
    const { weight, dimensions = opts.dimensions } = typeof measured === 'object' ? measured : { weight: measured };
    if (owner) expectOk(await m.saveTrack(owner.token, code, opts.name), 'saving the code');
    const res = await m.receive(warehouse, { track_code: code, weight, dimensions });
    expectOk(res, 'receiving');
    received.push(res.json.data.parcel);
  }
  const made: MadeParcels = { ...owner, codes, ids: received.map((p) => p.id), received, parcels: received, receipt: null };
  if (!owner || status === 'china_warehouse') return made;

  made.parcels = movedAll(await m.dispatch(warehouse, { track_codes: codes, flight_id: opts.flightId }), codes, 'dispatching');
  if (status === 'in_transit') return made;

  const branch = opts.by?.branch ?? (await demoToken(ctx, 'branch'));
  made.parcels = movedAll(await m.arrive(branch, { track_codes: codes, ...opts.arrive }), codes, 'arriving');
  if (status === 'at_branch') return made;

  // Everything of the owner's waiting there is handed over, as at the counter (a new owner's: these parcels).
  const handOver = { customer_id: owner.user.id, branch_id: opts.arrive?.branch_id };
  const pay = opts.pay ?? 'all';
  let done: Answer;
  if (pay === 'all') done = await m.complete(branch, { ...handOver, payment_method: 'cash' });
  else if (pay === 'none') done = await m.complete(branch, { ...handOver, payments: [], accept_debt: true });
  else {
    const look = await m.lookup(branch, { customer: owner.user.client_code, branch_id: opts.arrive?.branch_id });
    expectOk(look, 'looking up the hand-over');
    const amount = pay(look.json.data.total_minor);
    done = await m.complete(branch, { ...handOver, payments: amount > 0 ? [{ method: 'cash', amount }] : [], accept_debt: true });
  }
  expectOk(done, 'handing over');
  made.receipt = done.json.data;
  return made;
}

type Answer = Awaited<ReturnType<ReturnType<typeof client>>>;

function expectOk(res: Answer, step: string): void {
  if (res.status !== 200) throw new Error(`${step} failed: ${res.status} ${res.body}`);
}

/** The scan's parcels in the codes' order, when every code moved. */
function movedAll(res: Answer, codes: string[], step: string): TManageParcel[] {
  expectOk(res, step);
  const { counts, results } = res.json.data as { counts: { moved: number }; results: { track_code: string; parcel: TManageParcel }[] };
  if (counts.moved !== codes.length) throw new Error(`${step}: ${counts.moved} of ${codes.length} moved: ${JSON.stringify(results)}`);
  return codes.map((code) => results.find((r) => r.track_code === code)!.parcel);
}
