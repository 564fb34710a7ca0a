import { expect } from 'vitest';
import { basic } from '../helpers.js';
import {
  CONTRACT,
  DAY_RATE,
  LONDON,
  NIGHT_RATE,
  SESSION,
  TIME_OF_USE,
  arrangedTariff,
  conforms,
  refused,
  shaped,
  type Answer,
  type Arranged,
  type ZeroWorld,
} from './zero-world.js';

/**
 * Each Zero operation's exercise, by `METHOD path` as the reference names it: a request shaped
 * as the reference documents it (realistic values for the arranged London world), the documented
 * success status, an answer valid against the documented schema, and what the answer must say.
 */
export function zeroCases(w: ZeroWorld, f: Arranged): Record<string, () => Promise<void>> {
  const zero = (method: string, url: string, payload?: unknown, headers?: Record<string, string>) =>
    w.zero(method, url, payload, headers);
  /** A request to an operation: its body checked against the reference first. */
  const ask = (method: string, path: string, url: string, payload?: unknown) =>
    zero(method, url, payload === undefined ? undefined : shaped(method, path, payload));
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const ids = (a: Answer) => (a.body.data as { id: string }[]).map((x) => x.id);

  const LONDON_WITH_STATE = { ...LONDON, state: 'Greater London' };

  return {
    'GET /login': async () => {
      const a = await zero('GET', '/login', undefined, {
        authorization: basic(w.h.cred.account_id, w.h.cred.test_key),
      });
      conforms('GET', '/login', a);
      expect(a.body.live_mode).toBe(false);
      expect(a.body.expires_in).toBeGreaterThan(0);
    },

    'POST /connect/tariff/token': async () => {
      const path = '/connect/tariff/token';
      const a = await ask('POST', path, path, {
        direction: 'IMPORT',
        type: 'COMMODITY',
        callback_uri: 'https://example.com/connect/callback',
        connect_web_uri: 'http://localhost:7070',
        customer_reference_id: 'CUS0123456789',
        location_reference_id: 'LOC0123456789',
        postal_address: LONDON_WITH_STATE,
      });
      conforms('POST', path, a);
      expect(a.body).toMatchObject({ connect_token: expect.stringMatching(/^cot_/), live_mode: false });
      expect(a.body.expires_in).toBeGreaterThan(0);
    },
    'GET /connect/tariff/token': async () => {
      const path = '/connect/tariff/token';
      const made = await ask('POST', path, path, {
        callback_uri: 'https://example.com/connect/callback',
        location_id: f.location.id,
      });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      const a = await zero('GET', `${path}?connect_token=${made.body.connect_token}`);
      conforms('GET', path, a);
      expect(a.body).toMatchObject({
        id: made.body.connect_token,
        object: 'connect_token',
        live_mode: false,
        location_id: f.location.id,
        location_reference_id: 'LOC1234567890',
      });
    },
    'POST /connect/tariff/batch': async () => {
      const path = '/connect/tariff/batch';
      const a = await ask('POST', path, path, {
        session: {
          direction: 'IMPORT',
          type: 'COMMODITY',
          customer_reference_id: 'CUS0123456780',
          location_reference_id: 'LOC0123456780',
          postal_address: LONDON_WITH_STATE,
        },
        tariff: {
          type: 'FIXED',
          name: 'Simpler Energy Fixed',
          contract: { start_date: '2026-01-01T00:00:00Z', end_date: '2027-01-01T00:00:00Z' },
          data: [
            {
              months: ['All'],
              days_and_hours: [
                { days: ['All'], hours: [{ valid_from: '00:00:00', valid_to: '00:00:00', rate: [{ fixed: 0.245 }] }] },
              ],
            },
          ],
        },
      });
      conforms('POST', path, a);
      expect(a.body.location_reference_id).toBe('LOC0123456780');
      // The imported tariff prices the new location.
      const rates = await zero(
        'GET',
        `/tariffs/rates/${a.body.location_id}?start_time=2026-03-02T10:00:00Z&end_time=2026-03-02T11:00:00Z`,
      );
      expect(rates.status, JSON.stringify(rates.body)).toBe(200);
      expect(rates.body.data.map((d: any) => d.tariff.rate)).toEqual([0.245]);
    },

    'GET /events': async () => {
      const a = await zero('GET', `/events?object_id=${f.device.id}&limit=10`);
      conforms('GET', '/events', a);
      expect(a.body.data.length, 'the device has events').toBeGreaterThan(0);
      for (const e of a.body.data) expect(e.data.id).toBe(f.device.id);
    },
    'GET /events/{id}': async () => {
      const listed = await zero('GET', `/events?object_id=${f.device.id}`);
      expect(listed.status, JSON.stringify(listed.body)).toBe(200);
      const id = listed.body.data[0]?.id;
      expect(id, 'an event of the device').toMatch(/^evt_/);
      const a = await zero('GET', `/events/${id}`);
      conforms('GET', '/events/{id}', a);
      expect(a.body).toMatchObject({ id, object: 'event', data: { id: f.device.id } });
    },

    'GET /customers': async () => {
      const a = await zero('GET', '/customers?reference_id=CUS0000000001&limit=5');
      conforms('GET', '/customers', a);
      expect(ids(a)).toEqual([f.customer.id]);
    },
    'POST /customers': async () => {
      const a = await ask('POST', '/customers', '/customers', { reference_id: 'CUS1234567890' });
      conforms('POST', '/customers', a);
      expect(a.body).toMatchObject({ object: 'customer', reference_id: 'CUS1234567890', live_mode: false });
    },
    'GET /customers/{id}': async () => {
      const a = await zero('GET', `/customers/${f.customer.id}`);
      conforms('GET', '/customers/{id}', a);
      expect(a.body).toMatchObject({ id: f.customer.id, locations: [f.location.id] });
    },
    'PATCH /customers/{id}': async () => {
      const c = (await zero('POST', '/customers', { reference_id: 'CUS1234567891' })).body;
      const a = await ask('PATCH', '/customers/{id}', `/customers/${c.id}`, { reference_id: 'CUS1234567892' });
      conforms('PATCH', '/customers/{id}', a);
      expect(a.body).toMatchObject({ id: c.id, reference_id: 'CUS1234567892' });
    },
    'DELETE /customers/{id}': async () => {
      const c = (await zero('POST', '/customers', { reference_id: 'CUS1234567893' })).body;
      conforms('DELETE', '/customers/{id}', await zero('DELETE', `/customers/${c.id}`));
      refused(await zero('GET', `/customers/${c.id}`), 404, 'a deleted customer');
    },

    'GET /devices': async () => {
      const a = await zero('GET', '/devices?reference_id=DEV0000000001&limit=5');
      conforms('GET', '/devices', a);
      expect(ids(a)).toEqual([f.device.id]);
    },
    'POST /devices': async () => {
      const a = await ask('POST', '/devices', '/devices', { reference_id: 'DEV1234567890' });
      conforms('POST', '/devices', a);
      expect(a.body).toMatchObject({ object: 'device', reference_id: 'DEV1234567890', live_mode: false });
    },
    'GET /devices/{id}': async () => {
      const a = await zero('GET', `/devices/${f.device.id}`);
      conforms('GET', '/devices/{id}', a);
      expect(a.body.id).toBe(f.device.id);
    },
    'PATCH /devices/{id}': async () => {
      const d = (await zero('POST', '/devices', { reference_id: 'DEV1234567891' })).body;
      const a = await ask('PATCH', '/devices/{id}', `/devices/${d.id}`, { reference_id: 'DEV1234567892' });
      conforms('PATCH', '/devices/{id}', a);
      expect(a.body).toMatchObject({ id: d.id, reference_id: 'DEV1234567892' });
    },
    'DELETE /devices/{id}': async () => {
      const d = (await zero('POST', '/devices', { reference_id: 'DEV1234567893' })).body;
      conforms('DELETE', '/devices/{id}', await zero('DELETE', `/devices/${d.id}`));
      refused(await zero('GET', `/devices/${d.id}`), 404, 'a deleted device');
    },

    'GET /locations': async () => {
      const a = await zero('GET', `/locations?reference_id=LOC1234567890&customer_id=${f.customer.id}&limit=5`);
      conforms('GET', '/locations', a);
      expect(ids(a)).toEqual([f.location.id]);
    },
    'POST /locations': async () => {
      const a = await ask('POST', '/locations', '/locations', {
        reference_id: 'LOC2234567890',
        customer_id: f.customer.id,
        postal_address: LONDON_WITH_STATE,
      });
      conforms('POST', '/locations', a);
      expect(a.body).toMatchObject({
        object: 'location',
        reference_id: 'LOC2234567890',
        customer_id: f.customer.id,
        timezone: 'Europe/London',
        currency_code: 'GBP',
        postal_address: LONDON_WITH_STATE,
      });
      expect(a.body.geo_location.lat).toBeCloseTo(51.5, 0);
    },
    'GET /locations/{id}': async () => {
      const a = await zero('GET', `/locations/${f.location.id}`);
      conforms('GET', '/locations/{id}', a);
      expect(a.body).toMatchObject({ id: f.location.id, tariff_elements: [f.tariff.id] });
      expect(a.body.tariff_status.commodity_import).toBe('CONNECTED');
    },
    'PATCH /locations/{id}': async () => {
      const l = (await zero('POST', '/locations', { postal_address: LONDON })).body;
      const a = await ask('PATCH', '/locations/{id}', `/locations/${l.id}`, { reference_id: 'LOC3234567890' });
      conforms('PATCH', '/locations/{id}', a);
      expect(a.body).toMatchObject({ id: l.id, reference_id: 'LOC3234567890' });
    },
    'DELETE /locations/{id}': async () => {
      const l = (await zero('POST', '/locations', { postal_address: LONDON })).body;
      conforms('DELETE', '/locations/{id}', await zero('DELETE', `/locations/${l.id}`));
      refused(await zero('GET', `/locations/${l.id}`), 404, 'a deleted location');
    },
    'GET /locations/{id}/status': async () => {
      const a = await zero('GET', `/locations/${f.location.id}/status`);
      conforms('GET', '/locations/{id}/status', a);
      expect(a.body).toMatchObject({
        id: f.location.id,
        tariff_status: { commodity_import: { status: 'CONNECTED', tariff: { id: f.tariff.id } } },
      });
    },

    'PUT /meters/interval': async () => {
      const path = '/meters/interval';
      const a = await ask('PUT', path, path, [
        {
          location_id: f.location.id,
          device_id: f.device.id,
          session_reference_id: 'SESSION1234567891',
          record_reference_id: 'MET1234567890',
          direction: 'IMPORT',
          tariff_rate: 'IMPORT',
          measurand: 'TRANSFERRED',
          units: 'W',
          confidence: 1,
          value: 20567,
          start_time: '2026-02-27T10:30:00Z',
          end_time: '2026-02-27T11:00:00Z',
        },
        {
          location_id: f.location.id,
          record_reference_id: 'MET1234567891',
          units: 'KWH',
          value: 1.25,
          start_time: '2026-02-27T11:00:00Z',
          end_time: '2026-02-27T10:00:00Z',
        },
      ]);
      conforms('PUT', path, a);
      expect(a.body).toMatchObject({ object: 'meter_batch', records_submitted: 2, records_accepted: 1 });
      expect(a.body.failed_records).toEqual([
        // The reference counts records from 0, and the error is a message.
        { record_num: 1, record_reference_id: 'MET1234567891', error: expect.any(String) },
      ]);
    },
    'PUT /meters/cumulative/epoch': async () => {
      const path = '/meters/cumulative/epoch';
      const t0 = Date.parse('2026-02-27T00:00:00Z') / 1000;
      const a = await ask('PUT', path, path, {
        location_id: f.location.id,
        session_reference_id: 'SESSION1234567892',
        direction: 'IMPORT',
        tariff_rate: 'IMPORT',
        units: 'WH',
        data: [
          { time: t0, value: 1553, record_reference_id: 'MET2234567890' },
          { time: t0 + 1800, value: 2553, record_reference_id: 'MET2234567891' },
          { time: t0 + 3600, value: 3053, record_reference_id: 'MET2234567892' },
        ],
      });
      conforms('PUT', path, a);
      expect(a.body).toMatchObject({ object: 'meter_batch', failed_records: [] });
    },
    'GET /meters/batch': async () => {
      const sent = await zero('PUT', '/meters/interval', [
        {
          location_id: f.location.id,
          units: 'WH',
          value: 500,
          start_time: '2026-02-26T10:00:00Z',
          end_time: '2026-02-26T10:30:00Z',
        },
      ]);
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      const a = await zero('GET', `/meters/batch?batch_id=${sent.body.id}`);
      conforms('GET', '/meters/batch', a);
      expect(a.body).toEqual(sent.body);
    },

    'GET /tariffs/elements': async () => {
      const a = await zero('GET', `/tariffs/elements?location_id=${f.location.id}&direction=IMPORT&type=COMMODITY`);
      conforms('GET', '/tariffs/elements', a);
      expect(ids(a)).toEqual([f.tariff.id]);
      const exports = await zero('GET', `/tariffs/elements?location_id=${f.location.id}&direction=EXPORT`);
      expect(exports.body.data).toEqual([]);
    },
    'POST /tariffs/elements': async () => {
      const l = (await zero('POST', '/locations', { postal_address: LONDON })).body;
      const a = await ask('POST', '/tariffs/elements', '/tariffs/elements', {
        location_id: l.id,
        direction: 'IMPORT',
        type: 'COMMODITY',
        display_name: 'Economy 7',
        market_rates: false,
        ...CONTRACT,
        schedule: TIME_OF_USE,
      });
      conforms('POST', '/tariffs/elements', a);
      expect(a.body).toMatchObject({
        object: 'tariff',
        location_id: l.id,
        direction: 'IMPORT',
        type: 'COMMODITY',
        display_name: 'Economy 7',
        timezone: 'Europe/London',
        market_rates: false,
        ...CONTRACT,
      });
    },
    'GET /tariffs/elements/{id}': async () => {
      const a = await zero('GET', `/tariffs/elements/${f.tariff.id}`);
      conforms('GET', '/tariffs/elements/{id}', a);
      expect(a.body).toMatchObject({ id: f.tariff.id, location_id: f.location.id, schedule: TIME_OF_USE });
    },
    'PATCH /tariffs/elements/{id}': async () => {
      const l = (await zero('POST', '/locations', { postal_address: LONDON })).body;
      const t = (await arrangedTariff(w, l.id)).id;
      const a = await ask('PATCH', '/tariffs/elements/{id}', `/tariffs/elements/${t}`, {
        display_name: 'Economy 7 (2026)',
      });
      conforms('PATCH', '/tariffs/elements/{id}', a);
      expect(a.body).toMatchObject({ id: t, display_name: 'Economy 7 (2026)' });
    },
    'DELETE /tariffs/elements/{id}': async () => {
      const l = (await zero('POST', '/locations', { postal_address: LONDON })).body;
      const t = (await arrangedTariff(w, l.id)).id;
      conforms('DELETE', '/tariffs/elements/{id}', await zero('DELETE', `/tariffs/elements/${t}`));
      refused(await zero('GET', `/tariffs/elements/${t}`), 404, 'a deleted tariff');
      expect((await zero('GET', `/locations/${l.id}`)).body.tariff_elements).toEqual([]);
    },

    'GET /tariffs/rates/{id}': async () => {
      const a = await zero(
        'GET',
        `/tariffs/rates/${f.location.id}?start_time=2026-03-02T05:00:00Z&end_time=2026-03-02T09:00:00Z&direction=IMPORT&include_tariff=true&include_carbon=true`,
      );
      conforms('GET', '/tariffs/rates/{id}', a);
      expect(a.body.data.map((d: any) => d.tariff.rate)).toEqual([NIGHT_RATE, NIGHT_RATE, DAY_RATE, DAY_RATE]);
    },
    'GET /tariffs/audit/{id}': async () => {
      const a = await zero(
        'GET',
        `/tariffs/audit/${f.location.id}?start_time=2026-03-02T06:00:00Z&end_time=2026-03-02T08:00:00Z&direction=IMPORT`,
      );
      conforms('GET', '/tariffs/audit/{id}', a);
      expect(a.body.data.map((d: any) => d.tariff_rate.total)).toEqual([NIGHT_RATE, DAY_RATE]);
    },

    'GET /slots/time/{id}': async () => {
      const a = await zero(
        'GET',
        `/slots/time/${f.location.id}?start_time=2026-03-02T12:00:00Z&end_time=2026-03-03T12:00:00Z&direction=IMPORT&segment=LOW&duration=120`,
      );
      conforms('GET', '/slots/time/{id}', a);
      expect(a.body.data.length).toBeGreaterThan(0);
      for (const s of a.body.data) expect(s.tariff.rate_avg).toBe(NIGHT_RATE);
    },
    'GET /slots/threshold/{id}': async () => {
      const a = await zero(
        'GET',
        `/slots/threshold/${f.location.id}?start_time=2026-03-02T12:00:00Z&end_time=2026-03-03T12:00:00Z&direction=IMPORT&segment=LOW&relative=0.5`,
      );
      conforms('GET', '/slots/threshold/{id}', a);
      expect(a.body.data.length).toBeGreaterThan(0);
    },

    'POST /costs/instant': async () => {
      const a = await ask('POST', '/costs/instant', '/costs/instant?include_tariff=true&non_persistent=true', {
        location_id: f.location.id,
        session_reference_id: 'SESSION1234567893',
        record_reference_id: 'MET3234567890',
        direction: 'IMPORT',
        tariff_rate: 'IMPORT',
        measurand: 'TRANSFERRED',
        units: 'WH',
        value: 1500,
        start_time: '2026-03-02T01:00:00Z',
        end_time: '2026-03-02T01:30:00Z',
      });
      conforms('POST', '/costs/instant', a);
      expect(a.body).toMatchObject({ direction: 'IMPORT', tariff_rate: 'IMPORT', currency_code: 'GBP' });
      expect(a.body.data.energy.value).toBe(1500);
      expect(a.body.data.tariff.value).toBeCloseTo(1.5 * NIGHT_RATE, 6);
    },
    'POST /costs/interval/{id}': async () => {
      const path = '/costs/interval/{id}';
      const a = await ask(
        'POST',
        path,
        `/costs/interval/${f.location.id}?aggregation=DAY&direction=IMPORT&include_tariff=true`,
        { start_time: '2026-03-01T00:00:00Z', end_time: '2026-03-02T00:00:00Z' },
      );
      conforms('POST', path, a);
      expect(sum(a.body.data.map((d: any) => d.tariff.value))).toBeCloseTo(7 * NIGHT_RATE, 6);
    },
    'POST /costs/session/{id}': async () => {
      const a = await zero('POST', `/costs/session/${SESSION}?direction=IMPORT&include_tariff=true`);
      conforms('POST', '/costs/session/{id}', a);
      expect(sum(a.body.data.map((d: any) => d.tariff.value))).toBeCloseTo(7 * NIGHT_RATE, 6);
    },

    'POST /schedules': async () => {
      const window = { start_time: '2026-03-02T20:00:00Z', end_time: '2026-03-03T07:00:00Z' };
      const a = await ask('POST', '/schedules', '/schedules', {
        location_id: f.location.id,
        max_power: { units: 'W', value: '14000' },
        data: [
          {
            device_id: f.device.id,
            direction: 'IMPORT',
            ...window,
            max_power: { units: 'W', value: 7000 },
            energy: { units: 'WH', value: 24500 },
          },
        ],
      });
      conforms('POST', '/schedules', a);
      const plan = a.body.data[0];
      expect(plan).toMatchObject({ device_id: f.device.id, direction: 'IMPORT' });
      // 3.5 hours at 7 kW, all in the night band.
      for (const s of plan.schedule) {
        expect(s.start_time >= '2026-03-03T00:00:00Z', JSON.stringify(s)).toBe(true);
        expect(s.end_time <= window.end_time, JSON.stringify(s)).toBe(true);
      }
      expect(plan.tariff.value).toBeCloseTo(24.5 * NIGHT_RATE, 6);
    },
  };
}
