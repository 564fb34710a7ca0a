import { afterEach, describe, expect, it } from 'vitest';
import { liveHost } from '../e2e/host.js';
import { fetchJwks, receiver, until, verifyPs256Webhook, verifyStandardWebhook } from './receiver.js';
import { berlinAddress } from '../helpers.js';

const ZERO = '2024-08-24';
const ANODE = '2025-09-14.anode';
const FAST = { timeoutMs: 2000, schedules: { compressed: [150, 300, 600, 1200, 2000, 3000] } };
const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()!();
});

describe("webhooks in the account's version", () => {
  it("an account whose default is Zero hears Zero's event names, each message naming its version; the events list answers in the request's version", async () => {
    const rx = await receiver();
    cleanup.push(rx.close);
    const env = await liveHost({ demo: false, webhooks: FAST });
    cleanup.push(() => env.host.stop());
    const { api } = env;
    expect((await api('PATCH', '/settings', { api_version: ZERO })).body.api_version).toBe(ZERO);
    // In Zero the filter takes Zero's names (location.create), under the spec profile too.
    const ep = (await api('POST', '/webhooks', { url: rx.url, enabled_events: ['location.create'] })).body;
    expect(ep.enabled_events).toEqual(['location.create']);
    const made = await api('POST', '/locations', { postal_address: berlinAddress });
    expect(made.status).toBe(201);
    await until(() => rx.got.length >= 1, 'the Zero delivery');
    const first = rx.got[0]!;
    const payload = JSON.parse(first.body);
    expect(payload).toMatchObject({ object: 'event', type: 'location.create', data: { id: made.body.id } });
    expect(first.headers['flatpeak-version']).toBe(ZERO);
    expect(verifyStandardWebhook(ep.secret, first.headers, first.body)).toBe(true);

    // GET /events answers in the request's version: Zero's names by default, Anode's when asked.
    const zeroList = await api('GET', `/events?object_id=${made.body.id}`);
    expect(zeroList.body.data.map((e: { type: string }) => e.type)).toEqual(['location.create']);
    // The typed Anode client names its version.
    const anodeList = await env.client.call('events.list', { query: { object_id: made.body.id } });
    expect(anodeList.data.map((e) => e.type)).toEqual(['location.created']);
    const one = await api('GET', `/events/${payload.id}`);
    expect(one.body.type).toBe('location.create');
    // The message is the event as Zero's events list shows it: Zero's name, the location in Zero's shape.
    expect(payload).toEqual(one.body);
    expect(payload.data).toEqual(made.body);
    // A Zero name filters in either version.
    expect((await api('GET', '/events?event_type=location.create')).body.data).toHaveLength(1);

    // Under the published profile the PS256 headers name Zero too.
    expect((await api('PATCH', '/settings', { wire_profile: 'published' })).status).toBe(200);
    await api('PATCH', `/locations/${made.body.id}`, { reference_id: 'zero-1' });
    await api('PATCH', `/webhooks/${ep.id}`, { enabled_events: ['location.update'] });
    await api('PATCH', `/locations/${made.body.id}`, { reference_id: 'zero-2' });
    await until(() => rx.got.length >= 2, 'the PS256 delivery');
    const signed = rx.got[1]!;
    expect(JSON.parse(signed.body).type).toBe('location.update');
    expect(signed.headers['flatpeak-version']).toBe(ZERO);
    expect(verifyPs256Webhook(await fetchJwks(env.host.info.api_url), signed.headers, signed.body)).toBe(true);

    // Back to Anode: the same endpoint hears Anode's names of the profile, and the header says Anode.
    expect((await api('PATCH', '/settings', { api_version: ANODE, wire_profile: 'spec' })).status).toBe(200);
    await api('PATCH', `/webhooks/${ep.id}`, { enabled_events: ['location.updated'] });
    await api('PATCH', `/locations/${made.body.id}`, { reference_id: 'anode-1' });
    await until(() => rx.got.length >= 3, 'the Anode delivery');
    const anode = rx.got[2]!;
    expect(JSON.parse(anode.body).type).toBe('location.updated');
    expect(anode.headers['flatpeak-version']).toBe(ANODE);
    expect(verifyStandardWebhook(ep.secret, anode.headers, anode.body)).toBe(true);
  });

  it("a receiver check writes its messages in the account's version", async () => {
    const rx = await receiver();
    cleanup.push(rx.close);
    const env = await liveHost({ demo: false, webhooks: FAST });
    cleanup.push(() => env.host.stop());
    const { api } = env;
    await api('PATCH', '/settings', { api_version: `${ZERO}.zero` });
    const ep = (await api('POST', '/webhooks', { url: rx.url, enabled_events: ['customer.create'] })).body;
    const check = await api('POST', `/webhooks/${ep.id}/check`);
    expect(check.status).toBe(200);
    const signed = rx.got[0]!;
    expect(JSON.parse(signed.body).type).toBe('customer.create');
    expect(signed.headers['flatpeak-version']).toBe(ZERO);
  });
});
