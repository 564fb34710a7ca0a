import type { Db } from '../db/database.js';
import type { Scope } from '../db/documents.js';
import type { Clock } from '../../engine/clock.js';
import { isoSeconds } from '../../engine/clock.js';
import type { IdGenerator } from '../../engine/ids.js';
import { schemeOfHeaders } from '../../engine/webhooks/signature.js';
import type { CaughtMessage } from '../../engine/api/routes/webhooks.js';
import { verifyPs256, verifyStandard, type Verification } from './signing.js';
import type { SigningKeyStore } from './keys.js';
import type { EndpointStore } from './endpoints.js';

/** Messages the built-in catcher keeps. */
const CATCHER_KEEP = 1000;

/** What the catcher needs of the rest of the webhook service. */
export interface CatcherDeps {
  db: Db;
  /** The service clock: a caught message is dated by it, as every record is. */
  clock: Clock;
  ids: IdGenerator;
  /**
   * Real time, epoch ms: a signature's age is judged by it, as any receiver judges by its own
   * clock; signatures are made at the real time of sending, whatever the service clock says.
   */
  realNow: () => number;
  endpoints: EndpointStore;
  keys: SigningKeyStore;
}

/** The built-in receiver: records what reached it and whether its signature verifies. */
export class Catcher {
  constructor(private readonly d: CatcherDeps) {}

  /**
   * Records what the catcher received, which signature scheme it carries, and whether that
   * verifies: Standard Webhooks with the endpoint's secrets, PS256 with this service's
   * published keys by kid. The explanation says what passed and what failed.
   */
  catch(endpointId: string, headers: Record<string, string | string[] | undefined>, body: string): CaughtMessage {
    const e = this.d.endpoints.byId(endpointId);
    const flat: Record<string, string> = {};
    for (const [k, v] of Object.entries(headers)) if (v !== undefined) flat[k] = Array.isArray(v) ? v.join(', ') : v;
    const scheme = schemeOfHeaders(flat);
    const now = this.d.realNow();
    let check: Verification;
    if (!e)
      check = {
        valid: false,
        error: 'unknown endpoint',
        explanation: `No endpoint ${endpointId}: nothing to check against.`,
      };
    else if (scheme === 'ps256') check = verifyPs256(flat, body, (kid) => this.d.keys.publishedKey(kid), now);
    else if (scheme === 'standard-webhooks')
      check = verifyStandard(
        flat,
        body,
        this.d.endpoints.signingSecrets(e).map((secret, i) => ({
          secret,
          label: i === 0 ? 'current secret' : 'previous secret (in its 24 h grace)',
        })),
        now,
      );
    else
      check = {
        valid: false,
        // The library's words for this case, as the catcher has always recorded them.
        error: 'Missing required headers',
        explanation:
          'Neither webhook-signature (Standard Webhooks, spec profile) nor Flatpeak-Signature (PS256, published profile) is present.',
      };
    const msg: CaughtMessage = {
      id: this.d.ids('msg'),
      rule: e?.catcher_rule ?? null,
      endpoint_id: endpointId,
      received_at: isoSeconds(this.d.clock.now()),
      headers: flat,
      body,
      signature_valid: check.valid,
      signature_error: check.error,
      scheme,
      explanation: check.explanation,
    };
    const { db } = this.d;
    db.transaction(() => {
      db.prepare('INSERT INTO catcher_messages (endpoint_id, body) VALUES (?, ?)').run(endpointId, JSON.stringify(msg));
      // The catcher keeps the latest messages only.
      db.prepare('DELETE FROM catcher_messages WHERE seq <= (SELECT MAX(seq) FROM catcher_messages) - ?').run(
        CATCHER_KEEP,
      );
    })();
    return msg;
  }

  caught(scope: Scope, endpointId: string | undefined, limit = 50) {
    const mine = new Set(this.d.endpoints.table.all(scope).map((e) => e.id));
    const rows = this.d.db.prepare('SELECT body FROM catcher_messages ORDER BY seq DESC LIMIT 500').all() as {
      body: string;
    }[];
    return rows
      .map((r) => caughtOf(JSON.parse(r.body) as StoredCaught))
      .filter((m) => mine.has(m.endpoint_id) && (!endpointId || m.endpoint_id === endpointId))
      .slice(0, limit);
  }
}

type StoredCaught = Omit<CaughtMessage, 'scheme' | 'explanation' | 'rule'> & Partial<CaughtMessage>;

/** A stored caught message; those caught before the catcher knew two schemes were all checked as Standard Webhooks. */
function caughtOf(m: StoredCaught): CaughtMessage {
  return {
    ...m,
    rule: m.rule ?? null,
    scheme: m.scheme !== undefined ? m.scheme : schemeOfHeaders(m.headers),
    explanation:
      m.explanation ??
      (m.signature_valid
        ? 'Standard Webhooks (webhook-signature): verified.'
        : `Standard Webhooks (webhook-signature): FAILED: ${m.signature_error ?? 'unknown reason'}.`),
  };
}
