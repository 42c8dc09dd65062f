import { PICKUP_REMINDER_MINUTES } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config/env';
import type { Db } from '../../db/client';
import { branchesRepository } from '../branches/branches-repository';
import { notificationsService } from '../notifications/notifications-service';
import type { PickupReminderParams } from '../notifications/pickup-texts';
import { pickupSlotsRepository as repo } from './pickup-slots-repository';

export const PICKUP_REMINDER_QUEUE = 'pickup-reminders';
/** Every five minutes: a reminder goes out between 60 and 55 minutes before its slot. */
export const PICKUP_REMINDER_CRON = '*/5 * * * *';

/**
 * Sends the reminders of the slots starting within the next hour, once each: the guarded UPDATE stamps `reminded_at`
 * and the messages are written in the same transaction, so two processes running the job at once send each one once.
 */
export async function sendPickupReminders(db: Db, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await repo.dueReminders(tx, now, new Date(now.getTime() + PICKUP_REMINDER_MINUTES * 60_000));
    const messages = [];
    for (const b of due) {
      const branch = await branchesRepository.findById(tx, b.branchId);
      if (!branch) continue;
      const params: PickupReminderParams = {
        booking_id: b.id,
        slot_start: b.slotStart.toISOString(),
        time_zone: branch.timeZone,
        branch_name: branch.name,
      };
      messages.push({ userId: b.userId, event: 'pickup_reminder' as const, params, link: '/pickup' });
    }
    await notificationsService.notify(tx, messages);
    await repo.markMissed(tx, now);
    return messages.length;
  });
}

/** The reminder job on the notification queue's cron, in processes that work jobs (NOTIFY_WORKER). */
export const pickupRemindersPlugin = fp(async (app: FastifyInstance, opts: { config: AppConfig }) => {
  if (!opts.config.notify.worker) return;
  await app.notificationQueue.schedule(PICKUP_REMINDER_QUEUE, PICKUP_REMINDER_CRON, async () => {
    const sent = await sendPickupReminders(app.db, new Date());
    if (sent) app.log.info({ sent }, 'pickup reminders sent');
  });
});
