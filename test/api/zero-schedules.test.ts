import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { harness, snapshot, type Harness } from '../helpers.js';

/** Zero's `POST /schedules` through the app: Anode's schedule by amount under Zero's names. */

let h: Harness;
let loc: string;
beforeEach(async () => {
  h = await harness('2026-03-01T12:00:00Z');
  loc = (await h.location()).id;
  await h.tariff(loc); // Berlin: 0.32 from 07:00 to 22:00 local, 0.21 at night
});
afterEach(() => h.close());

const WINDOW = { start_time: '2026-03-02T17:00:00Z', end_time: '2026-03-03T07:00:00Z' };
const schedule = (payload: object) => h.call({ method: 'POST', url: '/schedules', headers: h.zero, payload });
const amount = (payload: object) =>
  h.call({ method: 'POST', url: `/schedules/amount/${loc}`, headers: h.test, payload });

describe('Zero POST /schedules', () => {
  it("answers a schedule with Anode's plan, money and savings for the same devices", async () => {
    const devices = [
      {
        device_id: 'dev_car1',
        direction: 'IMPORT',
        ...WINDOW,
        max_power: { units: 'KW', value: 7 },
        energy: { units: 'KWH', value: 14 },
      },
      {
        device_id: 'dev_heat1',
        direction: 'IMPORT',
        ...WINDOW,
        max_power: { units: 'W', value: 7000 },
        energy: { units: 'WH', value: 9000 },
      },
    ];
    const a = await schedule({
      location_id: loc,
      max_power: { units: 'W', value: '10000' },
      data: devices,
      note: 'ignored',
    });
    expect(a.status).toBe(200);
    const b = await amount({ location_id: loc, max_power: { units: 'W', value: '10000' }, data: devices });
    expect(b.status).toBe(200);
    expect(a.body).toMatchObject({
      id: expect.stringMatching(/^sch_/),
      object: 'schedule',
      live_mode: false,
      location_id: loc,
      location_timezone: 'Europe/Berlin',
      currency_code: 'EUR',
      max_power: { units: 'W', value: 10000 },
      tariff: b.body.tariff,
      savings: b.body.savings,
      account_id: h.cred.account_id,
    });
    expect(a.body.data).toEqual(
      b.body.data.map((d: any) => ({
        device_id: d.device_id,
        direction: d.tariff_direction,
        start_time: d.start_time,
        end_time: d.end_time,
        max_power: d.max_power,
        energy: d.energy,
        tariff: d.tariff,
        savings: d.savings,
        schedule: d.schedule,
      })),
    );
    // The car takes the night's first two hours at 7 kW; the other device the 3 kW left, then 7 kW.
    expect(a.body.data[0].schedule).toEqual([
      { start_time: '2026-03-02T21:00:00Z', end_time: '2026-03-02T23:00:00Z', power: { units: 'KW', value: 7 } },
    ]);
    expect(a.body.tariff.value).toBeCloseTo(23 * 0.21, 6);
  });

  it("a device without its own max_power uses the location's; direction defaults to IMPORT", async () => {
    const a = await schedule({
      location_id: loc,
      max_power: { units: 'KW', value: 7 },
      data: [
        {
          device_id: 'dev_car1',
          end_time: WINDOW.end_time,
          start_time: WINDOW.start_time,
          energy: { units: 'KWH', value: 10 },
        },
      ],
    });
    expect(a.status).toBe(200);
    expect(a.body.data[0]).toMatchObject({ direction: 'IMPORT', max_power: { units: 'KW', value: 7 } });
    expect(a.body.data[0].schedule).toEqual([
      { start_time: '2026-03-02T21:00:00Z', end_time: '2026-03-02T22:25:43Z', power: { units: 'KW', value: 7 } },
    ]);
    expect(a.body.tariff).toEqual({ value: 2.1, confidence: 1 });
  });

  it('an absolute shaving threshold overrides relative; relative places the cap on the range', async () => {
    const entry = { device_id: 'dev_car1', direction: 'IMPORT', ...WINDOW, energy: { units: 'KWH', value: 70 } };
    const base = { location_id: loc, max_power: { units: 'KW', value: 7 }, data: [entry] };
    // 70 kWh at 7 kW need ten hours; the night has nine: a cap below the day price cannot be met.
    const capped = await schedule({ ...base, shaving_threshold: { absolute: 0.25, relative: 1 } });
    expect(capped.status).toBe(409);
    expect(capped.body.message).toContain('data[0].energy');
    const relative = await schedule({ ...base, shaving_threshold: { relative: 0.5 } });
    expect(relative.status).toBe(409);
    const open = await schedule({ ...base, shaving_threshold: { relative: 1 } });
    expect(open.status).toBe(200);
    expect(open.body.shaving_threshold).toEqual({ relative: 1 });
  });

  it('refuses bad input with 409 naming the field, an unknown location with 404; nothing is stored', async () => {
    const before = snapshot(h.svc);
    const entry = { device_id: 'dev_car1', direction: 'IMPORT', ...WINDOW, energy: { units: 'KWH', value: 10 } };
    const ok = { location_id: loc, max_power: { units: 'KW', value: 7 }, data: [entry] };
    for (const [body, field] of [
      [{ ...ok, location_id: undefined }, 'location_id'],
      [{ ...ok, max_power: undefined }, 'max_power'],
      [{ ...ok, max_power: { units: 'KW', value: 'fast' } }, 'max_power'],
      [{ ...ok, data: [{ ...entry, device_id: undefined }] }, 'device_id'],
      [{ ...ok, data: [{ ...entry, energy: { units: 'KWH', value: -1 } }] }, 'energy'],
      [{ ...ok, data: [{ ...entry, energy: { units: 'MWH', value: 1 } }] }, 'units'],
      [{ ...ok, data: [{ ...entry, end_time: 'tomorrow' }] }, 'end_time'],
      [{ ...ok, data: [{ ...entry, direction: 'UP' }] }, 'direction'],
    ] as const) {
      const a = await schedule(body);
      expect(a.status, JSON.stringify(body)).toBe(409);
      expect(a.body.message, JSON.stringify(body)).toContain(field);
    }
    const unknown = await schedule({ ...ok, location_id: 'loc_000000000000000000000000' });
    expect(unknown.status).toBe(404);
    expect(snapshot(h.svc)).toBe(before);
  });
});

describe('Zero rates, slots and schedule under odd input', () => {
  it('answer every odd query or body with a 4xx and a message, never a 5xx', async () => {
    const id = loc;
    const queries = [
      'end_time=2026-03-02T12:00:00Z&end_time=2026-03-02T13:00:00Z',
      'end_time=',
      'end_time=2026-02-30T12:00:00Z',
      'end_time=9999-12-31T23:59:59Z',
      'start_time=0001-01-01T00:00:00Z&end_time=0001-01-02T00:00:00Z',
      'end_time=2026-03-02T12:00:00Z&direction=',
      'end_time=2026-03-02T12:00:00Z&include_tariff=&include_carbon=',
      'end_time=2026-03-02T12:00:00Z&segment=LOW&duration=1e400',
      'end_time=2026-03-02T12:00:00Z&segment=LOW&duration=-5',
      'end_time=2026-03-02T12:00:00Z&segment=LOW&relative=NaN',
      'end_time=2026-03-02T12:00:00Z&segment=LOW&absolute=1e7',
      'end_time=2026-03-02T12:00:00Z&segment[]=LOW&duration=60&relative=0.5',
      'end_time=%F0%9F%98%80',
    ];
    for (const path of ['/tariffs/rates', '/tariffs/audit', '/slots/time', '/slots/threshold'])
      for (const q of queries) {
        const a = await h.call({ method: 'GET', url: `${path}/${id}?${q}`, headers: h.zero });
        expect(a.status, `${path}?${q}`).toBeLessThan(500);
        if (a.status >= 400) expect(typeof a.body.message, `${path}?${q}`).toBe('string');
      }
    const entry = { device_id: 'dev_car1', ...WINDOW, energy: { units: 'KWH', value: 10 } };
    const bodies: object[] = [
      [],
      { location_id: loc, max_power: { units: 'KW', value: 7 }, data: [] },
      { location_id: loc, max_power: { units: 'KW', value: 7 }, data: [null] },
      { location_id: loc, max_power: { units: 'KW', value: 7 }, data: {} },
      { location_id: loc, max_power: { units: 'KW', value: '1e400' }, data: [entry] },
      { location_id: loc, max_power: { units: 'KW', value: 7 }, data: Array(21).fill(entry) },
      { location_id: loc, max_power: { units: 'KW', value: 7 }, shaving_threshold: { relative: 'x' }, data: [entry] },
      { location_id: loc, max_power: { units: 'KW', value: 7 }, shaving_threshold: {}, data: [entry] },
      { location_id: loc, max_power: { units: 'KW', value: 7 }, data: [{ ...entry, end_time: WINDOW.start_time }] },
      { location_id: loc, max_power: { units: 'KW', value: 7 }, data: [{ ...entry, direction: 'EXPORT' }] },
    ];
    for (const payload of bodies) {
      const a = await schedule(payload);
      expect(a.status, JSON.stringify(payload).slice(0, 200)).toBeLessThan(500);
      if (a.status >= 400) expect(typeof a.body.message).toBe('string');
    }
  });
});
