import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixedSchedule, harness, snapshot, tariffBody, type Harness } from '../helpers.js';

let h: Harness;
let loc: string;
beforeEach(async () => {
  h = await harness('2026-11-20T12:00:00Z');
  loc = (await h.location()).id;
});
afterEach(() => h.close());

const prices = (body: object, id = loc, headers = h.test) =>
  h.call({ method: 'POST', url: `/prices/${id}`, headers, payload: body });
const addTariff = (extra: object = {}) =>
  h.call({
    method: 'POST',
    url: '/tariffs',
    headers: h.test,
    payload: tariffBody(loc, { contract_start_date: '2026-01-01', contract_end_date: '2028-01-01', ...extra }),
  });

describe('POST /prices/{id}', () => {
  it('answers the price object with the request echo, in the request form', async () => {
    await addTariff();
    const r = await prices({ start_time: '2026-06-01T00:00:00+02:00', end_time: '2026-06-02T00:00:00+02:00' });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      id: expect.stringMatching(/^prs_/),
      object: 'price',
      live_mode: false,
      location_id: loc,
      location_timezone: 'Europe/Berlin',
      currency_code: 'EUR',
      last_updated: '2026-11-20T14:00:00+02:00',
      // The window is past: nothing in it changes any more.
      next_update: null,
      request: {
        tariff_direction: 'IMPORT',
        start_time: '2026-06-01T00:00:00+02:00',
        end_time: '2026-06-02T00:00:00+02:00',
      },
      account_id: h.cred.account_id,
      tariff_direction: 'IMPORT',
      data: [
        {
          valid_from: '2026-06-01T00:00:00+02:00',
          valid_to: '2026-06-01T07:00:00+02:00',
          price: { value: 0.21, confidence: 1 },
        },
        {
          valid_from: '2026-06-01T07:00:00+02:00',
          valid_to: '2026-06-01T22:00:00+02:00',
          price: { value: 0.32, confidence: 1 },
        },
        {
          valid_from: '2026-06-01T22:00:00+02:00',
          valid_to: '2026-06-02T00:00:00+02:00',
          price: { value: 0.21, confidence: 1 },
        },
      ],
      time_created: '2026-11-20T12:00:00Z',
    });
  });

  it("uses end_time's offset when the two differ, and Z when end_time is UTC", async () => {
    await addTariff();
    const a = await prices({ start_time: '2026-06-01T00:00:00Z', end_time: '2026-06-01T06:00:00-04:00' });
    expect(a.body.request).toEqual({
      tariff_direction: 'IMPORT',
      start_time: '2026-05-31T20:00:00-04:00',
      end_time: '2026-06-01T06:00:00-04:00',
    });
    expect(a.body.data[0].valid_from).toBe('2026-05-31T20:00:00-04:00');
    const b = await prices({ start_time: '2026-06-01T00:00:00+02:00', end_time: '2026-06-01T06:00:00Z' });
    expect(b.body.data.map((d: any) => d.valid_from)).toEqual(['2026-05-31T22:00:00Z', '2026-06-01T05:00:00Z']);
  });

  it('defaults start_time to now and tariff_direction to IMPORT', async () => {
    await addTariff();
    const r = await prices({ end_time: '2026-11-21T12:00:00Z' });
    expect(r.body.request).toEqual({
      tariff_direction: 'IMPORT',
      start_time: '2026-11-20T12:00:00Z',
      end_time: '2026-11-21T12:00:00Z',
    });
  });

  it('a 90-day window across the autumn change answers every interval', async () => {
    await addTariff();
    const r = await prices({ start_time: '2026-09-01T00:00:00+02:00', end_time: '2026-11-30T00:00:00+01:00' });
    expect(r.status).toBe(200);
    expect(r.body.data).toHaveLength(181);
    expect(r.body.data.at(-1).valid_to).toBe('2026-11-30T00:00:00+01:00');
    expect(r.body.data.find((d: any) => d.valid_from.startsWith('2026-10-25T'))).toEqual({
      valid_from: '2026-10-25T07:00:00+01:00',
      valid_to: '2026-10-25T22:00:00+01:00',
      price: { value: 0.32, confidence: 1 },
    });
  });

  it('accepts 90 local calendar days when they are longer than 90×24 h, and refuses one second more', async () => {
    await addTariff();
    // 2026-03-01 → 2026-05-30 local spans the spring change: 90 days is 90×24−1 h; the limit is 90×24 h.
    expect(
      (await prices({ start_time: '2026-08-01T00:00:00+02:00', end_time: '2026-10-30T00:00:00+01:00' })).status,
    ).toBe(200);
    const over = await prices({ start_time: '2026-08-01T00:00:00+02:00', end_time: '2026-10-30T00:00:01+01:00' });
    expect(over.status).toBe(400);
    expect(over.body.code).toBe('window_too_long');
  });

  it.each([
    [{ start_time: '2026-06-02T00:00:00Z', end_time: '2026-06-01T00:00:00Z' }, 'end_time_before_start_time'],
    [{ start_time: '2026-06-01T00:00:00Z', end_time: '2026-06-01T00:00:00Z' }, 'end_time_before_start_time'],
    [{ start_time: '2026-01-01T00:00:00Z', end_time: '2026-06-01T00:00:00Z' }, 'window_too_long'],
    [{ start_time: '2026-06-01', end_time: '2026-06-02T00:00:00Z' }, 'start_time_invalid'],
    [{ start_time: '2026-06-01T00:00:00Z', end_time: '2026-13-01T00:00:00Z' }, 'end_time_invalid'],
    [{ start_time: '2026-06-01T00:00:00Z', end_time: 'tomorrow' }, 'end_time_invalid'],
    [{ start_time: '2026-06-01T00:00:00Z' }, 'end_time_missing'],
    [{ end_time: '2026-12-01T00:00:00Z', tariff_direction: 'SIDEWAYS' }, 'tariff_direction_invalid'],
    [{ end_time: '2026-12-01T00:00:00Z', resolution: 15 }, 'parameter_unknown'],
  ])('refuses a bad window %o with 400 %s', async (body, code) => {
    await addTariff();
    const before = snapshot(h.svc);
    const r = await prices(body);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ object: 'error', code, context: 'prices.retrieve' });
    expect(snapshot(h.svc)).toBe(before);
  });

  it('answers 422 no_tariff_connected when the location has nothing for the direction', async () => {
    await addTariff();
    const r = await prices({ end_time: '2026-11-21T00:00:00Z', tariff_direction: 'EXPORT' });
    expect(r.status).toBe(422);
    expect(r.body.code).toBe('no_tariff_connected');
  });

  it('answers 404 for an unknown or foreign location and 400 for a wrong prefix', async () => {
    await addTariff();
    expect((await prices({ end_time: '2026-11-21T00:00:00Z' }, 'loc_nothere')).body.code).toBe('location_not_found');
    expect((await prices({ end_time: '2026-11-21T00:00:00Z' }, loc, h.live)).status).toBe(404);
    expect((await prices({ end_time: '2026-11-21T00:00:00Z' }, 'trf_abc')).body.code).toBe('location_id_invalid');
  });

  it('prices market-rate tariffs from the location region, with surcharges, and estimates past the published horizon', async () => {
    await addTariff({
      market_rates: true,
      schedule: [
        {
          days_and_hours: [
            {
              days: ['All'],
              hours: [
                {
                  valid_from: '00:00:00',
                  valid_to: '00:00:00',
                  rate: [{ surcharge_fixed: 0.1, surcharge_percentage: 0.19 }],
                },
              ],
            },
          ],
        },
      ],
    });
    const r = await prices({ start_time: '2026-11-20T00:00:00Z', end_time: '2026-11-23T00:00:00Z' });
    expect(r.status).toBe(200);
    const published = r.body.data.filter((d: any) => d.price.confidence === 1);
    const estimated = r.body.data.filter((d: any) => d.price.confidence < 1);
    // Published through the end of tomorrow (it is past 13:00 in Berlin): 15-minute steps.
    expect(published.at(-1).valid_to).toBe('2026-11-21T23:00:00Z');
    expect(published.length).toBeGreaterThan(150);
    expect(estimated.length).toBeGreaterThan(0);
    expect(estimated.every((d: any) => d.price.confidence > 0)).toBe(true);
    const m = await h.call({
      method: 'GET',
      url: '/market/regions/DE-LU/prices?start_time=2026-11-20T00:00:00Z&end_time=2026-11-20T00:15:00Z',
      headers: h.test,
    });
    expect(m.body.data).toHaveLength(1);
    expect(r.body.data[0].price.value).toBeCloseTo((m.body.data[0].price + 0.1) * 1.19, 5);
    // Market-rate answers change when the next day-ahead prices are published: 13:00 in Berlin.
    expect(r.body.next_update).toBe('2026-11-21T12:00:00Z');
  });

  it('next_update is the next schedule change after now within the window, in the request form', async () => {
    await addTariff();
    // Now is 13:00 in Berlin: the day band runs to 22:00.
    const r = await prices({ start_time: '2026-11-20T00:00:00+01:00', end_time: '2026-11-22T00:00:00+01:00' });
    expect(r.body.next_update).toBe('2026-11-20T22:00:00+01:00');
    h.clock.set('2026-11-21T21:30:00Z');
    const fresh = await h.login(h.cred.account_id, h.cred.test_key);
    const late = await prices(
      { start_time: '2026-11-20T00:00:00+01:00', end_time: '2026-11-22T00:00:00+01:00' },
      loc,
      fresh,
    );
    // 22:30 local on the last day: the night band runs past the window's end.
    expect(late.body.next_update).toBeNull();
  });

  it('expand components gives each interval every tariff share, adding up to the price; the default is unchanged', async () => {
    const supply = (await addTariff()).body;
    const fee = (
      await addTariff({
        type: 'NON_COMMODITY',
        schedule: fixedSchedule([
          [
            'All',
            [
              ['00:00', '07:00', 0.11],
              ['07:00', '00:00', 0],
            ],
          ],
        ]),
      })
    ).body;
    const win = { start_time: '2026-06-01T00:00:00+02:00', end_time: '2026-06-02T00:00:00+02:00' };
    const plain = await prices(win);
    const expanded = await prices({ ...win, expand: ['components'] });
    expect(plain.body.data.some((d: any) => 'components' in d)).toBe(false);
    // 00–07 sums to 0.32 as 07–22 does: the plain answer merges them, the breakdown keeps the cut.
    expect(plain.body.data.map((d: any) => [d.valid_from.slice(11, 16), d.price.value])).toEqual([
      ['00:00', 0.32],
      ['22:00', 0.21],
    ]);
    expect(expanded.body.data.map((d: any) => d.valid_from.slice(11, 16))).toEqual(['00:00', '07:00', '22:00']);
    expect(expanded.body.data[0].components).toEqual([
      { tariff_id: supply.id, type: 'COMMODITY', value: 0.21, confidence: 1 },
      { tariff_id: fee.id, type: 'NON_COMMODITY', value: 0.11, confidence: 1 },
    ]);
    for (const d of expanded.body.data) {
      const sum = d.components.reduce((a: number, c: any) => a + c.value, 0);
      expect(Math.round(sum * 1e5) / 1e5).toBe(d.price.value);
    }
  });

  it('answers 422 pending_connect while a supply tariff is pending, and leaves failed ones out', async () => {
    const t = (await addTariff()).body;
    const setStatus = (s: string) =>
      h.svc.db.prepare("UPDATE tariffs SET body = json_set(body, '$.status', ?) WHERE id = ?").run(s, t.id);
    setStatus('PENDING');
    const r = await prices({ end_time: '2026-11-21T00:00:00Z' });
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({ code: 'pending_connect', type: 'invalid_request', context: 'prices.retrieve' });
    setStatus('FAILED');
    expect((await prices({ end_time: '2026-11-21T00:00:00Z' })).body.code).toBe('no_tariff_connected');
  });

  it('sums a stacked grid fee and levy with the commodity', async () => {
    await addTariff();
    await addTariff({
      type: 'NON_COMMODITY',
      schedule: fixedSchedule([
        [
          'Weekdays',
          [
            ['00:00', '17:00', 0.05],
            ['17:00', '20:00', 0.12],
            ['20:00', '00:00', 0.05],
          ],
        ],
        ['Weekend', [['00:00', '00:00', 0.05]]],
      ]),
    });
    await addTariff({
      type: 'NON_COMMODITY',
      schedule: [
        {
          days_and_hours: [
            { days: ['All'], hours: [{ valid_from: '00:00:00', valid_to: '00:00:00', rate: [{ fixed: 0.02 }] }] },
          ],
        },
      ],
    });
    const r = await prices({ start_time: '2026-06-01T00:00:00+02:00', end_time: '2026-06-02T00:00:00+02:00' });
    expect(r.body.data.map((d: any) => [d.valid_from.slice(11, 16), d.price.value])).toEqual([
      ['00:00', 0.28],
      ['07:00', 0.39],
      ['17:00', 0.46],
      ['20:00', 0.39],
      ['22:00', 0.28],
    ]);
  });
});

describe('market data', () => {
  it('lists regions, imports CSV in the common layouts, and refuses bad rows naming the line', async () => {
    const regions = await h.call({ method: 'GET', url: '/market/regions', headers: h.test });
    expect(regions.body.data.map((r: any) => r.resolution_minutes).sort((a: number, b: number) => a - b)).toEqual([
      5, 15, 15, 15, 30, 60,
    ]);
    const imp = (csv: string, unit?: string) =>
      h.call({
        method: 'POST',
        url: '/market/regions/GB/import',
        headers: h.test,
        payload: { csv, ...(unit ? { unit } : {}) },
      });
    const plain = await imp(
      'timestamp,price\n2026-12-01T00:00:00Z,0.10\n2026-12-01T00:30:00Z,0.12\n2026-12-01T01:00:00Z,0.11\n',
    );
    expect(plain.body).toMatchObject({ layout: 'timestamp_price', imported: 3, resolution_minutes: 30, unit: 'kWh' });
    const entsoe = await imp(
      '"MTU (CET/CEST)","Day-ahead Price [EUR/MWh]"\n"01.12.2026 00:00 - 01.12.2026 01:00","85.50"\n"01.12.2026 01:00 - 01.12.2026 02:00","80.00"\n',
    );
    expect(entsoe.body).toMatchObject({
      layout: 'entsoe_mtu',
      unit: 'MWh',
      imported: 2,
      resolution_minutes: 60,
      from: '2026-11-30T23:00:00Z',
    });
    const pts = await h.call({
      method: 'GET',
      url: '/market/regions/GB/prices?start_time=2026-11-30T23:00:00Z&end_time=2026-12-01T00:00:00Z',
      headers: h.test,
    });
    expect(pts.body.data).toEqual([{ start: '2026-11-30T23:00:00Z', end: '2026-12-01T00:00:00Z', price: 0.0855 }]);
    const semi = await imp('Delivery start;Delivery end;Price (EUR/MWh)\n2026-12-02 00:00;2026-12-02 00:15;91,25\n');
    expect(semi.body).toMatchObject({ layout: 'start_end_price', imported: 1, resolution_minutes: 15 });
    const before = snapshot(h.svc);
    const bad = await imp('timestamp,price\n2026-12-03T00:00:00Z,0.1\n2026-12-03T01:00:00Z,n/e\n');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'csv_row_invalid', message: "line 3: price 'n/e' is not a number" });
    const badTs = await imp('2026-12-03T00:00:00Z,0.1\nyesterday,0.2\n');
    expect(badTs.body.message).toBe("line 2: timestamp 'yesterday' is not a timestamp");
    expect(snapshot(h.svc)).toBe(before);
    expect(
      (
        await h.call({
          method: 'POST',
          url: '/market/regions/XX-NONE/import',
          headers: h.test,
          payload: { csv: 'a,b' },
        })
      ).status,
    ).toBe(404);
  });
});
