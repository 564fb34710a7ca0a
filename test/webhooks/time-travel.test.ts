import { afterEach, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { fixedClock, isoSeconds } from '../../core/engine/clock.js';
import { liveHost } from '../e2e/host.js';
import { fetchJwks, receiver, until, verifyPs256Webhook } from './receiver.js';
import { docsNodeReceiver } from './doc-receivers.js';

const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()!();
});

const HOURS_2 = 7200;
const newSecret = () => 'whsec_' + randomBytes(32).toString('base64');

/**
 * A host whose service clock and real-time clock are both pinned at real now (whole seconds), so
 * a receiver judging by its own clock (the library's Date.now()) agrees with the real one, then
 * the service clock moved two hours ahead.
 */
async function shiftedHost() {
  const r0 = Math.floor(Date.now() / 1000) * 1000;
  const env = await liveHost({
    demo: false,
    clock: fixedClock(isoSeconds(r0)),
    realClock: fixedClock(isoSeconds(r0)),
    webhooks: { timeoutMs: 2000 },
  });
  cleanup.push(() => env.host.stop());
  const clock = await env.client.call('clock.advance', { body: { seconds: HOURS_2 } });
  expect(clock).toMatchObject({ mode: 'offset', now: isoSeconds(r0 + HOURS_2 * 1000), offset_seconds: HOURS_2 });
  return { ...env, r0 };
}

/** A receiver as the Standard Webhooks library makes one: five-minute tolerance, by its own clock. */
const verifies = (secret: string, headers: IncomingHttpHeaders, body: string) => {
  try {
    new Webhook(secret).verify(body, headers as Record<string, string>);
    return true;
  } catch {
    return false;
  }
};

describe('webhooks under time travel', () => {
  it('with the service clock 2 h ahead, a Standard Webhooks receiver accepts the delivery; the event keeps service time', async () => {
    const { client, info, r0 } = await shiftedHost();
    const secret = newSecret();
    const rx = await receiver((r) => ({ status: verifies(secret, r.headers, r.body) ? 204 : 401 }));
    cleanup.push(rx.close);
    const ep = await client.call('webhooks.create', { body: { url: rx.url, secret } });
    const ev = await client.call('events.trigger', { body: { type: 'location.created' } });
    const service = isoSeconds(r0 + HOURS_2 * 1000);
    expect(ev.time_created).toBe(service);
    const d = await until(async () => {
      const list = await client.call('webhook_deliveries.list', { query: { endpoint_id: ep.id } });
      return list.data.find((x) => x.status !== 'pending');
    }, 'the delivery');
    expect(d.status).toBe('delivered');
    const got = rx.got[0]!;
    expect(got.headers['webhook-timestamp']).toBe(String(r0 / 1000));
    expect((JSON.parse(got.body) as { time_created: string }).time_created).toBe(service);
    expect(d.attempt_log[0]).toMatchObject({
      status: 204,
      time: service,
      signed_at: isoSeconds(r0),
      clock_note: null,
    });
    expect(d.attempt_log[0]!.explanation).toContain(
      'timestamp in real time, while the service clock is 2 h ahead of real time',
    );
    // The other scheme (the published profile) dates its signature by real time too.
    await client.call('settings.update', { body: { wire_profile: 'published' } });
    const jwks = await fetchJwks(info.api_url);
    const ps = await receiver((r) => ({ status: verifyPs256Webhook(jwks, r.headers, r.body) ? 204 : 401 }));
    cleanup.push(ps.close);
    const ep2 = await client.call('webhooks.create', { body: { url: ps.url } });
    await client.call('events.trigger', { body: { type: 'location.created' } });
    const m = await until(() => ps.got[0], 'the PS256 message');
    expect(m.headers['flatpeak-timestamp']).toBe(String(r0 / 1000));
    expect((JSON.parse(m.body) as { time_created: string }).time_created).toBe(service);
    const d2 = await until(async () => {
      const list = await client.call('webhook_deliveries.list', { query: { endpoint_id: ep2.id } });
      return list.data.find((x) => x.status !== 'pending');
    }, 'the PS256 delivery');
    expect(d2).toMatchObject({ status: 'delivered', attempt_log: [{ scheme: 'ps256', signed_at: isoSeconds(r0) }] });
  });

  it('a receiver that judges the event time by its own clock refuses; the attempt and its row name the likely cause', async () => {
    const { client, r0 } = await shiftedHost();
    const secret = newSecret();
    // Verifies the signature as the library does, then refuses an event more than five minutes from its clock.
    const rx = await receiver((r) => {
      if (!verifies(secret, r.headers, r.body)) return { status: 401, body: 'bad signature' };
      const created = Date.parse((JSON.parse(r.body) as { time_created: string }).time_created);
      return Math.abs(created - Date.now()) > 300_000 ? { status: 400, body: 'event too old or new' } : { status: 200 };
    });
    cleanup.push(rx.close);
    const ep = await client.call('webhooks.create', { body: { url: rx.url, secret } });
    await client.call('events.trigger', { body: { type: 'location.created' } });
    const d = await until(async () => {
      const list = await client.call('webhook_deliveries.list', { query: { endpoint_id: ep.id } });
      return list.data.find((x) => x.attempts > 0);
    }, 'the first attempt');
    const service = isoSeconds(r0 + HOURS_2 * 1000);
    expect(d.attempt_log[0]).toMatchObject({ status: 400, time: service, signed_at: isoSeconds(r0) });
    expect(d.attempt_log[0]!.clock_note).toBe(
      `Refused (400) while the service clock is 2 h ahead of real time. The signature is dated by real time (${isoSeconds(r0)}), so a five-minute timestamp check passes; the likely cause is a receiver that judges the event's own time (time_created ${service}), which is service time, against its clock, or that checks the signature against the service clock rather than its own.`,
    );
    // The row as the API answers it one by one carries the same note.
    const one = await client.call('webhook_deliveries.retrieve', { params: { id: d.id } });
    expect(one.attempt_log[0]!.clock_note).toBe(d.attempt_log[0]!.clock_note);

    // Back at real time the event's own time agrees with the receiver's clock again: delivered, no note.
    await client.call('clock.set', { body: { mode: 'real' } });
    await client.call('events.trigger', { body: { type: 'location.updated' } });
    const later = await until(async () => {
      const list = await client.call('webhook_deliveries.list', { query: { endpoint_id: ep.id } });
      return list.data.find((x) => x.id !== d.id && x.attempts > 0);
    }, 'the attempt at real time');
    expect(later.attempt_log[0]).toMatchObject({ status: 200, clock_note: null });
  });

  it('the receiver check finds no fault in a correct receiver while the clock is 2 h ahead', async () => {
    const { client } = await shiftedHost();
    const secret = newSecret();
    const rx = await docsNodeReceiver(secret);
    cleanup.push(rx.stop);
    const ep = await client.call('webhooks.create', { body: { url: `${rx.url}/webhooks`, secret } });
    const check = await client.call('webhooks.check', { params: { id: ep.id } });
    expect(check.checks.filter((c) => !c.passed).map((c) => `${c.name}: ${c.detail}`)).toEqual([]);
    expect(check.passed).toBe(true);
  });
});
