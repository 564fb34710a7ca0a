import { isShifted, offsetInWords } from '../clock-words.js';

/**
 * What moving the service clock does to webhooks, said where a tester looks (docs/webhooks.md,
 * Time travel): the app's clock bar, `listen`, and a refused delivery's attempt.
 */

/** The short form, for the clock bar beside "2 h ahead of real time". */
export const SIGNED_IN_REAL_TIME = 'webhooks signed in real time';

/** The whole story, for the clock's popover and the command line. */
export const SIGNATURES_IN_REAL_TIME =
  "Webhook signatures (webhook-timestamp, Flatpeak-Timestamp) carry the real time they are sent, so a receiver's five-minute check passes; the events in them keep this clock's time (time_created).";

/** `listen`'s line while the clock is away from real time. */
export function listenClockLine(offsetSeconds: number, mode: 'offset' | 'frozen'): string {
  return `The service clock is ${mode === 'frozen' ? 'frozen' : 'shifted'}, ${offsetInWords(offsetSeconds)}. ${SIGNATURES_IN_REAL_TIME}`;
}

/** Answers that say the receiver refused the message itself, rather than a missing route, a limit or a gone endpoint. */
const NOT_A_REFUSAL = new Set([404, 405, 408, 410, 429]);

/** What a refused attempt's note is worked out from. */
export interface RefusedAttempt {
  status: number | null;
  /** How far the service clock was from real time when the attempt was sent, seconds. */
  offsetSeconds: number;
  /** The signature's timestamp, Unix seconds (real time, or ten minutes before it under the stale_timestamp fault). */
  signedAt: number;
  /** The event's own time (service time), as its body carries it, if it has one. */
  eventTime: string | null;
  /** The endpoint's stale_timestamp fault was on: the signature was made old on purpose. */
  staleFault: boolean;
}

/**
 * The likely cause of a receiver's refusal while the service clock is shifted, in words; null
 * when the clock was at real time or the answer was not a refusal (2xx, no answer, 404, 410, …).
 */
export function refusalCause(a: RefusedAttempt): string | null {
  if (a.status === null || a.status < 400 || a.status >= 500 || NOT_A_REFUSAL.has(a.status)) return null;
  if (!isShifted(a.offsetSeconds)) return null;
  const signed = new Date(a.signedAt * 1000).toISOString().slice(0, 19) + 'Z';
  const shift = offsetInWords(a.offsetSeconds);
  if (a.staleFault)
    return `Refused (${a.status}) while the service clock is ${shift}: the endpoint's stale_timestamp fault dated the signature ten minutes back (${signed}), so this refusal is the one the fault asks for, not the clock's doing.`;
  const event = a.eventTime ? ` (time_created ${a.eventTime})` : '';
  return `Refused (${a.status}) while the service clock is ${shift}. The signature is dated by real time (${signed}), so a five-minute timestamp check passes; the likely cause is a receiver that judges the event's own time${event}, which is service time, against its clock, or that checks the signature against the service clock rather than its own.`;
}
