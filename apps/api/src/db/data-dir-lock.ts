import { closeSync, linkSync, openSync, readFileSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/** Who holds the embedded database: written into the lock file as JSON. */
interface Holder {
  pid: number;
  /** What the process is, for the message another one reads: "the portal server", "create-admin". */
  command: string;
  since: string;
}

/** The embedded database is held by another running process: the message says which and what to do. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: Holder,
    readonly lockFile: string,
  ) {
    super(
      `${holder.command} (pid ${holder.pid}, since ${holder.since}) is running on the data folder ${dataDir}: ` +
        'its embedded database allows one process at a time. Stop it first, then run this again ' +
        `(or use PostgreSQL with DATABASE_URL). If no such process runs, delete ${lockFile}.`,
    );
    this.name = 'DataDirLockedError';
  }
}

/** The lock file beside the embedded database's folder (DATA_DIR/pgdata). */
export const lockFileOf = (dataDir: string) => join(dataDir, 'pgdata.lock');

const isRunning = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

function readHolder(file: string): Holder | null {
  try {
    const value = JSON.parse(readFileSync(file, 'utf8')) as Partial<Holder>;
    return Number.isInteger(value.pid) && (value.pid ?? 0) > 0
      ? { pid: value.pid!, command: String(value.command ?? 'a process'), since: String(value.since ?? '?') }
      : null;
  } catch {
    return null;
  }
}

const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Takes the embedded database of `dataDir` for this process: PGlite has no lock of its own, and two processes
 * writing one folder corrupt it. The file DATA_DIR/pgdata.lock is created exclusively with this process's pid;
 * while it names a running process, another server or create-admin is refused with DataDirLockedError. A lock
 * left by a process that no longer runs (killed, crashed) is stale: it is moved aside (a rename, which only one
 * of several racing processes wins) and taken. Returns the release, also run when the process exits.
 */
export function lockDataDir(dataDir: string, command: string): () => void {
  const file = lockFileOf(dataDir);
  const mine: Holder = { pid: process.pid, command, since: new Date().toISOString() };
  for (let attempt = 0; attempt < 50; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      try {
        writeSync(fd, JSON.stringify(mine));
      } finally {
        closeSync(fd);
      }
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off('exit', release);
        if (readHolder(file)?.pid === process.pid) unlinkSync(file);
      };
      process.on('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readHolder(file);
    if (holder && holder.pid !== process.pid && isRunning(holder.pid)) throw new DataDirLockedError(dataDir, holder, file);
    if (!holder) {
      // Empty or unreadable: another process may be writing it this very moment; give it a second.
      const age = (() => {
        try {
          return Date.now() - statSync(file).mtimeMs;
        } catch {
          return 0;
        }
      })();
      if (age < 1000) {
        pause(50);
        continue;
      }
    }
    const aside = `${file}.stale-${process.pid}`;
    try {
      renameSync(file, aside);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    const moved = readHolder(aside);
    if (moved && moved.pid !== holder?.pid && isRunning(moved.pid)) {
      // Between our read and the rename another process took the stale lock over: put its lock back.
      try {
        linkSync(aside, file);
      } catch {
        // a third process made one meanwhile; its own checks hold
      }
    }
    unlinkSync(aside);
  }
  throw new Error(`could not take the lock ${file}`);
}
