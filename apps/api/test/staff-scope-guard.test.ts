import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { STAFF_WORKS } from '../src/modules/manage/staff-area';
import { client, createTestApp, registerCustomer, type TestContext } from './helpers';
import { staffTokens, type Staff } from './manage-helpers';

/**
 * Each staff work declares its guard once for its scope (manage-access.ts). Proof: every work gets one more route, in
 * its own scope, that checks nothing itself; it is still refused to the signed out, customers and the wrong place.
 * Take a work's `addHook('preHandler', …)` away and its probe lets them in.
 */
const ZProbeBody = z.object({ branch_id: z.number().int().optional() });
const ZProbeQuery = z.object({ branch_id: z.coerce.number().int().optional() });

// Before the app is built: wrap each work so its probe is declared in the work's own scope, after its real routes.
const works = STAFF_WORKS.map((routes) => routes.name);
STAFF_WORKS.forEach((routes, i) => {
  const probed: FastifyPluginAsync = async (app, opts) => {
    await routes(app, opts);
    app
      .withTypeProvider<ZodTypeProvider>()
      .post(`/manage/probe/${routes.name}`, { schema: { body: ZProbeBody, querystring: ZProbeQuery } }, async () => ({ reached: true }));
  };
  STAFF_WORKS[i] = probed;
});

type Who = 'customer' | 'warehouse' | 'branch' | 'otherBranch' | 'admin';
const anyStaff: Who[] = ['warehouse', 'branch', 'otherBranch', 'admin'];
const warehouse: Who[] = ['warehouse', 'admin'];
/** Who may reach each work's probe, addressed to the demo branch (body and query `branch_id`). */
const MAY: Record<string, Who[]> = {
  contextRoutes: anyStaff,
  findRoutes: anyStaff,
  parcelPhotoRoutes: anyStaff,
  receiveRoutes: warehouse,
  importRoutes: warehouse,
  unclaimedRoutes: warehouse,
  disputesRoutes: warehouse,
  dispatchRoutes: warehouse,
  flightsRoutes: ['warehouse', 'branch', 'admin'],
  arrivalRoutes: ['branch', 'admin'],
  // Bags (ADR 082): packed at the warehouse, arrived at the branch.
  bagsRoutes: warehouse,
  bagArrivalRoutes: ['branch', 'admin'],
  handoverRoutes: ['branch', 'admin'],
  // The demo staff hold no `corrections` (ADR 075): capabilities.test.ts grants it.
  correctionsRoutes: ['admin'],
  // Online money (ADR 077): any staff reach the scope; each route then narrows to the staff's own branch.
  onlineBooksRoutes: anyStaff,
  // Labels (ADR 080): any staff reach the scope; the service narrows parcels and printers to the place.
  labelsRoutes: anyStaff,
  // Shelves at the branch (ADR 083): that branch's staff, admins naming it.
  shelvesRoutes: ['branch', 'admin'],
  // Customs on flights (ADR 085): staff (the manifest: the exports capability); branch staff only their own branch.
  customsRoutes: ['warehouse', 'branch', 'admin'],
  // Declarations at receipt (ADR 086): any staff reach the scope; only the warehouse (and admins) may save.
  declarationsStaffRoutes: anyStaff,
  // Branch weighing (ADR 089): that branch's staff, admins naming it.
  weightsStaffRoutes: ['branch', 'admin'],
  // Claims (ADR 088): branch staff (each then sees its own branch's claims) and admins; not the warehouse.
  claimsStaffRoutes: ['branch', 'otherBranch', 'admin'],
  // Pickup slots' prepared list (ADR 092): that branch's staff, admins naming it.
  pickupSlotsStaffRoutes: ['branch', 'admin'],
  // Door delivery (ADR 094): that branch's staff (clerk, courier), admins naming it.
  doorDeliveryStaffRoutes: ['branch', 'admin'],
};

let ctx: TestContext;
let staff: Staff;
let tokens: Record<Who, string>;
beforeAll(async () => {
  ctx = await createTestApp();
  staff = await staffTokens(ctx);
  const customer = (await registerCustomer(ctx)).token;
  tokens = { customer, warehouse: staff.warehouse, branch: staff.branch, otherBranch: staff.otherBranch, admin: staff.admin };
});
afterAll(async () => ctx.close());

describe('staff works: one guard per scope', () => {
  it('every work is in the table below', () => {
    expect(works.slice().sort()).toEqual(Object.keys(MAY).sort());
  });

  it.each(works)('%s: a route with no check of its own is guarded by its scope', async (work) => {
    const call = client(ctx.app);
    const probe = (token?: string) =>
      call('POST', `/manage/probe/${work}?branch_id=${staff.branchId}`, { token, body: { branch_id: staff.branchId } });
    expect((await probe()).status, 'signed out').toBe(401);
    for (const who of Object.keys(tokens) as Who[]) {
      const res = await probe(tokens[who]);
      if (MAY[work]!.includes(who)) expect([res.status, res.json], `${who} may`).toEqual([200, { reached: true }]);
      else expect([res.status, res.json?.code], `${who} may not`).toEqual([403, 'forbidden']);
    }
  });
});
