import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** A new Standard Webhooks signing secret. */
export const newSecret = () => 'whsec_' + randomBytes(24).toString('base64');

/**
 * The `webhook-*` headers of one message, signed with every secret given (during a rotation
 * both the new and the previous secret sign; receivers accept either).
 */
export function signedHeaders(msgId: string, timestamp: Date, body: string, secrets: string[]): Record<string, string> {
  const signatures = secrets.map((s) => new Webhook(s).sign(msgId, timestamp, body));
  return {
    'content-type': 'application/json',
    'user-agent': 'TariffDesk-Webhooks/1.0',
    'webhook-id': msgId,
    'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
    'webhook-signature': signatures.join(' '),
  };
}
