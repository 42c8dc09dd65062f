import { and, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  normalizePhone,
  normalizeTrackCode,
  pickText,
  type TCustomerFound,
  type TLang,
  type TManageParcel,
  type TOrderStatusCode,
  type TParcelDetail,
} from '@portal/contract';
import type { Db } from '../../db/client';
import { branches, orders, orderStatuses, users } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { eventSentence } from '../parcels/parcel-notifications';
import { containsPattern, manageRepository, type CustomerRow } from './manage-repository';
import { assertServable } from './handover-service';
import { toManageParcel } from './parcel-view';

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

export const findService = {
  /** Customers whose phone, client code or name matches: exact phone and client code first, then partial matches. */
  async customers(db: Db, q: string, lang: TLang): Promise<TCustomerFound[]> {
    const term = q.trim();
    const conditions: SQL[] = [];
    const phone = /^[+\d][\d\s()-]{5,}$/.test(term) ? normalizePhone(term) : null;
    if (phone) conditions.push(eq(users.phoneNumber, phone));
    const digits = term.replace(/\D/g, '');
    if (digits.length >= 4 && /^[+\d\s()-]+$/.test(term)) conditions.push(sql`${users.phoneNumber} like ${containsPattern(digits)}`);
    const upper = term.toUpperCase().replace(/\s+/g, '');
    if (/^[A-Z]{0,2}-?\d+$/.test(upper) || /^[A-Z]{2}-/.test(upper))
      conditions.push(sql`${users.clientCode} like ${containsPattern(upper)}`);
    const words = term.split(/\s+/).filter(Boolean).slice(0, 3);
    if (words.some((w) => /\p{L}/u.test(w))) {
      conditions.push(
        and(...words.map((w) => or(ilike(users.firstName, containsPattern(w)), ilike(users.lastName, containsPattern(w)))!))!,
      );
    }
    if (!conditions.length) return [];
    const exact = sql`case when ${users.phoneNumber} = ${phone ?? ''} or ${users.clientCode} = ${upper} then 0 else 1 end`;
    const rows = await db
      .select()
      .from(users)
      .where(and(eq(users.role, 'customer'), or(...conditions)))
      .orderBy(exact, users.lastName, users.firstName, users.id)
      .limit(FIND_LIMIT);
    // Blocked accounts are not served at the counter: one named exactly by its phone number or client code is
    // answered as blocked (the clerk learns why), partial matches leave them out.
    const named = rows.find((u) => u.phoneNumber === phone || u.clientCode === upper);
    if (named) assertServable(named);
    return withCounts(
      db,
      rows.filter((u) => !u.blockedAt),
      lang,
    );
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
  async parcel(db: Db, code: string, lang: TLang): Promise<TParcelDetail> {
    const normalized = normalizeTrackCode(code);
    const [row] = await manageRepository.parcels(db, eq(orders.trackCode, normalized), { limit: 1 });
    if (!row) throw notFound();
    const events = await manageRepository.events(db, row.order.id);
    return {
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
