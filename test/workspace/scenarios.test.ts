import { afterEach, describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { harness, snapshot, type Harness } from '../helpers.js';
import { SAMPLE_CHARGES } from '../charges-sample.js';
import type { ServiceError } from '../../core/engine/api/client.js';
import { DEMO_HOME } from '../../core/engine/demo-home.js';

let h: Harness;
afterEach(() => h?.close());

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a refusal');
    },
    (e: unknown) => e as ServiceError,
  );

const refs = async () =>
  (await h.api.call('locations.list', { query: { limit: 100 } })).data.map((l) => l.reference_id).sort();

describe('scenarios through the API', () => {
  it('lists the two built-in ones; saves the world with its clock; restores it in one call, clock included', async () => {
    h = await harness('2026-03-01T12:00:00Z');
    const list = await h.api.call('scenarios.list');
    expect(list.data.map((s) => [s.id, s.name, s.built_in, s.clock])).toEqual([
      ['scn_demodata', 'Demo data', true, null],
      ['scn_contractending', 'Contract ending', true, null],
    ]);

    await h.api.call('demo.reset');
    await h.api.call('clock.set', { body: { mode: 'frozen', now: '2026-05-04T08:00:00Z' } });
    await h.api.call('settings.update', { body: { wire_profile: 'published' } });
    const saved = await h.api.call('scenarios.create', { body: { name: 'Before the demo', description: 'May' } });
    expect(saved).toMatchObject({
      object: 'scenario',
      name: 'Before the demo',
      description: 'May',
      built_in: false,
      clock: { mode: 'frozen', now: '2026-05-04T08:00:00Z', offset_ms: null },
      locations: 5,
      tariffs: 8,
      webhook_endpoints: 1,
      time_created: '2026-05-04T08:00:00Z',
    });
    expect(saved.id).toMatch(/^scn_/);
    const world = (await h.api.call('workspace.export')).files;
    expect((await refusal(h.api.call('scenarios.create', { body: { name: 'before the DEMO' } }))).code).toBe(
      'scenario_name_taken',
    );

    // The world changes: a location goes, the clock runs on, the profile goes back.
    const gone = (await h.api.call('locations.list')).data[0]!;
    await h.api.call('locations.delete', { params: { id: gone.id } });
    await h.api.call('clock.set', { body: { mode: 'real' } });
    await h.api.call('settings.update', { body: { wire_profile: 'spec' } });

    const r = await h.api.call('scenarios.restore', { params: { id: saved.id } });
    expect(r).toMatchObject({
      object: 'scenario_restore',
      scenario: { id: saved.id },
      locations: 5,
      tariffs: 8,
      webhook_endpoints: 1,
      clock: { mode: 'frozen', now: '2026-05-04T08:00:00Z' },
    });
    // The world is the saved one to the byte.
    expect((await h.api.call('workspace.export')).files).toEqual(world);
    expect((await h.api.call('locations.retrieve', { params: { id: gone.id } })).id).toBe(gone.id);
    expect((await h.api.call('settings.retrieve')).wire_profile).toBe('published');
    expect((await h.api.call('scenarios.list')).data.map((s) => s.name)).toEqual([
      'Demo data',
      'Contract ending',
      'Before the demo',
    ]);

    // Saved ones can be deleted, built-in ones cannot.
    expect((await h.api.call('scenarios.delete', { params: { id: saved.id } })).id).toBe(saved.id);
    expect((await refusal(h.api.call('scenarios.restore', { params: { id: saved.id } }))).code).toBe(
      'scenario_not_found',
    );
    const builtIn = await refusal(h.api.call('scenarios.delete', { params: { id: 'scn_demodata' } }));
    expect([builtIn.status, builtIn.code]).toEqual([400, 'scenario_built_in']);
  });

  it('a saved scenario carries a tariff’s charges; restoring gives them back', async () => {
    h = await harness('2026-03-01T12:00:00Z');
    const loc = await h.location();
    const t = await h.tariff(loc.id, { charges: SAMPLE_CHARGES });
    const saved = await h.api.call('scenarios.create', { body: { name: 'With charges' } });
    await h.api.call('tariffs.update', { params: { id: t.id }, body: { charges: null } });
    expect((await h.api.call('tariffs.retrieve', { params: { id: t.id } })).charges).toBeUndefined();
    await h.api.call('scenarios.restore', { params: { id: saved.id } });
    expect((await h.api.call('tariffs.retrieve', { params: { id: t.id } })).charges).toEqual(SAMPLE_CHARGES);
  });

  it('"Contract ending": a tariff ending 8 days after the clock; one day on, tariff.expiring goes out', async () => {
    h = await harness('2026-03-01T12:00:00Z');
    await h.api.call('clock.set', { body: { mode: 'frozen', now: '2026-06-10T10:00:00Z' } });
    const r = await h.api.call('scenarios.restore', { params: { id: 'scn_contractending' } });
    // A built-in keeps the clock; its data are made around it.
    expect(r.clock).toMatchObject({ mode: 'frozen', now: '2026-06-10T10:00:00Z' });
    expect(r).toMatchObject({ locations: 6, tariffs: 9, webhook_endpoints: 1 });
    expect(await refs()).toEqual([
      'demo-austin',
      'demo-berlin',
      'demo-contract-ending',
      'demo-london',
      'demo-solar-home',
      'demo-sydney',
    ]);
    const munich = (await h.api.call('locations.list', { query: { limit: 100 } })).data.find(
      (l) => l.reference_id === 'demo-contract-ending',
    )!;
    const [tariff] = (await h.api.call('tariffs.list', { query: { location_id: munich.id } })).data;
    const today = DateTime.fromISO('2026-06-10T10:00:00Z', { zone: munich.timezone });
    // A date-time at local midnight, eight days on.
    expect(tariff!.contract_end_date).toBe(
      today.plus({ days: 8 }).startOf('day').toISO({ suppressMilliseconds: true }),
    );
    // Nothing is due yet; a day later the seven-day notice is.
    expect((await h.api.call('events.list', { query: { type: 'tariff.expiring' } })).data).toEqual([]);
    await h.api.call('clock.advance', { body: { seconds: 86400 } });
    const expiring = (await h.api.call('events.list', { query: { type: 'tariff.expiring' } })).data;
    expect(expiring).toHaveLength(1);
    expect(expiring[0]!.data).toMatchObject({ tariff_id: tariff!.id, location_id: munich.id });

    // Restoring it again starts over: the notice is owed again, not remembered from before.
    await h.api.call('clock.set', { body: { mode: 'frozen', now: '2026-06-10T10:00:00Z' } });
    await h.api.call('scenarios.restore', { params: { id: 'scn_contractending' } });
    expect((await h.api.call('events.list', { query: { type: 'tariff.expiring' } })).data).toEqual([]);
    await h.api.call('clock.advance', { body: { seconds: 86400 } });
    expect((await h.api.call('events.list', { query: { type: 'tariff.expiring' } })).data).toHaveLength(1);
  });

  it('"Demo data" replaces whatever is there with the demo set and keeps settings and clock', async () => {
    h = await harness('2026-03-01T12:00:00Z');
    await h.api.call('locations.create', { body: { postal_address: { city: 'Oslo', country_code: 'NO' } } });
    await h.api.call('settings.update', { body: { wire_profile: 'published' } });
    await h.api.call('clock.set', { body: { mode: 'offset', now: '2026-04-01T00:00:00Z' } });
    const before = await h.api.call('clock.retrieve');
    const r = await h.api.call('scenarios.restore', { params: { id: 'scn_demodata' } });
    expect(r).toMatchObject({
      scenario: { name: 'Demo data', built_in: true },
      locations: 5,
      tariffs: 8,
      customers: 2,
      devices: 2,
      device_states: 1,
      meter_records: 68,
    });
    expect(await refs()).toEqual(['demo-austin', 'demo-berlin', 'demo-london', 'demo-solar-home', 'demo-sydney']);
    // The demo battery comes with the state it reported as the set was made, at the clock's now.
    const battery = (await h.api.call('devices.list')).data.find((d) => d.reference_id === DEMO_HOME.battery)!;
    const state = await h.api.call('devices.state.get', { params: { id: battery.id } });
    expect(state).toMatchObject({ ...DEMO_HOME.state, device_id: battery.id });
    expect(Math.abs(Date.parse(state.time) - Date.parse(before.now))).toBeLessThanOrEqual(1000);
    // The demo customer owns Berlin and London; the charger's four sessions are at Berlin, the week before today.
    const [customer] = (await h.api.call('customers.list')).data;
    const owned = await Promise.all(
      customer!.locations.map(async (id) => (await h.api.call('locations.retrieve', { params: { id } })).reference_id),
    );
    expect(owned.sort()).toEqual(['demo-berlin', 'demo-london']);
    const records = (await h.api.call('meter_records.list', { query: { limit: 100 } })).data;
    expect(new Set(records.map((x) => x.session_reference_id))).toEqual(
      new Set(['demo-session-1', 'demo-session-2', 'demo-session-3', 'demo-session-4']),
    );
    const now = Date.parse((await h.api.call('clock.retrieve')).now);
    for (const x of records) {
      expect(Date.parse(x.end_time)).toBeLessThanOrEqual(now);
      expect(Date.parse(x.start_time)).toBeGreaterThan(now - 8 * 86_400_000);
    }
    const session = await h.api.call('costs.session', { params: { id: 'demo-session-1' } });
    expect(session.total.cost.value).toBeGreaterThan(0);
    expect((await h.api.call('settings.retrieve')).wire_profile).toBe('published');
    expect(r.clock.mode).toBe('offset');
    expect(Math.abs(r.clock.offset_seconds - before.offset_seconds)).toBeLessThanOrEqual(1);
  });

  it('are test mode only, and a refused restore changes nothing', async () => {
    h = await harness('2026-03-01T12:00:00Z');
    const live = await h.call({ method: 'GET', url: '/scenarios', headers: h.live });
    expect([live.status, live.body.code]).toEqual([400, 'live_mode_not_allowed']);
    await h.api.call('demo.reset');
    const before = snapshot(h.svc);
    const r = await h.call({ method: 'POST', url: '/scenarios/scn_nothere/restore', headers: h.test });
    expect([r.status, r.body.code]).toEqual([404, 'scenario_not_found']);
    expect(snapshot(h.svc)).toBe(before);
  });
});
