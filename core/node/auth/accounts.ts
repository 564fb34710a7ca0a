import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/database.js';
import type { Scope } from '../db/documents.js';
import type { Clock } from '../../engine/clock.js';
import type { IdGenerator } from '../../engine/ids.js';
import { Codes, unauthenticated } from '../../engine/errors.js';
import { BasicCredentials, BearerToken } from './headers.js';
import { ByteLru } from '../cache.js';
import { isoSeconds } from '../../engine/clock.js';

export interface AccountRecord {
  id: string;
  name: string;
  token_ttl_seconds: number;
  time_created: string;
}
export interface ApiKeyRecord {
  key: string;
  account_id: string;
  live_mode: boolean;
  time_created: string;
  revoked_at: string | null;
}
export interface Credentials {
  account_id: string;
  test_key: string;
  live_key: string;
}

const secret = (n: number) => randomBytes(n).toString('base64url').replace(/[-_]/g, '').slice(0, n);
const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Accounts, API keys and bearer tokens (docs/api.md, Authentication). */
export class Accounts {
  /** Bearer tokens already checked, by their header: revocation evicts them, expiry is checked on use. */
  private readonly bearers = new ByteLru<string, { scope: Scope; expiresAt: number; apiKey: string }>(
    4 * 1024 * 1024,
    (_v, k) => 2 * k.length + 160,
  );
  private readonly bearerRow;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly defaultTokenTtl: number,
    /** Real time (the computer's, or the tests' injected one), which alone may delete a bearer. */
    private readonly realNow: () => number = () => clock.now().getTime(),
  ) {
    this.bearerRow = db.prepare(
      'SELECT account_id, live_mode, expires_at, api_key FROM bearer_tokens WHERE token_hash = ?',
    );
  }

  list(): AccountRecord[] {
    return this.db.prepare('SELECT * FROM accounts ORDER BY rowid').all() as AccountRecord[];
  }

  get(id: string): AccountRecord | undefined {
    return this.db.prepare('SELECT * FROM accounts WHERE id = ?').get(id) as AccountRecord | undefined;
  }

  /** A new account with one test and one live key. */
  create(name: string): Credentials {
    const id = this.ids('acc');
    const now = isoSeconds(this.clock.now());
    return this.db.transaction(() => {
      this.db
        .prepare('INSERT INTO accounts (id, name, token_ttl_seconds, time_created) VALUES (?, ?, ?, ?)')
        .run(id, name, this.defaultTokenTtl, now);
      const test_key = this.createKey(id, false);
      const live_key = this.createKey(id, true);
      return { account_id: id, test_key, live_key };
    })();
  }

  /** The first account with its first active keys, created on a first start. */
  ensureDefault(): Credentials {
    const first = this.list()[0];
    if (!first) return this.create('Default account');
    const keys = this.keys(first.id).filter((k) => !k.revoked_at);
    const test = keys.find((k) => !k.live_mode)?.key ?? this.createKey(first.id, false);
    const live = keys.find((k) => k.live_mode)?.key ?? this.createKey(first.id, true);
    return { account_id: first.id, test_key: test, live_key: live };
  }

  keys(accountId: string): ApiKeyRecord[] {
    return (
      this.db.prepare('SELECT * FROM api_keys WHERE account_id = ? ORDER BY rowid').all(accountId) as (Omit<
        ApiKeyRecord,
        'live_mode'
      > & { live_mode: number })[]
    ).map((k) => ({ ...k, live_mode: k.live_mode === 1 }));
  }

  createKey(accountId: string, liveMode: boolean): string {
    const key = `${liveMode ? 'sk_live' : 'sk_test'}_${secret(32)}`;
    this.db
      .prepare('INSERT INTO api_keys (key, account_id, live_mode, time_created) VALUES (?, ?, ?, ?)')
      .run(key, accountId, liveMode ? 1 : 0, isoSeconds(this.clock.now()));
    return key;
  }

  /** Revoking a key also ends every bearer token issued for it. */
  revokeKey(key: string): boolean {
    return this.db.transaction(() => {
      const changed = this.db
        .prepare('UPDATE api_keys SET revoked_at = ? WHERE key = ? AND revoked_at IS NULL')
        .run(isoSeconds(this.clock.now()), key).changes;
      this.db.prepare('DELETE FROM bearer_tokens WHERE api_key = ?').run(key);
      this.bearers.deleteWhere((b) => b.apiKey === key);
      return changed === 1;
    })();
  }

  setTokenTtl(accountId: string, seconds: number): void {
    this.db.prepare('UPDATE accounts SET token_ttl_seconds = ? WHERE id = ?').run(seconds, accountId);
  }

  /** `GET /login`: Basic `account_id:api_key` → a bearer token. The key's prefix decides the mode. */
  login(authorization: string | undefined): { bearer_token: string; expires_in: number; live_mode: boolean } {
    if (!authorization)
      throw unauthenticated(Codes.credentialsMissing, 'Send Authorization: Basic base64(account_id:api_key).');
    const creds = BasicCredentials.safeParse(authorization);
    if (!creds.success)
      throw unauthenticated(Codes.credentialsMalformed, `The Authorization header ${creds.error.issues[0]!.message}.`);
    const { account_id: accountId, api_key: key } = creds.data;
    const liveMode = key.startsWith('sk_live_');
    const row = this.db
      .prepare(
        'SELECT k.live_mode, k.revoked_at, a.token_ttl_seconds FROM api_keys k JOIN accounts a ON a.id = k.account_id WHERE k.key = ? AND k.account_id = ?',
      )
      .get(key, accountId) as { live_mode: number; revoked_at: string | null; token_ttl_seconds: number } | undefined;
    if (!row || row.revoked_at || (row.live_mode === 1) !== liveMode) {
      throw unauthenticated(Codes.credentialsInvalid, 'The account id and API key do not match an active key.');
    }
    const token = `tdb_${secret(40)}`;
    const now = this.clock.now().getTime();
    this.db.transaction(() => {
      // Service time may expire a bearer (it answers token_expired while the clock is ahead), but
      // only a bearer expired in real time too is deleted: back at real time, the others work again.
      this.db.prepare('DELETE FROM bearer_tokens WHERE expires_at < ?').run(Math.min(now, this.realNow()));
      this.db
        .prepare(
          'INSERT INTO bearer_tokens (token_hash, account_id, api_key, live_mode, expires_at) VALUES (?, ?, ?, ?, ?)',
        )
        .run(hash(token), accountId, key, row.live_mode, now + row.token_ttl_seconds * 1000);
    })();
    return { bearer_token: token, expires_in: row.token_ttl_seconds, live_mode: liveMode };
  }

  /** Resolves `Authorization: Bearer …` to the account and mode it acts in. */
  authenticate(authorization: string | undefined): Scope {
    if (!authorization)
      throw unauthenticated(Codes.tokenMissing, 'Send Authorization: Bearer <token> from GET /login.');
    const known = this.bearers.get(authorization);
    if (known) {
      if (known.expiresAt <= this.clock.now().getTime()) {
        this.bearers.delete(authorization);
        throw unauthenticated(Codes.tokenExpired, 'The bearer token has expired; log in again.');
      }
      return known.scope;
    }
    const token = BearerToken.safeParse(authorization);
    if (!token.success)
      throw unauthenticated(Codes.tokenMalformed, `The Authorization header ${token.error.issues[0]!.message}.`);
    const row = this.bearerRow.get(hash(token.data)) as
      { account_id: string; live_mode: number; expires_at: number; api_key: string } | undefined;
    if (!row) throw unauthenticated(Codes.tokenInvalid, 'The bearer token is unknown or was revoked.');
    if (row.expires_at <= this.clock.now().getTime())
      throw unauthenticated(Codes.tokenExpired, 'The bearer token has expired; log in again.');
    const scope = { accountId: row.account_id, liveMode: row.live_mode === 1 };
    this.bearers.set(authorization, { scope, expiresAt: row.expires_at, apiKey: row.api_key });
    return scope;
  }
}
