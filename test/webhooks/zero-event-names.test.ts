import { afterEach, describe, expect, it } from 'vitest';
import { liveHost } from '../e2e/host.js';
import { receiver, until } from './receiver.js';

const ZERO = '2024-08-24';
const FAST = { timeoutMs: 2000, schedules: { compressed: [150, 300, 600, 1200, 2000, 3000] } };
const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()!();
});

describe('POST /events/trigger names the event as the events list of its version', () => {
  it("in Zero: Zero's name and shape, the name the receiver gets and the deliveries list shows", async () => {
    const rx = await receiver();
    cleanup.push(rx.close);
    const env = await liveHost({ demo: false, webhooks: FAST });
    cleanup.push(() => env.host.stop());
    const { api } = env;
    // In Anode (the spec profile) the canonical name.
    const anode = await api('POST', '/events/trigger', { type: 'connect.session.complete' });
    expect(anode).toMatchObject({ status: 200, body: { object: 'event', type: 'connect.session.complete' } });

    expect((await api('PATCH', '/settings', { api_version: ZERO })).status).toBe(200);
    const ep = (await api('POST', '/webhooks', { url: rx.url })).body;
    const made = await api('POST', '/events/trigger', { type: 'connect.session.complete' });
    expect(made.status).toBe(200);
    expect(made.body.type).toBe('connect_session.complete');
    // The answer is the event as Zero's events list shows it.
    expect(made.body).toEqual((await api('GET', `/events/${made.body.id}`)).body);
    await until(() => rx.got.length >= 1, 'the delivery');
    const sent = JSON.parse(rx.got[0]!.body);
    expect(sent).toMatchObject({ id: made.body.id, type: 'connect_session.complete' });
    const deliveries = (await api('GET', `/webhook-deliveries?endpoint_id=${ep.id}`)).body.data;
    expect(deliveries.map((d: { event_type: string }) => d.event_type)).toEqual(['connect_session.complete']);
    // The app's typed client asks in Anode, and is answered in Anode's names.
    const inAnode = await env.client.call('events.trigger', { body: { type: 'location.created' } });
    expect(inAnode.type).toBe('location.created');
    const zeroLocation = await api('POST', '/events/trigger', { type: 'location.created' });
    expect(zeroLocation.body.type).toBe('location.create');
  });
});
