import { z } from 'zod';
import { idOf } from '../schemas/common.js';

/**
 * The receiver check (docs/webhooks.md, Checking a receiver): the messages it sends, in the
 * order it sends them, and the answer each expects. `timely` sends nothing of its own: it
 * judges how fast the others were answered.
 */
export const CHECK_NAMES = [
  'signed',
  'bad_signature',
  'no_signature',
  'stale_timestamp',
  'future_timestamp',
  'tampered_body',
  'duplicate',
  'unknown_type',
  'timely',
] as const;
export const CheckName = z.enum(CHECK_NAMES).meta({ id: 'WebhookCheckName' });
export type CheckName = z.infer<typeof CheckName>;

/** The answer a check wants: a 2xx, a refusal (any other status), or any answer in time. */
export const Expected = z.enum(['2xx', 'not 2xx', 'any']).meta({ id: 'WebhookCheckExpected' });
export type Expected = z.infer<typeof Expected>;

export const EXPECTED: Record<CheckName, Expected> = {
  signed: '2xx',
  bad_signature: 'not 2xx',
  no_signature: 'not 2xx',
  stale_timestamp: 'not 2xx',
  future_timestamp: 'not 2xx',
  tampered_body: 'not 2xx',
  duplicate: '2xx',
  unknown_type: '2xx',
  timely: 'any',
};

/** The event type `unknown_type` sends: no receiver can know it, as none knows the types added next year. */
export const UNKNOWN_EVENT_TYPE = 'receiver_check.unknown_type';

/** The `error` of a check whose message was not sent (the endpoint did not answer `signed`). */
export const NOT_SENT = 'not sent';

/** How far `stale_timestamp` and `future_timestamp` move the signed time: twice the five minutes a receiver allows. */
export const CHECK_SKEW_SECONDS = 600;

export const CheckResult = z
  .object({
    name: CheckName,
    passed: z.boolean(),
    expected: Expected,
    status: z.number().int().nullable().meta({ description: 'The HTTP status answered; null when none came.' }),
    error: z.string().nullable().meta({
      description: 'Why no status came (the connection error, the timeout, or that the message was not sent).',
    }),
    ms: z.number().meta({ description: 'How long the answer took; for timely, the slowest answer.' }),
    detail: z.string().meta({
      description: 'One sentence: what was sent, why it matters, and how to fix a failure.',
    }),
  })
  .meta({ id: 'WebhookCheckResult' });
export type CheckResult = z.infer<typeof CheckResult>;

/** How a message of the delivery log belongs to a receiver check (null for an event's delivery). */
export const CheckMark = z
  .object({
    id: idOf('webhookCheck', 'check_id'),
    name: CheckName,
    expected: Expected,
    passed: z.boolean(),
  })
  .meta({ id: 'WebhookCheckMark' });
export type CheckMark = z.infer<typeof CheckMark>;

/**
 * The warning a scorecard puts above the checks when the correctly signed message was not
 * accepted (the command line and the app say the same): the refused forgeries then prove
 * little. A 5xx is the receiver failing, not the signature, and is said so.
 */
export function signedNotAcceptedNote(
  checks: readonly Pick<CheckResult, 'name' | 'passed' | 'status' | 'error'>[],
): string | undefined {
  const signed = checks.find((c) => c.name === 'signed');
  if (!signed || signed.passed) return undefined;
  if (signed.status === null)
    return `The correctly signed event got no answer (${signed.error ?? 'none'}), so the other messages were not sent: start the receiver, then check again.`;
  if (signed.status >= 500)
    return `The receiver failed (${signed.status}) on the correctly signed event: the signature was fine, so leave its check as it is and fix the error behind the ${signed.status}. Until that event is accepted, the refused forgeries say little: a receiver that fails everything refuses them too.`;
  return "The correctly signed event was not accepted, so the refused forgeries say little: a receiver that refuses everything refuses them too. Check the receiver's secret and its answer to a good message first.";
}
