import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config/env';
import { BROADCAST_QUEUE, createBroadcastsService } from './broadcasts-service';

/**
 * The broadcast fan-out queue: created in every process (the admin's request writes the first job), worked
 * where NOTIFY_WORKER is on, one range per job, BROADCAST_FANOUT_WORKERS at once per process, so no request ever holds the API for 100,000 recipients.
 */
export const broadcastsPlugin = fp(async (app: FastifyInstance, opts: { config: AppConfig }) => {
  await app.notificationQueue.ensureQueue(BROADCAST_QUEUE);
  if (!opts.config.notify.worker) return;
  const service = createBroadcastsService({ db: app.db });
  // Several workers per process: the ranges of one broadcast are written at once (ADR 096).
  for (let i = 0; i < opts.config.notify.fanoutWorkers; i++)
    await app.notificationQueue.work<{ broadcast_id: number; after?: number }>(
      BROADCAST_QUEUE,
      { batchSize: 1, pollingIntervalSeconds: 1 },
      async (job) => {
        await service.fanOut(job.data.broadcast_id, new Date(), job.data.after);
      },
    );
});
