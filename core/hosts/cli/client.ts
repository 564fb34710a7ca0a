import BetterSqlite3 from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DB_FILE } from '../../node/db/database.js';
import { DEFAULT_PORTS } from '../constants.js';
import { hostApiUrl } from './host-file.js';

import { createApiClient, ServiceError, type ApiClient } from '../../engine/api/client.js';
import { CLIENT_HEADER, type OwnClient } from '../../engine/schemas/traffic.js';

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

/** A host that did not answer, said with the address tried and the option that changes it. */
export function unreachable(apiUrl: string, e: Error): Error {
  const cause = (e.cause as { code?: string } | undefined)?.code ?? e.message;
  return new Error(`no answer from ${apiUrl} (${cause}): is \`tariff-desk serve\` running there? (--api-url)`);
}

/** The typed API client of a running host, logged in with the given key or the data folder's test key. */
export async function connectClient(o: ClientOptions): Promise<ApiClient> {
  const cred = o.account && o.key ? { account: o.account, key: o.key } : credentialsFrom(o.dataDir);
  // Marked, so the Traffic page names a command's requests (and shows them by default).
  const client = createApiClient({
    baseUrl: o.apiUrl,
    credentials: { accountId: cred.account, apiKey: cred.key },
    headers: { [CLIENT_HEADER]: 'cli' satisfies OwnClient },
  });
  await client.bearer().catch((e: Error) => {
    // No answer at all (nothing listens, a wrong address): say where it looked and how to point elsewhere.
    if (!(e instanceof ServiceError)) throw unreachable(o.apiUrl, e);
    throw new Error(`login failed: ${e.message}`);
  });
  return client;
}

/** The options every command that talks to a running host takes. */
export const CLIENT_OPTIONS = {
  'api-url': { type: 'string' as const },
  'data-dir': { type: 'string' as const },
  account: { type: 'string' as const },
  key: { type: 'string' as const },
};

/** Client options from parsed command-line values (default: the local host's API and data folder). */
export function clientOptionsOf(
  v: {
    'api-url'?: string | undefined;
    'data-dir'?: string | undefined;
    account?: string | undefined;
    key?: string | undefined;
  },
  defaultDataDir: string,
): ClientOptions {
  const dataDir = resolve(v['data-dir'] ?? defaultDataDir);
  return {
    // Unless told: the host running on the data folder (it may have picked its ports), else the default port.
    apiUrl: v['api-url'] ?? hostApiUrl(dataDir) ?? `http://127.0.0.1:${DEFAULT_PORTS.api}`,
    dataDir,
    account: v.account,
    key: v.key,
  };
}
