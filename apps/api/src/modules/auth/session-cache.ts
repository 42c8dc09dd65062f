import { getTableColumns } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client';
import { sessions, users } from '../../db/schema';
import type { UserRow } from '../users/users-repository';
import type { SessionRow } from './sessions-repository';

/**
 * Validated sessions kept in Redis (ADR 099): the one owner of what the session check may read without PostgreSQL
 * and of forgetting it.
 *
 * Reading: `sc:v:<session id>` holds the session row and its user row (the password hash blanked) as the check last
 * read them from PostgreSQL, with the two generations it was read under: `sc:s:<session id>` and `sc:u:<user id>`.
 * An entry counts only while both generations are still the ones it names; it lives VALUE_TTL_SECONDS at most.
 *
 * Forgetting: every write that changes what the check decides (the sessions rows: revoke, revoke-all, rotation; the
 * users row: any update, the QR version) tells `sessionChanged` / `userChanged`, which bump the generation AFTER the
 * transaction commits (inside one, the bump is kept until `db.transaction` resolves; outside one, the statement has
 * committed already). A fill is written under the generations read BEFORE its PostgreSQL read, so one that read the
 * state before a commit names a generation the commit's bump has since moved, and never counts: a kept session never
 * outlives a revocation, even when a request races it.
 *
 * Redis away (or a command failing) → the check asks PostgreSQL, never the other way. After an outage this process
 * reads no entry for VALUE_TTL_SECONDS (a bump it could not make may have left one standing).
 */
export const VALUE_TTL_SECONDS = 60;
/** Generations outlive any entry read under them by far, so a lapsed generation (back to none) never matches an old entry. */
const GENERATION_TTL_SECONDS = 24 * 3600;

export interface CachedCheck {
  session: SessionRow;
  user: UserRow;
}

/** What a miss read before asking PostgreSQL: the generations a fill must still find. */
export interface Miss {
  sessionGeneration: string | null;
  userGeneration: string | null;
}

const valueKey = (sessionId: string) => `sc:v:${sessionId}`;
const sessionGenKey = (sessionId: string) => `sc:s:${sessionId}`;
const userGenKey = (userId: number) => `sc:u:${userId}`;

/** The timestamp columns of a table (JSON carries them as strings). */
const dateKeys = (table: typeof sessions | typeof users) =>
  Object.entries(getTableColumns(table))
    .filter(([, column]) => column.columnType === 'PgTimestamp')
    .map(([key]) => key);
const SESSION_DATES = dateKeys(sessions);
const USER_DATES = dateKeys(users);

function revive<T>(row: Record<string, unknown>, keys: string[]): T {
  for (const key of keys) if (typeof row[key] === 'string') row[key] = new Date(row[key] as string);
  return row as T;
}

export class SessionCache {
  /** No reads before this time (ms): after an outage, entries a failed bump left standing have lapsed. */
  private readableFrom = 0;

  constructor(
    private readonly redis: Redis,
    private readonly log: FastifyBaseLogger,
  ) {
    let away = false;
    redis.on('error', () => {
      away = true;
      this.distrust();
    });
    redis.on('ready', () => {
      if (away) this.distrust();
      away = false;
    });
  }

  private distrust() {
    this.readableFrom = Date.now() + VALUE_TTL_SECONDS * 1000;
  }

  private usable() {
    return this.redis.status === 'ready' && Date.now() >= this.readableFrom;
  }

  /** The kept check for this session, or what a fill needs (null: Redis not usable, ask PostgreSQL and keep nothing). */
  async find(sessionId: string, userId: number): Promise<{ hit: CachedCheck } | { miss: Miss } | null> {
    if (!this.usable()) return null;
    try {
      const [value, sg, ug] = await this.redis.mget(valueKey(sessionId), sessionGenKey(sessionId), userGenKey(userId));
      if (value) {
        const kept = JSON.parse(value) as {
          sg: string | null;
          ug: string | null;
          session: Record<string, unknown>;
          user: Record<string, unknown>;
        };
        if (kept.sg === sg && kept.ug === ug) {
          return { hit: { session: revive<SessionRow>(kept.session, SESSION_DATES), user: revive<UserRow>(kept.user, USER_DATES) } };
        }
      }
      return { miss: { sessionGeneration: sg ?? null, userGeneration: ug ?? null } };
    } catch (error) {
      this.log.debug({ err: error }, 'session cache: redis did not answer, the check asks PostgreSQL');
      return null;
    }
  }

  /**
   * Keeps what PostgreSQL answered under the generations `miss` read before asking it. If a change committed meanwhile,
   * its bump moved a generation: `find` never counts this entry.
   */
  async fill(miss: Miss, found: CachedCheck): Promise<void> {
    if (!this.usable()) return;
    const value = JSON.stringify({
      sg: miss.sessionGeneration,
      ug: miss.userGeneration,
      session: found.session,
      // The check never needs the password hash; it stays in PostgreSQL.
      user: { ...found.user, passwordHash: '' },
    });
    try {
      await this.redis.set(valueKey(found.session.id), value, 'EX', VALUE_TTL_SECONDS);
    } catch (error) {
      this.log.debug({ err: error }, 'session cache: not kept, redis did not answer');
    }
  }

  /** Bumps the generations: every entry read under the old ones stops counting at once, in every process. */
  async forget(change: { sessionIds: string[]; userIds: number[] }): Promise<void> {
    if (!change.sessionIds.length && !change.userIds.length) return;
    const keys = [...change.sessionIds.map(sessionGenKey), ...change.userIds.map(userGenKey)];
    const multi = this.redis.multi();
    for (const key of keys) multi.incr(key).expire(key, GENERATION_TTL_SECONDS);
    for (const id of change.sessionIds) multi.del(valueKey(id));
    try {
      await multi.exec();
    } catch (error) {
      // PostgreSQL has the change; entries read before it lapse within VALUE_TTL_SECONDS (and this process reads none).
      this.distrust();
      this.log.error({ err: error, keys }, 'session cache: could not forget changed sessions in redis');
    }
  }
}

/* The caches each database handle reports its changes to, and the changes an open transaction holds until it commits. */
const cachesOf = new WeakMap<object, Set<SessionCache>>();
const heldBy = new WeakMap<object, { sessionIds: string[]; userIds: number[] }>();

async function report(db: object, change: { sessionIds: string[]; userIds: number[] }) {
  const caches = cachesOf.get(db);
  if (caches) await Promise.all([...caches].map((cache) => cache.forget(change)));
}

/** What `tx` (and any savepoint opened in it) reports is held in `held` until the outermost transaction commits. */
function hold(tx: { transaction: Db['transaction'] }, held: { sessionIds: string[]; userIds: number[] }) {
  heldBy.set(tx, held);
  const nested = tx.transaction.bind(tx);
  tx.transaction = ((run: (inner: never) => Promise<unknown>, config?: unknown) =>
    nested(async (inner) => {
      hold(inner, held);
      return run(inner as never);
    }, config as never)) as Db['transaction'];
}

/**
 * Makes `db` report its changes to `cache` (one app instance's); answers the undo for the app's close. Wraps
 * `db.transaction` once so what a transaction changed is reported after it commits (and not at all if it rolls back).
 */
export function attachSessionCache(db: Db, cache: SessionCache): () => void {
  let caches = cachesOf.get(db);
  if (!caches) {
    caches = new Set();
    cachesOf.set(db, caches);
    const transaction = db.transaction.bind(db);
    db.transaction = (async (run: (tx: never) => Promise<unknown>, config?: unknown) => {
      const held = { sessionIds: [] as string[], userIds: [] as number[] };
      const result = await transaction(async (tx) => {
        hold(tx, held);
        return run(tx as never);
      }, config as never);
      await report(db, held);
      return result;
    }) as Db['transaction'];
  }
  caches.add(cache);
  return () => caches.delete(cache);
}

/** After a write to `sessions`: the check's kept answer for these sessions is forgotten (after the commit). */
export async function sessionChanged(db: DbOrTx, sessionId: string): Promise<void> {
  const held = heldBy.get(db);
  if (held) held.sessionIds.push(sessionId);
  else await report(db, { sessionIds: [sessionId], userIds: [] });
}

/** After a write to a `users` row (or to all of a user's sessions): every kept check of that user is forgotten (after the commit). */
export async function userChanged(db: DbOrTx, userId: number): Promise<void> {
  const held = heldBy.get(db);
  if (held) held.userIds.push(userId);
  else await report(db, { sessionIds: [], userIds: [userId] });
}
