import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { liveHost, type LiveHost } from '../e2e/host.js';
import { receiver, until } from '../webhooks/receiver.js';
import { EVENT_TYPES } from '../../core/engine/webhooks/schemas.js';
import { wireEventName } from '../../core/engine/wire-profile.js';

/**
 * The served operations as the production reference documents them: each request is shaped
 * like the reference's example (written here from its field lists), is accepted, and its answer
 * carries every field the reference shows, under both wire profiles. Then every event type is
 * delivered and checked against its payload schema in GET /openapi.json.
 */

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** The fields the reference shows on each object (its examples and field lists, in our words). */
const SHOWN = {
  location: [
    'id',
    'object',
    'live_mode',
    'time_created',
    'account_id',
    'reference_id',
    'customer_id',
    'timezone',
    'currency_code',
    'flex_allowed',
    'postal_address',
    'geo_location',
    'market_sources',
    'tariff_status',
    'tariff_elements',
  ],
  tariff: [
    'id',
    'object',
    'location_id',
    'live_mode',
    'is_linked',
    'connection_type',
    'type',
    'direction',
    'status',
    'timezone',
    'display_name',
    'market_rates',
    'contract_start_date',
    'contract_end_date',
    'schedule',
    'time_created',
    'account_id',
  ],
  connectToken: [
    'id',
    'object',
    'live_mode',
    'location_id',
    'location_reference_id',
    'is_tariff_processed',
    'price_available',
    'time_created',
    'time_expiry',
    'customer_id',
    'customer_reference_id',
    'complete_action',
  ],
  status: ['id', 'object', 'live_mode', 'account_id', 'time_created', 'tariff_status'],
  price: [
    'id',
    'object',
    'live_mode',
    'location_id',
    'location_timezone',
    'currency_code',
    'last_updated',
    'request',
    'account_id',
    'tariff_direction',
    'data',
    'time_created',
  ],
  priceAudit: [
    'id',
    'object',
    'live_mode',
    'location_id',
    'location_timezone',
    'currency_code',
    'tariff_direction',
    'last_updated',
    'request',
    'market_sources',
    'data',
    'time_created',
    'account_id',
  ],
  meterBatch: [
    'id',
    'object',
    'records_submitted',
    'records_accepted',
    'records_processed',
    'failed_records',
    'time_created',
    'account_id',
  ],
  event: ['id', 'object', 'type', 'data', 'time_created'],
  list: ['object', 'url', 'has_more', 'data'],
} as const;

function carries(body: Record<string, unknown>, fields: readonly string[], what: string) {
  const missing = fields.filter((f) => !(f in body));
  expect(missing, `${what} lacks ${missing.join(', ')}`).toEqual([]);
}

const SLOTS = ['commodity_import', 'commodity_export', 'non_commodity_import', 'non_commodity_export', 'local'];

for (const profile of ['spec', 'published'] as const) {
  describe(`the reference's requests and answers, wire profile ${profile}`, () => {
    let h: LiveHost;
    beforeAll(async () => {
      h = await liveHost({ demo: false });
      await h.api('PATCH', '/settings', { wire_profile: profile });
    });
    afterAll(() => h.host.stop());

    it('a location created, listed, retrieved, updated and deleted as the reference shows', async () => {
      const created = await h.api('POST', '/locations', {
        reference_id: 'LOC0001',
        postal_address: {
          address_line1: '1-3',
          address_line2: 'Strand',
          city: 'London',
          post_code: 'WC2N 5EH',
          country_code: 'GB',
        },
      });
      expect(created.status).toBe(profile === 'spec' ? 200 : 201);
      const loc = created.body;
      carries(loc, SHOWN.location, 'location');
      expect(loc).toMatchObject({ object: 'location', reference_id: 'LOC0001', customer_id: null, flex_allowed: true });
      expect(Object.keys(loc.tariff_status).sort()).toEqual([...SLOTS].sort());
      expect(loc.geo_location.lat).toBeCloseTo(51.5, 0);
      expect(loc.geo_location.lng).toBeCloseTo(-0.13, 0);
      const listed = await h.api('GET', '/locations?reference_id=LOC0001');
      carries(listed.body, SHOWN.list, 'location list');
      expect(listed.body.data.map((l: { id: string }) => l.id)).toEqual([loc.id]);
      carries((await h.api('GET', `/locations/${loc.id}`)).body, SHOWN.location, 'retrieved location');
      const updated = await h.api('PATCH', `/locations/${loc.id}`, { reference_id: 'LOC0002' });
      expect(updated.status).toBe(200);
      carries(updated.body, SHOWN.location, 'updated location');
      expect(updated.body.reference_id).toBe('LOC0002');
      const gone = await h.api('DELETE', `/locations/${loc.id}`);
      if (profile === 'spec') carries(gone.body, SHOWN.location, 'deleted location');
      else expect(gone).toEqual({ status: 202, body: { message: 'Accepted' } });
    });

    it('a tariff created as the reference example does, then listed by direction, retrieved and priced', async () => {
      const loc = (await h.api('POST', '/locations', { postal_address: { city: 'Berlin', country_code: 'DE' } })).body;
      const t = await h.api('POST', '/tariffs', {
        location_id: loc.id,
        direction: 'IMPORT',
        type: 'COMMODITY',
        display_name: 'Fixed Price Tariff',
        market_rates: false,
        contract_start_date: '2026-01-01T00:00:00Z',
        contract_end_date: '2027-01-01T00:00:00Z',
        schedule: [
          {
            months: ['All'],
            days_and_hours: [
              { days: ['All'], hours: [{ valid_from: '00:00:00', valid_to: '00:00:00', rate: [{ fixed: 0.3 }] }] },
            ],
          },
        ],
      });
      expect(t.status).toBe(200);
      carries(t.body, SHOWN.tariff, 'tariff');
      const byDirection = await h.api('GET', `/tariffs?location_id=${loc.id}&direction=IMPORT`);
      carries(byDirection.body, SHOWN.list, 'tariff list');
      expect(byDirection.body.data.map((x: { id: string }) => x.id)).toEqual([t.body.id]);
      expect((await h.api('GET', `/tariffs?location_id=${loc.id}&direction=EXPORT`)).body.data).toEqual([]);
      carries((await h.api('GET', `/tariffs/${t.body.id}`)).body, SHOWN.tariff, 'retrieved tariff');
      const price = await h.api('POST', `/prices/${loc.id}`, {
        start_time: '2026-06-01T00:00:00Z',
        end_time: '2026-06-02T00:00:00Z',
        tariff_direction: 'IMPORT',
      });
      expect(price.status).toBe(200);
      carries(price.body, SHOWN.price, 'price');
      expect(price.body.data[0]).toMatchObject({
        valid_from: expect.any(String),
        price: { value: 0.3, confidence: 1 },
      });
      const status = await h.api('GET', `/locations/${loc.id}/status`);
      carries(status.body, SHOWN.status, 'location status');
      // The location says of each slot what the status says.
      const now = (await h.api('GET', `/locations/${loc.id}`)).body;
      for (const slot of SLOTS) expect(now.tariff_status[slot], slot).toBe(status.body.tariff_status[slot].status);
      expect(now.tariff_status.commodity_import).toBe('CONNECTED');
      expect(now.tariff_elements).toEqual([t.body.id]);
    });

    it("the reference's connect-token example is accepted at both paths; the token reads back at the older path", async () => {
      const loc = (await h.api('POST', '/locations', { postal_address: { city: 'Berlin', country_code: 'DE' } })).body;
      const example = {
        customer_reference_id: 'CUS0123456789',
        location_reference_id: 'LOC0123456789',
        tariff_direction: 'IMPORT',
        tariff_type: 'COMMODITY',
        connect_url: 'myapp://app/connect',
        callback_url: 'myapp://app/complete',
        actions: { disconnect_tariff: false, edit_tariff: true },
        route_options: { advanced_tariff_capture: false, tariff_name_capture: false, contract_term_capture: false },
        postal_address_type: 'RESIDENTIAL',
        postal_address: {
          address_line1: '1-3',
          address_line2: 'Strand',
          city: 'London',
          post_code: 'WC2N 5EH',
          country_code: 'GB',
        },
      };
      for (const path of ['/connect/token', '/connect/tariff/token']) {
        const created = await h.api(
          'POST',
          path,
          path === '/connect/token' ? { ...example, location_id: loc.id } : example,
        );
        expect(created.status, path).toBe(200);
        expect(created.body).toMatchObject({ connect_token: expect.stringMatching(/^cot_/), live_mode: false });
        expect(created.body.expires_in).toBeGreaterThan(0);
        for (const read of ['/connect/token', '/connect/tariff/token']) {
          const token = await h.api('GET', `${read}?connect_token=${created.body.connect_token}`);
          expect(token.status, read).toBe(200);
          carries(token.body, SHOWN.connectToken, `token read at ${read}`);
          expect(token.body.is_tariff_processed).toBe(token.body.price_available);
          expect(token.body.route_options).toEqual(example.route_options);
        }
      }
    });

    it('the price audit and the batch check as the reference shows them, valid against GET /openapi.json', async () => {
      const doc = (await h.api('GET', '/openapi.json')).body;
      const ajv = new Ajv2020({ strict: false, allErrors: true });
      addFormats.default(ajv);
      ajv.addSchema({ $id: 'doc', components: doc.components });
      /** The documented answer of an operation and status, its references into components resolved in place. */
      const answerOf = (method: string, path: string, status: string) =>
        ajv.compile(
          JSON.parse(
            JSON.stringify(doc.paths[path][method].responses[status].content['application/json'].schema).replace(
              /"#\/components\//g,
              '"doc#/components/',
            ),
          ),
        );
      const valid = (method: string, path: string, status: number, body: unknown) => {
        const validate = answerOf(method, path, String(status));
        expect(validate(body), `${method.toUpperCase()} ${path} ${status}: ${ajv.errorsText(validate.errors)}`).toBe(
          true,
        );
      };

      const loc = (await h.api('POST', '/locations', { postal_address: { city: 'Berlin', country_code: 'DE' } })).body;
      await h.api('POST', '/tariffs', {
        location_id: loc.id,
        direction: 'IMPORT',
        type: 'COMMODITY',
        market_rates: false,
        contract_start_date: '2023-01-01T00:00:00Z',
        contract_end_date: '2027-01-01T00:00:00Z',
        schedule: [
          {
            months: ['All'],
            days_and_hours: [
              { days: ['All'], hours: [{ valid_from: '00:00:00', valid_to: '00:00:00', rate: [{ fixed: 0.3 }] }] },
            ],
          },
        ],
      });
      // The reference's audit request, its location swapped for a real one.
      const audit = await h.api('POST', `/audits/prices/${loc.id}`, {
        start_time: '2023-06-15T09:00:00Z',
        end_time: '2023-06-15T23:00:00Z',
        tariff_direction: 'IMPORT',
      });
      expect(audit.status).toBe(200);
      carries(audit.body, SHOWN.priceAudit, 'price audit');
      valid('post', '/audits/prices/{id}', 200, audit.body);
      expect(audit.body.data[0].price_breakdown).toMatchObject({
        commodity: { fixed: 0.3, aggregate: 0.3 },
        non_commodity: { fixed: null },
        total: 0.3,
        confidence: 1,
      });
      const refused = await h.api('POST', '/audits/prices/loc_nothere', { end_time: '2023-06-15T23:00:00Z' });
      expect(refused.status).toBe(404);
      valid('post', '/audits/prices/{id}', 404, refused.body);

      // The reference's interval record, and one it refuses; the batch reads back as it was answered.
      const sent = await h.api('PUT', '/meters/interval', [
        {
          location_id: loc.id,
          session_reference_id: 'SESSION1234567890',
          record_reference_id: 'MET1234567890',
          direction: 'IMPORT',
          tariff_rate: 'IMPORT',
          measurand: 'TRANSFERRED',
          units: 'W',
          confidence: 1,
          value: 20567,
          start_time: '2022-02-01T10:30:00Z',
          end_time: '2022-02-01T11:00:00Z',
        },
        {
          location_id: loc.id,
          record_reference_id: 'MET1234567891',
          units: 'WH',
          value: 10,
          start_time: '2022-02-01T11:00:00Z',
          end_time: '2022-02-01T10:00:00Z',
        },
      ]);
      expect(sent.status).toBe(200);
      const batch = await h.api('GET', `/meters/batch?batch_id=${sent.body.id}`);
      expect(batch.status).toBe(200);
      carries(batch.body, SHOWN.meterBatch, 'meter batch');
      valid('get', '/meters/batch', 200, batch.body);
      expect(batch.body).toEqual(sent.body);
      expect(batch.body.failed_records).toEqual([
        {
          record_num: 2,
          record_reference_id: 'MET1234567891',
          error: { code: 'end_time_before_start_time', message: expect.any(String) },
        },
      ]);
      const unknown = await h.api('GET', '/meters/batch?batch_id=bat_65e42b7827c0526548432b9f');
      expect(unknown).toMatchObject({ status: 404, body: { object: 'error', code: 'batch_not_found' } });
      valid('get', '/meters/batch', 404, unknown.body);
    });

    it('events list and retrieve carry the object itself in data', async () => {
      const loc = (await h.api('POST', '/locations', { postal_address: { city: 'Berlin', country_code: 'DE' } })).body;
      const list = await h.api('GET', `/events?event_type=${wireEventName(profile, 'location.created')}`);
      carries(list.body, SHOWN.list, 'event list');
      const e = list.body.data.find((x: { data: { id: string } }) => x.data.id === loc.id);
      carries(e, SHOWN.event, 'event');
      expect(e.data).toMatchObject({ id: loc.id, object: 'location' });
      carries((await h.api('GET', `/events/${e.id}`)).body, SHOWN.event, 'retrieved event');
    });
  });
}

describe('every event type as delivered matches its payload schema in GET /openapi.json', () => {
  for (const profile of ['spec', 'published'] as const)
    it(`under the ${profile} profile`, async () => {
      const h = await liveHost({ demo: true });
      const rx = await receiver();
      try {
        await h.api('PATCH', '/settings', { wire_profile: profile });
        const doc = (await h.api('GET', '/openapi.json')).body;
        const ajv = new Ajv2020({ strict: false, allErrors: true });
        addFormats.default(ajv);
        ajv.addSchema({ $id: 'doc', components: doc.components });
        // The webhook documents point into components: validate against them in place.
        const schemaOf = (type: string) =>
          JSON.parse(
            JSON.stringify(doc.webhooks[type].post.requestBody.content['application/json'].schema).replace(
              /"#\/components\//g,
              '"doc#/components/',
            ),
          );
        await h.api('POST', '/webhooks', { url: rx.url, enabled_events: ['*'] });
        const types = Object.keys(EVENT_TYPES);
        // Real occurrences where the service makes them, a trigger (a sample on a real object) for the rest.
        const loc = (await h.api('POST', '/locations', { postal_address: { city: 'Berlin', country_code: 'DE' } }))
          .body;
        await h.api('PATCH', `/locations/${loc.id}`, { reference_id: 'x' });
        for (const type of types) await h.api('POST', '/events/trigger', { type });
        await h.api('DELETE', `/locations/${loc.id}`);
        await until(() => rx.got.length >= types.length + 3, 'the deliveries', 30_000);
        const seen = new Set<string>();
        for (const m of rx.got) {
          const payload = JSON.parse(m.body) as { type: string; data: Record<string, unknown> };
          const canonical = types.find((t) => wireEventName(profile, t) === payload.type)!;
          expect(canonical, payload.type).toBeTruthy();
          const validate = ajv.compile(schemaOf(canonical));
          expect(validate(payload), `${payload.type}: ${ajv.errorsText(validate.errors)}`).toBe(true);
          seen.add(canonical);
          // The object itself: location and tariff events name it by data.id and data.object.
          if (canonical.startsWith('location.') || /^tariff\.(created|updated|deleted)$/.test(canonical))
            expect(payload.data).toMatchObject({ id: expect.any(String), object: canonical.split('.')[0] });
          for (const d of ['contract_start_date', 'contract_end_date'])
            if (typeof payload.data[d] === 'string') expect(payload.data[d]).toMatch(RFC3339);
        }
        expect([...seen].sort()).toEqual([...types].sort());
      } finally {
        await rx.close();
        await h.host.stop();
      }
    }, 180_000);
});
