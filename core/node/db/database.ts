import BetterSqlite3 from 'better-sqlite3';
import { closeSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { migrations } from './migrations.js';
import { PRIVATE_FILE_MODE, privateFiles, secureDataFolder } from './data-folder.js';

/**
 * The database, and a counter that moves on every write, so caches of what was read can tell
 * when they are stale without asking SQL. Writes by other processes (the command line working
 * on the same folder) are seen through `PRAGMA data_version`, polled at most every `pollMs`.
 */
export type Db = BetterSqlite3.Database & { readonly writes: WriteVersion };

export interface WriteVersion {
  /** Changes whenever anything may have been written, by this connection or another. */
  current(): number;
  pollMs: number;
}

const WRITE = /^\s*(INSERT|UPDATE|DELETE|REPLACE)\b/i;

function trackWrites(db: BetterSqlite3.Database): Db {
  let local = 0;
  let external = 0;
  let checkedAt = 0;
  const dataVersion = db.prepare('PRAGMA data_version').pluck();
  const writes: WriteVersion = {
    pollMs: 250,
    current() {
      const now = Date.now();
      if (now - checkedAt >= writes.pollMs) {
        checkedAt = now;
        external = dataVersion.get() as number;
      }
      return local * 1_000_003 + external;
    },
  };
  const prepare = db.prepare.bind(db);
  (db as { prepare: typeof db.prepare }).prepare = ((sql: string) => {
    const st = prepare(sql);
    if (WRITE.test(sql)) {
      const run = st.run.bind(st);
      st.run = (...args: unknown[]) => {
        local++;
        return run(...args);
      };
    }
    return st;
  }) as typeof db.prepare;
  const exec = db.exec.bind(db);
  (db as { exec: typeof db.exec }).exec = (sql: string) => {
    local++;
    return exec(sql);
  };
  return Object.assign(db, { writes });
}

export const DB_FILE = 'tariff-desk.sqlite';

/**
 * A new database file is made owner-only before SQLite opens it: the -wal and -shm files SQLite
 * creates copy its mode. An existing one is not opened here: closing a second descriptor of a
 * file would drop the locks SQLite holds on it in this process.
 */
function createPrivate(file: string): void {
  try {
    closeSync(openSync(file, 'wx', PRIVATE_FILE_MODE));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
}

/** Opens (creating when needed) the service database in `dataDir`, in WAL mode, migrated. */
export function openDatabase(dataDir: string | ':memory:'): Db {
  let db: BetterSqlite3.Database;
  if (dataDir === ':memory:') db = new BetterSqlite3(':memory:');
  else {
    secureDataFolder(dataDir);
    createPrivate(join(dataDir, DB_FILE));
    db = new BetterSqlite3(join(dataDir, DB_FILE));
  }
  db.pragma('journal_mode = WAL');
  // NORMAL keeps every committed transaction across a process crash (only power loss may drop the last).
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  if (dataDir !== ':memory:') privateFiles(dataDir, [DB_FILE, `${DB_FILE}-wal`, `${DB_FILE}-shm`]);
  return trackWrites(db);
}

export function migrate(db: BetterSqlite3.Database): number {
  const current = db.pragma('user_version', { simple: true }) as number;
  for (const m of migrations) {
    if (m.version <= current) continue;
    db.transaction(() => {
      db.exec(m.sql);
      db.pragma(`user_version = ${m.version}`);
    })();
  }
  return db.pragma('user_version', { simple: true }) as number;
}

/**
 * A read-only connection to an existing service database, for a worker thread: WAL lets it read
 * while the writer on the main thread writes. It never migrates or writes; it sees every commit
 * at once (`writes` polls `data_version` on every look), as its caches must not lag the writer.
 */
export function openReadOnly(dataDir: string): Db {
  const db = new BetterSqlite3(join(dataDir, DB_FILE), { readonly: true, fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  const tracked = trackWrites(db);
  tracked.writes.pollMs = 0;
  return tracked;
}
