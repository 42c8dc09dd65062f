import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PoolClient } from 'pg';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { lockDataDir } from './data-dir-lock';
import { checkPooledTimeout, createPool, DEFAULT_POSTGRES, ReplicaReads, type PostgresOptions } from './pg-pool';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type repositories take: PGlite and node-postgres both satisfy it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A database handle or an open transaction. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  ping(): Promise<void>;
  /** Where reports, exports and the dashboard read: the replica when one is configured and up (ADR 095). */
  reads: ReplicaReads<Db>;
  /** Connections of the PostgreSQL pool (metrics); undefined on PGlite. */
  poolStats?(): { total: number; idle: number; waiting: number };
  /**
   * Raw SQL on the database's own connection(s), for libraries that bring their SQL (the job queue).
   * Without values the text may hold several statements.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

const lastResult = <R extends { rows: Record<string, unknown>[] }>(results: R | R[]): { rows: Record<string, unknown>[] } =>
  Array.isArray(results) ? (results[results.length - 1] ?? { rows: [] }) : results;

/** The advisory lock key migrations run under (any constant bigint; this one spells "portalmg"). */
export const MIGRATION_LOCK = '8101427636587276135';

function migrationsFolder(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [join(here, 'migrations'), join(here, 'db', 'migrations')];
  const found = candidates.find((dir) => existsSync(join(dir, 'meta', '_journal.json')));
  if (!found) throw new Error(`Migrations folder not found (looked in ${candidates.join(', ')})`);
  return found;
}

/**
 * Opens the database and applies pending migrations: a PostgreSQL server when a URL is
 * given, otherwise embedded PGlite kept in `dataDir` (or in memory for `memory://`).
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir?: string;
  /** Work done once after migrating while still holding the migration lock (the server seeds here). */
  afterMigrate?: (db: Db) => Promise<void>;
  /** Who opens an embedded database in `dataDir`, named to a second process its lock refuses (data-dir-lock.ts). */
  holder?: string;
  /** Another migrations folder (tests: the schema as it stood before a migration, to check what the migration does). */
  migrationsFolder?: string;
  /** Pool mode, direct address, replica, pool size, statement timeout (PostgreSQL only; ADR 095). */
  postgres?: PostgresOptions;
}): Promise<Database> {
  const folder = opts.migrationsFolder ?? migrationsFolder();
  if (opts.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    // Dates stay strings; numerics are mapped by the schema's custom type.
    pg.types.setTypeParser(1082, (v: string) => v);
    const postgres = opts.postgres ?? DEFAULT_POSTGRES;
    const pool = createPool(pg, opts.databaseUrl, postgres);
    const db = drizzle(pool, { schema }) as unknown as Db;
    // Several API processes starting together migrate (and seed) one after the other under a session-level
    // advisory lock: the first applies the migrations, the others find nothing left to do. A transaction-mode
    // pooler can't keep a session-level lock, so then they take it (and migrate, and seed) over the direct address.
    const direct = postgres.directUrl ? new pg.Client({ connectionString: postgres.directUrl }) : null;
    const lock = direct ?? (await pool.connect());
    try {
      if (direct) await direct.connect();
      await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      // A migration (an index on a big table) may take longer than the requests' statement timeout.
      await lock.query('set statement_timeout = 0');
      await migrate(drizzle(lock, { schema }), { migrationsFolder: folder });
      await opts.afterMigrate?.(direct ? (drizzle(direct, { schema }) as unknown as Db) : db);
    } finally {
      await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
      if (direct) await direct.end().catch(() => {});
      else {
        await lock.query('reset statement_timeout').catch(() => {});
        (lock as PoolClient).release();
      }
    }
    await checkPooledTimeout(pool, postgres).catch(async (error) => {
      await pool.end();
      throw error;
    });
    const replicaPool = postgres.replicaUrl
      ? createPool(pg, postgres.replicaUrl, postgres, { applicationName: 'portal-replica-reads' })
      : undefined;
    const reads = new ReplicaReads<Db>(db, replicaPool && { db: drizzle(replicaPool, { schema }) as unknown as Db, pool: replicaPool });
    return {
      db,
      kind: 'postgres',
      close: async () => {
        await Promise.all([pool.end(), replicaPool?.end()]);
      },
      reads,
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      ping: async () => {
        await pool.query('select 1');
      },
      executeSql: async (text, values) => lastResult(await pool.query(text, values?.length ? values : undefined)),
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const dir = opts.dataDir ?? 'memory://';
  let location = dir;
  // One process at a time on a folder: a second server or create-admin is refused while this one runs.
  let release = () => {};
  if (!dir.startsWith('memory://')) {
    location = join(dir, 'pgdata');
    mkdirSync(location, { recursive: true });
    release = lockDataDir(dir, opts.holder ?? 'the portal server');
  }
  let client;
  let pgliteDb;
  try {
    client = new PGlite(location);
    await client.waitReady;
    pgliteDb = drizzle(client, { schema });
    await migrate(pgliteDb, { migrationsFolder: folder });
    await opts.afterMigrate?.(pgliteDb as unknown as Db);
  } catch (error) {
    await client?.close().catch(() => {});
    release();
    throw error;
  }
  const pglite = client;
  return {
    db: pgliteDb as unknown as Db,
    kind: 'pglite',
    reads: new ReplicaReads<Db>(pgliteDb as unknown as Db),
    close: async () => {
      try {
        await pglite.close();
      } finally {
        release();
      }
    },
    ping: async () => {
      await pglite.query('select 1');
    },
    executeSql: async (text, values) =>
      values?.length
        ? pglite.query<Record<string, unknown>>(
            text,
            values.map((v) => (v === undefined ? null : v)),
          )
        : lastResult(await pglite.exec(text)),
  };
}
