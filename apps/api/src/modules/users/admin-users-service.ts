import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  DEFAULT_STAFF_CAPABILITIES,
  effectiveCapabilities,
  type TAdminUser,
  type TAdminUserDetail,
  type TCapability,
  type TLang,
  type TRole,
} from '@portal/contract';
import type { Db, DbOrTx } from '../../db/client';
import { branches, countries, orders, sessions, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit, type AuditActor } from '../audit/audit';
import type { InvitationState, Invitations } from '../auth/invitations';
import { hashPassword } from '../auth/passwords';
import { sessionsRepository } from '../auth/sessions-repository';
import { toPublicUser } from './user-view';
import { usersRepository, type UserRow } from './users-repository';

export function toAdminUser(row: UserRow, invitation: InvitationState = null): TAdminUser {
  return {
    ...toPublicUser(row),
    blocked: Boolean(row.blockedAt),
    deleted: Boolean(row.deletedAt),
    capabilities: effectiveCapabilities(row),
    invitation: row.role === 'customer' ? null : invitation,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** What the audit keeps of a user's access: role, place, capabilities, blocked. */
function accessOf(row: UserRow) {
  return {
    role: row.role,
    place_kind: row.placeKind,
    place_branch_id: row.placeBranchId,
    capabilities: row.role === 'staff' ? effectiveCapabilities(row) : [],
    blocked: Boolean(row.blockedAt),
  };
}

/** The capabilities kept for a role: staff what was granted (in the contract's order), nobody else any (admins hold all). */
function keptCapabilities(role: TRole, granted: readonly TCapability[]): TCapability[] {
  return role === 'staff' ? effectiveCapabilities({ role, capabilities: granted }) : [];
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export interface PlaceInput {
  kind: 'china_warehouse' | 'branch';
  branch_id?: number | null;
}

async function checkPlace(
  tx: DbOrTx,
  role: TRole,
  place: PlaceInput | null | undefined,
): Promise<{ placeKind: UserRow['placeKind']; placeBranchId: number | null }> {
  if (role !== 'staff') return { placeKind: null, placeBranchId: null };
  if (!place) throw new AppError('validation_failed', { fields: { place: ['validation.required'] } });
  if (place.kind === 'china_warehouse') return { placeKind: 'china_warehouse', placeBranchId: null };
  if (!place.branch_id) throw new AppError('validation_failed', { fields: { 'place.branch_id': ['validation.required'] } });
  const [branch] = await tx
    .select({ id: branches.id })
    .from(branches)
    .where(and(eq(branches.id, place.branch_id), eq(branches.isActive, true)))
    .limit(1);
  if (!branch) throw new AppError('validation_failed', { fields: { 'place.branch_id': ['not_found'] } });
  return { placeKind: 'branch', placeBranchId: branch.id };
}

/** Admins that stay admins and unblocked, other than `exceptId`, counted under a lock so two demotions at once cannot both pass. */
async function otherActiveAdmins(tx: DbOrTx, exceptId: number): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('admin:last-admin'))`);
  const [row] = await tx
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.blockedAt), sql`${users.id} <> ${exceptId}`));
  return row?.n ?? 0;
}

export function createAdminUsersService(deps: { db: Db; invitations: Invitations }) {
  const { db, invitations } = deps;
  return {
    async list(filters: { search?: string; role?: TRole }, page: number, perPage: number) {
      const where: SQL[] = [];
      if (filters.search) {
        const text = filters.search.trim();
        const like = `%${escapeLike(text)}%`;
        const digits = text.replace(/\D/g, '');
        const parts = [
          ilike(users.firstName, like),
          ilike(users.lastName, like),
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like),
          ilike(users.clientCode, like),
        ];
        if (digits.length >= 3) parts.push(ilike(users.phoneNumber, `%${digits}%`));
        where.push(or(...parts)!);
      }
      if (filters.role) where.push(eq(users.role, filters.role));
      const condition = where.length ? and(...where) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(users)
          .where(condition)
          .orderBy(desc(users.id))
          .limit(perPage)
          .offset((page - 1) * perPage),
        db.select({ n: count() }).from(users).where(condition),
      ]);
      const states = await invitations.states(rows.filter((r) => r.role !== 'customer').map((r) => r.id));
      return { items: rows.map((r) => toAdminUser(r, states.get(r.id) ?? null)), total: total?.n ?? 0 };
    },

    async detail(id: number): Promise<TAdminUserDetail> {
      const user = await usersRepository.findById(db, id);
      if (!user) throw new AppError('not_found');
      const [parcels, [parcelCount], live, states] = await Promise.all([
        db
          .select({ id: orders.id, trackCode: orders.trackCode, name: orders.name, statusId: orders.statusId, createdAt: orders.createdAt })
          .from(orders)
          .where(eq(orders.userId, id))
          .orderBy(desc(orders.id))
          .limit(20),
        db.select({ n: count() }).from(orders).where(eq(orders.userId, id)),
        db
          .select()
          .from(sessions)
          .where(and(eq(sessions.userId, id), isNull(sessions.revokedAt)))
          .orderBy(desc(sessions.lastSeenAt))
          .limit(20),
        invitations.states([id]),
      ]);
      return {
        user: toAdminUser(user, states.get(id) ?? null),
        iin: user.iin ?? null,
        personal_number: user.personalNumber ?? null,
        parcels: parcels.map((p) => ({
          id: p.id,
          track_code: p.trackCode,
          name: p.name,
          status_id: p.statusId,
          created_at: p.createdAt.toISOString(),
        })),
        parcel_count: parcelCount?.n ?? 0,
        sessions: live.map((s) => ({
          id: s.id,
          created_at: s.createdAt.toISOString(),
          last_seen_at: s.lastSeenAt.toISOString(),
          user_agent: s.userAgent,
          ip: s.ip,
        })),
      };
    },

    async update(
      actor: AuditActor,
      id: number,
      input: { role?: TRole; place?: PlaceInput | null; blocked?: boolean; capabilities?: TCapability[]; updated_at?: string },
    ): Promise<TAdminUser> {
      if (actor.id === id) throw new AppError('own_account');
      return db.transaction(async (tx) => {
        const [current] = await tx.select().from(users).where(eq(users.id, id)).for('update').limit(1);
        if (!current) throw new AppError('not_found');
        // A deleted account stays blocked and without a role to give (ADR 069).
        if (current.deletedAt) throw new AppError('account_deleted');
        if (input.updated_at !== undefined && current.updatedAt.toISOString() !== input.updated_at) throw new AppError('stale_write');
        const role = input.role ?? current.role;
        const blocked = input.blocked ?? Boolean(current.blockedAt);
        const losesAdmin = current.role === 'admin' && !current.blockedAt && (role !== 'admin' || blocked);
        if (losesAdmin && (await otherActiveAdmins(tx, id)) === 0) throw new AppError('last_admin');
        const placeInput =
          input.place !== undefined
            ? input.place
            : current.placeKind
              ? { kind: current.placeKind, branch_id: current.placeBranchId }
              : null;
        const place = await checkPlace(tx, role, placeInput);
        const blockedAt = blocked ? (current.blockedAt ?? new Date()) : null;
        // Someone made staff now gets the default set; staff keep theirs unless the admin sends a new one (ADR 075).
        const granted =
          input.capabilities ?? (current.role === 'staff' ? (current.capabilities as TCapability[]) : DEFAULT_STAFF_CAPABILITIES);
        const capabilities = keptCapabilities(role, granted);
        const updated = (await usersRepository.update(tx, id, { role, ...place, blockedAt, capabilities }))!;
        if (blocked && !current.blockedAt) {
          // Blocking ends every session at once and revokes the QR code.
          await sessionsRepository.revokeAllForUser(tx, id, 'blocked');
          await usersRepository.bumpQrVersion(tx, id);
        }
        if (role !== current.role && current.role !== 'customer') await sessionsRepository.revokeAllForUser(tx, id, 'role_changed');
        await recordAudit(tx, {
          actor,
          action: 'user.update',
          targetType: 'user',
          targetId: id,
          before: accessOf(current),
          after: accessOf(updated),
        });
        return toAdminUser((await usersRepository.findById(tx, id))!, (await invitations.states([id], tx)).get(id) ?? null);
      });
    },

    async create(
      actor: AuditActor,
      input: {
        phone_number: string;
        first_name: string;
        last_name: string;
        role: 'staff' | 'admin';
        place?: PlaceInput | null;
        capabilities?: TCapability[];
        language?: TLang;
      },
    ): Promise<TAdminUser> {
      // An unusable password: the new member sets theirs through the invitation's link (or "forgot password").
      const passwordHash = await hashPassword(randomBytes(32).toString('hex'));
      const made = await db.transaction(async (tx) => {
        if (await usersRepository.phoneExists(tx, input.phone_number)) throw new AppError('phone_taken');
        const place = await checkPlace(tx, input.role, input.place);
        const [country] = await tx
          .select({ prefix: countries.clientCodePrefix })
          .from(countries)
          .leftJoin(branches, eq(branches.countryId, countries.id))
          .where(place.placeBranchId ? eq(branches.id, place.placeBranchId) : sql`true`)
          .orderBy(countries.position, countries.id)
          .limit(1);
        let created: UserRow;
        try {
          created = await usersRepository.insertWithClientCode(
            tx,
            {
              phoneNumber: input.phone_number,
              passwordHash,
              firstName: input.first_name,
              lastName: input.last_name,
              role: input.role,
              ...place,
              branchId: place.placeBranchId,
              language: input.language ?? 'ru',
              capabilities: keptCapabilities(input.role, input.capabilities ?? DEFAULT_STAFF_CAPABILITIES),
            },
            country?.prefix ?? 'KZ',
          );
        } catch (error) {
          if (
            (error as { code?: string; cause?: { code?: string } }).code === '23505' ||
            (error as { cause?: { code?: string } }).cause?.code === '23505'
          )
            throw new AppError('phone_taken');
          throw error;
        }
        await recordAudit(tx, {
          actor,
          action: 'user.create',
          targetType: 'user',
          targetId: created.id,
          before: null,
          after: { phone_number: created.phoneNumber, ...accessOf(created) },
        });
        return { created, invitation: await invitations.issue(tx, created, actor) };
      });
      // The SMS after the commit: a provider failure leaves the account and its link; the list shows it pending.
      await invitations.send(made.created, made.invitation.token);
      return toAdminUser(made.created, 'pending');
    },

    /** A new set-password link by SMS for a staff or admin account; the earlier link stops working (ADR 075). */
    async invite(actor: AuditActor, id: number): Promise<{ user: TAdminUser; sms_sent: boolean; expires_at: string }> {
      if (actor.id === id) throw new AppError('own_account');
      const { user, invitation } = await db.transaction(async (tx) => {
        const [current] = await tx.select().from(users).where(eq(users.id, id)).for('update').limit(1);
        if (!current) throw new AppError('not_found');
        if (current.deletedAt) throw new AppError('account_deleted');
        if (current.blockedAt) throw new AppError('account_blocked');
        if (current.role === 'customer') throw new AppError('not_staff');
        return { user: current, invitation: await invitations.issue(tx, current, actor) };
      });
      const sent = await invitations.send(user, invitation.token);
      return { user: toAdminUser(user, 'pending'), sms_sent: sent, expires_at: invitation.expiresAt.toISOString() };
    },

    async endSessions(actor: AuditActor, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const user = await usersRepository.findById(tx, id);
        if (!user) throw new AppError('not_found');
        const live = await tx
          .select({ n: count() })
          .from(sessions)
          .where(and(eq(sessions.userId, id), isNull(sessions.revokedAt)));
        await sessionsRepository.revokeAllForUser(tx, id, 'ended_by_admin');
        await recordAudit(tx, {
          actor,
          action: 'user.end_sessions',
          targetType: 'user',
          targetId: id,
          before: { live_sessions: live[0]?.n ?? 0 },
          after: { live_sessions: 0 },
        });
      });
    },
  };
}
