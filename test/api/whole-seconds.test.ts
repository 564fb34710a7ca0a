import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveHost, type LiveHost } from '../e2e/host.js';
import { until } from '../webhooks/receiver.js';
import { fixedSchedule, tariffBody } from '../helpers.js';

/**
 * Every timestamp the service writes is RFC 3339 in whole seconds, under both wire profiles:
 * objects, lists, prices, schedules, audits, costs, meter batches, events, connect tokens,
 * webhook deliveries, the journal, the clock and error bodies. The service clock stands at
 * instants with milliseconds throughout, and requests send fractions (which are accepted), so a
 * writer that let a fraction through would show it.
 */

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** Every string of an answer that is a timestamp, with where it was found. */
function timestamps(v: unknown, at = '$', out: [string, string][] = []): [string, string][] {
  if (typeof v === 'string') {
    if (TIMESTAMP.test(v)) out.push([at, v]);
  } else if (Array.isArray(v)) v.forEach((x, i) => timestamps(x, `${at}[${i}]`, out));
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) timestamps(x, `${at}.${k}`, out);
  return out;
}

for (const profile of ['spec', 'published'] as const)
  describe(`timestamps in whole seconds, wire profile ${profile}`, () => {
    let h: LiveHost;
    const seen: [string, string][] = [];
    /** A request whose answer is walked; fails on the first fraction. */
    const walk = async (method: string, path: string, body?: unknown, ok = [200, 201, 202]) => {
      const r = await h.api(method, path, body);
      expect(ok, `${method} ${path}: ${JSON.stringify(r.body)}`).toContain(r.status);
      const found = timestamps(r.body, `${method} ${path}`);
      for (const [where, t] of found) expect(t, where).not.toMatch(/\.\d/);
      seen.push(...found);
      return r.body;
    };
    /** The service clock moved to an instant with milliseconds. */
    const at = async (iso: string) =>
      expect((await h.api('PUT', '/clock', { mode: 'frozen', now: iso })).status).toBe(200);

    beforeAll(async () => {
      h = await liveHost({ demo: false, now: '2026-03-01T12:00:00.567Z' });
      await h.api('PATCH', '/settings', { wire_profile: profile });
    });
    afterAll(() => h.host.stop());

    it('objects, lists, prices, events, connect tokens, deliveries, the journal and errors', async () => {
      await walk('GET', '/clock');
      const catcher = await walk('POST', '/webhooks', { catcher: true });
      const customer = await walk('POST', '/customers', { reference_id: 'C-1' });
      await at('2026-03-01T12:00:01.250Z');
      const device = await walk('POST', '/devices', { reference_id: 'D-1' });
      const loc = await walk('POST', '/locations', {
        customer_id: customer.id,
        postal_address: { address_line1: '1-3 Strand', city: 'London', post_code: 'WC2N 5EH', country_code: 'GB' },
      });
      const t = await walk(
        'POST',
        '/tariffs',
        tariffBody(loc.id, {
          contract_start_date: '2026-01-01',
          contract_end_date: '2027-01-01',
          schedule: fixedSchedule([
            [
              'All',
              [
                ['07:00', '22:00', 0.32],
                ['22:00', '07:00', 0.21],
              ],
            ],
          ]),
        }),
      );
      await walk(
        'POST',
        '/tariffs',
        tariffBody(loc.id, { type: 'NON_COMMODITY', display_name: 'Fee', market_rates: false }),
      );
      await walk('PATCH', `/tariffs/${t.id}`, { display_name: 'Renamed' });
      await at('2026-03-01T12:00:02.999Z');
      // Fractions on input are accepted; the answers write whole seconds.
      const window = { start_time: '2026-03-01T12:00:00.250Z', end_time: '2026-03-02T12:00:00.750Z' };
      await walk('POST', `/prices/${loc.id}`, window);
      await walk('POST', `/prices/${loc.id}`, { end_time: '2026-03-02T12:00:00+00:00', expand: ['components'] });
      await walk('POST', `/audits/prices/${loc.id}`, { end_time: '2026-03-02T12:00:00.5Z' });
      await walk('POST', `/schedules/duration/${loc.id}`, { end_time: '2026-03-02T12:00:00Z', duration: 61 });
      await walk('POST', `/schedules/limit/${loc.id}`, { end_time: '2026-03-02T12:00:00.1Z', relative: 0.5 });
      await walk('POST', `/schedules/amount/${loc.id}`, {
        data: [
          {
            end_time: '2026-03-02T12:00:00Z',
            max_power: { units: 'W', value: 7000 },
            energy: { units: 'WH', value: 5000.5 },
          },
        ],
      });
      const batch = await walk('PUT', '/meters/interval', [
        {
          location_id: loc.id,
          device_id: device.id,
          units: 'W',
          value: 20567,
          start_time: '2026-03-01T10:30:00.5Z',
          end_time: '2026-03-01T11:00:00.5Z',
        },
        { location_id: loc.id, units: 'WH', value: 1, start_time: 'soon', end_time: '2026-03-01T11:00:00Z' },
      ]);
      await walk('GET', `/meters/batch?batch_id=${batch.id}`);
      await walk('GET', '/meter-records');
      await walk('POST', '/costs/instant', {
        location_id: loc.id,
        units: 'WH',
        value: 1000,
        start_time: '2026-03-01T11:00:00Z',
        end_time: '2026-03-01T11:30:00Z',
      });
      await walk('POST', `/costs/interval/${loc.id}?aggregation=DAY`, {
        start_time: '2026-03-01T00:00:00.5Z',
        end_time: '2026-03-02T00:00:00Z',
      });
      await walk('POST', `/costs/${loc.id}`, {
        start_time: '2026-03-01T00:00:00Z',
        end_time: '2026-03-02T00:00:00Z',
        tariff_direction: 'IMPORT',
        usage: { profile: 'bdew_h0', kwh_per_year: 3000 },
      });
      await at('2026-03-01T12:00:03.001Z');
      const token = await walk('POST', '/connect/token', {
        location_id: loc.id,
        callback_url: 'https://example.com/done',
        connect_url: 'https://example.com/connect',
      });
      await walk('GET', `/connect/token?connect_token=${token.connect_token}`);
      for (const path of [
        '/locations',
        `/tariffs?location_id=${loc.id}`,
        '/customers',
        '/devices',
        '/events?limit=100',
        '/webhooks',
      ])
        await walk('GET', path);
      await walk('GET', `/locations/${loc.id}`);
      await walk('GET', `/locations/${loc.id}/status`);
      await walk('GET', `/customers/${customer.id}`);
      await walk('GET', `/devices/${device.id}`);
      const events = (await walk('GET', '/events?limit=1')).data;
      await walk('GET', `/events/${events[0].id}`);
      await walk('POST', '/events/trigger', { type: 'tariff.created' });
      await until(
        async () => (await h.api('GET', `/catcher/messages?endpoint_id=${catcher.id}`)).body.data.length > 3,
        'caught',
      );
      await walk('GET', `/catcher/messages?endpoint_id=${catcher.id}`);
      const deliveries = (await walk('GET', '/webhook-deliveries')).data;
      expect(deliveries.length).toBeGreaterThan(0);
      await walk('GET', `/webhook-deliveries/${deliveries[0].id}`);
      await walk('GET', '/journal?limit=50');
      await walk('GET', '/clock');
      // Errors carry their time too.
      await walk('GET', '/locations/loc_nothere', undefined, [404]);
      await walk('DELETE', `/devices/${device.id}`);
      // A walk that saw nothing would prove nothing.
      expect(seen.length).toBeGreaterThan(150);
      expect(seen.some(([, v]) => v.startsWith('2026-03-01T12:00:03'))).toBe(true);
    }, 180_000);
  });
