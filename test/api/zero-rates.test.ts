import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { harness, snapshot, tariffBody, type Harness } from '../helpers.js';

/**
 * Zero's `GET /tariffs/rates/{id}` through the app: the rules its clients rely on, and its
 * agreement with Anode's `POST /prices/{id}` over the same location and hours.
 */

let h: Harness;
let loc: string;
beforeEach(async () => {
  h = await harness('2026-03-01T12:00:00Z');
  loc = (await h.location()).id;
  await h.tariff(loc); // Berlin: 0.32 from 07:00 to 22:00 local (06:00–21:00Z in March), 0.21 at night
});
afterEach(() => h.close());

const rates = (query: string, id = loc) =>
  h.call({ method: 'GET', url: `/tariffs/rates/${id}?${query}`, headers: h.zero });
const spans = (body: any) => body.data.map((d: any) => [d.valid_from, d.valid_to]);
const WHOLE_SECONDS_Z = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

/** Every time an answer writes is `YYYY-MM-DDTHH:MM:SSZ`. */
function everyTimeWholeSecondsZ(v: unknown): void {
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v)) expect(v).toMatch(WHOLE_SECONDS_Z);
  else if (Array.isArray(v)) v.forEach(everyTimeWholeSecondsZ);
  else if (v && typeof v === 'object') Object.values(v).forEach(everyTimeWholeSecondsZ);
}

/** The time-weighted average of Anode price entries over [from, to), 5 decimals. */
function averageOf(entries: any[], from: number, to: number): number {
  let sum = 0;
  for (const e of entries) {
    const a = Math.max(Date.parse(e.valid_from), from);
    const b = Math.min(Date.parse(e.valid_to), to);
    if (b > a) sum += e.price.value * (b - a);
  }
  return Math.round((sum / (to - from)) * 1e5) / 1e5;
}

describe('Zero GET /tariffs/rates/{id}', () => {
  it('answers tariff_rate: whole-hour slots from the requested start to end_time, the start truncated, every time in Z', async () => {
    const a = await rates('start_time=2026-03-02T05:15:30.123Z&end_time=2026-03-02T08:30:00.000Z');
    expect(a.status).toBe(200);
    expect(a.headers['flatpeak-version']).toBe('2024-08-24');
    expect(a.body).toMatchObject({
      id: expect.stringMatching(/^rts_[A-Za-z0-9]+$/),
      object: 'tariff_rate',
      live_mode: false,
      location_id: loc,
      location_timezone: 'Europe/Berlin',
      currency_code: 'EUR',
      direction: 'IMPORT',
      request: {
        include_tariff: true,
        include_carbon: false,
        direction: 'IMPORT',
        start_time: '2026-03-02T05:15:30Z',
        end_time: '2026-03-02T08:30:00Z',
      },
      time_created: '2026-03-01T12:00:00Z',
      account_id: h.cred.account_id,
    });
    expect(spans(a.body)).toEqual([
      ['2026-03-02T05:15:30Z', '2026-03-02T06:00:00Z'],
      ['2026-03-02T06:00:00Z', '2026-03-02T07:00:00Z'],
      ['2026-03-02T07:00:00Z', '2026-03-02T08:00:00Z'],
      ['2026-03-02T08:00:00Z', '2026-03-02T08:30:00Z'],
    ]);
    expect(a.body.data.map((d: any) => d.tariff)).toEqual([
      { rate: 0.21, confidence: 1 },
      { rate: 0.32, confidence: 1 },
      { rate: 0.32, confidence: 1 },
      { rate: 0.32, confidence: 1 },
    ]);
    for (const d of a.body.data) expect(d).not.toHaveProperty('carbon');
    everyTimeWholeSecondsZ(a.body);
    // The next change of price after now inside the window: the evening band's end, 21:00Z on 1 March is outside; 05:15:30 → 06:00.
    expect(a.body.next_update).toBe('2026-03-02T06:00:00Z');
  });

  it('takes times with or without fractions, Z or an offset, and answers the same in Z', async () => {
    const plain = await rates('start_time=2026-03-02T05:15:30Z&end_time=2026-03-02T08:30:00Z');
    const offset = await rates(
      `start_time=${encodeURIComponent('2026-03-02T06:15:30.999+01:00')}&end_time=${encodeURIComponent('2026-03-02T09:30:00+01:00')}`,
    );
    // An offset's `+` sent unencoded arrives as a space: it is read as the `+` it was.
    const unencoded = await rates('start_time=2026-03-02T06:15:30+01:00&end_time=2026-03-02T09:30:00.5+01:00');
    for (const a of [plain, offset, unencoded]) {
      expect(a.status).toBe(200);
      expect(a.body.request).toMatchObject({ start_time: '2026-03-02T05:15:30Z', end_time: '2026-03-02T08:30:00Z' });
      everyTimeWholeSecondsZ(a.body);
    }
    expect(spans(offset.body)).toEqual(spans(plain.body));
    expect(offset.body.data.map((d: any) => d.tariff.rate)).toEqual(plain.body.data.map((d: any) => d.tariff.rate));
  });

  it('a window inside one hour is one slot; a start on the hour opens with a whole hour', async () => {
    expect(spans((await rates('start_time=2026-03-02T10:10:00Z&end_time=2026-03-02T10:20:00Z')).body)).toEqual([
      ['2026-03-02T10:10:00Z', '2026-03-02T10:20:00Z'],
    ]);
    expect(spans((await rates('start_time=2026-03-02T10:00:00Z&end_time=2026-03-02T12:00:00Z')).body)).toEqual([
      ['2026-03-02T10:00:00Z', '2026-03-02T11:00:00Z'],
      ['2026-03-02T11:00:00Z', '2026-03-02T12:00:00Z'],
    ]);
  });

  it('reads include_tariff and include_carbon in any case; include_tariff defaults to true; carbon only when asked', async () => {
    const window = 'start_time=2026-03-02T10:00:00Z&end_time=2026-03-02T13:00:00Z';
    for (const [t, c, want] of [
      ['True', 'TRUE', [true, true]],
      ['true', 'True', [true, true]],
      ['TRUE', 'false', [true, false]],
      ['False', 'true', [false, true]],
      ['false', 'FALSE', [false, false]],
      [undefined, 'tRuE', [true, true]],
      [undefined, undefined, [true, false]],
    ] as const) {
      const q = [window, t && `include_tariff=${t}`, c && `include_carbon=${c}`].filter(Boolean).join('&');
      const a = await rates(q);
      expect(a.status, q).toBe(200);
      expect(a.body.request, q).toMatchObject({ include_tariff: want[0], include_carbon: want[1] });
      expect(a.body.data).toHaveLength(3);
      for (const d of a.body.data) {
        if (want[0]) expect(d.tariff, q).toEqual({ rate: 0.32, confidence: 1 });
        else expect(d, q).not.toHaveProperty('tariff');
        if (want[1]) {
          expect(d.carbon.intensity, q).toBeGreaterThan(0);
          expect(d.carbon.relative).toBeGreaterThanOrEqual(0);
          expect(d.carbon.relative).toBeLessThanOrEqual(1);
          // Hours within a day ahead of the service clock are near forecasts.
          expect(d.carbon.confidence).toBe(0.9);
        } else expect(d, q).not.toHaveProperty('carbon');
      }
    }
  });

  it('the carbon series is deterministic, hourly and regional', async () => {
    const q = 'start_time=2026-02-28T00:00:00Z&end_time=2026-03-01T00:00:00Z&include_carbon=true';
    const a = await rates(q);
    const b = await rates(q);
    const carbon = (x: any) => x.body.data.map((d: any) => d.carbon);
    expect(carbon(a)).toEqual(carbon(b));
    expect(new Set(carbon(a).map((c: any) => c.intensity)).size).toBeGreaterThan(5);
    for (const c of carbon(a)) expect(c.confidence).toBe(1); // hours already begun
    const oslo = (await h.location(h.test, { address_line1: 'Karl Johans gate 1', city: 'Oslo', country_code: 'NO' }))
      .id;
    await h.tariff(oslo, { contract_start_date: '2026-01-01T00:00:00+01:00' });
    const o = await rates(q, oslo);
    expect(o.status).toBe(200);
    const mean = (x: any) => carbon(x).reduce((t: number, c: any) => t + c.intensity, 0) / 24;
    expect(mean(o)).toBeLessThan(mean(a) / 4); // hydro Norway against Germany
  });

  it('without include_tariff the tariffs are not read: a location without one is served its carbon', async () => {
    const bare = (await h.location()).id;
    const a = await rates(
      'start_time=2026-03-02T10:00:00Z&end_time=2026-03-02T12:00:00Z&include_tariff=false&include_carbon=true',
      bare,
    );
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({ last_updated: '2026-03-01T12:00:00Z', next_update: '2026-03-01T13:00:00Z' });
    for (const d of a.body.data) {
      expect(d).not.toHaveProperty('tariff');
      expect(d.carbon.intensity).toBeGreaterThan(0);
    }
    expect((await rates('start_time=2026-03-02T10:00:00Z&end_time=2026-03-02T12:00:00Z', bare)).status).toBe(422);
  });

  it("the typed Zero client reads the rates, parsed with Zero's schema", async () => {
    const r = await h.zeroApi.call('zero.tariffRates.retrieve', {
      params: { id: loc },
      query: { start_time: '2026-03-02T20:30:00Z', end_time: '2026-03-02T22:00:00Z', include_tariff: 'True' },
    });
    expect(r.data.map((d) => d.tariff?.rate)).toEqual([0.32, 0.21]);
  });

  it('serves a start in the past', async () => {
    const a = await rates('start_time=2026-02-01T00:00:00Z&end_time=2026-02-01T03:00:00Z&direction=IMPORT');
    expect(a.status).toBe(200);
    expect(spans(a.body)).toEqual([
      ['2026-02-01T00:00:00Z', '2026-02-01T01:00:00Z'],
      ['2026-02-01T01:00:00Z', '2026-02-01T02:00:00Z'],
      ['2026-02-01T02:00:00Z', '2026-02-01T03:00:00Z'],
    ]);
    expect(a.body.data.map((d: any) => d.tariff.rate)).toEqual([0.21, 0.21, 0.21]);
  });

  it('a slot whose hour holds several prices has their time-weighted average', async () => {
    const other = (await h.location()).id;
    const half = tariffBody(other).schedule;
    half[0]!.days_and_hours[0]!.hours = [
      { valid_from: '07:00:00', valid_to: '22:30:00', rate: [{ fixed: 0.32 }] },
      { valid_from: '22:30:00', valid_to: '07:00:00', rate: [{ fixed: 0.21 }] },
    ];
    await h.tariff(other, { schedule: half });
    const a = await rates('start_time=2026-03-02T20:00:00Z&end_time=2026-03-02T23:00:00Z', other);
    expect(a.body.data.map((d: any) => d.tariff.rate)).toEqual([0.32, 0.265, 0.21]);
  });

  it("agrees with Anode's POST /prices for the same location and hours", async () => {
    // A market-rate tariff on a second Berlin location: 15-minute prices averaged into hours.
    const market = (await h.location()).id;
    await h.tariff(market, {
      market_rates: true,
      schedule: [
        {
          days_and_hours: [
            {
              days: ['All'],
              hours: [{ valid_from: '00:00:00', valid_to: '00:00:00', rate: [{ surcharge_fixed: 0.02 }] }],
            },
          ],
        },
      ],
    });
    for (const id of [loc, market])
      for (const [start, end] of [
        ['2026-03-01T12:20:00Z', '2026-03-03T07:45:00Z'],
        ['2026-02-20T00:00:00Z', '2026-02-22T00:00:00Z'],
      ]) {
        const anode = await h.call({
          method: 'POST',
          url: `/prices/${id}`,
          headers: h.test,
          payload: { start_time: start, end_time: end },
        });
        expect(anode.status).toBe(200);
        const zero = await rates(`start_time=${start}&end_time=${end}`, id);
        expect(zero.status).toBe(200);
        expect(zero.body.data.length).toBeGreaterThan(40);
        for (const d of zero.body.data) {
          const from = Date.parse(d.valid_from);
          const to = Date.parse(d.valid_to);
          expect(d.tariff.rate, `${id} ${d.valid_from}`).toBeCloseTo(averageOf(anode.body.data, from, to), 5);
          const inHour = anode.body.data.filter(
            (e: any) => Date.parse(e.valid_from) < to && Date.parse(e.valid_to) > from,
          );
          expect(d.tariff.confidence).toBe(Math.min(...inHour.map((e: any) => e.price.confidence)));
        }
        expect(zero.body.last_updated).toBe(anode.body.last_updated.replace(/\+00:00$/, 'Z'));
        if (anode.body.next_update) expect(zero.body.next_update).toBe(anode.body.next_update);
      }
  });

  it('EXPORT reads the export tariffs; a direction without one is 422 with a message', async () => {
    const none = await rates('start_time=2026-03-02T10:00:00Z&end_time=2026-03-02T12:00:00Z&direction=EXPORT');
    expect(none.status).toBe(422);
    expect(none.body.message).toEqual(expect.any(String));
    await h.tariff(loc, {
      direction: 'EXPORT',
      schedule: tariffBody(loc).schedule.map((e) => ({
        ...e,
        days_and_hours: [
          { days: ['All'], hours: [{ valid_from: '00:00:00', valid_to: '00:00:00', rate: [{ fixed: 0.08 }] }] },
        ],
      })),
    });
    const a = await rates('start_time=2026-03-02T10:00:00Z&end_time=2026-03-02T12:00:00Z&direction=export');
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({ direction: 'EXPORT', request: { direction: 'EXPORT' } });
    expect(a.body.data.map((d: any) => d.tariff.rate)).toEqual([0.08, 0.08]);
  });

  it("refuses bad input with Zero's statuses and a message naming the field; nothing is stored", async () => {
    const before = snapshot(h.svc);
    const bad: [string, number, string][] = [
      ['start_time=2026-03-02T10:00:00Z', 409, 'end_time'],
      ['end_time=tomorrow', 409, 'end_time'],
      ['start_time=2026-03-02T10:00:00&end_time=2026-03-02T12:00:00Z', 409, 'start_time'],
      ['start_time=2026-03-02T12:00:00Z&end_time=2026-03-02T10:00:00Z', 409, 'end_time'],
      ['start_time=2026-03-02T00:00:00Z&end_time=2026-06-30T00:00:00Z', 409, '90 days'],
      ['end_time=2026-03-02T12:00:00Z&include_tariff=yes', 409, 'include_tariff'],
      ['end_time=2026-03-02T12:00:00Z&include_carbon=1', 409, 'include_carbon'],
      ['end_time=2026-03-02T12:00:00Z&direction=SIDEWAYS', 409, 'direction'],
    ];
    for (const [q, status, field] of bad) {
      const a = await rates(q);
      expect(a.status, q).toBe(status);
      expect(a.body.message, q).toContain(field);
    }
    const unknown = await rates('end_time=2026-03-02T12:00:00Z', 'loc_000000000000000000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toEqual(expect.any(String));
    // Parameters Zero does not know are ignored.
    const extra = await rates('start_time=2026-03-02T10:00:00Z&end_time=2026-03-02T11:00:00Z&foo=bar');
    expect(extra.status).toBe(200);
    expect(snapshot(h.svc)).toBe(before);
  });

  it('is Zero only: Anode answers the path 404, as Zero answers POST /prices', async () => {
    const a = await h.call({
      method: 'GET',
      url: `/tariffs/rates/${loc}?end_time=2026-03-02T12:00:00Z`,
      headers: h.test,
    });
    expect(a.status).toBe(404);
  });
});

describe('Zero GET /tariffs/audit/{id}', () => {
  it("is the price audit under Zero's names: one entry per price interval, totals as Anode's audit", async () => {
    const q = { start_time: '2026-03-02T05:00:00Z', end_time: '2026-03-02T08:00:00Z' };
    const a = await h.call({
      method: 'GET',
      url: `/tariffs/audit/${loc}?start_time=${q.start_time}&end_time=${q.end_time}&direction=IMPORT`,
      headers: h.zero,
    });
    expect(a.status).toBe(200);
    const anode = await h.call({ method: 'POST', url: `/audits/prices/${loc}`, headers: h.test, payload: q });
    expect(a.body).toMatchObject({
      id: expect.stringMatching(/^tra_/),
      object: 'tariff_rate_audit',
      live_mode: false,
      location_id: loc,
      location_timezone: 'Europe/Berlin',
      currency_code: 'EUR',
      direction: 'IMPORT',
      request: { direction: 'IMPORT', ...q },
      market_sources: anode.body.market_sources,
      carbon_sources: [expect.stringMatching(/^reg_[0-9a-f]{24}$/)],
      account_id: h.cred.account_id,
    });
    expect(a.body.data).toEqual(
      anode.body.data.map((e: any) => ({
        valid_from: e.valid_from,
        valid_to: e.valid_to,
        tariff_rate: {
          commodity: {
            market: 0,
            fixed: e.price_breakdown.commodity.fixed,
            percentage: 0,
            tier: 0,
            aggregate: e.price_breakdown.commodity.aggregate,
          },
          non_commodity: { fixed: 0, tier: 0 },
          total: e.price_breakdown.total,
          confidence: e.price_breakdown.confidence,
        },
      })),
    );
    expect(a.body.data.map((d: any) => d.tariff_rate.total)).toEqual([0.21, 0.32]);
  });

  it('a market tariff shows its market source, market price and surcharges', async () => {
    const market = (await h.location()).id;
    await h.tariff(market, {
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
                  rate: [{ surcharge_fixed: 0.02, surcharge_percentage: 0.19 }],
                },
              ],
            },
          ],
        },
      ],
    });
    const a = await h.call({
      method: 'GET',
      url: `/tariffs/audit/${market}?start_time=2026-03-01T10:00:00Z&end_time=2026-03-01T11:00:00Z`,
      headers: h.zero,
    });
    expect(a.status).toBe(200);
    expect(a.body.market_sources).toEqual([expect.stringMatching(/^mrs_/)]);
    for (const d of a.body.data) {
      const c = d.tariff_rate.commodity;
      expect(c).toMatchObject({ fixed: 0.02, percentage: 0.19, tier: 0 });
      expect(c.aggregate).toBeCloseTo((c.market + 0.02) * 1.19, 5);
      expect(d.tariff_rate.total).toBe(c.aggregate);
    }
  });

  it('refuses bad input: 409 naming the field, 404 for an unknown location', async () => {
    const bad = await h.call({ method: 'GET', url: `/tariffs/audit/${loc}?direction=IMPORT`, headers: h.zero });
    expect(bad.status).toBe(409);
    expect(bad.body.message).toContain('end_time');
    const unknown = await h.call({
      method: 'GET',
      url: '/tariffs/audit/loc_000000000000000000000000?end_time=2026-03-02T12:00:00Z',
      headers: h.zero,
    });
    expect(unknown.status).toBe(404);
  });
});

describe("Zero's OpenAPI document", () => {
  it('is valid and documents the rates, the audit, the slots and the schedule with their queries', async () => {
    const doc = (await h.call({ method: 'GET', url: '/openapi.json?version=2024-08-24', headers: h.test })).body;
    const res = await new Validator().validate(doc);
    expect(res.errors ?? []).toEqual([]);
    for (const [path, method] of [
      ['/tariffs/rates/{id}', 'get'],
      ['/tariffs/audit/{id}', 'get'],
      ['/slots/time/{id}', 'get'],
      ['/slots/threshold/{id}', 'get'],
      ['/schedules', 'post'],
    ] as const)
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    const names = doc.paths['/tariffs/rates/{id}'].get.parameters.map((p: any) => p.name);
    expect(names).toEqual(
      expect.arrayContaining(['id', 'start_time', 'end_time', 'direction', 'include_tariff', 'include_carbon']),
    );
  });
});
