import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config/env';
import { RECONCILE_CRON, RECONCILE_QUEUE, reconcile } from './reconciliation';

/** The daily reconciliation of online payments (ADR 077) on the job queue's cron, in processes that work jobs. */
export const reconciliationPlugin = fp(async (app: FastifyInstance, opts: { config: AppConfig }) => {
  if (!opts.config.notify.worker || !opts.config.payments.secretKey) return;
  await app.notificationQueue.schedule(RECONCILE_QUEUE, RECONCILE_CRON, async () => {
    const result = await reconcile(app);
    app.log.info(result, 'online payments reconciled');
  });
});
