import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config/env';
import { sendStorageReminders, STORAGE_REMINDER_CRON, STORAGE_REMINDER_QUEUE } from './storage-reminders';

/**
 * The hourly storage-reminder job on the notification queue's cron, in processes that work jobs
 * (NOTIFY_WORKER). Each run sends the reminders due at that moment; a parcel gets one per day however
 * often it runs.
 */
export const storageRemindersPlugin = fp(async (app: FastifyInstance, opts: { config: AppConfig }) => {
  if (!opts.config.notify.worker) return;
  await app.notificationQueue.schedule(STORAGE_REMINDER_QUEUE, STORAGE_REMINDER_CRON, async () => {
    const sent = await sendStorageReminders(app.db, new Date(), opts.config.storageReminders);
    if (sent) app.log.info({ sent }, 'storage reminders sent');
  });
});
