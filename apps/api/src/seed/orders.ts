import { eq, inArray } from 'drizzle-orm';
import { chargedPriceMinor, insurancePremiumMinor, localDate, storageUntilFor, type TOrderStatusCode } from '@portal/contract';
import { FLOW_KINDS, parcelFlows } from '../modules/parcels/parcel-flows';
import { STATUS_EVENT, orderLink, orderParams } from '../modules/parcels/parcel-notifications';
import { statusIds } from '../modules/parcels/parcel-statuses';
import { paymentsRepository } from '../modules/payments/payments-repository';
import type { Actor, LifecycleOrderRow } from '../modules/parcels/parcel-types';
import { parcelLoadersRepository } from '../modules/parcels/parcel-loaders-repository';
import { parcelsRepository } from '../modules/parcels/parcels-repository';
import { parcels } from '../modules/parcels/parcels-service';
import type { DbOrTx } from '../db/client';
import { branches, declarations, notifications, savedTracks, users } from '../db/schema';
import { DEMO_PICTURES, type DemoPicture, type StoreDemoPhoto } from './demo-photos';
import { DEMO_NEWS_NOTIFICATIONS, DEMO_SYSTEM_NOTIFICATIONS, demoText } from './demo-notifications';

const DAY = 24 * 3600 * 1000;
const LIFECYCLE: TOrderStatusCode[] = ['china_warehouse', 'in_transit', 'at_branch', 'delivered'];
const ACTION: Record<TOrderStatusCode, string> = {
  china_warehouse: 'received',
  in_transit: 'dispatched',
  at_branch: 'arrived',
  delivered: 'delivered',
};

/** YYYY-MM-DD of a moment in a time zone. */
export function dayIn(date: Date, timeZone: string): string {
  return localDate(date, timeZone);
}

export interface OrderSpec {
  userId: number | null;
  trackCode: string;
  status: TOrderStatusCode;
  name?: string;
  weight?: number;
  branchId?: number | null;
  /** When the China warehouse received it; each later step follows a few days apart (or as given). */
  receivedAt?: Date;
  dispatchedAt?: Date;
  arrivedAt?: Date;
  deliveredAt?: Date;
  archivedAt?: Date | null;
  labelClientCode?: string | null;
  /** Staff who did the steps (kept in the history); null when unknown. */
  warehouseStaffId?: number | null;
  branchStaffId?: number | null;
}

/** When each step of a parcel reaching `status` happened: the given times, else a few days apart. */
function stepTimes(spec: Pick<OrderSpec, 'status' | 'receivedAt' | 'dispatchedAt' | 'arrivedAt' | 'deliveredAt'>) {
  const reached = LIFECYCLE.slice(0, LIFECYCLE.indexOf(spec.status) + 1);
  const receivedAt = spec.receivedAt ?? new Date(Date.now() - 20 * DAY);
  const dispatchedAt = reached.includes('in_transit') ? (spec.dispatchedAt ?? new Date(receivedAt.getTime() + 2 * DAY)) : null;
  const arrivedAt = reached.includes('at_branch') ? (spec.arrivedAt ?? new Date((dispatchedAt ?? receivedAt).getTime() + 9 * DAY)) : null;
  const deliveredAt = reached.includes('delivered') ? (spec.deliveredAt ?? new Date((arrivedAt ?? receivedAt).getTime() + 2 * DAY)) : null;
  return { reached, receivedAt, dispatchedAt, arrivedAt, deliveredAt };
}

/**
 * A test fixture (and the bench's): a parcel as if it had gone through the lifecycle up to `spec.status` — timestamps
 * for each step, the price (the contract's chargedPriceMinor: weight × branch tariff, rounded to the currency's step) and last free storage day from at_branch
 * on, one history event per step at its own time, its flows counted — without a receipt or money (a delivered one was
 * never charged). The demo seed goes through the real transitions instead (seedDemoOrders).
 */
export async function insertOrder(
  db: DbOrTx,
  spec: OrderSpec,
): Promise<{ id: number; receivedAt: Date; arrivedAt: Date | null; deliveredAt: Date | null }> {
  const ids = await statusIds(db);
  const { reached, receivedAt, dispatchedAt, arrivedAt, deliveredAt } = stepTimes(spec);
  const weight = spec.weight ?? 1.25;
  const branchId = spec.branchId ?? null;
  const [branch] = branchId !== null ? await db.select().from(branches).where(eq(branches.id, branchId)).limit(1) : [];
  const priced = arrivedAt !== null && branch !== undefined;
  const storageUntil = priced && arrivedAt ? dayIn(new Date(arrivedAt.getTime() + branch.storageDays * DAY), branch.timeZone) : null;
  const at: Record<TOrderStatusCode, Date | null> = {
    china_warehouse: receivedAt,
    in_transit: dispatchedAt,
    at_branch: arrivedAt,
    delivered: deliveredAt,
  };
  const id = await parcelLoadersRepository.insertRecorded(
    db,
    {
      userId: spec.userId,
      trackCode: spec.trackCode,
      name: spec.name ?? '',
      weight,
      price: priced ? chargedPriceMinor(weight, branch.tariff, branch.currency) : null,
      currency: priced ? branch.currency : null,
      tariff: priced ? branch.tariff : null,
      statusId: ids[spec.status],
      branchId,
      labelClientCode: spec.labelClientCode ?? null,
      receivedAt,
      dispatchedAt,
      arrivedAt,
      deliveredAt,
      storageUntil,
      archivedAt: spec.archivedAt ?? null,
      createdAt: receivedAt,
      updatedAt: deliveredAt ?? arrivedAt ?? dispatchedAt ?? receivedAt,
    },
    reached.map((code) => ({
      action: ACTION[code],
      statusId: ids[code],
      actorUserId: code === 'china_warehouse' || code === 'in_transit' ? (spec.warehouseStaffId ?? null) : (spec.branchStaffId ?? null),
      branchId: code === 'at_branch' || code === 'delivered' ? branchId : null,
      at: at[code] ?? receivedAt,
    })),
  );
  // Its flows count on the dashboard as if it had gone through the transitions.
  await parcelFlows.add(db, [id], FLOW_KINDS);
  return { id, receivedAt, arrivedAt, deliveredAt };
}

/** A demo declaration: the value insured at the branch's terms, its premium quoted as the customer saw it. */
function demoDeclaration(userId: number, trackCode: string, value: number, branch: typeof branches.$inferSelect) {
  const terms = { rateBp: branch.insuranceRateBp, minPremium: branch.insuranceMinPremium };
  return {
    userId,
    trackCode,
    declaredValue: value,
    declaredCurrency: branch.currency,
    insured: true,
    insurancePremium: insurancePremiumMinor(value, terms, branch.currency),
    insuranceCurrency: branch.currency,
    updatedBy: userId,
  };
}

const ago = (days: number, hours = 0) => new Date(Date.now() - days * DAY - hours * 3600 * 1000);

interface DemoParcel {
  code: string;
  status: TOrderStatusCode;
  name: string;
  weight: number;
  received: number;
  /** Days after receipt each later step happened. */
  steps?: [number, number?, number?];
  archived?: boolean;
  /** Intake pictures and a damage one (stored only when the seed is given a storage: the server's). */
  photos?: DemoPicture[];
  damage?: DemoPicture;
  /** Saved track name, when the customer had saved this code before it arrived. */
  saved?: string;
  /** Declared and insured before dispatch (ADR 090): the declared value, minor units of the branch's currency. */
  insured?: number;
}

const DEMO_PARCELS: DemoParcel[] = [
  { code: 'YT7712030455861', status: 'china_warehouse', name: 'Кроссовки Li-Ning', weight: 1.42, received: 1, saved: 'Кроссовки' },
  { code: 'JT3004518822719', status: 'china_warehouse', name: 'Чехлы для телефона', weight: 0.18, received: 2 },
  { code: 'SF1420887365102', status: 'china_warehouse', name: '', weight: 0.64, received: 3, photos: ['front'] },
  { code: 'ZTO78015562341', status: 'in_transit', name: 'Пуховик Bosideng', weight: 2.35, received: 9, steps: [2], saved: 'Пуховик' },
  { code: 'YT7711976620493', status: 'in_transit', name: 'Настольная лампа', weight: 1.1, received: 11, steps: [3] },
  { code: 'JD0101663278845', status: 'in_transit', name: 'Наушники Xiaomi', weight: 0.45, received: 13, steps: [2] },
  { code: 'SF1420556901844', status: 'in_transit', name: 'Детский конструктор', weight: 1.8, received: 15, steps: [3] },
  {
    code: 'YT7711500238817',
    status: 'at_branch',
    name: 'Рюкзак для ноутбука',
    weight: 0.92,
    received: 17,
    steps: [2, 13],
    photos: ['front', 'side'],
    damage: 'damage',
    saved: 'Рюкзак',
  },
  { code: 'ZTO77963401258', status: 'at_branch', name: 'Постельное бельё', weight: 3.15, received: 19, steps: [3, 15] },
  { code: 'JT3004207716430', status: 'at_branch', name: 'Умные часы', weight: 0.33, received: 22, steps: [2, 18], insured: 4_500_000 },
];
// Delivered parcels: a dozen, so the list pages ("load more"), spread over the last weeks.
const DELIVERED_NAMES = [
  'Платье',
  'Кофеварка',
  'Книги',
  'Кабели USB-C',
  'Игрушки',
  'Куртка',
  'Косметика',
  'Шторы',
  'Кружки',
  'Беспроводная мышь',
  'Термос',
  'Ремень',
  'Органайзер',
  'Очки',
];
DELIVERED_NAMES.forEach((name, i) => {
  DEMO_PARCELS.push({
    code: `YT77${String(10993401022 - i * 7919).padStart(11, '0')}`,
    status: 'delivered',
    name,
    weight: Math.round((0.4 + ((i * 37) % 25) / 10) * 100) / 100,
    received: 24 + i * 3,
    steps: [2, 12 + (i % 4), 14 + (i % 4) + (i % 3)],
    archived: i >= DELIVERED_NAMES.length - 2,
    // The coffee maker was insured (ADR 090): its receipt shows the premium and the declared value.
    ...(name === 'Кофеварка' ? { insured: 6_000_000 } : {}),
  });
});

/** Codes the demo customer saved that the warehouse has not received yet. */
const WAITING_TRACKS = [
  { code: 'SF1420993018776', name: 'Подарок маме', savedDaysAgo: 2 },
  { code: 'YT7712111983305', name: 'Запчасти для велосипеда', savedDaysAgo: 4 },
  { code: 'JT3004877120054', name: null, savedDaysAgo: 6 },
];

/** Parcels the warehouse received with no owner yet (for the staff screens' unclaimed search and assign). */
const UNCLAIMED = [
  { code: 'YT7712044871190', weight: 0.87, received: 1, label: null },
  { code: 'ZTO78022901147', weight: 2.2, received: 2, label: 'KZ-99999' },
  { code: 'JT3004611093328', weight: 0.31, received: 4, label: null },
  { code: 'SF1421005673419', weight: 5.6, received: 6, label: null },
];

/**
 * The demo customer's parcels in every status (timelines with real-looking dates), saved tracks (matched and waiting),
 * archived delivered orders, hand-over receipts, unread notifications in each group, and a few unclaimed parcels.
 * Every parcel goes through the real transitions (receive, dispatch, arrive, hand over: so each receipt carries its
 * charge and card payment, ADR 060) by quiet actors — the seed writes the messages the customer got, dated when they
 * were sent — and is then moved back to when each step happened (parcelLoadersRepository.backdate, flows moved with it).
 * Their money is dated back with them (paymentsRepository.backdateReceipt). Idempotent: does nothing once the demo
 * customer has orders.
 */
export async function seedDemoOrders(db: DbOrTx, storePhoto?: StoreDemoPhoto): Promise<void> {
  const [customer] = await db.select().from(users).where(eq(users.phoneNumber, '+77010000001')).limit(1);
  if (!customer || customer.branchId === null) return;
  if (await parcelLoadersRepository.hasParcelsOf(db, customer.id)) return;
  const staff = await db
    .select({ id: users.id, phone: users.phoneNumber })
    .from(users)
    .where(inArray(users.phoneNumber, ['+77010000002', '+77010000003']));
  const warehouseStaffId = staff.find((s) => s.phone === '+77010000002')?.id ?? null;
  const branchStaffId = staff.find((s) => s.phone === '+77010000003')?.id ?? null;
  const [branch] = await db.select().from(branches).where(eq(branches.id, customer.branchId)).limit(1);
  if (!branch) return;
  const warehouse: Actor = { userId: warehouseStaffId, quiet: true };
  const counter: Actor = { userId: branchStaffId, branchId: branch.id, quiet: true };

  await db.transaction(async (tx) => {
    type Replayed = { row: LifecycleOrderRow; times: ReturnType<typeof stepTimes>; archivedAt: Date | null };
    const replayed: Replayed[] = [];
    const tracks: (typeof savedTracks.$inferInsert & { createdAt: Date })[] = [];
    const notes: (typeof notifications.$inferInsert & { createdAt: Date })[] = [];
    // Oldest first, so ids grow with time as they do in real life (lists are newest first by id).
    for (const p of [...DEMO_PARCELS].sort((a, b) => b.received - a.received)) {
      const receivedAt = ago(p.received, 5);
      const [d1 = 2, d2, d3] = p.steps ?? [];
      const times = stepTimes({
        status: p.status === 'delivered' && branchStaffId === null ? 'at_branch' : p.status,
        receivedAt,
        dispatchedAt: new Date(receivedAt.getTime() + d1 * DAY),
        arrivedAt: d2 !== undefined ? new Date(receivedAt.getTime() + d2 * DAY) : undefined,
        deliveredAt: d3 !== undefined ? new Date(receivedAt.getTime() + d3 * DAY) : undefined,
      });
      const store = (pic: DemoPicture) => storePhoto!(Buffer.from(DEMO_PICTURES[pic]));
      const photos = storePhoto ? await Promise.all((p.photos ?? []).map(store)) : [];
      const input = { trackCode: p.code, weight: p.weight, name: p.name, labelClientCode: null, photos };
      let [row] = await parcels.receive(tx, [{ ...input, userId: customer.id, branchId: customer.branchId }], warehouse);
      if (!row) continue;
      // Declared and insured by the customer before dispatch, at the branch's quoted premium (charged from dispatch on).
      if (p.insured)
        await tx
          .insert(declarations)
          .values(demoDeclaration(customer.id, p.code, p.insured, branch))
          .onConflictDoNothing();
      if (times.dispatchedAt) [row] = await parcels.dispatch(tx, parcelsRepository.byIds([row.id]), warehouse);
      if (times.arrivedAt)
        [row] = await parcels.arrive(tx, [row!.id], branch, storageUntilFor(times.arrivedAt, branch.timeZone, branch.storageDays), counter);
      // Seen at the branch on arrival (ADR 081): a damage photo by the branch's clerk.
      if (p.damage && storePhoto) await parcels.addPhotos(tx, row!.id, 'damage', [await store(p.damage)], branchStaffId);
      replayed.push({ row: row!, times, archivedAt: p.archived ? ago(p.received - (d3 ?? 0) - 1) : null });
      if (p.saved)
        tracks.push({
          userId: customer.id,
          trackCode: p.code,
          name: p.saved,
          orderId: row!.id,
          createdAt: new Date(receivedAt.getTime() - 4 * DAY),
        });
    }

    // Hand-overs, oldest first: one receipt per parcel, the two most recent deliveries on one receipt together.
    const toDeliver = replayed
      .filter((r) => r.times.deliveredAt)
      .sort((a, b) => a.times.deliveredAt!.getTime() - b.times.deliveredAt!.getTime());
    const groups = toDeliver.length >= 2 ? [...toDeliver.slice(0, -2).map((r) => [r]), toDeliver.slice(-2)] : toDeliver.map((r) => [r]);
    const handedOver: { receiptId: number; at: Date }[] = [];
    for (const group of groups) {
      const done = await parcels.handOver(
        tx,
        {
          customer: { id: customer.id },
          branch,
          orderIds: group.map((r) => r.row.id),
          paymentMethod: 'card',
          // Storage as it stood on the day it was handed over.
          at: group[group.length - 1]!.times.deliveredAt!,
        },
        { ...counter, userId: branchStaffId! },
      );
      for (const r of group) r.row = done.orders.find((o) => o.id === r.row.id)!;
      handedOver.push({ receiptId: done.receiptId, at: group[group.length - 1]!.times.deliveredAt! });
    }

    // Back to when each step happened (the last hand-over's receipt gets the later of its two dates).
    for (const { row, times, archivedAt } of replayed) {
      const { receivedAt, dispatchedAt, arrivedAt, deliveredAt } = times;
      await parcelFlows.around(tx, [row.id], () =>
        parcelLoadersRepository.backdate(tx, row.id, {
          receivedAt,
          dispatchedAt,
          arrivedAt,
          deliveredAt,
          storageUntil: row.storageUntil,
          archivedAt,
        }),
      );
      // The status notifications the customer got along the way: the latest one unread while recent.
      const reached = LIFECYCLE.map(
        (code) =>
          [code, { china_warehouse: receivedAt, in_transit: dispatchedAt, at_branch: arrivedAt, delivered: deliveredAt }[code]] as const,
      ).filter((t): t is readonly [TOrderStatusCode, Date] => t[1] !== null);
      notes.push(
        ...reached.map(([code, at], i) => {
          const latest = i === reached.length - 1;
          const unread = latest && Date.now() - at.getTime() < 12 * DAY;
          const params = orderParams(row, row.branchId !== null ? branch.name : null) as unknown as Record<string, unknown>;
          return {
            userId: customer.id,
            type: 'orders' as const,
            event: STATUS_EVENT[code],
            params,
            link: orderLink(row.id),
            createdAt: at,
            readAt: unread ? null : new Date(at.getTime() + 3600 * 1000),
          };
        }),
      );
    }

    // The money of each hand-over on the day it happened (charge, card payment and the kept revenue with them).
    for (const h of handedOver) await paymentsRepository.backdateReceipt(tx, h.receiptId, h.at, localDate(h.at, branch.timeZone));

    // Saved codes, matched and waiting, in the order the customer added them (the list is newest first by id).
    for (const t of WAITING_TRACKS) tracks.push({ userId: customer.id, trackCode: t.code, name: t.name, createdAt: ago(t.savedDaysAgo) });
    tracks.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    await tx.insert(savedTracks).values(tracks).onConflictDoNothing();

    for (const u of UNCLAIMED) {
      const input = { trackCode: u.code, weight: u.weight, name: '', labelClientCode: u.label };
      const [row] = await parcels.receive(tx, [input], warehouse);
      if (!row) continue;
      const at = {
        receivedAt: ago(u.received, 3),
        dispatchedAt: null,
        arrivedAt: null,
        deliveredAt: null,
        storageUntil: null,
        archivedAt: null,
      };
      await parcelFlows.around(tx, [row.id], () => parcelLoadersRepository.backdate(tx, row.id, at));
    }
    // Notifications in the order they were sent (groups list them newest first by id).
    notes.push(
      ...DEMO_NEWS_NOTIFICATIONS.ru.map((n, i) => ({
        userId: customer.id,
        type: 'news' as const,
        event: 'news',
        params: demoText(DEMO_NEWS_NOTIFICATIONS, i),
        link: n.link,
        createdAt: ago(i * 3 + 1),
        readAt: i >= 2 ? ago(i * 3) : null,
      })),
      ...DEMO_SYSTEM_NOTIFICATIONS.ru.map((n, i) => ({
        userId: customer.id,
        type: 'system' as const,
        event: 'system',
        params: demoText(DEMO_SYSTEM_NOTIFICATIONS, i),
        link: n.link,
        createdAt: ago(i * 9, 2),
        readAt: i >= 1 ? ago(i * 9) : null,
      })),
    );
    notes.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    await tx.insert(notifications).values(notes);
  });
}

export async function unclaimedCodes(db: DbOrTx): Promise<string[]> {
  return parcelLoadersRepository.unclaimedAmong(
    db,
    UNCLAIMED.map((u) => u.code),
  );
}
