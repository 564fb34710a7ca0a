import type { SignatureScheme } from '../../engine/wire-profile.js';
import { UNKNOWN_EVENT_TYPE, type CheckName } from '../../engine/webhooks/check.js';

/** What one message of a receiver check got back. */
export interface Answer {
  status: number | null;
  error: string | null;
  ms: number;
  /** No answer within the delivery timeout. */
  timedOut: boolean;
}

/** The scheme's own names for what a receiver checks, so every sentence speaks its headers. */
function termsOf(scheme: SignatureScheme) {
  return scheme === 'ps256'
    ? {
        signed: 'signed PS256 with the current key in /jwks.json',
        forged: 'signed with a key /jwks.json does not publish (under the current Flatpeak-Key-ID)',
        headers: 'the Flatpeak-Signature, -Signature-Scheme, -Timestamp and -Key-ID headers',
        timestamp: 'Flatpeak-Timestamp',
        id: 'event id (the body’s id)',
        anId: 'an event id (the body’s id)',
        verify:
          'verify the RSA-PSS SHA-256 signature over "{Flatpeak-Timestamp}.{raw body}" with the /jwks.json key Flatpeak-Key-ID names',
      }
    : {
        signed: "signed with the endpoint's secret (Standard Webhooks)",
        forged: 'signed with a secret the endpoint does not have',
        headers: 'the webhook-id, webhook-timestamp and webhook-signature headers',
        timestamp: 'webhook-timestamp',
        id: 'webhook-id',
        anId: 'a webhook-id',
        verify:
          'compute the HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{raw body}" with the endpoint\'s secret and compare it with webhook-signature in constant time',
      };
}

const isOk = (a: Answer) => a.status !== null && a.status >= 200 && a.status < 300;
const got = (a: Answer) =>
  a.status === null
    ? `got no answer (${a.error ?? 'none'})`
    : isOk(a)
      ? `was accepted with ${a.status}`
      : `was answered ${a.status}`;

/** A 5xx: the receiver itself failed, whatever it made of the signature. */
const isServerError = (a: Answer) => a.status !== null && a.status >= 500;

/**
 * What to do when a correctly signed message was refused: a redirect or a 404 is the wrong
 * URL, any other refusal a verification that does not match. (A 5xx is worded apart.)
 */
function signedNotAccepted(a: Answer, c: DetailContext, verify: string): string {
  if (a.status === null) return `start the receiver at ${c.url}, or point the endpoint where it listens`;
  if (a.status >= 300 && a.status < 400)
    return `redirects are not followed, so give the endpoint the URL that ${c.url} redirects to`;
  if (a.status === 404 || a.status === 405)
    return `nothing takes a POST at ${c.url}, so point the endpoint at the path the receiver serves`;
  return `${verify}, and answer 2xx once it matches`;
}

/** Said of a correctly signed message answered 5xx: the receiver failed, the signature did not. */
const failedItself = (a: Answer) => (isServerError(a) ? ' (the receiver failing: the signature was correct)' : '');

/** The fix for a refusal check whose message was accepted, or that got no answer at all. */
const refuse = (a: Answer, fix: string) =>
  a.status === null ? 'answer a 4xx instead of dropping the connection or letting it time out' : fix;

export interface DetailContext {
  scheme: SignatureScheme;
  /** The event type `signed` sent, as named on the wire. */
  type: string;
  url: string;
}

/**
 * One sentence per check: what was sent, why it matters, and (when it failed) how to fix the
 * receiver. `timely` is worded by `timelyDetail`.
 */
export function checkDetail(name: Exclude<CheckName, 'timely'>, a: Answer, passed: boolean, c: DetailContext): string {
  const t = termsOf(c.scheme);
  switch (name) {
    case 'signed':
      return passed
        ? `A ${c.type} event ${t.signed} was answered ${a.status}: genuine deliveries get through.`
        : isServerError(a)
          ? // The signature was fine: the receiver itself failed, so its verification is not what to change.
            `A ${c.type} event ${t.signed} was answered ${a.status}, which is the receiver failing, not the signature (that was correct): find the error behind the ${a.status} in the receiver's log and leave its signature check as it is, or genuine deliveries will be retried until the endpoint is disabled.`
          : `A ${c.type} event ${t.signed} ${got(a)}, so genuine deliveries would be retried until the endpoint is disabled: ${signedNotAccepted(a, c, t.verify)}.`;
    case 'bad_signature':
      return passed
        ? `An event ${t.forged} was refused with ${a.status}: anyone can post to your URL, and only the signature proves a message is genuine.`
        : `An event ${t.forged} ${got(a)}, so anyone who knows the URL can forge events: ${refuse(a, `${t.verify}, and refuse the message (401) when it does not match`)}.`;
    case 'no_signature':
      return passed
        ? `An event without ${t.headers} was refused with ${a.status}: an unsigned message can come from anyone.`
        : `An event without ${t.headers} ${got(a)}, so unsigned forgeries get in: ${refuse(a, 'treat a missing signature header as a failed check, never as a message to trust')}.`;
    case 'stale_timestamp':
      return passed
        ? `An event correctly signed with a ${t.timestamp} ten minutes old was refused with ${a.status}: a genuine message captured and replayed later must not be acted on again.`
        : `An event correctly signed with a ${t.timestamp} ten minutes old ${got(a)}, so a captured message can be replayed at will: ${refuse(a, `refuse a ${t.timestamp} more than five minutes from your clock (it is signed, so it cannot be changed)`)}.`;
    case 'future_timestamp':
      return passed
        ? `An event correctly signed with a ${t.timestamp} ten minutes ahead was refused with ${a.status}: a future timestamp would keep a captured message replayable for longer.`
        : `An event correctly signed with a ${t.timestamp} ten minutes ahead ${got(a)}, so a message can be made to stay replayable: ${refuse(a, `refuse a ${t.timestamp} more than five minutes from your clock in either direction (the absolute difference, not only the age)`)}.`;
    case 'tampered_body':
      return passed
        ? `The signature of one event sent with a different body (its live_mode flipped) was refused with ${a.status}: the signature must cover the exact bytes received.`
        : `The signature of one event sent with a different body (its live_mode flipped) ${got(a)}, so a body can be changed on its way: ${refuse(a, `${t.verify}, over the raw body exactly as received, before parsing it`)}.`;
    case 'duplicate':
      return passed
        ? `The signed event sent again with the same ${t.id}, as a retry does, was acknowledged with ${a.status}: deliveries are at least once, so a repeat must be acknowledged and not acted on twice.`
        : `The signed event sent again with the same ${t.id}, as a retry does, ${got(a)}${failedItself(a)}, so it would be retried until the endpoint is disabled: answer 2xx to ${t.anId} you have seen, and skip handling it again.`;
    case 'unknown_type':
      return passed
        ? `A correctly signed event of type ${UNKNOWN_EVENT_TYPE} was acknowledged with ${a.status}: new event types are added over time, and a receiver must not refuse them.`
        : `A correctly signed event of type ${UNKNOWN_EVENT_TYPE} ${got(a)}${failedItself(a)}, so every event of a type added later would be retried and could disable the endpoint: answer 2xx to types you do not handle, and ignore them.`;
  }
}

/** Why a check was not sent: the endpoint did not answer the first, correctly signed, message. */
export const notSentDetail = (url: string) =>
  `Not sent, as the correctly signed message got no answer from ${url}: make signed pass first, then run the check again.`;

/** `timely`: every message answered within the delivery timeout, named by the slowest, or by those that were not. */
export function timelyDetail(
  sent: { name: CheckName; answer: Answer }[],
  timeoutMs: number,
  url: string,
): { passed: boolean; detail: string } {
  const seconds = `${timeoutMs / 1000} s`;
  const answered = sent.filter((s) => s.answer.status !== null);
  const late = sent.filter((s) => s.answer.timedOut);
  if (answered.length === 0)
    return {
      passed: false,
      detail: `No message was answered, so none was answered in time: start the receiver at ${url}, or point the endpoint where it listens.`,
    };
  if (late.length > 0)
    return {
      passed: false,
      detail: `${late.map((s) => s.name).join(', ')} got no answer within the ${seconds} delivery timeout, which counts as a failed delivery and is retried: answer at once, and do slow work after answering.`,
    };
  const slowest = answered.reduce((a, b) => (b.answer.ms > a.answer.ms ? b : a));
  return {
    passed: true,
    detail: `Every message was answered within the ${seconds} delivery timeout (the slowest, ${slowest.name}, in ${slowest.answer.ms} ms): a slow answer counts as a failed delivery.`,
  };
}
