import { constants, randomBytes, sign, timingSafeEqual, verify, type KeyObject } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { API_VERSION, API_VERSION_HEADER, PROFILES, type WireProfile } from '../../engine/wire-profile.js';
import { VERSION_SPELLINGS, generationOf } from '../../engine/versions.js';
import {
  PS256_HEADERS,
  PS256_SIGNATURE_VERSION,
  SIGNATURE_TOLERANCE_SECONDS,
  ps256SignedContent,
} from '../../engine/webhooks/signature.js';

/** The scheme an account's messages are signed with now. */
export const schemeOf = (profile: WireProfile) => PROFILES[profile].signature;

/** A new Standard Webhooks signing secret. */
export const newSecret = () => 'whsec_' + randomBytes(24).toString('base64');

const COMMON = { 'content-type': 'application/json', 'user-agent': 'TariffDesk-Webhooks/1.0' };

/**
 * The `webhook-*` headers of one message, signed with every secret given (during a rotation
 * both the new and the previous secret sign; receivers accept either), and the API version the
 * event was written in (`Flatpeak-Version`, outside the signed content).
 */
export function signedHeaders(
  msgId: string,
  timestamp: Date,
  body: string,
  secrets: string[],
  version: string = API_VERSION,
): Record<string, string> {
  const signatures = secrets.map((s) => new Webhook(s).sign(msgId, timestamp, body));
  return {
    ...COMMON,
    'webhook-id': msgId,
    'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
    'webhook-signature': signatures.join(' '),
    [API_VERSION_HEADER]: version,
  };
}

/** RSASSA-PSS with SHA-256, MGF1-SHA-256 and a 32-byte salt: JOSE's PS256. */
const PSS = { padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 } as const;

/**
 * The `Flatpeak-*` headers of one message (the `published` profile): a PS256 signature of
 * `"{timestamp}.{body}"` by the key `kid` names, base64url without padding, and the API version
 * the event was written in.
 */
export function ps256Headers(
  timestamp: Date,
  body: string,
  key: { kid: string; privateKey: KeyObject },
  version: string = API_VERSION,
) {
  const ts = String(Math.floor(timestamp.getTime() / 1000));
  const signature = sign('sha256', Buffer.from(ps256SignedContent(ts, body)), { key: key.privateKey, ...PSS });
  return {
    ...COMMON,
    [PS256_HEADERS.signature]: `${PS256_SIGNATURE_VERSION}=${signature.toString('base64url')}`,
    [PS256_HEADERS.scheme]: PS256_SIGNATURE_VERSION,
    [PS256_HEADERS.timestamp]: ts,
    [PS256_HEADERS.keyId]: key.kid,
    [PS256_HEADERS.version]: version,
  };
}

/** What a check of one signature found: whether it passed, the reason it did not, and the whole story in words. */
export interface Verification {
  valid: boolean;
  error: string | null;
  explanation: string;
}

const header = (h: Readonly<Record<string, string>>, name: string) => h[name]?.trim() ?? '';

/**
 * Checks a PS256-signed message, step by step, as a receiver would: scheme version, timestamp
 * within five minutes of `nowMs`, a published key by `Flatpeak-Key-ID`, and the signature
 * over `"{timestamp}.{raw body}"`.
 */
export function verifyPs256(
  headers: Readonly<Record<string, string>>,
  body: string,
  keyOf: (kid: string) => { key: KeyObject; current: boolean } | undefined,
  nowMs: number,
): Verification {
  const steps: string[] = [];
  const fail = (error: string): Verification => ({
    valid: false,
    error,
    explanation: ['PS256 (Flatpeak-Signature):', ...steps, `FAILED: ${error}`].join(' '),
  });
  const scheme = header(headers, PS256_HEADERS.scheme);
  if (scheme !== PS256_SIGNATURE_VERSION)
    return fail(
      scheme
        ? `Flatpeak-Signature-Scheme is "${scheme}"; only "${PS256_SIGNATURE_VERSION}" is known.`
        : 'Flatpeak-Signature-Scheme header is missing.',
    );
  steps.push(`scheme ${scheme};`);
  const ts = header(headers, PS256_HEADERS.timestamp);
  if (!/^\d{1,12}$/.test(ts)) return fail(`Flatpeak-Timestamp "${ts}" is not Unix seconds.`);
  const age = Math.round(nowMs / 1000 - Number(ts));
  if (Math.abs(age) > SIGNATURE_TOLERANCE_SECONDS)
    return fail(
      `timestamp ${ts} is ${Math.abs(age)} s ${age > 0 ? 'old' : 'in the future'}, beyond the ${SIGNATURE_TOLERANCE_SECONDS / 60} minutes allowed: refused as a possible replay.`,
    );
  steps.push(`timestamp ${ts} is ${age} s old (within ${SIGNATURE_TOLERANCE_SECONDS / 60} min);`);
  const kid = header(headers, PS256_HEADERS.keyId);
  if (!kid) return fail('Flatpeak-Key-ID header is missing, so no key can be chosen.');
  const key = keyOf(kid);
  if (!key)
    return fail(
      `key ${kid} is not in /jwks.json (unknown to this service, or replaced more than 24 h ago), so the signature cannot be checked.`,
    );
  steps.push(
    `key ${kid} is in /jwks.json (${key.current ? 'the current key' : 'the previous key, in its 24 h grace'});`,
  );
  const sigs = header(headers, PS256_HEADERS.signature)
    .split(/[\s,]+/)
    .filter((s) => s.startsWith(`${PS256_SIGNATURE_VERSION}=`))
    .map((s) => s.slice(PS256_SIGNATURE_VERSION.length + 1));
  if (sigs.length === 0) return fail(`Flatpeak-Signature carries no "${PS256_SIGNATURE_VERSION}=" signature.`);
  const content = Buffer.from(ps256SignedContent(ts, body));
  const ok = sigs.some((s) => verify('sha256', content, { key: key.key, ...PSS }, Buffer.from(s, 'base64url')));
  const what = `RSA-PSS SHA-256 signature over "{timestamp}.{raw body}" (${content.length} bytes)`;
  if (!ok)
    return fail(
      `the ${what} does not verify with key ${kid}: the body or timestamp was changed after signing, or another key signed it.`,
    );
  steps.push(`the ${what} verifies.`);
  const version = header(headers, PS256_HEADERS.version);
  if (version && !generationOf(version))
    steps.push(`(Flatpeak-Version ${version} is none of ${VERSION_SPELLINGS.join(', ')}.)`);
  return { valid: true, error: null, explanation: ['PS256 (Flatpeak-Signature):', ...steps].join(' ') };
}

/**
 * Checks a Standard Webhooks message with the library receivers use, against each secret that
 * signs now (the current one, and the previous one during a rotation).
 */
/**
 * The library's check with the timestamp judged against `now`: it signs the message's id,
 * timestamp and body itself and compares, so the scheme stays the library's.
 */
function verifyAt(secret: string, headers: Readonly<Record<string, string>>, body: string, now: number): void {
  const id = headers['webhook-id'];
  const ts = headers['webhook-timestamp'];
  const sigs = headers['webhook-signature'];
  if (!id || !ts || !sigs) throw new Error('Missing required headers');
  const seconds = Number(ts);
  if (!/^\d+$/.test(ts)) throw new Error('Invalid Signature Headers');
  if (Math.abs(now / 1000 - seconds) > SIGNATURE_TOLERANCE_SECONDS) throw new Error('Message timestamp too old');
  const expected = new Webhook(secret).sign(id, new Date(seconds * 1000), body).split(',')[1]!;
  const ok = sigs.split(' ').some((s) => {
    const [v, sig] = s.split(',');
    return (
      v === 'v1' && !!sig && sig.length === expected.length && timingSafeEqual(Buffer.from(sig), Buffer.from(expected))
    );
  });
  if (!ok) throw new Error('No matching signature found');
}

export function verifyStandard(
  headers: Readonly<Record<string, string>>,
  body: string,
  secrets: { secret: string; label: string }[],
  /** Now, epoch ms, by the receiver's clock: real time, which signatures are dated by. */
  now: number,
): Verification {
  const what = 'HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{raw body}"';
  let error = 'the endpoint has no secret';
  for (const { secret, label } of secrets) {
    try {
      verifyAt(secret, headers, body, now);
      return {
        valid: true,
        error: null,
        explanation: `Standard Webhooks (webhook-signature): webhook-id ${headers['webhook-id']}; timestamp within ${SIGNATURE_TOLERANCE_SECONDS / 60} min; the ${what} matches the endpoint's ${label}.`,
      };
    } catch (err) {
      error = (err as Error).message;
    }
  }
  const tried = secrets.map((s) => s.label).join(' and ');
  const hint = /timestamp/i.test(error)
    ? `webhook-timestamp ${headers['webhook-timestamp'] ?? '(none)'} is more than ${SIGNATURE_TOLERANCE_SECONDS / 60} minutes from now: refused as a possible replay.`
    : /headers/i.test(error)
      ? 'webhook-id, webhook-timestamp and webhook-signature must all be present.'
      : `no v1 signature in webhook-signature matches the ${what} with the endpoint's ${tried}: the body, id or timestamp was changed after signing, or another secret signed it.`;
  return {
    valid: false,
    error,
    explanation: `Standard Webhooks (webhook-signature): FAILED: ${error}. ${hint}`,
  };
}
