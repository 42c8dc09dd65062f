import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config/env';
import { dailyRates, RATES_CRON, RATES_QUEUE } from './exchange-rates';

declare module 'fastify' {
  interface FastifyInstance {
    /** The NBK rates feed's address (NBK_RATES_URL, ADR 087). */
    nbkRatesUrl: string;
  }
}

/**
 * The exchange rates (ADR 087): the feed's address for "fetch now", and the rates job on the job queue's cron in
 * processes that work jobs. pg-boss makes one job per tick across processes; a run does nothing once the day's rates
 * are stored, so each day is fetched once whatever the number of processes.
 */
export const dutiesPlugin = fp(async (app: FastifyInstance, opts: { config: AppConfig }) => {
  app.decorate('nbkRatesUrl', opts.config.duties.nbkRatesUrl);
  if (!opts.config.notify.worker) return;
  await app.notificationQueue.schedule(RATES_QUEUE, RATES_CRON, async () => {
    const result = await dailyRates(app.db, opts.config.duties.nbkRatesUrl);
    if (result?.status === 'failed') app.log.warn(result, 'exchange rates: the NBK feed failed; earlier rates stay in use');
    else if (result) app.log.info(result, 'exchange rates stored');
  });
});
