import type { FastifyRequest } from 'fastify';
import { AppError, forbidden } from '../../lib/app-error';
import type { Db } from '../../db/client';
import { branchesRepository, type BranchRow } from '../branches/branches-repository';
import type { UserRow } from '../users/users-repository';

/**
 * Where staff may work. Warehouse works (receive, import, unclaimed, dispatch) belong to staff of the China
 * warehouse; branch works (arrival, hand-over) to staff of that branch; admins may do everything, naming the branch.
 * The route's requireRole('staff','admin') already refused customers.
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

const workBranches = new WeakMap<FastifyRequest, BranchRow>();

/** Kept by the route's branch guard for its handler. */
export function setWorkBranch(request: FastifyRequest, branch: BranchRow): void {
  workBranches.set(request, branch);
}

/** The branch the route's guard resolved (a route without the guard is a programming error). */
export function workBranchOf(request: FastifyRequest): BranchRow {
  const branch = workBranches.get(request);
  if (!branch) throw new Error('branch work route without its branch guard');
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

const flightScopes = new WeakMap<FastifyRequest, BranchRow | null>();

export function setFlightScope(request: FastifyRequest, branch: BranchRow | null): void {
  flightScopes.set(request, branch);
}

/** The scope the route's flight guard resolved. */
export function flightScopeOf(request: FastifyRequest): BranchRow | null {
  const scope = flightScopes.get(request);
  if (scope === undefined) throw new Error('flight route without its flight guard');
  return scope;
}
