import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { harness, snapshot, tariffBody, type Harness } from '../helpers.js';

let h: Harness;
beforeEach(async () => (h = await harness()));
afterEach(() => h.close());

/** A Zero tariff element body: Zero names direction and type, and writes null for absent tier fields. */
const element = (locationId: string, extra: Record<string, unknown> = {}) => ({
  location_id: locationId,
  direction: 'IMPORT',
  type: 'COMMODITY',
  display_name: 'Day and night',
  contract_start_date: '2026-01-01T00:00:00Z',
  contract_end_date: '2027-01-01T00:00:00Z',
  schedule: [
    {
      months: ['All'],
      days_and_hours: [
        {
          days: ['All'],
          hours: [
            {
              valid_from: '07:00:00',
              valid_to: '22:00:00',
              rate: [{ fixed: 0.32, to_kwh: null, surcharge_fixed: null, surcharge_percentage: null }],
            },
            { valid_from: '22:00:00', valid_to: '07:00:00', rate: [{ fixed: 0.21 }] },
          ],
        },
      ],
    },
  ],
  ...extra,
});

const make = async (locationId: string, extra: Record<string, unknown> = {}) => {
  const r = await h.call({
    method: 'POST',
    url: '/tariffs/elements',
    headers: h.zero,
    payload: element(locationId, extra),
  });
  expect(r.status).toBe(200);
  return r.body;
};

/** Anode's price of the location's import at 13:00 Berlin on the pinned day. */
const anodePrice = async (locationId: string) => {
  const r = await h.call({
    method: 'POST',
    url: `/prices/${locationId}`,
    headers: h.test,
    payload: { start_time: '2026-03-01T12:00:00Z', end_time: '2026-03-01T13:00:00Z' },
  });
  expect(r.status).toBe(200);
  return r.body.data[0].price.value;
};

describe('Zero tariff elements on the one tariffs service', () => {
  it('creates a tariff element (200 TariffElementNew) that Anode reads and prices as its own tariff', async () => {
    const loc = await h.location();
    const t = await make(loc.id, { unknown_field: 'ignored' });
    expect(t).toMatchObject({
      object: 'tariff',
      location_id: loc.id,
      live_mode: false,
      is_linked: false,
      connection_type: 'MANUAL',
      direction: 'IMPORT',
      type: 'COMMODITY',
      status: 'CONNECTED',
      timezone: 'Europe/Berlin',
      display_name: 'Day and night',
      market_rates: false,
      contract_start_date: '2026-01-01T00:00:00Z',
      contract_end_date: '2027-01-01T00:00:00Z',
    });
    expect(t.id).toMatch(/^trf_/);
    // Null tier fields are absent, not stored as null; unknown fields are not stored at all.
    expect(t.schedule[0].days_and_hours[0].hours[0].rate).toEqual([{ fixed: 0.32 }]);
    expect(t.unknown_field).toBeUndefined();
    expect(t.charges).toBeUndefined();
    const anode = await h.call({ method: 'GET', url: `/tariffs/${t.id}`, headers: h.test });
    expect(anode.status).toBe(200);
    expect(anode.body.schedule).toEqual(t.schedule);
    expect(await anodePrice(loc.id)).toBe(0.32);
    const zloc = await h.call({ method: 'GET', url: `/locations/${loc.id}`, headers: h.zero });
    expect(zloc.body.tariff_elements).toEqual([t.id]);
    expect(zloc.body.tariff_status.commodity_import).toBe('CONNECTED');
    const again = await h.call({ method: 'GET', url: `/tariffs/elements/${t.id}`, headers: h.zero });
    expect(again).toMatchObject({ status: 200, body: t });
  });

  it('reads, updates and deletes in Zero a tariff Anode made (direction written even where Anode left it out)', async () => {
    const loc = await h.location();
    const { direction: _d, ...noDirection } = tariffBody(loc.id);
    const made = await h.call({ method: 'POST', url: '/tariffs', headers: h.test, payload: noDirection });
    expect(made.body.direction).toBeUndefined();
    const z = await h.call({ method: 'GET', url: `/tariffs/elements/${made.body.id}`, headers: h.zero });
    expect(z).toMatchObject({ status: 200, body: { id: made.body.id, direction: 'IMPORT', object: 'tariff' } });
    const patched = await h.call({
      method: 'PATCH',
      url: `/tariffs/elements/${made.body.id}`,
      headers: h.zero,
      payload: {
        display_name: 'Flat',
        data: [
          {
            days_and_hours: [
              { days: ['All'], hours: [{ valid_from: '00:00:00', valid_to: '00:00:00', rate: [{ fixed: 0.4 }] }] },
            ],
          },
        ],
        schedule: 'a field Zero does not know is ignored',
      },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ display_name: 'Flat', contract_end_date: made.body.contract_end_date });
    expect(patched.body.schedule[0].days_and_hours[0].hours[0].rate).toEqual([{ fixed: 0.4 }]);
    expect(await anodePrice(loc.id)).toBe(0.4);
    const gone = await h.call({ method: 'DELETE', url: `/tariffs/elements/${made.body.id}`, headers: h.zero });
    expect(gone).toMatchObject({ status: 202, body: { message: 'Accepted' } });
    expect(Object.keys(gone.body)).toEqual(['message']);
    const anode = await h.call({ method: 'GET', url: `/tariffs/${made.body.id}`, headers: h.test });
    expect(anode.status).toBe(404);
    const loc2 = await h.call({ method: 'GET', url: `/locations/${loc.id}`, headers: h.zero });
    expect(loc2.body.tariff_elements).toEqual([]);
    expect(loc2.body.tariff_status.commodity_import).toBe('NOT_CONNECTED');
  });

  it('an Anode delete removes what Zero made; an Anode patch shows in Zero', async () => {
    const loc = await h.location();
    const t = await make(loc.id);
    const p = await h.call({
      method: 'PATCH',
      url: `/tariffs/${t.id}`,
      headers: h.test,
      payload: { display_name: 'Renamed' },
    });
    expect(p.status).toBe(200);
    expect((await h.call({ method: 'GET', url: `/tariffs/elements/${t.id}`, headers: h.zero })).body.display_name).toBe(
      'Renamed',
    );
    expect((await h.call({ method: 'DELETE', url: `/tariffs/${t.id}`, headers: h.test })).status).toBe(200);
    const missing = await h.call({ method: 'GET', url: `/tariffs/elements/${t.id}`, headers: h.zero });
    expect(missing.status).toBe(404);
    expect(typeof missing.body.message).toBe('string');
  });

  it('lists by location with direction and type filters, pages newest first, the list naming its path', async () => {
    const loc = await h.location();
    const a = await make(loc.id);
    const b = await make(loc.id, { type: 'NON_COMMODITY', display_name: 'Grid' });
    const c = await make(loc.id, { direction: 'EXPORT', display_name: 'Export' });
    const list = async (q: string) => h.call({ method: 'GET', url: `/tariffs/elements?${q}`, headers: h.zero });
    const all = await list(`location_id=${loc.id}`);
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ object: 'list', url: '/tariffs/elements', has_more: false });
    expect(all.body.data.map((t: { id: string }) => t.id)).toEqual([c.id, b.id, a.id]);
    expect((await list(`location_id=${loc.id}&direction=EXPORT`)).body.data.map((t: { id: string }) => t.id)).toEqual([
      c.id,
    ]);
    expect((await list(`location_id=${loc.id}&type=NON_COMMODITY`)).body.data.map((t: { id: string }) => t.id)).toEqual(
      [b.id],
    );
    const page1 = await list(`location_id=${loc.id}&limit=2`);
    expect(page1.body.has_more).toBe(true);
    expect(page1.body.data).toHaveLength(2);
    const page2 = await list(`location_id=${loc.id}&limit=2&starting_after=${page1.body.data[1].id}`);
    expect(page2.body.data.map((t: { id: string }) => t.id)).toEqual([a.id]);
    expect(page2.body.has_more).toBe(false);
    const noLocation = await list('type=COMMODITY');
    expect(noLocation.status).toBe(409);
    expect(noLocation.body.message).toContain('location_id');
    const unknown = await list('location_id=loc_nope');
    expect(unknown.status).toBe(404);
    expect(typeof unknown.body.message).toBe('string');
  });

  it('refuses bad input with 409 and a message, storing nothing; unknown ids are 404', async () => {
    const loc = await h.location();
    const t = await make(loc.id);
    const before = snapshot(h.svc, ['journal']);
    const bad: [Record<string, unknown>, string][] = [
      [{ direction: undefined }, 'direction'],
      [{ type: 'ELECTRICITY' }, 'type'],
      [{ contract_end_date: 'tomorrow' }, 'contract_end_date'],
      [{ location_id: 'trf_x' }, 'location_id'],
      [
        {
          schedule: [
            {
              days_and_hours: [
                {
                  days: ['All'],
                  hours: [
                    { valid_from: '07:00:00', valid_to: '12:00:00', rate: [{ fixed: 0.3 }] },
                    { valid_from: '10:00:00', valid_to: '14:00:00', rate: [{ fixed: 0.2 }] },
                  ],
                },
              ],
            },
          ],
        },
        'hours',
      ],
      [{ schedule: [{ days_and_hours: [{ days: ['Someday'], hours: [] }] }] }, 'days'],
      [
        {
          schedule: [
            {
              days_and_hours: [
                { days: ['All'], hours: [{ valid_from: '00:00:00', valid_to: '00:00:00', rate: [{ to_kwh: null }] }] },
              ],
            },
          ],
        },
        'fixed',
      ],
      [{ contract_end_date: '2025-01-01T00:00:00Z' }, 'contract_end_date'],
    ];
    for (const [extra, field] of bad) {
      const r = await h.call({
        method: 'POST',
        url: '/tariffs/elements',
        headers: h.zero,
        payload: element(loc.id, extra),
      });
      expect(r.status, JSON.stringify(extra)).toBe(409);
      expect(r.body.message).toContain(field);
    }
    const patch = await h.call({
      method: 'PATCH',
      url: `/tariffs/elements/${t.id}`,
      headers: h.zero,
      payload: { contract_end_date: '2025-06-01T00:00:00Z' },
    });
    expect(patch.status).toBe(409);
    const badData = await h.call({
      method: 'PATCH',
      url: `/tariffs/elements/${t.id}`,
      headers: h.zero,
      payload: { data: [{ days_and_hours: [] }] },
    });
    expect(badData.status).toBe(409);
    expect(snapshot(h.svc, ['journal'])).toBe(before);
    for (const [method, url] of [
      ['GET', '/tariffs/elements/trf_nope'],
      ['PATCH', '/tariffs/elements/trf_nope'],
      ['DELETE', '/tariffs/elements/trf_nope'],
    ] as const) {
      const r = await h.call({ method, url, headers: h.zero, ...(method === 'PATCH' ? { payload: {} } : {}) });
      expect(r.status, `${method} ${url}`).toBe(404);
      expect(typeof r.body.message).toBe('string');
    }
    const noLoc = await h.call({
      method: 'POST',
      url: '/tariffs/elements',
      headers: h.zero,
      payload: element('loc_nope'),
    });
    expect(noLoc.status).toBe(404);
    expect(snapshot(h.svc, ['journal'])).toBe(before);
  });

  it('is a Zero path: Anode answers 404 for /tariffs/elements, Zero 404 for /tariffs', async () => {
    const loc = await h.location();
    const anode = await h.call({ method: 'POST', url: '/tariffs/elements', headers: h.test, payload: element(loc.id) });
    expect(anode.status).toBe(404);
    const zero = await h.call({ method: 'GET', url: `/tariffs?location_id=${loc.id}`, headers: h.zero });
    expect(zero.status).toBe(404);
  });
  it("is documented in Zero's OpenAPI document only, and the typed Zero client calls it", async () => {
    const zero = (await h.call({ method: 'GET', url: '/openapi.json?version=2024-08-24', headers: h.test })).body;
    expect(Object.keys(zero.paths['/tariffs/elements']).sort()).toEqual(['get', 'post']);
    expect(zero.paths['/tariffs/elements/{id}'].delete.responses['202']).toBeDefined();
    expect(zero.paths['/tariffs/elements'].post.responses['409']).toBeDefined();
    const anode = (await h.call({ method: 'GET', url: '/openapi.json', headers: h.test })).body;
    expect(anode.paths['/tariffs/elements']).toBeUndefined();
    const loc = await h.location();
    const made = await h.zeroApi.call('zero.tariffElements.create', { body: element(loc.id) as never });
    expect(made).toMatchObject({ object: 'tariff', direction: 'IMPORT', location_id: loc.id });
    const list = await h.zeroApi.call('zero.tariffElements.list', { query: { location_id: loc.id } });
    expect(list.data.map((t) => t.id)).toEqual([made.id]);
    expect(await h.zeroApi.call('zero.tariffElements.delete', { params: { id: made.id } })).toEqual({
      message: 'Accepted',
    });
  });
});
