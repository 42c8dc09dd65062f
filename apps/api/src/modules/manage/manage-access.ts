import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { effectiveCapabilities, type TCapability } from '@portal/contract';
import { AppError, forbidden } from '../../lib/app-error';
import type { Db } from '../../db/client';
import { authOf } from '../auth/auth-plugin';
import { branchesRepository, type BranchRow } from '../branches/branches-repository';
import type { UserRow } from '../users/users-repository';

/**
 * Where staff may work. Warehouse works (receive, import, unclaimed, disputes, dispatch) belong to staff of the China
 * warehouse; branch works (arrival, hand-over) to staff of that branch; admins may do everything, naming the branch.
 * Each work's routes plugin declares ONE of the scope guards below for all its routes
 * (`app.addHook('preHandler', warehouseGuard(app))`), so no route and no handler repeats a check.
 */
export function assertWarehouse(user: UserRow): void {
  if (user.role === 'admin') return;
  if (user.role === 'staff' && user.placeKind === 'china_warehouse') return;
  throw forbidden();
}

/** The branch a branch work happens at: the staff member's own (another requested → 403), or the admin's choice. */
export async function resolveWorkBranch(db: Db, user: UserRow, requested: number | undefined): Promise<BranchRow> {
  if (user.role === 'admin') {
    if (requested === undefined) throw new AppError('branch_required', { fields: { branch_id: ['validation.required'] } });
    const branch = await branchesRepository.findById(db, requested);
    if (!branch) throw new AppError('validation_failed', { fields: { branch_id: ['validation.invalid_value'] } });
    return branch;
  }
  if (user.role !== 'staff' || user.placeKind !== 'branch' || user.placeBranchId === null) throw forbidden();
  if (requested !== undefined && requested !== user.placeBranchId) throw forbidden();
  const branch = await branchesRepository.findById(db, user.placeBranchId);
  if (!branch) throw forbidden();
  return branch;
}

/**
 * Whose flights a request sees: branch staff their own branch (another requested → 403); the China warehouse and
 * admins every flight, or one branch's share of it when they name one.
 */
export async function resolveFlightScope(db: Db, user: UserRow, requested: number | undefined): Promise<BranchRow | null> {
  if (user.role === 'admin' || (user.role === 'staff' && user.placeKind === 'china_warehouse')) {
    if (requested === undefined) return null;
    const branch = await branchesRepository.findById(db, requested);
    if (!branch) throw new AppError('validation_failed', { fields: { branch_id: ['validation.invalid_value'] } });
    return branch;
  }
  return resolveWorkBranch(db, user, requested);
}

type ScopeGuard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** Whether the user holds `cap` (ADR 075): admins always, staff when granted, customers never. */
export function holds(user: UserRow, cap: TCapability): boolean {
  return effectiveCapabilities(user).includes(cap);
}

/** 403 unless the user holds `cap`. */
export function assertCapability(user: UserRow, cap: TCapability): void {
  if (!holds(user, cap)) throw forbidden();
}

/**
 * The one guard for a capability (ADR 075): signed in (401), staff or admin (customers 403), holding `cap` (403). The
 * user row is read per request with the session (auth-plugin), so a grant or a withdrawal counts from the next request.
 * Where the capability reaches (their own branch, the same day) is the rule of the route's service.
 */
export function requireCapability(app: FastifyInstance, cap: TCapability): ScopeGuard {
  const staff = staffGuard(app);
  return async (request, reply) => {
    await staff(request, reply);
    assertCapability(authOf(request).user, cap);
  };
}

/** Any place's staff, or an admin (customers 403, signed out 401): the works every place has (find, the context). */
export function staffGuard(app: FastifyInstance): ScopeGuard {
  return app.requireRole('staff', 'admin');
}

/** Staff of the China warehouse, or an admin. */
export function warehouseGuard(app: FastifyInstance): ScopeGuard {
  const staff = staffGuard(app);
  return async (request, reply) => {
    await staff(request, reply);
    assertWarehouse(authOf(request).user);
  };
}

const workBranches = new WeakMap<FastifyRequest, BranchRow>();

/** Staff of the branch the body's `branch_id` names (or their own), or an admin naming one; the handler reads it by `workBranchOf`. */
export function branchGuard(app: FastifyInstance): ScopeGuard {
  const staff = staffGuard(app);
  return async (request, reply) => {
    await staff(request, reply);
    const requested = (request.body as { branch_id?: number } | undefined)?.branch_id;
    workBranches.set(request, await resolveWorkBranch(app.db, authOf(request).user, requested));
  };
}

/** The branch the scope's branch guard resolved (a route outside such a scope is a programming error). */
export function workBranchOf(request: FastifyRequest): BranchRow {
  const branch = workBranches.get(request);
  if (!branch) throw new Error('branch work route without its branch guard');
  return branch;
}

const flightScopes = new WeakMap<FastifyRequest, BranchRow | null>();

/** Flights as `resolveFlightScope` shows them, for the query's `branch_id`; the handler reads the scope by `flightScopeOf`. */
export function flightGuard(app: FastifyInstance): ScopeGuard {
  const staff = staffGuard(app);
  return async (request, reply) => {
    await staff(request, reply);
    const requested = (request.query as { branch_id?: number } | undefined)?.branch_id;
    flightScopes.set(request, await resolveFlightScope(app.db, authOf(request).user, requested));
  };
}

/** The scope the flight guard resolved. */
export function flightScopeOf(request: FastifyRequest): BranchRow | null {
  const scope = flightScopes.get(request);
  if (scope === undefined) throw new Error('flight route without its flight guard');
  return scope;
}
