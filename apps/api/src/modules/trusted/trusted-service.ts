import {
  localDate,
  maskPhone,
  pickText,
  TRUSTED_MAX_ACTIVE,
  TRUSTED_MAX_DAYS,
  TRUSTED_MAX_SMS,
  TRUSTED_RESEND_SECONDS,
  type TCreateTrusted,
  type TLang,
  type TTrustedChoice,
  type TTrustedCollector,
  type TTrustedPass,
  type TTrustedPerson,
  type TUpdateTrusted,
} from '@portal/contract';
import type { Db, DbOrTx } from '../../db/client';
import type { TrustedPersonRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { SmsDriver } from '../../plugins/sms';
import { recordAudit, type AuditActor } from '../audit/audit';
import { statusIds } from '../parcels/parcel-statuses';
import { settingsRepository } from '../settings/settings-repository';
import { trustedRepository } from './trusted-repository';
import { trustedPassSms } from './trusted-texts';
import type { TrustedTokenService } from './trusted-token';

/** The public page the SMS link opens (apps/web features/trusted). */
export const TRUSTED_PASS_PATH = '/trusted-pass';

export interface TrustedDeps {
  db: Db;
  tokens: TrustedTokenService;
  sms: SmsDriver;
  publicUrl: string;
}

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
/** The token lives until the end of the day after the grant's last day (UTC); the days are checked on the grant. */
const tokenExpiry = (validTo: string) => new Date((dayNumber(validTo) + 2) * DAY_MS);

function stateOf(row: TrustedPersonRow, today: string): TTrustedPerson['state'] {
  if (row.revokedAt) return 'revoked';
  return row.validTo < today ? 'expired' : 'active';
}

/**
 * Trusted people (issue 37, ADR 091): the customer names someone to collect chosen parcels at one branch on chosen
 * days; that person's QR code (its own token kind) is checked against the grant at every scan, so a revocation or
 * the end of the days stops it at once. The one owner of these rules: the counter asks `atCounter`.
 */
export function createTrustedService(deps: TrustedDeps) {
  const { db, tokens } = deps;

  async function view(on: DbOrTx, row: TrustedPersonRow, lang: TLang): Promise<TTrustedPerson> {
    const branch = await trustedRepository.branch(on, row.branchId);
    const parcels = await trustedRepository.parcelsOf(on, row.userId, row.orderIds);
    const today = localDate(new Date(), branch?.timeZone ?? 'UTC');
    return {
      id: row.id,
      name: row.name,
      phone: row.phone,
      branch: { id: row.branchId, name: branch ? pickText(branch.name, lang) : '' },
      parcels: parcels.map((p) => ({ id: p.id, track_code: p.trackCode, name: p.name || null })),
      valid_from: row.validFrom,
      valid_to: row.validTo,
      state: stateOf(row, today),
      revoked_at: row.revokedAt?.toISOString() ?? null,
      sms_sent_at: row.smsSentAt?.toISOString() ?? null,
      created_at: row.createdAt.toISOString(),
    };
  }

  /** The SMS with the link, after the commit, in the customer's language; a provider failure is answered, not thrown. */
  async function sendLink(row: TrustedPersonRow, lang: TLang): Promise<boolean> {
    const [customer, branch] = await Promise.all([trustedRepository.customer(db, row.userId), trustedRepository.branch(db, row.branchId)]);
    const token = await tokens.sign(row, tokenExpiry(row.validTo));
    const site = (await settingsRepository.all(db, lang)).site_name.trim() || 'Cargo';
    const link = `${deps.publicUrl}${TRUSTED_PASS_PATH}?t=${encodeURIComponent(token)}`;
    const text = trustedPassSms(
      {
        site,
        customer: customer ? `${customer.firstName} ${customer.lastName}`.trim() : '',
        count: row.orderIds.length,
        branch: branch ? pickText(branch.name, lang) : '',
        from: row.validFrom,
        to: row.validTo,
        link,
      },
      lang,
    );
    try {
      await deps.sms.send({ to: row.phone, text, code: token, purpose: 'trusted_pass' });
      return true;
    } catch {
      return false;
    }
  }

  /** Today in a branch's time zone (the grant's days are that branch's dates). */
  async function todayAt(on: DbOrTx, branchId: number): Promise<string> {
    const branch = await trustedRepository.branch(on, branchId);
    return localDate(new Date(), branch?.timeZone ?? 'UTC');
  }

  /**
   * The grant's rules, one owner for naming and changing it: the parcels are the caller's, open (in China, on the way
   * or at the branch) and all for one branch (`branchId` when changing: the grant's own); the days are that branch's
   * dates from today (or from the grant's first day kept as it was), at most TRUSTED_MAX_DAYS and not all past.
   */
  async function checkGrant(
    tx: DbOrTx,
    userId: number,
    input: { order_ids: number[]; valid_from: string; valid_to: string },
    keep?: { branchId: number; validFrom: string },
  ) {
    const wanted = [...new Set(input.order_ids)];
    const ids = await statusIds(tx);
    const open = new Set([ids.china_warehouse, ids.in_transit, ids.at_branch]);
    const parcels = await trustedRepository.parcelsOf(tx, userId, wanted);
    const branchIds = new Set(parcels.map((p) => p.branchId));
    const [branchId] = [...branchIds];
    if (
      parcels.length !== wanted.length ||
      branchIds.size !== 1 ||
      !branchId ||
      (keep && branchId !== keep.branchId) ||
      parcels.some((p) => !open.has(p.statusId))
    ) {
      throw new AppError('trusted_parcels_invalid');
    }
    const today = await todayAt(tx, branchId);
    const span = dayNumber(input.valid_to) - dayNumber(input.valid_from) + 1;
    const fromOk = input.valid_from >= today || input.valid_from === keep?.validFrom;
    if (!(fromOk && input.valid_to >= today && span >= 1 && span <= TRUSTED_MAX_DAYS)) {
      throw new AppError('trusted_days_invalid', { params: { max: TRUSTED_MAX_DAYS } });
    }
    return { wanted, parcels, branchId, today };
  }

  return {
    /** The caller's parcels a trusted person may be named for: at a branch or on the way to one. */
    async choices(userId: number, lang: TLang): Promise<TTrustedChoice[]> {
      const ids = await statusIds(db);
      const codeOf = new Map<number, TTrustedChoice['status']>([
        [ids.china_warehouse, 'china_warehouse'],
        [ids.in_transit, 'in_transit'],
        [ids.at_branch, 'at_branch'],
      ]);
      const rows = await trustedRepository.openParcels(db, userId, [...codeOf.keys()]);
      const names = new Map<number, string>();
      for (const id of new Set(rows.map((r) => r.branchId!))) {
        const b = await trustedRepository.branch(db, id);
        names.set(id, b ? pickText(b.name, lang) : '');
      }
      return rows.map((r) => ({
        id: r.id,
        track_code: r.trackCode,
        name: r.name || null,
        status: codeOf.get(r.statusId)!,
        branch: { id: r.branchId!, name: names.get(r.branchId!) ?? '' },
      }));
    },

    async list(userId: number, lang: TLang): Promise<TTrustedPerson[]> {
      const rows = await trustedRepository.ofUser(db, userId);
      return Promise.all(rows.map((r) => view(db, r, lang)));
    },

    /**
     * Names a trusted person: the parcels must be the caller's, at one branch or on the way to it; the days start
     * today or later in that branch's time zone and span at most TRUSTED_MAX_DAYS; at most TRUSTED_MAX_ACTIVE active
     * grants (counted under a per-customer lock, so a burst cannot pass the limit). The link goes by SMS.
     */
    async create(user: { id: number; language: TLang }, input: TCreateTrusted, actor: AuditActor, lang: TLang) {
      const row = await db.transaction(async (tx) => {
        await trustedRepository.lockCustomer(tx, user.id);
        const { wanted, parcels, branchId, today } = await checkGrant(tx, user.id, input);
        if ((await trustedRepository.countActive(tx, user.id, today)) >= TRUSTED_MAX_ACTIVE) {
          throw new AppError('trusted_limit', { params: { max: TRUSTED_MAX_ACTIVE } });
        }
        const now = new Date();
        const created = await trustedRepository.insert(tx, {
          userId: user.id,
          branchId,
          name: input.name.trim(),
          phone: input.phone,
          orderIds: wanted,
          validFrom: input.valid_from,
          validTo: input.valid_to,
          smsSentAt: now,
          smsCount: 1,
        });
        await recordAudit(tx, {
          actor,
          action: 'trusted.create',
          targetType: 'trusted_person',
          targetId: created.id,
          before: null,
          after: {
            name: created.name,
            phone: maskPhone(created.phone),
            codes: parcels.map((p) => p.trackCode),
            from: input.valid_from,
            to: input.valid_to,
          },
        });
        return created;
      });
      await sendLink(row, user.language);
      return view(db, row, lang);
    },

    /**
     * Changes an active grant's parcels and days by the same rules as naming one; the name, phone and QR code stay.
     * Moving the last day later re-sends the link (the code carries its own expiry), under the re-send limits
     * (trusted_sms_too_soon refuses the whole change). A hand-over reading the grant finishes first or sees the change.
     */
    async update(user: { id: number; language: TLang }, id: number, input: TUpdateTrusted, actor: AuditActor, lang: TLang) {
      const { row, resend } = await db.transaction(async (tx) => {
        await trustedRepository.lockCustomer(tx, user.id);
        const current = await trustedRepository.byId(tx, id);
        if (!current || current.userId !== user.id) throw new AppError('not_found');
        if (current.revokedAt) throw new AppError('trusted_revoked');
        if (current.validTo < (await todayAt(tx, current.branchId))) throw new AppError('trusted_expired');
        const { wanted, parcels } = await checkGrant(tx, user.id, input, current);
        const later = input.valid_to > current.validTo;
        if (later && !(await trustedRepository.takeSms(tx, user.id, id, new Date(), TRUSTED_RESEND_SECONDS, TRUSTED_MAX_SMS))) {
          throw new AppError('trusted_sms_too_soon');
        }
        const changed = await trustedRepository.change(tx, id, { orderIds: wanted, validFrom: input.valid_from, validTo: input.valid_to });
        if (!changed) throw new AppError('trusted_revoked');
        const before = await trustedRepository.parcelsOf(tx, user.id, current.orderIds);
        await recordAudit(tx, {
          actor,
          action: 'trusted.update',
          targetType: 'trusted_person',
          targetId: id,
          before: { codes: before.map((p) => p.trackCode), from: current.validFrom, to: current.validTo },
          after: { codes: parcels.map((p) => p.trackCode), from: input.valid_from, to: input.valid_to },
        });
        return { row: changed, resend: later };
      });
      if (resend) await sendLink(row, user.language);
      return view(db, row, lang);
    },

    /** Revokes at once: the next scan of the person's QR code is refused (trusted_revoked). */
    async revoke(userId: number, id: number, actor: AuditActor, lang: TLang): Promise<TTrustedPerson> {
      const row = await db.transaction(async (tx) => {
        const revoked = await trustedRepository.revoke(tx, userId, id, new Date());
        if (!revoked) {
          const existing = await trustedRepository.byId(tx, id);
          if (!existing || existing.userId !== userId) throw new AppError('not_found');
          return existing;
        }
        await recordAudit(tx, {
          actor,
          action: 'trusted.revoke',
          targetType: 'trusted_person',
          targetId: id,
          before: null,
          after: { name: revoked.name },
        });
        return revoked;
      });
      return view(db, row, lang);
    },

    /** Sends the link again: at most once per TRUSTED_RESEND_SECONDS and TRUSTED_MAX_SMS times in all. */
    async resend(user: { id: number; language: TLang }, id: number, actor: AuditActor, lang: TLang): Promise<TTrustedPerson> {
      const row = await db.transaction(async (tx) => {
        const taken = await trustedRepository.takeSms(tx, user.id, id, new Date(), TRUSTED_RESEND_SECONDS, TRUSTED_MAX_SMS);
        if (!taken) {
          const existing = await trustedRepository.byId(tx, id);
          if (!existing || existing.userId !== user.id) throw new AppError('not_found');
          if (existing.revokedAt) throw new AppError('trusted_revoked');
          throw new AppError('trusted_sms_too_soon');
        }
        await recordAudit(tx, {
          actor,
          action: 'trusted.resend',
          targetType: 'trusted_person',
          targetId: id,
          before: null,
          after: { count: taken.smsCount },
        });
        return taken;
      });
      await sendLink(row, user.language);
      return view(db, row, lang);
    },

    /**
     * The grant a scanned trusted QR code names, as it stands now: refused when forged (trusted_invalid), revoked,
     * before or after its days in the branch's time zone, or for another branch. `lock`: inside the hand-over's
     * transaction the grant is read FOR SHARE, so a revocation is either before it (refused) or after it.
     */
    async atCounter(on: DbOrTx, token: string, branch: { id: number; timeZone: string } | null, opts: { lock?: boolean } = {}) {
      const claims = await tokens.verify(token);
      if (claims === 'expired') throw new AppError('trusted_expired');
      if (!claims) throw new AppError('trusted_invalid');
      const row = await trustedRepository.byId(on, claims.grantId, opts);
      if (!row || row.version !== claims.version) throw new AppError('trusted_invalid');
      if (row.revokedAt) throw new AppError('trusted_revoked');
      const home = branch ?? (await trustedRepository.branch(on, row.branchId));
      const today = localDate(new Date(), home?.timeZone ?? 'UTC');
      if (today > row.validTo) throw new AppError('trusted_expired');
      if (branch && branch.id !== row.branchId) throw new AppError('trusted_wrong_branch');
      if (branch && today < row.validFrom) throw new AppError('trusted_not_yet');
      return row;
    },

    /** What the counter shows and the receipt keeps: who collects for whom (the phone masked). */
    async collector(on: DbOrTx, row: TrustedPersonRow): Promise<TTrustedCollector> {
      const customer = await trustedRepository.customer(on, row.userId);
      const forName = customer ? `${customer.firstName} ${customer.lastName}`.trim() || customer.clientCode : '';
      return { trusted_id: row.id, name: row.name, phone: maskPhone(row.phone), for_name: forName };
    },

    /** The public page of the SMS link: only what the counter needs (no sign-in). */
    async pass(token: string, lang: TLang): Promise<TTrustedPass> {
      const row = await this.atCounter(db, token, null);
      const [customer, branch, parcels] = await Promise.all([
        trustedRepository.customer(db, row.userId),
        trustedRepository.branch(db, row.branchId),
        trustedRepository.parcelsOf(db, row.userId, row.orderIds),
      ]);
      return {
        token: token.trim(),
        name: row.name,
        for_name: customer?.firstName ?? '',
        branch: { name: branch ? pickText(branch.name, lang) : '', address: branch ? pickText(branch.address, lang) : '' },
        codes: parcels.map((p) => p.trackCode),
        count: parcels.length,
        valid_from: row.validFrom,
        valid_to: row.validTo,
      };
    },
  };
}

export type TrustedService = ReturnType<typeof createTrustedService>;

declare module 'fastify' {
  interface FastifyInstance {
    trusted: TrustedService;
  }
}
