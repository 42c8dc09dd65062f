import type { FastifyInstance } from 'fastify';
import type { TOnlineProvider } from '@portal/contract';
import { onlinePaymentsRepository as repo } from './online-payments-repository';
import { pollRequest } from './poll';
import { tellCustomer } from './tell-customer';

/** Providers that send no callbacks: their requests are polled (ADR 077). */
export const POLLED_PROVIDERS: readonly TOnlineProvider[] = ['kaspi'];
/** The poll queue (pg-boss, `stately`: one waiting and one running job at most, whatever number of processes). */
export const POLL_QUEUE = 'online-payments-poll';
/** A run every few seconds; each request is asked again once its last check is older than RECHECK_SECONDS. */
export const POLL_EVERY_SECONDS = 3;
export const RECHECK_SECONDS = 5;
/** Cancelled or expired requests are still asked this long after they expired: money paid to an old QR is returned. */
export const GRACE_MINUTES = 15;

/**
 * One run: asks the providers about their open requests (and recently closed ones), settling what was paid, and
 * expires overdue requests of providers that call back. Answers how many requests were asked about.
 */
export async function pollOnce(app: FastifyInstance, limit = 100): Promise<number> {
  let asked = 0;
  for (const provider of POLLED_PROVIDERS) {
    if (!app.paymentDrivers[provider]) continue;
    for (const req of await repo.toPoll(app.db, provider, { graceMinutes: GRACE_MINUTES, recheckSeconds: RECHECK_SECONDS, limit })) {
      const claimed = await repo.claimCheck(app.db, req.id, RECHECK_SECONDS);
      if (!claimed) continue;
      asked += 1;
      try {
        await pollRequest(app, claimed);
      } catch (err) {
        app.log.warn({ requestId: req.id, err: (err as Error).message }, 'payment poll failed');
      }
    }
  }
  for (const r of await repo.expireOverdue(app.db, POLLED_PROVIDERS)) tellCustomer(app, r.userId, r.id, 'expired');
  return asked;
}

/**
 * In processes that work jobs: a chain of jobs on the notification queue's pg-boss, each run enqueuing the next a few
 * seconds later, restarted every minute by a cron schedule should a process die mid-chain.
 */
export async function startPoller(app: FastifyInstance): Promise<void> {
  const boss = app.notificationQueue.boss;
  if (!(await boss.getQueue(POLL_QUEUE)))
    await boss.createQueue(POLL_QUEUE, { name: POLL_QUEUE, policy: 'stately' }).catch(() => undefined);
  await boss.schedule(POLL_QUEUE, '* * * * *', {}, { tz: 'UTC' });
  await app.notificationQueue.work(POLL_QUEUE, { batchSize: 1, pollingIntervalSeconds: 1 }, async () => {
    try {
      await pollOnce(app);
    } finally {
      await boss.send(POLL_QUEUE, {}, { startAfter: POLL_EVERY_SECONDS, expireInSeconds: 120 }).catch(() => undefined);
    }
  });
  await boss.send(POLL_QUEUE, {}, { expireInSeconds: 120 }).catch(() => undefined);
}
