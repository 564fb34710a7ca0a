import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { liveHost, type LiveHost } from '../e2e/host.js';
import { until } from './receiver.js';

// A long first backoff keeps a failed delivery pending, so "retry now" is what sends it again.
const WEBHOOKS = { timeoutMs: 600, schedules: { compressed: [30_000, 30_000] } };

let env: LiveHost;
beforeEach(async () => {
  env = await liveHost({ demo: false, webhooks: WEBHOOKS });
});
afterEach(() => env.host.stop());

async function catcher() {
  return (await env.api('POST', '/webhooks', { catcher: true, description: 'rules' })).body as {
    id: string;
    catcher_rule: unknown;
  };
}

/** The endpoint's only delivery once it has `attempts` attempts. */
async function deliveryAfter(endpointId: string, attempts: number) {
  return until(async () => {
    const d = (await env.api('GET', `/webhook-deliveries?endpoint_id=${endpointId}`)).body.data[0];
    return d && d.attempts >= attempts && d;
  }, `${attempts} attempt(s)`);
}

describe('catcher response rules', () => {
  it('a new catcher answers normally; a receiver endpoint has no rule and refuses one', async () => {
    const ep = await catcher();
    expect(ep.catcher_rule).toEqual({ kind: 'ok' });
    const rx = (await env.api('POST', '/webhooks', { url: 'http://127.0.0.1:9/hook' })).body;
    expect(rx.catcher_rule).toBeNull();
    const refused = await env.api('PUT', `/webhooks/${rx.id}/catcher-rule`, { kind: 'status', status: 500 });
    expect(refused).toMatchObject({ status: 422, body: { code: 'webhook_endpoint_not_catcher' } });
    const bad = await env.api('PUT', `/webhooks/${ep.id}/catcher-rule`, { kind: 'status', status: 99 });
    expect(bad.status).toBe(400);
    expect(bad.body.object).toBe('error');
    const unknown = await env.api('PUT', `/webhooks/${ep.id}/catcher-rule`, { kind: 'teapot' });
    expect(unknown.status).toBe(400);
    expect((await env.api('GET', `/webhooks/${ep.id}`)).body.catcher_rule).toEqual({ kind: 'ok' });
  });

  it('500 with a body is recorded and retried; retry now after switching back to 2xx delivers', async () => {
    const ep = await catcher();
    const set = await env.api('PUT', `/webhooks/${ep.id}/catcher-rule`, {
      kind: 'status',
      status: 500,
      body: '{"error":"database down"}',
    });
    expect(set).toMatchObject({ status: 200, body: { catcher_rule: { kind: 'status', status: 500 } } });
    const evt = (await env.api('POST', '/events/trigger', { type: 'tariff.created' })).body;
    const failed = await deliveryAfter(ep.id, 1);
    expect(failed).toMatchObject({ event_id: evt.id, status: 'pending', attempts: 1 });
    expect(failed.attempt_log[0]).toMatchObject({
      status: 500,
      response_body: '{"error":"database down"}',
      error: null,
    });
    // The compressed test schedule waits 30 s after the first failure.
    const wait = Date.parse(failed.next_attempt_at) - Date.now();
    expect(wait).toBeGreaterThan(25_000);
    const caught = (await env.api('GET', `/catcher/messages?endpoint_id=${ep.id}`)).body.data[0];
    expect(caught).toMatchObject({ rule: { kind: 'status', status: 500 }, signature_valid: true });

    await env.api('PUT', `/webhooks/${ep.id}/catcher-rule`, { kind: 'ok' });
    const retried = await env.api('POST', `/webhook-deliveries/${failed.id}/retry`);
    expect(retried).toMatchObject({ status: 200, body: { id: failed.id, status: 'pending' } });
    expect(Date.parse(retried.body.next_attempt_at)).toBeLessThanOrEqual(Date.now());
    const done = await until(async () => {
      const d = (await env.api('GET', `/webhook-deliveries/${failed.id}`)).body;
      return d.status === 'delivered' && d;
    }, 'the retried delivery');
    expect(done.attempt_log.map((a: { status: number }) => a.status)).toEqual([500, 200]);
    expect(done.next_attempt_at).toBeNull();
    const again = await env.api('POST', `/webhook-deliveries/${failed.id}/retry`);
    expect(again).toMatchObject({ status: 422, body: { code: 'webhook_delivery_delivered' } });
  });

  it('410 disables the endpoint as a receiver would; retry now is refused until it is enabled', async () => {
    const ep = await catcher();
    await env.api('PUT', `/webhooks/${ep.id}/catcher-rule`, { kind: 'status', status: 410 });
    await env.api('POST', '/events/trigger', { type: 'location.updated' });
    const gone = await deliveryAfter(ep.id, 1);
    expect(gone).toMatchObject({ status: 'failed', next_attempt_at: null, attempt_log: [{ status: 410 }] });
    const e = (await env.api('GET', `/webhooks/${ep.id}`)).body;
    expect(e).toMatchObject({ disabled: true, disabled_reason: 'the endpoint answered 410 Gone' });
    const refused = await env.api('POST', `/webhook-deliveries/${gone.id}/retry`);
    expect(refused).toMatchObject({ status: 422, body: { code: 'webhook_endpoint_disabled' } });

    // Enabled again with a normal answer, the failed delivery is reopened and goes through.
    await env.api('PUT', `/webhooks/${ep.id}/catcher-rule`, { kind: 'ok' });
    await env.api('PATCH', `/webhooks/${ep.id}`, { disabled: false });
    expect((await env.api('POST', `/webhook-deliveries/${gone.id}/retry`)).status).toBe(200);
    await until(
      async () => (await env.api('GET', `/webhook-deliveries/${gone.id}`)).body.status === 'delivered',
      'delivered after enabling',
    );
  });

  it('slow answers after the delay; timeout holds past the delivery timeout and is retried', async () => {
    const ep = await catcher();
    await env.api('PUT', `/webhooks/${ep.id}/catcher-rule`, { kind: 'slow', delay_ms: 300 });
    await env.api('POST', '/events/trigger', { type: 'tariff.updated' });
    const slow = await deliveryAfter(ep.id, 1);
    expect(slow).toMatchObject({ status: 'delivered', attempt_log: [{ status: 200, error: null }] });
    expect(slow.attempt_log[0].latency_ms).toBeGreaterThanOrEqual(290);

    await env.api('PUT', `/webhooks/${ep.id}/catcher-rule`, { kind: 'timeout' });
    const evt = (await env.api('POST', '/events/trigger', { type: 'tariff.updated' })).body;
    const held = await until(async () => {
      const d = (await env.api('GET', `/webhook-deliveries?event_id=${evt.id}`)).body.data[0];
      return d?.attempts >= 1 && d;
    }, 'the timed-out attempt');
    expect(held).toMatchObject({
      status: 'pending',
      attempt_log: [{ status: null, error: 'timed out after 600 ms' }],
    });
    expect(held.next_attempt_at).not.toBeNull();
  });

  it('a Traffic fault rule on POST /catcher/* answers for the catcher', async () => {
    const ep = await catcher();
    const rule = (
      await env.api('POST', '/faults', { pattern: 'POST /catcher/*', kind: 'error', status: 503, code: 'catcher_down' })
    ).body;
    await env.api('POST', '/events/trigger', { type: 'tariff.created' });
    const d = await deliveryAfter(ep.id, 1);
    expect(d).toMatchObject({ status: 'pending', attempt_log: [{ status: 503 }] });
    expect(JSON.parse(d.attempt_log[0].response_body)).toMatchObject({ code: 'catcher_down' });
    const hits = (await env.api('GET', '/faults')).body.data.find((r: { id: string }) => r.id === rule.id).hits;
    expect(hits).toBe(1);
    // The fault answered before the catcher saw anything.
    expect((await env.api('GET', `/catcher/messages?endpoint_id=${ep.id}`)).body.data).toHaveLength(0);
  });
});
