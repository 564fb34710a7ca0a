import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { harness, snapshot, type Harness } from '../helpers.js';

let h: Harness;
beforeEach(async () => (h = await harness()));
afterEach(() => h.close());

describe('events', () => {
  it('records location and tariff changes, listed newest first and filtered', async () => {
    const loc = await h.location();
    const t = await h.tariff(loc.id);
    await h.call({ method: 'PATCH', url: `/tariffs/${t.id}`, headers: h.test, payload: { display_name: 'x' } });
    await h.call({ method: 'DELETE', url: `/tariffs/${t.id}`, headers: h.test });
    const all = (await h.call({ method: 'GET', url: '/events', headers: h.test })).body;
    expect(all.data.map((e: any) => e.type)).toEqual([
      'tariff.deleted',
      'tariff.updated',
      'tariff.created',
      'location.created',
    ]);
    expect(all.data[2].data).toEqual(t);
    const mine = (
      await h.call({ method: 'GET', url: `/events?object_id=${t.id}&type=tariff.updated`, headers: h.test })
    ).body;
    expect(mine.data).toHaveLength(1);
    expect((await h.call({ method: 'GET', url: `/events/${mine.data[0].id}`, headers: h.test })).body).toEqual(
      mine.data[0],
    );
    expect((await h.call({ method: 'GET', url: `/events/${mine.data[0].id}`, headers: h.live })).status).toBe(404);
    expect((await h.call({ method: 'GET', url: '/events', headers: h.live })).body.data).toEqual([]);
  });

  it('a triggered sample names the newest location with a tariff, so its ids answer; made-up ones only on an empty account', async () => {
    const trigger = async (type: string) =>
      (await h.call({ method: 'POST', url: '/events/trigger', headers: h.test, payload: { type } })).body.data;
    const get = async (path: string) => (await h.call({ method: 'GET', url: path, headers: h.test })).status;
    const empty = await trigger('tariff.updated');
    expect(await get(`/tariffs/${empty.id}`)).toBe(404);

    const loc = (await h.location()).id;
    const t = await h.tariff(loc);
    const updated = await trigger('tariff.updated');
    expect(updated).toEqual(t);
    const session = await trigger('connect.session.complete');
    expect([session.location_id, session.tariff_id]).toEqual([loc, t.id]);
    expect(await get(`/locations/${session.location_id}`)).toBe(200);
    const expiring = await trigger('tariff.expiring');
    expect(await get(`/tariffs/${expiring.tariff_id}`)).toBe(200);
    expect((await trigger('location.updated')).id).toBe(loc);
  });

  it('trigger validates overrides against the event schema', async () => {
    const before = snapshot(h.svc);
    const bad = await h.call({
      method: 'POST',
      url: '/events/trigger',
      headers: h.test,
      payload: { type: 'connect.session.complete', data: { location_id: 'trf_wrong' } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('location_id_invalid');
    expect(
      (await h.call({ method: 'POST', url: '/events/trigger', headers: h.test, payload: { type: 'nope.event' } })).body
        .code,
    ).toBe('type_invalid');
    expect(snapshot(h.svc)).toBe(before);
    const ok = await h.call({
      method: 'POST',
      url: '/events/trigger',
      headers: h.test,
      payload: { type: 'tariff.created', data: { display_name: 'Mine' } },
    });
    expect(ok.body).toMatchObject({
      object: 'event',
      type: 'tariff.created',
      live_mode: false,
      data: { display_name: 'Mine', object: 'tariff' },
    });
  });

  it('documents the webhook events in OpenAPI', async () => {
    const doc = (await h.call({ method: 'GET', url: '/openapi.json', headers: h.test })).body;
    expect(Object.keys(doc.webhooks).sort()).toEqual([
      'connect.session.complete',
      'customer.created',
      'customer.deleted',
      'customer.updated',
      'device.created',
      'device.deleted',
      'device.updated',
      'location.created',
      'location.deleted',
      'location.updated',
      'tariff.created',
      'tariff.deleted',
      'tariff.expired',
      'tariff.expiring',
      'tariff.fetch.failed',
      'tariff.updated',
    ]);
    // A customer's or device's event carries the object itself as its data.
    const schemas = doc.components.schemas;
    expect(schemas.Event_customer_created.properties.data).toEqual({ $ref: '#/components/schemas/Customer' });
    expect(schemas.Event_device_deleted.properties.data).toEqual({ $ref: '#/components/schemas/Device' });
  });

  it('validates endpoints', async () => {
    const bad = async (payload: object) =>
      (await h.call({ method: 'POST', url: '/webhooks', headers: h.test, payload })).body.code;
    expect(await bad({})).toBe('url_missing');
    expect(await bad({ url: 'ftp:nope' })).toBe('url_invalid');
    expect(await bad({ url: 'http://127.0.0.1:9/x', enabled_events: ['Bad Type'] })).toBe('enabled_events_invalid');
    expect(await bad({ url: 'http://127.0.0.1:9/x', retry_schedule: 'sometimes' })).toBe('retry_schedule_invalid');
    const ep = (
      await h.call({ method: 'POST', url: '/webhooks', headers: h.test, payload: { url: 'http://127.0.0.1:9/x' } })
    ).body;
    expect((await h.call({ method: 'GET', url: `/webhooks/${ep.id}`, headers: h.live })).status).toBe(404);
    // Changing one fault leaves the others as they were.
    await h.call({
      method: 'PATCH',
      url: `/webhooks/${ep.id}`,
      headers: h.test,
      payload: { faults: { duplicate: true } },
    });
    const both = await h.call({
      method: 'PATCH',
      url: `/webhooks/${ep.id}`,
      headers: h.test,
      payload: { faults: { stale_timestamp: true } },
    });
    expect(both.body.faults).toEqual({
      wrong_signature: false,
      stale_timestamp: true,
      duplicate: true,
      out_of_order: false,
    });
    expect(
      (await h.call({ method: 'GET', url: '/webhooks', headers: h.test })).body.data.map((e: any) => e.id),
    ).toEqual([ep.id]);
    expect((await h.call({ method: 'DELETE', url: `/webhooks/${ep.id}`, headers: h.test })).status).toBe(200);
  });
});
