import { z } from 'zod';
import { Timestamp } from '../schemas/common.js';
import type { SignatureScheme } from '../wire-profile.js';

/**
 * The two webhook signature schemes, as both the service and its clients (the catcher, the
 * admin app, `tariff-desk listen`) see them. docs/webhooks.md, Signing.
 */

/** Standard Webhooks headers (`spec` profile). */
export const STANDARD_HEADERS = {
  id: 'webhook-id',
  timestamp: 'webhook-timestamp',
  signature: 'webhook-signature',
} as const;

/** PS256 headers (`published` profile), lower case as HTTP/2 and Node's fetch send them. */
export const PS256_HEADERS = {
  signature: 'flatpeak-signature',
  scheme: 'flatpeak-signature-scheme',
  timestamp: 'flatpeak-timestamp',
  keyId: 'flatpeak-key-id',
  version: 'flatpeak-version',
} as const;

/** The one version of the PS256 signature header format (`Flatpeak-Signature-Scheme`, and the `v1=` prefix). */
export const PS256_SIGNATURE_VERSION = 'v1';

/** How far a signed timestamp may be from the receiver's clock, either scheme. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** The bytes a PS256 signature covers: the timestamp header, a dot, and the raw body exactly as sent. */
export const ps256SignedContent = (timestamp: string, body: string) => `${timestamp}.${body}`;

/** Which scheme a request's headers carry (names lower case), or null when neither. PS256 wins when both are present. */
export function schemeOfHeaders(headers: Readonly<Record<string, unknown>>): SignatureScheme | null {
  if (headers[PS256_HEADERS.signature] !== undefined) return 'ps256';
  if (headers[STANDARD_HEADERS.signature] !== undefined) return 'standard-webhooks';
  return null;
}

/** Whether a header belongs to a signature scheme (the admin app shows these beside a caught body). */
export const isSignatureHeader = (name: string) => name.startsWith('webhook-') || name.startsWith('flatpeak-');

/** A public signing key as published in `GET /jwks.json` (RFC 7517). */
export const Jwk = z
  .object({
    kty: z.literal('RSA'),
    n: z.string().meta({ description: 'Modulus, base64url.' }),
    e: z.string().meta({ description: 'Public exponent, base64url.' }),
    kid: z
      .string()
      .meta({ description: 'RFC 7638 thumbprint of the key (SHA-256, base64url); Flatpeak-Key-ID names it.' }),
    alg: z.literal('PS256'),
    use: z.literal('sig'),
  })
  .meta({ id: 'Jwk' });
export type Jwk = z.infer<typeof Jwk>;

export const Jwks = z
  .object({
    keys: z.array(Jwk).meta({ description: 'The current key first, then any previous key in its 24 h grace.' }),
  })
  .meta({ id: 'Jwks' });
export type Jwks = z.infer<typeof Jwks>;

/** The install's webhook signing keys, for its administrators (no private parts). */
export const SigningKeyList = z
  .object({
    object: z.literal('webhook_signing_keys'),
    current_kid: z.string(),
    keys: z.array(
      z.object({
        kid: z.string(),
        status: z.enum(['current', 'previous']),
        time_created: Timestamp,
        expires_at: Timestamp.nullable().meta({
          description: 'When a previous key leaves /jwks.json; null for the current key.',
        }),
      }),
    ),
  })
  .meta({ id: 'WebhookSigningKeys' });
export type SigningKeyList = z.infer<typeof SigningKeyList>;
