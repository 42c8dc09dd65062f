import type { AppConfig } from './config/env';
import type { Database } from './db/client';
import { cancelUnsentBroadcasts } from './modules/broadcasts/broadcasts-service';
import { deliveriesRepository } from './modules/notifications/deliveries-repository';
import { discardQueuedJobs } from './modules/notifications/notification-queue';

/**
 * A restore drill (RESTORE_DRILL=true, docs/operations.md) starts the API on a restored copy of the database, which
 * holds what the original was about to send: queued messages and their retries, broadcasts waiting for their minute,
 * the hourly storage-reminder schedule. The configuration already keeps the copy from sending anything (no worker,
 * SMS to the outbox file, no Telegram, no web push, no Redis: env.ts `drillConfig`); this also empties the copy's
 * queue before the app starts, so a worker started on it later has nothing of the original's to send.
 */
export interface DrillReport {
  jobs: Record<string, number>;
  schedules: number;
  deliveries: number;
  broadcasts: number[];
}

export const DRILL_REASON = 'restore drill: discarded, not sent';

export async function discardPendingWork(database: Database): Promise<DrillReport> {
  const { jobs, schedules } = await discardQueuedJobs(database);
  const deliveries = await deliveriesRepository.skipUnsent(database.db, DRILL_REASON);
  const broadcasts = await cancelUnsentBroadcasts(database.db);
  return { jobs, schedules, deliveries, broadcasts };
}

/** What the start prints: that this is a drill copy, what it will not do, and what it discarded. */
export function drillLines(config: AppConfig, report: DrillReport): string[] {
  const jobs = Object.entries(report.jobs);
  const total = jobs.reduce((n, [, k]) => n + k, 0);
  return [
    '',
    '  RESTORE DRILL: this process sends nothing to anyone.',
    `    no notification worker, SMS only to ${config.sms.outboxFile}, no Telegram, no web push, no Redis, no uploads cleanup`,
    `    discarded from the copy: ${total} queued jobs${total ? ` (${jobs.map(([name, n]) => `${name} ${n}`).join(', ')})` : ''}, ` +
      `${report.schedules} schedules, ${report.deliveries} messages waiting to go (now "skipped"), ` +
      `${report.broadcasts.length} unfinished broadcasts (now "cancelled")`,
  ];
}
