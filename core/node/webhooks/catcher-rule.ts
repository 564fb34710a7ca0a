import type { FastifyReply } from 'fastify';
import type { CatcherRule } from '../../engine/webhooks/schemas.js';

/** The catcher's own answer when its rule is to answer normally. */
export interface Received {
  received: boolean;
  signature_valid: boolean;
}

/** How much longer than the delivery timeout a `timeout` rule holds, so the sender surely gives up first. */
const PAST_TIMEOUT_MS = 1_000;

/** Waits `ms`, or less if the sender hangs up first (a held request must not outlive its connection). */
function hold(reply: FastifyReply, ms: number): Promise<void> {
  return new Promise((done) => {
    // A delivery from this process (no socket) may be given up on without a close: the hold ends
    // by itself then, and must not keep a stopped host's process alive until it does.
    const timer = setTimeout(finish, ms);
    timer.unref();
    function finish() {
      clearTimeout(timer);
      reply.raw.off('close', finish);
      done();
    }
    reply.raw.once('close', finish);
  });
}

/**
 * Answers one caught delivery the way the endpoint's rule says: at once, with the tester's
 * status and body, after a delay, or only once the sender has stopped waiting.
 */
export async function answerByRule(
  rule: CatcherRule | null,
  reply: FastifyReply,
  received: Received,
  deliveryTimeoutMs: number,
): Promise<Received | string> {
  if (!rule || rule.kind === 'ok') return received;
  if (rule.kind === 'status') {
    reply.code(rule.status);
    return rule.body ?? JSON.stringify({ ...received, answered: rule.status, reason: "the catcher's rule" });
  }
  if (rule.kind === 'slow') {
    await hold(reply, rule.delay_ms);
    return rule.body ?? received;
  }
  await hold(reply, deliveryTimeoutMs + PAST_TIMEOUT_MS);
  return received;
}
