import { and, count, desc, eq, gt, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import {
  BROADCAST_DELAY_SECONDS,
  type TBroadcast,
  type TBroadcastState,
  type TI18nText,
  type TLang,
  type TOrderStatusCode,
} from '@portal/contract';
import type { Db, DbOrTx } from '../../db/client';
import { branches, broadcastChunks, broadcasts, notificationDeliveries, notifications, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit, type AuditActor } from '../audit/audit';
import { enqueue } from '../notifications/notification-queue';
import { deliverySettings, notificationsService } from '../notifications/notifications-service';

/** The queue of the fan-out: the broadcast's first job (data: its id) cuts it into ranges, one job each (data: id, after). */
export const BROADCAST_QUEUE = 'broadcast-fanout';
/** Recipients per range (one job): one transaction writes their notifications, deliveries and jobs, set-wise (ADR 096). */
export const BROADCAST_BATCH = 25_000;

export interface Segment {
  branch_id: number | null;
  status: TOrderStatusCode | null;
  language: TLang | null;
}

interface Texts {
  title: TI18nText;
  body: TI18nText;
}

type BroadcastRow = typeof broadcasts.$inferSelect;

/** Customers (not blocked) of the segment: all, narrowed by branch, a parcel status they have now, language. */
function segmentWhere(s: Segment): SQL {
  const parts: SQL[] = [eq(users.role, 'customer'), isNull(users.blockedAt)];
  if (s.branch_id !== null) parts.push(eq(users.branchId, s.branch_id));
  if (s.language !== null) parts.push(eq(users.language, s.language));
  if (s.status !== null)
    parts.push(
      sql`exists (select 1 from orders o join order_statuses os on os.id = o.status_id
                  where o.user_id = ${users.id} and os.code = ${s.status} and o.archived_at is null)`,
    );
  return and(...parts)!;
}

const segmentOf = (row: BroadcastRow): Segment => ({ branch_id: row.branchId, status: row.status, language: row.language });

async function deliveryCounts(db: DbOrTx, ids: number[]): Promise<Map<number, { sent: number; failed: number; queued: number }>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({
      id: notifications.broadcastId,
      sent: sql<number>`count(*) filter (where ${notificationDeliveries.status} in ('sent', 'delivered'))::int`,
      failed: sql<number>`count(*) filter (where ${notificationDeliveries.status} in ('failed', 'skipped'))::int`,
      queued: sql<number>`count(*) filter (where ${notificationDeliveries.status} in ('queued', 'sending', 'retrying'))::int`,
    })
    .from(notificationDeliveries)
    .innerJoin(notifications, eq(notifications.id, notificationDeliveries.notificationId))
    .where(sql`${notifications.broadcastId} in (${sql.join(ids, sql`, `)})`)
    .groupBy(notifications.broadcastId);
  return new Map(rows.map((r) => [r.id as number, { sent: Number(r.sent), failed: Number(r.failed), queued: Number(r.queued) }]));
}

function toBroadcast(row: BroadcastRow, counts = { sent: 0, failed: 0, queued: 0 }): TBroadcast {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    segment: segmentOf(row),
    state: row.state,
    send_at: row.sendAt.toISOString(),
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
    created_by: row.createdBy,
    recipients: row.recipients,
    progress: row.progress,
    ...counts,
  };
}

export function createBroadcastsService(deps: { db: Db; batchSize?: number }) {
  const { db } = deps;
  const batchSize = deps.batchSize ?? BROADCAST_BATCH;

  async function checkBranch(s: Segment) {
    if (s.branch_id === null) return;
    const [b] = await db.select({ id: branches.id }).from(branches).where(eq(branches.id, s.branch_id)).limit(1);
    if (!b) throw new AppError('validation_failed', { fields: { 'segment.branch_id': ['validation.invalid_value'] } });
  }

  /** One range of a broadcast's fan-out (see fanOut). */
  function writeRange(id: number, after: number): Promise<number> {
    return db.transaction(async (tx) => {
      const [chunk] = await tx
        .select()
        .from(broadcastChunks)
        .where(and(eq(broadcastChunks.broadcastId, id), eq(broadcastChunks.afterId, after)))
        .for('update');
      if (!chunk || chunk.doneAt) return 0;
      const [b] = await tx.select().from(broadcasts).where(eq(broadcasts.id, id));
      if (!b || b.state !== 'sending') return 0;
      const inRange = [gt(users.id, after), ...(chunk.uptoId === null ? [] : [lte(users.id, chunk.uptoId)])];
      const batch = await notificationsService.notifySet(tx, {
        recipients: sql`select ${users.id} as id from ${users} where ${and(segmentWhere(segmentOf(b)), ...inRange)}`,
        event: 'news',
        params: { title: b.title, body: b.body },
        broadcastId: id,
      });
      await tx
        .update(broadcastChunks)
        .set({ doneAt: new Date(), written: batch.recipients })
        .where(and(eq(broadcastChunks.broadcastId, id), eq(broadcastChunks.afterId, after)));
      // The broadcast's row lock orders the ranges' ends: whichever takes it last sees every other range done
      // (read committed: the count below is read after the lock is granted) and marks the broadcast sent.
      const [moved] = await tx
        .update(broadcasts)
        .set({ progress: sql`${broadcasts.progress} + ${batch.recipients}` })
        .where(eq(broadcasts.id, id))
        .returning({ progress: broadcasts.progress });
      const [open] = await tx
        .select({ n: count() })
        .from(broadcastChunks)
        .where(and(eq(broadcastChunks.broadcastId, id), isNull(broadcastChunks.doneAt)));
      if (Number(open?.n ?? 0) === 0)
        await tx
          .update(broadcasts)
          .set({ state: 'sent', recipients: moved!.progress, finishedAt: new Date() })
          .where(eq(broadcasts.id, id));
      return batch.recipients;
    });
  }

  const service = {
    /** How many customers the segment reaches now. */
    async count(segment: Segment): Promise<number> {
      await checkBranch(segment);
      const [row] = await db.select({ n: count() }).from(users).where(segmentWhere(segment));
      return Number(row?.n ?? 0);
    },

    /** The message to the admin alone, now, in their language (through the queue like any message). */
    async test(actor: AuditActor, texts: Texts): Promise<void> {
      if (actor.id === null) throw new AppError('forbidden');
      await db.transaction((tx) => notificationsService.notify(tx, [{ userId: actor.id as number, event: 'news', params: texts }]));
    },

    /** Schedules the broadcast BROADCAST_DELAY_SECONDS from now; its first fan-out job waits until then. */
    async create(actor: AuditActor, input: Texts & { segment: Segment }, now = new Date()): Promise<TBroadcast> {
      const recipients = await service.count(input.segment);
      const sendAt = new Date(now.getTime() + BROADCAST_DELAY_SECONDS * 1000);
      const row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(broadcasts)
          .values({
            title: input.title,
            body: input.body,
            branchId: input.segment.branch_id,
            status: input.segment.status,
            language: input.segment.language,
            sendAt,
            createdBy: actor.id,
            recipients,
          })
          .returning();
        await enqueue(tx, [{ name: BROADCAST_QUEUE, data: { broadcast_id: created!.id }, startAfter: sendAt }], deliverySettings);
        await recordAudit(tx, {
          actor,
          action: 'broadcast.create',
          targetType: 'broadcast',
          targetId: created!.id,
          after: { segment: input.segment, recipients, send_at: sendAt.toISOString(), title: input.title },
        });
        return created!;
      });
      return toBroadcast(row);
    },

    /** Cancels a broadcast that has not started (409 invalid_state once its fan-out began). */
    async cancel(actor: AuditActor, id: number): Promise<TBroadcast> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(broadcasts)
          .set({ state: 'cancelled', finishedAt: new Date() })
          .where(and(eq(broadcasts.id, id), eq(broadcasts.state, 'scheduled')))
          .returning();
        if (!row) {
          const [exists] = await tx.select({ id: broadcasts.id }).from(broadcasts).where(eq(broadcasts.id, id));
          throw new AppError(exists ? 'invalid_state' : 'not_found');
        }
        await recordAudit(tx, {
          actor,
          action: 'broadcast.cancel',
          targetType: 'broadcast',
          targetId: id,
          before: { state: 'scheduled' },
          after: { state: 'cancelled' },
        });
        return toBroadcast(row);
      });
    },

    async get(id: number): Promise<TBroadcast> {
      const [row] = await db.select().from(broadcasts).where(eq(broadcasts.id, id));
      if (!row) throw new AppError('not_found');
      return toBroadcast(row, (await deliveryCounts(db, [id])).get(id));
    },

    async list(state: TBroadcastState | undefined, page: number, perPage: number): Promise<{ items: TBroadcast[]; total: number }> {
      const where = state ? eq(broadcasts.state, state) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(broadcasts)
          .where(where)
          .orderBy(desc(broadcasts.id))
          .limit(perPage)
          .offset((page - 1) * perPage),
        db.select({ n: count() }).from(broadcasts).where(where),
      ]);
      const counts = await deliveryCounts(
        db,
        rows.map((r) => r.id),
      );
      return { items: rows.map((r) => toBroadcast(r, counts.get(r.id))), total: Number(total?.n ?? 0) };
    },

    /**
     * One fan-out job (ADR 096). Without `after` it is the broadcast's first job: under the broadcast's row lock,
     * once send_at has come, it cuts the segment's customers after `cursor` into id ranges of `batchSize` and writes
     * one job per range (all in this transaction), so several processes or workers write the ranges at once. With
     * `after` it writes that range: under the range's row lock, every customer of the segment in it gets their
     * notification (and its delivery jobs) in this transaction, and the range is marked done; the last range to
     * finish marks the broadcast sent. A redelivered job finds its range done (or the broadcast sent, cancelled,
     * already cut) and writes nothing twice; (broadcast, user) is unique besides. Returns the recipients written.
     */
    async fanOut(id: number, now = new Date(), after?: number): Promise<number> {
      if (after !== undefined) return writeRange(id, after);
      return db.transaction(async (tx) => {
        const [b] = await tx.select().from(broadcasts).where(eq(broadcasts.id, id)).for('update');
        if (!b || b.state === 'sent' || b.state === 'cancelled' || b.sendAt > now) return 0;
        const [cut] = await tx.select({ n: count() }).from(broadcastChunks).where(eq(broadcastChunks.broadcastId, id));
        if (Number(cut?.n ?? 0) > 0) return 0;
        // The id of every batchSize-th customer of the segment: the ranges' upper ends; the last range is open.
        const bounds = (await tx.execute(sql`select id from (
            select ${users.id} as id, row_number() over (order by ${users.id}) as rn from ${users}
            where ${and(segmentWhere(segmentOf(b)), gt(users.id, b.cursor))}) s
          where rn % ${batchSize} = 0 order by id`)) as unknown as { rows?: { id: number }[] } | { id: number }[];
        const ends = (Array.isArray(bounds) ? bounds : (bounds.rows ?? [])).map((r) => Number(r.id));
        const starts = [b.cursor, ...ends];
        await tx.insert(broadcastChunks).values(starts.map((afterId, i) => ({ broadcastId: id, afterId, uptoId: ends[i] ?? null })));
        await tx.update(broadcasts).set({ state: 'sending' }).where(eq(broadcasts.id, id));
        await enqueue(
          tx,
          starts.map((a) => ({ name: BROADCAST_QUEUE, data: { broadcast_id: id, after: a } })),
          deliverySettings,
        );
        return 0;
      });
    },
  };
  return service;
}

export type BroadcastsService = ReturnType<typeof createBroadcastsService>;

/**
 * Restore drill (RESTORE_DRILL): the copy's broadcasts that had not finished are cancelled, since their fan-out jobs
 * are discarded with the rest of the queue; the admin area of the copy then shows what happened. Returns their ids.
 */
export async function cancelUnsentBroadcasts(db: DbOrTx): Promise<number[]> {
  const rows = await db
    .update(broadcasts)
    .set({ state: 'cancelled', finishedAt: new Date(), updatedAt: new Date() })
    .where(inArray(broadcasts.state, ['scheduled', 'sending']))
    .returning({ id: broadcasts.id });
  return rows.map((r) => r.id);
}
