import PgBoss from 'pg-boss';
import type { Database, DbOrTx } from '../../db/client';
import { executorFor } from '../../db/sql-executor';
import { isDatabaseUnavailable } from '../../lib/db-unavailable';

/** pg-boss keeps its tables in this schema of the product's own database (PGlite or PostgreSQL). */
export const QUEUE_SCHEMA = 'pgboss';
/** One job per message and channel (data: the delivery id). */
export const DELIVER_QUEUE = 'notification-deliver';
/** One job per committed batch of portal notifications: tells the recipients' open pages (data: user ids). */
export const LIVE_QUEUE = 'notification-live';

export interface QueueJob<T> {
  id: string;
  name: string;
  data: T;
  retryCount: number;
  retryLimit: number;
}

export interface QueueOptions {
  retryLimit: number;
  retryDelaySeconds: number;
}

/**
 * Writes jobs with the caller's transaction (pg-boss `insert` through an executor bound to it), so a
 * rolled-back change leaves no job and a committed one cannot lose its job. It never talks to the database
 * on its own, so one instance serves every app in the process.
 */
const producer = new PgBoss({ db: { executeSql: () => Promise.reject(new Error('producer has no connection')) }, schema: QUEUE_SCHEMA });

export async function enqueue(
  tx: DbOrTx,
  jobs: { name: string; data: object; startAfter?: Date; singletonKey?: string }[],
  opts: QueueOptions,
): Promise<void> {
  if (!jobs.length) return;
  await producer.insert(
    jobs.map(({ startAfter, ...j }) => ({
      ...j,
      ...(startAfter ? { startAfter: startAfter.toISOString() } : {}),
      retryLimit: opts.retryLimit,
      retryDelay: opts.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: 120,
    })),
    { db: executorFor(tx) },
  );
}

/**
 * Restore drill (RESTORE_DRILL): deletes the jobs a restored copy holds that were still to run (messages waiting to
 * go or to be retried, broadcast fan-outs, taken jobs of the original's processes) and its cron schedules (the hourly
 * storage reminders), so nothing the original was about to send goes out from the copy, even from a worker started
 * on it later. Run before the copy's queue starts. Returns the jobs discarded per queue and the schedules removed.
 */
export async function discardQueuedJobs(database: Database): Promise<{ jobs: Record<string, number>; schedules: number }> {
  const installed = await database.executeSql(`select to_regclass('${QUEUE_SCHEMA}.job') is not null as ok`);
  if (!installed.rows[0]?.ok) return { jobs: {}, schedules: 0 };
  const jobs = await database.executeSql(
    `with gone as (delete from ${QUEUE_SCHEMA}.job where state in ('created', 'retry', 'active') returning name)
     select name, count(*)::int as n from gone group by name order by name`,
  );
  const schedules = await database.executeSql(
    `with gone as (delete from ${QUEUE_SCHEMA}.schedule returning name) select count(*)::int as n from gone`,
  );
  return {
    jobs: Object.fromEntries(jobs.rows.map((r) => [String(r.name), Number(r.n)])),
    schedules: Number(schedules.rows[0]?.n ?? 0),
  };
}

/** The queue of one API process: installs pg-boss's schema, and (when this process works jobs) runs workers. */
export class NotificationQueue {
  readonly boss: PgBoss;

  constructor(
    database: Database,
    private readonly log: { warn(obj: object, msg: string): void },
    opts: { supervise: boolean },
  ) {
    this.boss = new PgBoss({
      db: { executeSql: (text: string, values?: unknown[]) => database.executeSql(text, values) },
      schema: QUEUE_SCHEMA,
      // Maintenance (expiring the jobs of a killed process so another one retries them, archiving) runs
      // where jobs are worked, every 15 s.
      supervise: opts.supervise,
      maintenanceIntervalSeconds: 15,
      // Cron schedules (storage reminders) are kept in the database and fired by the processes that work jobs.
      schedule: opts.supervise,
      migrate: true,
    });
    // While the database is away every poll fails: say so once a minute, not once per poll.
    let lastUnavailable = 0;
    this.boss.on('error', (err) => {
      if (isDatabaseUnavailable(err)) {
        if (Date.now() - lastUnavailable < 60_000) return;
        lastUnavailable = Date.now();
        return this.log.warn({ code: (err as { code?: string }).code }, 'notification queue: database unavailable, retrying');
      }
      this.log.warn({ err }, 'notification queue error');
    });
  }

  async start(): Promise<void> {
    await this.boss.start();
    for (const name of [DELIVER_QUEUE, LIVE_QUEUE]) {
      if (!(await this.boss.getQueue(name))) await this.boss.createQueue(name).catch(() => undefined);
    }
  }

  /**
   * Works jobs in batches: each job succeeds or fails on its own (a failed one is retried with backoff by
   * pg-boss; the rest of the batch completes). With `parallel` the batch's jobs run at once (deliveries: each
   * waits for its channel's pace, so one slow channel does not hold the others; ADR 096), else one after another.
   */
  async work<T>(
    name: string,
    opts: { batchSize: number; pollingIntervalSeconds: number; parallel?: boolean },
    handle: (job: QueueJob<T>) => Promise<void>,
  ): Promise<void> {
    const one = async (job: QueueJob<T>) => {
      try {
        await handle(job);
      } catch (err) {
        // While the process stops (pool closed) the job is left to expire and be retried elsewhere.
        await this.boss
          .fail(name, job.id, { message: err instanceof Error ? err.message : String(err) })
          .catch((failErr: unknown) => this.log.warn({ err: failErr, job: job.id }, 'notification queue: could not record a failed job'));
      }
    };
    await this.boss.work<T>(
      name,
      { batchSize: opts.batchSize, pollingIntervalSeconds: opts.pollingIntervalSeconds, includeMetadata: true },
      async (jobs) => {
        const all = jobs as unknown as QueueJob<T>[];
        if (opts.parallel) await Promise.all(all.map(one));
        else for (const job of all) await one(job);
      },
    );
  }

  /** Creates a queue other modules write jobs to (every process: jobs are written where changes happen). */
  async ensureQueue(name: string): Promise<void> {
    if (!(await this.boss.getQueue(name))) await this.boss.createQueue(name).catch(() => undefined);
  }

  /**
   * A job on a cron schedule (UTC), kept in pg-boss's schedule table: each tick makes one job (pg-boss debounces
   * across processes) that one of the working processes takes. The handler must be idempotent.
   */
  async schedule(name: string, cron: string, handle: () => Promise<void>): Promise<void> {
    await this.ensureQueue(name);
    await this.boss.schedule(name, cron, {}, { tz: 'UTC' });
    await this.work(name, { batchSize: 1, pollingIntervalSeconds: 30 }, handle);
  }

  async stop(): Promise<void> {
    await this.boss.stop({ graceful: true, close: false, wait: true, timeout: 5000 });
  }
}
