import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkInsert } from '../src/db/bulk-insert';
import { auditLog, notifications, users } from '../src/db/schema';
import { createTestApp, type TestContext } from './helpers';

/**
 * The one-parameter bulk insert the parcel transitions use for their audit rows, events and notifications
 * (bench/results/parcel-work.md): the rows land exactly as drizzle's own insert would write them.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

describe('bulkInsert', () => {
  it('writes every row with its JSON, texts, nulls and defaults, and answers the asked columns mapped', async () => {
    const { db } = ctx.database;
    const [user] = await db.select({ id: users.id }).from(users).limit(1);
    const rows = Array.from({ length: 2500 }, (_, i) => ({
      userId: user!.id,
      type: 'orders' as const,
      event: 'order_dispatched',
      params: {
        order_id: i,
        track_code: `YT${i}`,
        name: 'Кітап "x" \\ ü',
        weight: 2.35,
        branch: { kk: 'Алматы', ru: 'Алматы', en: 'Almaty' },
      },
      link: i % 2 ? null : `/orders/order?id=${i}`,
      inPortal: i % 3 !== 0,
      broadcastId: null,
    }));
    const inserted = await bulkInsert(db, notifications, rows, ['id', 'userId', 'event']);
    expect(inserted).toHaveLength(2500);
    expect(typeof inserted[0]!.id).toBe('number');
    expect(inserted.every((r) => r.userId === user!.id && r.event === 'order_dispatched')).toBe(true);

    const back = await db
      .select()
      .from(notifications)
      .where(
        inArray(
          notifications.id,
          inserted.map((r) => r.id),
        ),
      )
      .orderBy(notifications.id);
    expect(back).toHaveLength(2500);
    const byOrder = new Map(back.map((n) => [(n.params as { order_id: number }).order_id, n]));
    const seven = byOrder.get(7)!;
    expect(seven.params).toEqual(rows[7]!.params);
    expect(seven.link).toBeNull();
    expect(seven.inPortal).toBe(true);
    expect(byOrder.get(6)!.link).toBe('/orders/order?id=6');
    expect(byOrder.get(6)!.inPortal).toBe(false);
    // Columns no row sets take their defaults: created now, unread.
    expect(seven.readAt).toBeNull();
    expect(Math.abs(seven.createdAt.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('keeps null JSON apart from JSON and answers nothing when nothing is asked', async () => {
    const { db } = ctx.database;
    const answered = await bulkInsert(db, auditLog, [
      {
        actorId: null,
        actorRole: 'system',
        actorPlace: null,
        action: 'bulk.test',
        targetType: 't',
        targetId: '1',
        before: null,
        after: { a: 1 },
        ip: null,
      },
      {
        actorId: null,
        actorRole: 'system',
        actorPlace: 'branch:1',
        action: 'bulk.test',
        targetType: 't',
        targetId: '2',
        before: { status: 'x' },
        after: [1, 'two'],
        ip: '10.0.0.1',
      },
    ]);
    expect(answered).toEqual([]);
    const back = await db.select().from(auditLog).where(eq(auditLog.action, 'bulk.test')).orderBy(auditLog.targetId);
    expect(back.map((r) => [r.targetId, r.actorPlace, r.before, r.after, r.ip])).toEqual([
      ['1', null, null, { a: 1 }, null],
      ['2', 'branch:1', { status: 'x' }, [1, 'two'], '10.0.0.1'],
    ]);
    expect(await bulkInsert(db, auditLog, [])).toEqual([]);
  });
});
