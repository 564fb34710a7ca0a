import BetterSqlite3 from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { migrations } from './migrations.js';

export type Db = BetterSqlite3.Database;

export const DB_FILE = 'tariff-desk.sqlite';

/** Opens (creating when needed) the service database in `dataDir`, in WAL mode, migrated. */
export function openDatabase(dataDir: string | ':memory:'): Db {
  let db: Db;
  if (dataDir === ':memory:') db = new BetterSqlite3(':memory:');
  else {
    mkdirSync(dataDir, { recursive: true });
    db = new BetterSqlite3(join(dataDir, DB_FILE));
  }
  db.pragma('journal_mode = WAL');
  // NORMAL keeps every committed transaction across a process crash (only power loss may drop the last).
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return db;
}

export function migrate(db: Db): number {
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
