import type { Scope } from '../db/documents.js';
import type { IdGenerator } from '../../engine/ids.js';
import type { Clock } from '../../engine/clock.js';
import { canonicalEventType, type WireProfile } from '../../engine/wire-profile.js';
import { eventNameIn, takesEitherName } from '../../engine/webhooks/names.js';
import { zeroEventData } from '../../engine/zero/shapes.js';
import { VERSION_OF, type Generation } from '../../engine/versions.js';
import { isSignatureHeader, PS256_HEADERS } from '../../engine/webhooks/signature.js';
import {
  CHECK_NAMES,
  CHECK_SKEW_SECONDS,
  EXPECTED,
  NOT_SENT,
  UNKNOWN_EVENT_TYPE,
  type CheckName,
  type CheckResult,
  type Expected,
} from '../../engine/webhooks/check.js';
import { EVENT_TYPES, type EventType, type WebhookCheck, type WebhookEndpoint } from '../../engine/webhooks/schemas.js';
import type { WebhookService } from './service.js';
import { newSecret, ps256Headers, schemeOf, signedHeaders } from './signing.js';
import { samplePayload, type SampleSubjects } from './samples.js';
import { checkDetail, notSentDetail, timelyDetail, type Answer, type DetailContext } from './check-words.js';
import { isoSeconds } from '../../engine/clock.js';

/** One message of a check: the event it carries, the bytes sent, and how they were signed, in words. */
interface Message {
  name: Exclude<CheckName, 'timely'>;
  ev: { id: string; type: string; live_mode: boolean };
  body: string;
  headers: Record<string, string>;
  how: string;
}

/** What a receiver check needs of the service. */
export interface CheckDeps {
  webhooks: WebhookService;
  ids: IdGenerator;
  clock: Clock;
}

const RESPONSE_LOG_LIMIT = 4096;
/** The event `signed` sends when the endpoint takes every type: the one a client needs. */
const DEFAULT_TYPE: EventType = 'connect.session.complete';

/** How one message is signed: correctly at an instant, with a foreign key or secret, or not at all. */
interface Signer {
  sign(id: string, at: Date, body: string): Promise<Record<string, string>>;
  forge(id: string, at: Date, body: string): Promise<Record<string, string>>;
  /** In the delivery log's words. */
  scheme: string;
}

function signerOf(svc: WebhookService, e: WebhookEndpoint, profile: WireProfile, version: string): Signer {
  if (schemeOf(profile) === 'ps256')
    return {
      sign: async (_id, at, body) => ps256Headers(at, body, await svc.keys.current(), version),
      forge: async (_id, at, body) =>
        ps256Headers(
          at,
          body,
          { kid: (await svc.keys.current()).kid, privateKey: await svc.keys.unpublishedKey() },
          version,
        ),
      scheme: 'PS256 over "{timestamp}.{raw body}"',
    };
  // A secret made for this check alone: no endpoint has it.
  const foreign = newSecret();
  return {
    sign: async (id, at, body) => signedHeaders(id, at, body, svc.signingSecrets(e), version),
    forge: async (id, at, body) => signedHeaders(id, at, body, [foreign], version),
    scheme: 'Standard Webhooks, HMAC-SHA256 over "{webhook-id}.{webhook-timestamp}.{raw body}"',
  };
}

/** A type the endpoint takes (the first known one it names; any, for `*`), as the account's filter reads it. */
function signedType(e: WebhookEndpoint, profile: WireProfile, generation: Generation): EventType {
  if (e.enabled_events.includes('*')) return DEFAULT_TYPE;
  const either = takesEitherName(profile, generation);
  const known = e.enabled_events
    .map((name) => (either ? canonicalEventType(name) : name))
    .find((t): t is EventType => Object.hasOwn(EVENT_TYPES, t));
  return known ?? DEFAULT_TYPE;
}

/** One message as sent and what came back: the same fetch, timeout and error words as a delivery's attempt. */
async function post(
  svc: WebhookService,
  url: string,
  headers: Record<string, string>,
  body: string,
): Promise<Answer & { responseBody: string }> {
  const send = svc.outbound;
  const timeoutMs = svc.deliveryTimeoutMs;
  const started = performance.now();
  const took = () => Math.round((performance.now() - started) * 10) / 10;
  try {
    const res = await send(url, {
      method: 'POST',
      headers,
      body,
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'manual',
    });
    const responseBody = (await res.text()).slice(0, RESPONSE_LOG_LIMIT);
    return { status: res.status, error: null, ms: took(), timedOut: false, responseBody };
  } catch (err) {
    const ex = err as Error & { cause?: { code?: string; message?: string } };
    const timedOut = ex.name === 'TimeoutError';
    const error = timedOut ? `timed out after ${timeoutMs} ms` : (ex.cause?.code ?? ex.cause?.message ?? ex.message);
    return { status: null, error, ms: took(), timedOut, responseBody: '' };
  }
}

/** The instant a message's signature is dated, epoch ms, from its timestamp header (either scheme). */
function signedAtOf(headers: Record<string, string>): number | undefined {
  const ts = headers['webhook-timestamp'] ?? headers[PS256_HEADERS.timestamp];
  return ts && /^\d+$/.test(ts) ? Number(ts) * 1000 : undefined;
}

const verdict = (expected: Expected, a: Answer) =>
  a.status !== null && (expected === '2xx') === (a.status >= 200 && a.status < 300);

/**
 * `POST /webhooks/{id}/check` (docs/webhooks.md, Checking a receiver): sends the endpoint's URL
 * a correctly signed event, forgeries, replays, a duplicate and an unknown type, one after the
 * other, signed by the account's wire profile, and says of each whether the answer was the one
 * a safe receiver gives. Every message goes through the delivery worker's outbound HTTP and is
 * logged as a delivery marked as the check's; none is an event of the account, none is queued
 * for another endpoint, none counts toward disabling this one.
 */
export async function checkReceiver(
  deps: CheckDeps,
  scope: Scope,
  endpointId: string,
  subjects?: SampleSubjects,
): Promise<WebhookCheck> {
  const svc = deps.webhooks;
  const e = svc.get(scope, endpointId);
  const profile = svc.wireProfile(scope.accountId);
  // The messages are written as the account's events are: in its default version.
  const generation = svc.apiGeneration(scope.accountId);
  const signer = signerOf(svc, e, profile, VERSION_OF[generation]);
  const checkId = deps.ids('whc');
  const type = signedType(e, profile, generation);
  // The events are dated by the service clock; their signatures by real time, as a delivery's
  // are, so a receiver judging the timestamp by its own clock finds no fault a moved clock made.
  const now = () => new Date(svc.now());
  const real = () => new Date(svc.realNow());
  const data = samplePayload(type, scope, now(), deps.ids, subjects);
  const event = (t: string, d: Record<string, unknown>) => ({
    id: deps.ids('evt'),
    object: 'event' as const,
    type: eventNameIn(profile, generation, t),
    live_mode: scope.liveMode,
    data: generation === 'zero' ? zeroEventData(d) : d,
    time_created: isoSeconds(deps.clock.now()),
  });
  const context: DetailContext = {
    scheme: schemeOf(profile),
    type: eventNameIn(profile, generation, type),
    url: e.url,
  };

  const results: CheckResult[] = [];
  const sent: { name: CheckName; answer: Answer }[] = [];
  /** Sends one message and records it in the delivery log, marked as this check's. */
  const run = async ({ name, ev, body, headers, how }: Message) => {
    const answer = await post(svc, e.url, headers, body);
    const expected = EXPECTED[name];
    const passed = verdict(expected, answer);
    svc.recordCheckMessage(
      scope,
      e.id,
      ev.id,
      { id: checkId, name, expected, passed, event_type: canonicalEventType(ev.type) },
      {
        attempt: 1,
        time: isoSeconds(now()),
        signed_at: isoSeconds(signedAtOf(headers) ?? real().getTime()),
        request: { url: e.url, headers, body },
        status: answer.status,
        latency_ms: answer.ms,
        response_body: answer.responseBody,
        error: answer.error,
        scheme: context.scheme,
        explanation: `Receiver check ${checkId}, ${name}: ${how}; expects ${expected}.`,
        // The check says of each answer whether it was the right one; no clock note is needed.
        clock_note: null,
      },
    );
    sent.push({ name, answer });
    results.push({
      name,
      passed,
      expected,
      status: answer.status,
      error: answer.error,
      ms: answer.ms,
      detail: checkDetail(name, answer, passed, context),
    });
    return answer;
  };

  const signed = event(type, data);
  const signedBody = JSON.stringify(signed);
  const first = await run({
    name: 'signed',
    ev: signed,
    body: signedBody,
    headers: await signer.sign(signed.id, real(), signedBody),
    how: signer.scheme,
  });

  /** A new event of the signed type (its own id), signed at `skew` seconds from now. */
  const fresh = async (name: Message['name'], how: string, skew = 0): Promise<Message> => {
    const ev = event(type, data);
    const body = JSON.stringify(ev);
    const at = new Date(svc.realNow() + skew * 1000);
    return { name, ev, body, headers: await signer.sign(ev.id, at, body), how };
  };
  const messages: Record<Exclude<Message['name'], 'signed'>, () => Promise<Message>> = {
    bad_signature: async () => {
      const m = await fresh('bad_signature', `${signer.scheme}, forged`);
      return { ...m, headers: await signer.forge(m.ev.id, real(), m.body) };
    },
    no_signature: async () => {
      const m = await fresh('no_signature', 'no signature headers');
      return { ...m, headers: Object.fromEntries(Object.entries(m.headers).filter(([k]) => !isSignatureHeader(k))) };
    },
    stale_timestamp: () => fresh('stale_timestamp', `${signer.scheme}, dated ten minutes ago`, -CHECK_SKEW_SECONDS),
    future_timestamp: () => fresh('future_timestamp', `${signer.scheme}, dated ten minutes ahead`, CHECK_SKEW_SECONDS),
    tampered_body: async () => {
      const m = await fresh('tampered_body', `${signer.scheme} of another body (live_mode flipped)`);
      return { ...m, body: JSON.stringify({ ...m.ev, live_mode: !m.ev.live_mode }) };
    },
    // As a retry: the same message, signed again when it is sent.
    duplicate: async () => ({
      name: 'duplicate',
      ev: signed,
      body: signedBody,
      headers: await signer.sign(signed.id, real(), signedBody),
      how: `${signer.scheme}, the signed message again`,
    }),
    unknown_type: async () => {
      const ev = event(UNKNOWN_EVENT_TYPE, {});
      const body = JSON.stringify(ev);
      return { name: 'unknown_type', ev, body, headers: await signer.sign(ev.id, real(), body), how: signer.scheme };
    },
  };
  for (const name of CHECK_NAMES) {
    if (name === 'signed' || name === 'timely') continue;
    // An endpoint that did not answer the genuine message would tell nothing by the rest: they are not sent.
    if (first.status === null)
      results.push({
        name,
        passed: false,
        expected: EXPECTED[name],
        status: null,
        error: NOT_SENT,
        ms: 0,
        detail: notSentDetail(e.url),
      });
    else await run(await messages[name]());
  }
  const timely = timelyDetail(sent, svc.deliveryTimeoutMs, e.url);
  const late = sent.find((s) => s.answer.timedOut) ?? sent.find((s) => s.answer.status === null);
  results.push({
    name: 'timely',
    passed: timely.passed,
    expected: EXPECTED.timely,
    status: null,
    error: timely.passed ? null : (late?.answer.error ?? null),
    ms: Math.max(0, ...sent.map((s) => s.answer.ms)),
    detail: timely.detail,
  });
  return {
    id: checkId,
    object: 'webhook_check',
    live_mode: scope.liveMode,
    endpoint_id: e.id,
    url: e.url,
    scheme: context.scheme,
    passed: results.every((r) => r.passed),
    checks: results,
    time_created: isoSeconds(deps.clock.now()),
  };
}
