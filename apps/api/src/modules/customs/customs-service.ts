import { and, eq, inArray } from 'drizzle-orm';
import { pickText, type TFlightCustomsHoldResponse, type TLang, type TManageParcel } from '@portal/contract';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../lib/app-error';
import { text } from '../../texts/texts';
import { recordAudit } from '../audit/audit';
import type { BranchRow } from '../branches/branches-repository';
import { manageRepository } from '../manage/manage-repository';
import { toManageParcel } from '../manage/parcel-view';
import { flightsModule } from '../parcels/flights';
import { statusIds } from '../parcels/parcel-statuses';
import { parcels, type Actor } from '../parcels/parcels-service';
import type { CustomsHoldInput } from '../parcels/customs-hold';
import { customsManifestOf, manifestCsv, manifestXlsx } from './customs-manifest';

/**
 * Customs on flights (issue 36, ADR 085): the broker's manifest and the hold/release of parcels. Scope: admins and
 * the China warehouse reach every flight and parcel; branch staff their own branch's (another branch's → 403).
 */

/** 403 when a branch's staff reach for a flight that carries nothing to their branch; 404 when there is no flight. */
async function assertFlightInScope(db: Db, flightId: number, scope: BranchRow | null): Promise<void> {
  const [flight] = await flightsModule.list(db, { flightId, limit: 1 });
  if (!flight) throw notFound();
  if (scope && !flight.arrivals.some((a) => a.branchId === scope.id)) throw forbidden();
}

/** The parcel as staff see it, 404 when unknown, 403 when branch staff reach for another branch's parcel. */
async function parcelInScope(db: Db, id: number, scope: BranchRow | null) {
  const row = await manageRepository.parcelById(db, id);
  if (!row) throw notFound();
  if (scope && row.order.branchId !== scope.id) throw forbidden();
  return row;
}

export const customsService = {
  /** The manifest file of a flight (its share for a branch), audited: who downloaded which flight's personal data. */
  async manifest(
    db: Db,
    flightId: number,
    scope: BranchRow | null,
    format: 'xlsx' | 'csv',
    lang: TLang,
    actor: Actor,
  ): Promise<{ body: Buffer; name: string }> {
    await assertFlightInScope(db, flightId, scope);
    const m = await customsManifestOf(db, flightId, scope ? { id: scope.id, name: pickText(scope.name, lang) } : null, lang);
    const body = format === 'csv' ? manifestCsv(m, lang) : await manifestXlsx(m, lang);
    if (actor.audit)
      await recordAudit(db, {
        actor: actor.audit,
        action: 'customs.manifest_export',
        targetType: 'flight',
        targetId: flightId,
        after: {
          format,
          branch_id: scope?.id ?? null,
          parcels: m.summary.parcels,
          count: m.lines.length,
          missing_ids: m.summary.missingIds.length,
        },
      });
    const ref = m.flight.carrierRef.replace(/[^A-Za-z0-9_-]+/g, '-');
    return { body, name: `customs-manifest-${m.flight.id}-${ref}${scope ? `-branch-${scope.id}` : ''}.${format}` };
  },

  /** Holds one parcel in transit for customs: 409 when it is not in transit or already held (whoever lost a race). */
  async hold(db: Db, id: number, hold: CustomsHoldInput, scope: BranchRow | null, actor: Actor, lang: TLang): Promise<TManageParcel> {
    await parcelInScope(db, id, scope);
    await db.transaction(async (tx) => {
      const held = await parcels.holdForCustoms(tx, eq(orders.id, id), hold, actor);
      if (held.length) return;
      const row = await manageRepository.parcelById(tx, id);
      if (row?.order.customsHeldAt) throw new AppError('customs_already_held');
      throw new AppError('customs_hold_not_in_transit', { params: { status: row ? pickText(row.statusName, lang) : '—' } });
    });
    return toManageParcel((await manageRepository.parcelById(db, id))!, lang);
  },

  /** Releases a held parcel: 409 when it is not held (released already, by whoever won). */
  async release(db: Db, id: number, scope: BranchRow | null, actor: Actor, lang: TLang): Promise<TManageParcel> {
    await parcelInScope(db, id, scope);
    await db.transaction(async (tx) => {
      const released = await parcels.releaseFromCustoms(tx, eq(orders.id, id), actor);
      if (!released.length) throw new AppError('customs_not_held');
    });
    return toManageParcel((await manageRepository.parcelById(db, id))!, lang);
  },

  /** Holds many parcels of one flight at once (its share for a branch's staff): each code's outcome in the clerk's language. */
  async holdOnFlight(
    db: Db,
    flightId: number,
    codes: string[],
    hold: CustomsHoldInput,
    scope: BranchRow | null,
    actor: Actor,
    lang: TLang,
  ): Promise<TFlightCustomsHoldResponse['data']> {
    await assertFlightInScope(db, flightId, scope);
    const unique = [...new Set(codes)];
    return db.transaction(async (tx) => {
      const onFlight = and(
        eq(orders.flightId, flightId),
        inArray(orders.trackCode, unique),
        scope ? eq(orders.branchId, scope.id) : undefined,
      )!;
      const held = new Set((await parcels.holdForCustoms(tx, onFlight, hold, actor)).map((o) => o.trackCode));
      const rows = await manageRepository.parcels(tx, onFlight);
      const byCode = new Map(rows.map((r) => [r.order.trackCode, r]));
      const ids = await statusIds(tx);
      const say = (key: 'held' | 'already_held' | 'not_on_flight' | 'wrong_status', params?: Record<string, string>) =>
        text(`customs.flight_hold.${key}`, lang, params);
      const results = unique.map((code) => {
        const r = byCode.get(code);
        if (held.has(code)) return { track_code: code, outcome: 'held' as const, message: say('held') };
        if (!r) return { track_code: code, outcome: 'not_on_flight' as const, message: say('not_on_flight') };
        if (r.order.customsHeldAt && r.order.statusId === ids.in_transit)
          return { track_code: code, outcome: 'already_held' as const, message: say('already_held') };
        return {
          track_code: code,
          outcome: 'wrong_status' as const,
          message: say('wrong_status', { status: pickText(r.statusName, lang) }),
        };
      });
      return { counts: { held: held.size, skipped: unique.length - held.size }, results };
    });
  },
};
