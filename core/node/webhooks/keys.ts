import { createHash, createPrivateKey, createPublicKey, generateKeyPair, type KeyObject } from 'node:crypto';
import { promisify } from 'node:util';
import type { Db } from '../db/database.js';
import type { Clock } from '../../engine/clock.js';
import type { Jwk, Jwks, SigningKeyList } from '../../engine/webhooks/signature.js';
import { isoSeconds } from '../../engine/clock.js';

const generate = promisify(generateKeyPair);

/** How long a replaced key stays in `/jwks.json`, so receivers holding messages it signed can still check them. */
export const KEY_GRACE_MS = 24 * 3600 * 1000;
const ALG = 'PS256';

interface KeyRow {
  kid: string;
  public_jwk: string;
  private_pem: string;
  time_created: string;
  retired_at: string | null;
  expires_at: string | null;
}

/** A key that signs: its id and private key. */
export interface SigningKey {
  kid: string;
  privateKey: KeyObject;
}

/** RFC 7638 thumbprint of an RSA public key: SHA-256 of its required members in lexicographic order, base64url. */
export function jwkThumbprint(jwk: { e: string; n: string }): string {
  return createHash('sha256')
    .update(JSON.stringify({ e: jwk.e, kty: 'RSA', n: jwk.n }))
    .digest('base64url');
}

/** A new RSA-2048 key pair, as stored. */
async function newKey(): Promise<{ kid: string; jwk: Jwk; pem: string }> {
  const { publicKey, privateKey } = await generate('rsa', { modulusLength: 2048, publicExponent: 0x10001 });
  const { n, e } = publicKey.export({ format: 'jwk' }) as { n: string; e: string };
  const kid = jwkThumbprint({ e, n });
  return {
    kid,
    jwk: { kty: 'RSA', n, e, kid, alg: ALG, use: 'sig' },
    pem: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
  };
}

/**
 * The install's PS256 webhook signing keys, kept in the database: made on first need, rotated
 * on request, the previous one published for 24 h after a rotation (by the service clock).
 */
export class SigningKeyStore {
  private readonly privateKeys = new Map<string, KeyObject>();
  private readonly publicKeys = new Map<string, KeyObject>();
  private creating: Promise<void> | undefined;
  private throwaway: Promise<KeyObject> | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  private currentRow(): KeyRow | undefined {
    return this.db.prepare('SELECT * FROM webhook_signing_keys WHERE alg = ? AND retired_at IS NULL').get(ALG) as
      KeyRow | undefined;
  }

  /** The current key and every previous key still in its grace, current first. */
  private publishedRows(): KeyRow[] {
    const now = isoSeconds(this.clock.now());
    return this.db
      .prepare(
        'SELECT * FROM webhook_signing_keys WHERE alg = ? AND (retired_at IS NULL OR expires_at > ?) ORDER BY retired_at IS NOT NULL, seq DESC',
      )
      .all(ALG, now) as KeyRow[];
  }

  /** Makes the first key when there is none (once per install; two processes on one folder agree on one). */
  async ensure(): Promise<void> {
    if (this.currentRow()) return;
    this.creating ??= (async () => {
      const k = await newKey();
      this.db
        .transaction(() => {
          if (this.currentRow()) return; // another process made one meanwhile
          this.insert(k);
        })
        .immediate();
    })().finally(() => (this.creating = undefined));
    await this.creating;
  }

  private insert(k: { kid: string; jwk: Jwk; pem: string }): void {
    this.db
      .prepare(
        'INSERT INTO webhook_signing_keys (kid, alg, public_jwk, private_pem, time_created) VALUES (?, ?, ?, ?, ?)',
      )
      .run(k.kid, ALG, JSON.stringify(k.jwk), k.pem, isoSeconds(this.clock.now()));
  }

  /** The key that signs now. */
  async current(): Promise<SigningKey> {
    await this.ensure();
    const row = this.currentRow()!;
    let privateKey = this.privateKeys.get(row.kid);
    if (!privateKey) {
      privateKey = createPrivateKey(row.private_pem);
      this.privateKeys.set(row.kid, privateKey);
    }
    return { kid: row.kid, privateKey };
  }

  /** The public keys receivers may use now: `GET /jwks.json`. */
  async jwks(): Promise<Jwks> {
    await this.ensure();
    return { keys: this.publishedRows().map((r) => JSON.parse(r.public_jwk) as Jwk) };
  }

  /** A published public key by kid, for the catcher; undefined when unknown or out of its grace. */
  publishedKey(kid: string): { key: KeyObject; current: boolean } | undefined {
    const row = this.publishedRows().find((r) => r.kid === kid);
    if (!row) return undefined;
    let key = this.publicKeys.get(kid);
    if (!key) {
      key = createPublicKey({ key: JSON.parse(row.public_jwk) as Jwk, format: 'jwk' });
      this.publicKeys.set(kid, key);
    }
    return { key, current: row.retired_at === null };
  }

  /** The keys with their dates, for administrators. */
  async list(): Promise<SigningKeyList> {
    await this.ensure();
    const rows = this.publishedRows();
    return {
      object: 'webhook_signing_keys',
      current_kid: rows[0]!.kid,
      keys: rows.map((r) => ({
        kid: r.kid,
        status: r.retired_at === null ? ('current' as const) : ('previous' as const),
        time_created: r.time_created,
        expires_at: r.expires_at,
      })),
    };
  }

  /** A new current key; the one it replaces stays published for 24 h. */
  async rotate(): Promise<SigningKeyList> {
    const k = await newKey();
    const now = this.clock.now();
    this.db
      .transaction(() => {
        this.db
          .prepare(
            'UPDATE webhook_signing_keys SET retired_at = ?, expires_at = ? WHERE alg = ? AND retired_at IS NULL',
          )
          .run(isoSeconds(now), isoSeconds(now.getTime() + KEY_GRACE_MS), ALG);
        this.insert(k);
      })
      .immediate();
    return this.list();
  }

  /** A key nobody publishes, for the wrong_signature fault (made once per process). */
  unpublishedKey(): Promise<KeyObject> {
    this.throwaway ??= generate('rsa', { modulusLength: 2048 }).then((p) => p.privateKey);
    return this.throwaway;
  }
}
