import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { loginThrottle } from '../../db/schema';

/** Tries allowed before the first wait; then each try waits a growing delay. */
export const LOGIN_FREE_TRIES = 5;
/** The first wait (seconds), doubled for every further try, never more than LOGIN_MAX_DELAY_SECONDS. */
export const LOGIN_FIRST_DELAY_SECONDS = 30;
export const LOGIN_MAX_DELAY_SECONDS = 15 * 60;
/** Tries older than this are forgotten. */
export const LOGIN_FORGET_SECONDS = 3600;

export const loginThrottleRepository = {
  /**
   * Spends one sign-in try for a phone number in one statement, before the password is checked:
   * refused (undefined) while the number waits; the try that reaches LOGIN_FREE_TRIES and every later
   * one sets the next wait. Simultaneous tries are counted one at a time by PostgreSQL's row lock.
   */
  async spendTry(db: DbOrTx, phone: string): Promise<number | undefined> {
    const next = sql`case when ${loginThrottle.updatedAt} < now() - make_interval(secs => ${LOGIN_FORGET_SECONDS}) then 1 else ${loginThrottle.failures} + 1 end`;
    const rows = await db
      .insert(loginThrottle)
      .values({ phoneNumber: phone, failures: 1 })
      .onConflictDoUpdate({
        target: loginThrottle.phoneNumber,
        set: {
          failures: next,
          lockedUntil: sql`case when ${next} >= ${LOGIN_FREE_TRIES}
            then now() + make_interval(secs => least(${LOGIN_MAX_DELAY_SECONDS}, ${LOGIN_FIRST_DELAY_SECONDS} * power(2, ${next} - ${LOGIN_FREE_TRIES}))::double precision)
            else null end`,
          updatedAt: sql`now()`,
        },
        setWhere: sql`${loginThrottle.lockedUntil} is null or ${loginThrottle.lockedUntil} <= now()`,
      })
      .returning({ tries: loginThrottle.failures });
    return rows[0]?.tries;
  },

  /** Seconds the number still waits (at least 1). */
  async waitSeconds(db: DbOrTx, phone: string): Promise<number> {
    const [row] = await db
      .select({ s: sql<number>`ceil(extract(epoch from (${loginThrottle.lockedUntil} - now())))::int` })
      .from(loginThrottle)
      .where(eq(loginThrottle.phoneNumber, phone));
    return Math.max(1, Number(row?.s ?? 1));
  },

  /** A right password or a password reset clears the number's tries and any wait. */
  async clear(db: DbOrTx, phone: string): Promise<void> {
    await db.delete(loginThrottle).where(eq(loginThrottle.phoneNumber, phone));
  },
};
