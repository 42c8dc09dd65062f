import { and, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  normalizeTrackCode,
  parseNumber,
  pickText,
  readSearchTerm,
  type SearchTerm,
  type TCustomerFound,
  type TLang,
  type TManageParcel,
  type TOrderStatusCode,
  type TParcelDetail,
  type TStaffSearchGroup,
  type TStaffSearchResponse,
} from '@portal/contract';
import type { Db } from '../../db/client';
import { branches, orders, orderStatuses, users } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { eventSentence } from '../parcels/parcel-notifications';
import type { MediaUrls } from '../uploads/media-urls';
import type { UserRow } from '../users/users-repository';
import { containsPattern, manageRepository, type CustomerRow } from './manage-repository';
import { assertServable } from './handover-service';
import { parcelPhotosService } from './parcel-photos-service';
import { toManageParcel } from './parcel-view';
import { scannedCode } from './scan-resolve';
import { weightsService } from '../weights/weights-service';

/** Shaped like our parcel number (P + 10 digits, maybe a box), whatever its check digit. */
const isOurNumber = (q: string) => parseNumber(normalizeTrackCode(q))?.kind === 'parcel';

const FIND_LIMIT = 20;

async function withCounts(db: Db, rows: CustomerRow[], lang: TLang): Promise<TCustomerFound[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const counts = await db
    .select({ userId: orders.userId, code: orderStatuses.code, n: sql<number>`count(*)`.mapWith(Number) })
    .from(orders)
    .innerJoin(orderStatuses, eq(orderStatuses.id, orders.statusId))
    .where(and(inArray(orders.userId, ids), isNull(orders.archivedAt)))
    .groupBy(orders.userId, orderStatuses.code);
  const branchIds = [...new Set(rows.map((r) => r.branchId).filter((b): b is number => b !== null))];
  const names = branchIds.length
    ? await db.select({ id: branches.id, name: branches.name }).from(branches).where(inArray(branches.id, branchIds))
    : [];
  const nameOf = new Map(names.map((b) => [b.id, pickText(b.name, lang)]));
  return rows.map((u) => {
    const parcel_counts: Partial<Record<TOrderStatusCode, number>> = {};
    for (const c of counts) if (c.userId === u.id) parcel_counts[c.code] = c.n;
    return {
      id: u.id,
      client_code: u.clientCode,
      first_name: u.firstName,
      last_name: u.lastName,
      phone_number: u.phoneNumber,
      branch: u.branchId !== null ? { id: u.branchId, name: nameOf.get(u.branchId) ?? '' } : null,
      parcel_counts,
    };
  });
}

/** Customers a search term names, exact phone or client code first; `exact` when the first one is named exactly. */
async function findCustomers(db: Db, term: SearchTerm, lang: TLang): Promise<{ found: TCustomerFound[]; exact: boolean }> {
  const conditions: SQL[] = [];
  if (term.phones.length) conditions.push(inArray(users.phoneNumber, term.phones));
  if (term.phoneDigits) conditions.push(sql`${users.phoneNumber} like ${containsPattern(term.phoneDigits)}`);
  if (term.clientCode) conditions.push(sql`${users.clientCode} like ${containsPattern(term.clientCode)}`);
  if (term.recognised.includes('name')) {
    conditions.push(
      and(...term.words.map((w) => or(ilike(users.firstName, containsPattern(w)), ilike(users.lastName, containsPattern(w)))!))!,
    );
  }
  if (!conditions.length) return { found: [], exact: false };
  const phones = term.phones.length ? term.phones : [''];
  const exactly = or(inArray(users.phoneNumber, phones), eq(users.clientCode, term.clientCode ?? ''))!;
  const rows = await db
    .select()
    .from(users)
    .where(and(eq(users.role, 'customer'), or(...conditions)))
    .orderBy(sql`case when ${exactly} then 0 else 1 end`, users.lastName, users.firstName, users.id)
    .limit(FIND_LIMIT);
  // Blocked accounts are not served at the counter: one named exactly by its phone number or client code is
  // answered as blocked (the clerk learns why), partial matches leave them out.
  const isExact = (u: CustomerRow) => term.phones.includes(u.phoneNumber) || u.clientCode === term.clientCode;
  const named = rows.find(isExact);
  if (named) assertServable(named);
  const found = await withCounts(
    db,
    rows.filter((u) => !u.blockedAt),
    lang,
  );
  return { found, exact: rows[0] !== undefined && isExact(rows[0]) };
}

/** Parcels whose tracking code is the term or holds it, the exact one first. */
async function findParcels(db: Db, code: string | null, lang: TLang): Promise<{ found: TManageParcel[]; exact: boolean }> {
  if (!code) return { found: [], exact: false };
  const rows = await manageRepository.parcels(db, sql`${orders.trackCode} like ${containsPattern(code)}`, {
    orderBy: [sql`case when ${orders.trackCode} = ${code} then 0 else 1 end`, desc(orders.id)],
    limit: FIND_LIMIT,
  });
  return { found: rows.map((r) => toManageParcel(r, lang)), exact: rows[0]?.order.trackCode === code };
}

export const findService = {
  /** Customers whose phone, client code or name matches: exact phone and client code first, then partial matches. */
  async customers(db: Db, q: string, lang: TLang): Promise<TCustomerFound[]> {
    return (await findCustomers(db, readSearchTerm(q), lang)).found;
  },

  /**
   * The one staff search box: customers (phone, client code, name) and parcels (tracking code, whole or part) as one
   * list grouped by kind; the group holding an exact match comes first (a parcel's code, a customer's phone or client
   * code), then the kind the term looks most like. Any staff, any place, as the find work always was.
   */
  async search(db: Db, q: string, lang: TLang): Promise<TStaffSearchResponse['data']> {
    const term = readSearchTerm(q);
    // Our number (P…, or a box's P…B2) finds its parcel by its tracking code; a misread one is refused as such.
    if (isOurNumber(q)) term.trackCode = await scannedCode(db, q);
    const [customers, parcels] = await Promise.all([findCustomers(db, term, lang), findParcels(db, term.trackCode, lang)]);
    const groups: (TStaffSearchGroup & { exact: boolean; rank: number })[] = [];
    const looksLike = term.recognised[0];
    if (parcels.found.length)
      groups.push({ kind: 'parcels', items: parcels.found, exact: parcels.exact, rank: looksLike === 'track_code' ? 0 : 1 });
    if (customers.found.length)
      groups.push({ kind: 'customers', items: customers.found, exact: customers.exact, rank: looksLike === 'track_code' ? 1 : 0 });
    groups.sort((a, b) => Number(b.exact) - Number(a.exact) || a.rank - b.rank);
    return {
      recognised: term.recognised,
      groups: groups.map(({ exact: _e, rank: _r, ...g }) => g as TStaffSearchGroup),
    };
  },

  async customer(db: Db, id: number, lang: TLang): Promise<{ customer: TCustomerFound; parcels: TManageParcel[] }> {
    const user = await manageRepository.customerById(db, id);
    if (!user) throw notFound();
    assertServable(user);
    const [customer] = await withCounts(db, [user], lang);
    const rows = await manageRepository.parcels(db, eq(orders.userId, id), { orderBy: [desc(orders.id)], limit: 100 });
    return { customer: customer!, parcels: rows.map((r) => toManageParcel(r, lang)) };
  },

  /** One parcel by its code, with every event: who, what, when, where from. */
  /** One parcel with its history and, for staff who may see them, its photos with signed addresses (ADR 081). */
  async parcel(db: Db, code: string, lang: TLang, viewer: UserRow, urls: MediaUrls): Promise<TParcelDetail> {
    const normalized = await scannedCode(db, code);
    const [row] = await manageRepository.parcels(db, eq(orders.trackCode, normalized), { limit: 1 });
    if (!row) throw notFound();
    const [events, photos, weightCheck] = await Promise.all([
      manageRepository.events(db, row.order.id),
      parcelPhotosService.forStaff(db, viewer, row.order.id, { branchId: row.branchId, customerBranchId: row.customerBranchId }, urls),
      // Both weights and the state of its branch weighing (ADR 089).
      weightsService.ofOrder(db, row.order.id, lang),
    ]);
    return {
      photos: photos.photos,
      photos_allowed: photos.allowed,
      weight_check: weightCheck,
      parcel: toManageParcel(row, lang),
      history: events.map((e) => ({
        id: e.event.id,
        action: e.event.action,
        status: e.statusCode,
        actor:
          e.actorId !== null
            ? { id: e.actorId, name: `${e.actorFirstName ?? ''} ${e.actorLastName ?? ''}`.trim(), role: e.actorRole ?? 'staff' }
            : null,
        branch: e.event.branchId !== null ? { id: e.event.branchId, name: pickText(e.branchName, lang) } : null,
        ip: e.event.ip,
        details: e.event.details,
        text: eventSentence(e.event.action, e.event.details, lang),
        at: e.event.at.toISOString(),
      })),
    };
  },
};
