import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { lockDataDir } from './data-dir-lock';
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
}): Promise<Database> {
  const folder = opts.migrationsFolder ?? migrationsFolder();
  if (opts.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    // Dates stay strings; numerics are mapped by the schema's custom type.
    pg.types.setTypeParser(1082, (v: string) => v);
    // A connection attempt gives up after 5 s, so requests answer 503 instead of hanging while the server is away.
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10, connectionTimeoutMillis: 5000 });
    // An idle connection the server ends (restart, failover, a dropped test database) must not crash the process:
    // the pool discards it and opens a new one on the next query.
    pool.on('error', () => {});
    const db = drizzle(pool, { schema }) as unknown as Db;
    // Several API processes starting together migrate (and seed) one after the other under a session-level
    // advisory lock: the first applies the migrations, the others find nothing left to do.
    const lock = await pool.connect();
    try {
      await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migrate(drizzle(pool, { schema }), { migrationsFolder: folder });
      await opts.afterMigrate?.(db);
    } finally {
      await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
      lock.release();
    }
    return {
      db,
      kind: 'postgres',
      close: () => pool.end(),
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
