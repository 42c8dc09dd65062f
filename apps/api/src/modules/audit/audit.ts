import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { auditRepository } from './audit-repository';

/** Who did it, as recorded: the signed-in user with role and place at the time, and the client address. */
export interface AuditActor {
  id: number | null;
  role: string;
  /** 'china_warehouse', 'branch:<id>' or null (customers, admins). */
  place: string | null;
  ip: string | null;
}

export interface AuditInput {
  actor: AuditActor;
  /** Dotted verb, e.g. 'user.update', 'branch.create', 'parcel.receive'. */
  action: string;
  targetType: string;
  targetId?: string | number | null;
  before?: unknown;
  after?: unknown;
}

/** The actor of a signed-in request (routes behind authenticate or requireRole). */
export function auditActorOf(request: FastifyRequest): AuditActor {
  const user = request.auth?.user;
  if (!user) return { id: null, role: 'system', place: null, ip: request.ip };
  const place =
    user.placeKind === 'china_warehouse' ? 'china_warehouse' : user.placeKind === 'branch' ? `branch:${user.placeBranchId ?? ''}` : null;
  return { id: user.id, role: user.role, place, ip: request.ip };
}

/** The actor of a command-line tool (create-admin). */
export const SYSTEM_ACTOR: AuditActor = { id: null, role: 'system', place: null, ip: null };

function toRow(input: AuditInput) {
  return {
    actorId: input.actor.id,
    actorRole: input.actor.role,
    actorPlace: input.actor.place,
    action: input.action,
    targetType: input.targetType,
    targetId: input.targetId === undefined || input.targetId === null ? null : String(input.targetId),
    before: input.before === undefined ? null : (input.before as object),
    after: input.after === undefined ? null : (input.after as object),
    ip: input.actor.ip,
  };
}

/**
 * Records one staff/admin write. Call it with the transaction that makes the change, so the row
 * exists exactly when the change does. The log is append-only: nothing offers to edit or delete it.
 */
export async function recordAudit(tx: DbOrTx, input: AuditInput): Promise<void> {
  await auditRepository.insert(tx, toRow(input));
}

/** Records many writes of one change at once (a bulk dispatch or import: one row per parcel), in batches. */
export async function recordAuditMany(tx: DbOrTx, inputs: AuditInput[]): Promise<void> {
  if (inputs.length) await auditRepository.insert(tx, inputs.map(toRow));
}
