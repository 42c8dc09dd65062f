import type { TLang, TNotificationGroups } from '@portal/contract';
import type { ShownNotificationRow } from './notifications-repository';

/** How many users' notification groups one app instance keeps (the rows and the groups built of them, per language). */
export const KEPT_GROUPS_MAX = 5_000;
/** And how many notifications (rows) in all: about 1 KB each with one language read (ADR 067), so some 50 MB at most. */
export const KEPT_ROWS_MAX = 50_000;

/** The groups built of one user's rows in one language, and until when they read the same (the `new` markers). */
export interface BuiltGroups {
  groups: TNotificationGroups;
  /** Epoch ms at which a `new` marker of these groups turns off (Infinity when none will): built anew from then on. */
  until: number;
  /** The groups as the answer writes them (UTF-8 JSON), once written. */
  json?: Buffer;
}

/**
 * One user's notification rows as the database last answered them for this app instance, under the fingerprint the
 * database computed over them (`md5` of the JSON text of `latestWithUnreadSql`), and the groups built of them per
 * language. Never changed once made but for more languages being added: a request holding an entry can use it
 * after it was replaced or pushed out.
 */
export class KeptGroupsEntry {
  private readonly built: Partial<Record<TLang, BuiltGroups>> = {};
  constructor(
    readonly userId: number,
    readonly fingerprint: string,
    readonly rows: ShownNotificationRow[],
  ) {}

  /** The groups in `lang` as they read at `now`: built once per language and again after a `new` marker turned off. */
  async groups(lang: TLang, now: number, build: (rows: ShownNotificationRow[], lang: TLang, now: number) => Promise<BuiltGroups>) {
    let got = this.built[lang];
    if (!got || now >= got.until) this.built[lang] = got = await build(this.rows, lang, now);
    return got;
  }
}

/**
 * The notification groups of GET auth/user kept per app instance (ADR 067), least recently used out first. The
 * session check's statement is given the fingerprint this instance holds for the token's user and answers the rows
 * only when the database's own fingerprint of what it would show differs (one round trip either way): when they are
 * the same, nothing is sent, parsed or built. The database decides, so a notification added, read or changed by any
 * process, with or without Redis, is shown at once, and nothing has to be told to forget anything.
 */
export function createKeptGroups(max: { users: number; rows: number } = { users: KEPT_GROUPS_MAX, rows: KEPT_ROWS_MAX }) {
  const kept = new Map<number, KeptGroupsEntry>();
  let rows = 0;
  function forget(userId: number) {
    const entry = kept.get(userId);
    if (!entry) return;
    kept.delete(userId);
    rows -= entry.rows.length;
  }

  return {
    /** The entry kept for this user (made the most recently used), or undefined. */
    get(userId: number): KeptGroupsEntry | undefined {
      const entry = kept.get(userId);
      if (entry) {
        kept.delete(userId);
        kept.set(userId, entry);
      }
      return entry;
    },

    /** Keeps these rows (the database's answer for `fingerprint`) as the user's entry, pushing out the least recently used. */
    put(userId: number, fingerprint: string, shown: ShownNotificationRow[]): KeptGroupsEntry {
      const entry = new KeptGroupsEntry(userId, fingerprint, shown);
      forget(userId);
      kept.set(userId, entry);
      rows += shown.length;
      while (kept.size > 1 && (kept.size > max.users || rows > max.rows)) forget(kept.keys().next().value!);
      return entry;
    },

    /** For tests: how many users and rows are kept. */
    stats: () => ({ users: kept.size, rows }),
  };
}

export type KeptGroups = ReturnType<typeof createKeptGroups>;
