import type pgModule from 'pg';
import { isDatabaseUnavailable } from '../lib/db-unavailable';

type Pg = typeof pgModule;

/** How the API talks to PostgreSQL (ADR 095; README "Configuration": DATABASE_POOL_MODE and the rest). */
export interface PostgresOptions {
  /** `session`: DATABASE_URL is PostgreSQL itself (or a session-mode pooler); `transaction`: a transaction-mode pooler. */
  poolMode: 'session' | 'transaction';
  /** PostgreSQL itself, for what needs a session of its own (migrations under their advisory lock, the seed). */
  directUrl?: string;
  /** A streaming standby that reports, exports and the dashboard read from (primary while it is away). */
  replicaUrl?: string;
  /** Connections of the pool of one API process. */
  poolSize: number;
  /** `statement_timeout` of the pool's connections; 0 = none. */
  statementTimeoutMs: number;
}

export const DEFAULT_POSTGRES: PostgresOptions = { poolMode: 'session', poolSize: 10, statementTimeoutMs: 0 };

/**
 * A node-postgres client that sends every statement unnamed: behind a transaction-mode pooler (PgBouncer before
 * 1.21) consecutive statements of one client go to different server connections, so a named prepared statement
 * made on one is missing on the next ("prepared statement … does not exist"). The query is still parsed with
 * its parameters (extended protocol, unnamed statement), so values never go into the text.
 */
export function unnamedClient(pg: Pg): Pg['Client'] {
  class UnnamedClient extends pg.Client {
    // pg's Client.query has a dozen overloads (text, config, submittable; promise or callback): this override only
    // drops `name` and passes everything on unchanged, so it takes and returns what the overloads do.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    override query(config: any, values?: any, callback?: any): any {
      if (config && typeof config === 'object' && typeof config.submit !== 'function' && config.name) {
        const { name: _name, ...rest } = config;
        config = rest;
      }
      return super.query(config, values, callback);
    }
  }
  return UnnamedClient as unknown as Pg['Client'];
}

/** The pool of one API process on DATABASE_URL (or on the replica), shaped by the options. */
export function createPool(pg: Pg, url: string, options: PostgresOptions, extra: { applicationName?: string; max?: number } = {}) {
  const pool = new pg.Pool({
    connectionString: url,
    max: extra.max ?? options.poolSize,
    // A connection attempt gives up after 5 s, so requests answer 503 instead of hanging while the server is away.
    connectionTimeoutMillis: 5000,
    ...(extra.applicationName ? { application_name: extra.applicationName } : {}),
    // PgBouncer 1.18 refuses a statement_timeout startup parameter: behind it the pooler sets it (connect_query).
    ...(options.statementTimeoutMs && options.poolMode === 'session' ? { statement_timeout: options.statementTimeoutMs } : {}),
    ...(options.poolMode === 'transaction' ? { Client: unnamedClient(pg) } : {}),
  });
  // An idle connection the server ends (restart, failover, a dropped test database) must not crash the process:
  // the pool discards it and opens a new one on the next query.
  pool.on('error', () => {});
  return pool;
}

/**
 * Behind a transaction-mode pooler the API can't set `statement_timeout` on connections it doesn't keep: the
 * pooler's server connections must carry it (PgBouncer `connect_query`, or ALTER ROLE … SET). Refuses to start
 * when they don't, rather than run without the timeout that was asked for.
 */
export async function checkPooledTimeout(pool: pgModule.Pool, options: PostgresOptions): Promise<void> {
  if (options.poolMode !== 'transaction' || !options.statementTimeoutMs) return;
  const { rows } = await pool.query<{ ms: string }>("select setting as ms from pg_settings where name = 'statement_timeout'");
  if (Number(rows[0]?.ms) !== options.statementTimeoutMs)
    throw new Error(
      `DATABASE_STATEMENT_TIMEOUT_MS=${options.statementTimeoutMs} but the pooler's connections have statement_timeout=${rows[0]?.ms}ms: ` +
        `in transaction mode set it on the pooler (PgBouncer: connect_query='SET statement_timeout=${options.statementTimeoutMs}' ` +
        'in the [databases] line) or on the role (docs/operations.md, "Behind PgBouncer")',
    );
}

/** Where a read went: the replica with its lag in seconds, or the primary (no replica, or it is away). */
export interface ReadOrigin {
  from: 'replica' | 'primary';
  lagSeconds: number | null;
}

/** How far the standby's replay is behind what it received (0 when it has replayed everything, or isn't a standby). */
const LAG_SQL = `select case when not pg_is_in_recovery() or pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() then 0
  else coalesce(extract(epoch from now() - pg_last_xact_replay_timestamp()), 0) end::float8 as lag`;

/** After the replica failed, reads go to the primary for this long before the replica is tried again. */
const REPLICA_RETRY_MS = 5000;

/**
 * Reads for reports, exports and the dashboard: on the replica while it answers, with its lag; on the primary when
 * there is no replica or it is away (refused, restarting, a statement cancelled by a recovery conflict), so a
 * report never fails because the standby does.
 */
export class ReplicaReads<D> {
  private downUntil = 0;

  constructor(
    private readonly primary: D,
    private readonly replica?: { db: D; pool: pgModule.Pool },
  ) {}

  async read<T>(work: (db: D) => Promise<T>): Promise<{ value: T } & ReadOrigin> {
    if (this.replica && Date.now() >= this.downUntil) {
      try {
        const { rows } = await this.replica.pool.query<{ lag: number }>(LAG_SQL);
        const value = await work(this.replica.db);
        return { value, from: 'replica', lagSeconds: Math.round(Number(rows[0]?.lag ?? 0) * 10) / 10 };
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (!isDatabaseUnavailable(error) && code !== '40001') throw error;
        this.downUntil = Date.now() + REPLICA_RETRY_MS;
      }
    }
    return { value: await work(this.primary), from: 'primary', lagSeconds: null };
  }
}
