import BetterSqlite3 from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DB_FILE } from '../../node/db/database.js';

export interface ClientOptions {
  apiUrl: string;
  account?: string | undefined;
  key?: string | undefined;
  dataDir: string;
}

/** The default account's test key, read from a host's data folder (read-only; the host may be running). */
function credentialsFrom(dataDir: string): { account: string; key: string } {
  const file = join(dataDir, DB_FILE);
  if (!existsSync(file)) throw new Error(`no database in ${dataDir}; pass --account and --key`);
  const db = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
  try {
    const row = db
      .prepare('SELECT account_id, key FROM api_keys WHERE live_mode = 0 AND revoked_at IS NULL ORDER BY rowid LIMIT 1')
      .get() as { account_id: string; key: string } | undefined;
    if (!row) throw new Error('no active test key in that data folder');
    return { account: row.account_id, key: row.key };
  } finally {
    db.close();
  }
}

/** A small client of a running host's API for the command line (listen, trigger). */
export async function connectClient(o: ClientOptions) {
  const cred = o.account && o.key ? { account: o.account, key: o.key } : credentialsFrom(o.dataDir);
  const login = await fetch(`${o.apiUrl}/login`, {
    headers: { authorization: 'Basic ' + Buffer.from(`${cred.account}:${cred.key}`).toString('base64') },
  });
  const body = (await login.json()) as { bearer_token?: string; message?: string };
  if (!login.ok || !body.bearer_token) throw new Error(`login failed: ${body.message ?? login.status}`);
  const auth = `Bearer ${body.bearer_token}`;
  return async function api<T = any>(method: string, path: string, payload?: unknown): Promise<T> {
    const r = await fetch(o.apiUrl + path, {
      method,
      headers: { authorization: auth, 'content-type': 'application/json' },
      body: payload === undefined ? null : JSON.stringify(payload),
    });
    const out = (await r.json()) as T & { object?: string; message?: string };
    if (!r.ok) throw new Error(`${method} ${path}: ${out.message ?? r.status}`);
    return out;
  };
}
