import {
  ONLINE_PROVIDERS,
  parcelChargeMinor,
  sumMinor,
  toMajor,
  type TI18nText,
  type TLang,
  type TNotificationEvent,
  type TOnlineProvider,
  type TOrderStatusCode,
} from '@portal/contract';
import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { branches, paymentProviderSettings } from '../../db/schema';
import { text } from '../../texts/texts';
import {
  BATCH_LINES,
  calendarDate,
  correctionSentence,
  type BatchParams,
  type CorrectionParams,
  type OrderParams,
} from '../notifications/notification-texts';
import { notificationsService, type NotifyMessage } from '../notifications/notifications-service';

export interface NotifiableOrder {
  id: number;
  trackCode: string;
  name: string;
  weight: number;
  /** Minor units (the orders.price column). */
  price: number | null;
  /** Minor units fixed at dispatch (ADR 090): a priced parcel's message says what it costs, price + premium. */
  insurancePremium?: number;
  currency: string | null;
  storageUntil: string | null;
  /** Minor units a day of storage costs after `storageUntil` (kept at arrival; 0 or absent = free). */
  storageFeePerDay?: number;
  /** The volumetric weight recorded at receipt, if measured: the chargeable weight is the larger of the two. */
  volumetricWeight?: number | null;
}

/** The notification event each status change sends (texts live in the notifications module). */
export const STATUS_EVENT: Record<TOrderStatusCode, TNotificationEvent> = {
  china_warehouse: 'order_received',
  in_transit: 'order_dispatched',
  at_branch: 'order_at_branch',
  delivered: 'order_delivered',
};

/** What a status message says about a parcel (kept in the notification: its price in major units, as it always was). */
export function orderParams(o: NotifiableOrder, branch: TI18nText | null): OrderParams {
  return {
    order_id: o.id,
    track_code: o.trackCode,
    name: o.name,
    weight: o.weight,
    price: charge(o),
    currency: o.currency,
    storage_until: o.storageUntil,
    ...(o.storageFeePerDay ? { storage_fee_per_day: toMajor(o.storageFeePerDay) } : {}),
    branch,
  };
}

/** The link a status notification opens: the order's info page. */
export const orderLink = (orderId: number) => `/orders/order?id=${orderId}`;

/** The link a message about several parcels opens: the customer's orders. */
export const ordersLink = '/orders';

/** What a priced parcel costs (the contract's parcelChargeMinor, major units); null while it is not priced. */
const charge = (o: NotifiableOrder) =>
  o.price === null ? null : toMajor(parcelChargeMinor({ priceMinor: o.price, insuranceMinor: o.insurancePremium }));

const chargeableKg = (o: NotifiableOrder) => Math.max(o.weight, o.volumetricWeight ?? 0);

/**
 * What a message about several parcels of one customer says: each parcel's code, chargeable weight and price, and the
 * total to pay (major units, summed in minor units first). The parcels share the branch and storage day of the move.
 */
export function batchParams(list: NotifiableOrder[], branch: TI18nText | null): BatchParams {
  const priced = list.filter((o) => o.price !== null);
  return {
    batch: list.slice(0, BATCH_LINES).map((o) => ({
      order_id: o.id,
      track_code: o.trackCode,
      weight: chargeableKg(o),
      price: charge(o),
    })),
    count: list.length,
    total: priced.length
      ? toMajor(sumMinor(priced.map((o) => parcelChargeMinor({ priceMinor: o.price, insuranceMinor: o.insurancePremium }))))
      : null,
    currency: list.find((o) => o.currency)?.currency ?? null,
    branch,
    storage_until: list[0]?.storageUntil ?? null,
    ...(list[0]?.storageFeePerDay ? { storage_fee_per_day: toMajor(list[0].storageFeePerDay) } : {}),
  };
}

/**
 * THE seam between parcels and notifications: every message a parcel change sends goes through here, inside the
 * change's transaction (the notifications module decides how and when it is delivered).
 */
export async function sendParcelNotices(tx: DbOrTx, messages: NotifyMessage[]): Promise<void> {
  if (!messages.length) return;
  await notificationsService.notify(tx, messages);
}

/**
 * Each owned order's owner is told its new status (event + params; rendered in their language when read or sent):
 * one message per customer and branch for the parcels this change moved (a scan of five parcels of one customer is
 * one SMS listing the five, not five SMS). A single parcel keeps its own message and link; `more` adds to its
 * params (a re-addressed arrival names the branch it was going to) and keeps each such parcel its own message.
 */
export async function notifyStatus<O extends NotifiableOrder & { userId: number | null; branchId: number | null }>(
  tx: DbOrTx,
  orders: O[],
  status: TOrderStatusCode,
  more?: (order: O) => Partial<OrderParams>,
): Promise<void> {
  const owned = orders.filter((o) => o.userId !== null);
  if (!owned.length) return;
  const branchIds = [...new Set(owned.map((o) => o.branchId).filter((b): b is number => b !== null))];
  // An arrival at a branch taking money online (an enabled provider, ADR 077) carries a link to pay: read with the names.
  const arrival = status === 'at_branch';
  const branchRows = branchIds.length
    ? await tx
        .select({
          id: branches.id,
          name: branches.name,
          paysOnline: arrival
            ? sql<boolean>`exists (select 1 from ${paymentProviderSettings} where ${paymentProviderSettings.branchId} = ${branches.id} and ${paymentProviderSettings.enabled})`
            : sql<boolean>`false`,
        })
        .from(branches)
        .where(inArray(branches.id, branchIds))
    : [];
  const branchName = new Map(branchRows.map((b) => [b.id, b.name]));
  const paysOnline = new Set(branchRows.filter((b) => b.paysOnline).map((b) => b.id));
  const nameOf = (o: O) => (o.branchId !== null ? (branchName.get(o.branchId) ?? null) : null);
  const payLink = (o: O) => (o.branchId !== null && paysOnline.has(o.branchId) ? { pay_branch_id: o.branchId } : {});
  const single = (o: O): NotifyMessage => ({
    userId: o.userId as number,
    event: STATUS_EVENT[status],
    params: { ...orderParams(o, nameOf(o)), ...payLink(o), ...more?.(o) },
    link: orderLink(o.id),
  });
  if (more) {
    await sendParcelNotices(tx, owned.map(single));
    return;
  }
  const groups = new Map<string, O[]>();
  for (const o of owned) {
    const key = `${o.userId}:${o.branchId ?? ''}`;
    groups.set(key, [...(groups.get(key) ?? []), o]);
  }
  await sendParcelNotices(
    tx,
    [...groups.values()].map((list) =>
      list.length === 1
        ? single(list[0]!)
        : {
            userId: list[0]!.userId as number,
            event: STATUS_EVENT[status],
            params: { ...batchParams(list, nameOf(list[0]!)), ...payLink(list[0]!) },
            link: ordersLink,
          },
    ),
  );
}

const isDay = (v: unknown): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);

/**
 * The sentence a history event shows customers and staff alike, in `lang`, or null when its action's label says
 * enough. A correction keeps what the customer was told in its details (`notice`); a flight delay says the new day
 * (and the one announced before). Staff's reasons are never part of it.
 */
const isOnlineProvider = (v: unknown): v is TOnlineProvider => (ONLINE_PROVIDERS as readonly unknown[]).includes(v);

export function eventSentence(action: string, details: Record<string, unknown>, lang: TLang): string | null {
  if (action === 'flight_delayed') {
    if (!isDay(details.to)) return null;
    const previous = isDay(details.from) ? calendarDate(details.from, lang) : null;
    const date = calendarDate(details.to, lang);
    return previous
      ? text('notifications.history.flight_delayed', lang, { date, previous })
      : text('notifications.history.flight_delayed_first', lang, { date });
  }
  if (action === 'storage_extended') {
    if (!isDay(details.to)) return null;
    const date = calendarDate(details.to, lang);
    const provider = isOnlineProvider(details.provider) ? details.provider : null;
    return provider
      ? text('notifications.history.storage_extended_paid', lang, {
          date,
          provider: text(`receipt_pdf.provider.${provider}`, lang),
          ref: typeof details.provider_ref === 'string' ? details.provider_ref : '',
        })
      : text('notifications.history.storage_extended', lang, { date });
  }
  if (action !== 'corrected') return null;
  const notice = details.notice as CorrectionParams | undefined;
  return notice && typeof notice === 'object' && typeof notice.correction === 'string' ? correctionSentence(notice, lang) : null;
}
