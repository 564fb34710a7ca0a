import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixedSchedule, harness, snapshot, tariffBody, type Harness } from '../helpers.js';
import { allDayRate } from '../engine/support.js';

/**
 * POST /audits/prices/{id}: one entry per interval POST /prices answers for the same window and
 * direction, each explaining its price, through HTTP (every answer parsed with its schema).
 */

let h: Harness;
let loc: string;
beforeEach(async () => {
  h = await harness('2026-11-20T12:00:00Z');
  loc = (await h.location()).id;
});
afterEach(() => h.close());

const audit = (body: object, id = loc, headers = h.test) =>
  h.call({ method: 'POST', url: `/audits/prices/${id}`, headers, payload: body });
const prices = (body: object, id = loc, headers = h.test) =>
  h.call({ method: 'POST', url: `/prices/${id}`, headers, payload: body });
const tariff = (extra: Record<string, unknown>) =>
  h.tariff(loc, { contract_start_date: '2026-01-01', contract_end_date: '2027-01-01', ...extra });

/** The audit's entries against the /prices answer of the same request: one to one, the same price. */
async function sameIntervals(body: object) {
  const a = await audit(body);
  const p = await prices(body);
  expect(a.status).toBe(200);
  expect(p.status).toBe(200);
  expect(
    a.body.data.map((e: any) => [e.valid_from, e.valid_to, e.price_breakdown.total, e.price_breakdown.confidence]),
  ).toEqual(p.body.data.map((d: any) => [d.valid_from, d.valid_to, d.price.value, d.price.confidence]));
  return { audit: a.body, prices: p.body };
}

describe('POST /audits/prices/{id}', () => {
  it('a day of a fixed 0.30 tariff: one entry per /prices interval, totalling its price, fixed 0.30', async () => {
    await tariff({ schedule: fixedSchedule([['All', [['00:00', '00:00', 0.3]]]]) });
    const day = { start_time: '2026-06-01T00:00:00+02:00', end_time: '2026-06-02T00:00:00+02:00' };
    const { audit: a, prices: p } = await sameIntervals({ ...day, tariff_direction: 'IMPORT' });
    const location = (await h.call({ method: 'GET', url: `/locations/${loc}`, headers: h.test })).body;
    expect(a).toEqual({
      id: expect.stringMatching(/^tra_/),
      object: 'price_audit',
      live_mode: false,
      location_id: loc,
      location_timezone: 'Europe/Berlin',
      currency_code: 'EUR',
      tariff_direction: 'IMPORT',
      last_updated: p.last_updated,
      request: { tariff_direction: 'IMPORT', ...day },
      market_sources: [location.market_sources.import],
      data: [
        {
          valid_from: day.start_time,
          valid_to: day.end_time,
          price_breakdown: {
            commodity: { market: null, fixed: 0.3, percentage: null, tier: null, aggregate: 0.3 },
            non_commodity: { fixed: null, tier: null },
            total: 0.3,
            confidence: 1,
          },
        },
      ],
      time_created: '2026-11-20T12:00:00Z',
      account_id: h.cred.account_id,
    });
    expect(a.market_sources[0]).toMatch(/^mrs_[0-9a-f]{24}$/);
  });

  it('day and night bands, a grid fee and tiers: each /prices interval explained by its band', async () => {
    await tariff({
      schedule: [
        {
          months: ['All'],
          days_and_hours: [
            {
              days: ['All'],
              hours: [
                { valid_from: '07:00:00', valid_to: '22:00:00', rate: [{ fixed: 0.32, to_kwh: 100 }, { fixed: 0.4 }] },
                { valid_from: '22:00:00', valid_to: '07:00:00', rate: [{ fixed: 0.21 }] },
              ],
            },
          ],
        },
      ],
    });
    await tariff({ type: 'NON_COMMODITY', display_name: 'Grid fee', schedule: allDayRate([{ fixed: 0.1 }]) });
    const { audit: a } = await sameIntervals({
      start_time: '2026-06-01T00:00:00+02:00',
      end_time: '2026-06-02T00:00:00+02:00',
    });
    expect(a.data.map((e: any) => [e.valid_from, e.price_breakdown])).toEqual([
      [
        '2026-06-01T00:00:00+02:00',
        {
          commodity: { market: null, fixed: 0.21, percentage: null, tier: null, aggregate: 0.21 },
          non_commodity: { fixed: 0.1, tier: null },
          total: 0.31,
          confidence: 1,
        },
      ],
      [
        '2026-06-01T07:00:00+02:00',
        {
          // /prices prices the first tier; a tiered band is less certain (docs/pricing.md).
          commodity: { market: null, fixed: 0.32, percentage: null, tier: 100, aggregate: 0.32 },
          non_commodity: { fixed: 0.1, tier: null },
          total: 0.42,
          confidence: 0.8,
        },
      ],
      [
        '2026-06-01T22:00:00+02:00',
        {
          commodity: { market: null, fixed: 0.21, percentage: null, tier: null, aggregate: 0.21 },
          non_commodity: { fixed: 0.1, tier: null },
          total: 0.31,
          confidence: 1,
        },
      ],
    ]);
  });

  it('a market-rate tariff: the market price used, its surcharges, and the price they make', async () => {
    await tariff({ market_rates: true, schedule: allDayRate([{ surcharge_fixed: 0.1, surcharge_percentage: 0.19 }]) });
    const window = { start_time: '2026-11-20T00:00:00Z', end_time: '2026-11-20T06:00:00Z' };
    const { audit: a } = await sameIntervals(window);
    const m = await h.call({
      method: 'GET',
      url: `/market/regions/DE-LU/prices?start_time=${window.start_time}&end_time=${window.end_time}`,
      headers: h.test,
    });
    // Quarter hours of the demo series, each entry priced by the point it lies in.
    expect(a.data).toHaveLength(m.body.data.length);
    a.data.forEach((e: any, i: number) => {
      const point = m.body.data[i];
      expect(e.valid_from).toBe(point.start);
      const c = e.price_breakdown.commodity;
      expect(c).toMatchObject({ market: point.price, fixed: 0.1, percentage: 0.19, tier: null });
      // The engine's own arithmetic: (market + fixed surcharge) × (1 + percentage), to 5 decimals.
      expect(c.aggregate).toBe(Math.round((point.price + 0.1) * (1 + 0.19) * 1e5) / 1e5);
      expect(e.price_breakdown.total).toBe(c.aggregate);
    });
    expect(a.market_sources).toEqual([
      (await h.call({ method: 'GET', url: `/locations/${loc}`, headers: h.test })).body.market_sources.import,
    ]);
  });

  it('where shares change but the price does not, one entry as /prices, explained as at its valid_from', async () => {
    // 0.2 + 0.1 before noon, 0.3 + 0 after: the price stays 0.3 all day, the shares do not.
    await tariff({
      schedule: fixedSchedule([
        [
          'All',
          [
            ['00:00', '12:00', 0.2],
            ['12:00', '00:00', 0.3],
          ],
        ],
      ]),
    });
    await tariff({
      type: 'NON_COMMODITY',
      display_name: 'Grid fee, mornings',
      schedule: fixedSchedule([
        [
          'All',
          [
            ['00:00', '12:00', 0.1],
            ['12:00', '00:00', 0],
          ],
        ],
      ]),
    });
    const day = { start_time: '2026-06-01T00:00:00Z', end_time: '2026-06-02T00:00:00Z' };
    const expanded = await prices({ ...day, expand: ['components'] });
    expect(expanded.body.data.length).toBeGreaterThan(1);
    const { audit: a } = await sameIntervals(day);
    expect(a.data).toEqual([
      {
        valid_from: '2026-06-01T00:00:00Z',
        valid_to: '2026-06-02T00:00:00Z',
        price_breakdown: {
          commodity: { market: null, fixed: 0.2, percentage: null, tier: null, aggregate: 0.2 },
          non_commodity: { fixed: 0.1, tier: null },
          total: 0.3,
          confidence: 1,
        },
      },
    ]);
  });

  it('outside the contract and in EXPORT; the window starts now by default', async () => {
    await tariff({ contract_end_date: '2026-11-21', schedule: fixedSchedule([['All', [['00:00', '00:00', 0.3]]]]) });
    await h.tariff(loc, tariffBody(loc, { direction: 'EXPORT', schedule: allDayRate([{ fixed: 0.08 }]) }));
    const { audit: a } = await sameIntervals({ end_time: '2026-11-22T00:00:00+01:00' });
    expect(a.request.start_time).toBe('2026-11-20T13:00:00+01:00');
    expect(
      a.data.map((e: any) => [e.valid_from, e.price_breakdown.commodity.aggregate, e.price_breakdown.total]),
    ).toEqual([
      ['2026-11-20T13:00:00+01:00', 0.3, 0.3],
      // Past the contract nothing prices the interval: no commodity, a price of 0 known with confidence 0.
      ['2026-11-21T00:00:00+01:00', null, 0],
    ]);
    const x = await sameIntervals({
      ...{ start_time: '2026-06-01T00:00:00Z', end_time: '2026-06-01T01:00:00Z' },
      tariff_direction: 'EXPORT',
    });
    expect(x.audit).toMatchObject({
      tariff_direction: 'EXPORT',
      request: { tariff_direction: 'EXPORT' },
      market_sources: [
        (await h.call({ method: 'GET', url: `/locations/${loc}`, headers: h.test })).body.market_sources.export,
      ],
      data: [{ price_breakdown: { commodity: { fixed: 0.08, aggregate: 0.08 }, total: 0.08 } }],
    });
  });

  it('refuses what /prices refuses, by name, and stores nothing', async () => {
    await tariff({ schedule: fixedSchedule([['All', [['00:00', '00:00', 0.3]]]]) });
    const empty = (await h.location()).id;
    const before = snapshot(h.svc);
    const cases: [object, number, string, string?, Record<string, string>?][] = [
      [{ start_time: '2026-06-02T00:00:00Z', end_time: '2026-06-01T00:00:00Z' }, 400, 'end_time_before_start_time'],
      [{ start_time: '2026-01-01T00:00:00Z', end_time: '2026-06-01T00:00:00Z' }, 400, 'window_too_long'],
      [{ start_time: '2026-06-01T00:00:00Z' }, 400, 'end_time_missing'],
      [{ end_time: 'tomorrow' }, 400, 'end_time_invalid'],
      [{ end_time: '2026-12-01T00:00:00Z', tariff_direction: 'SIDEWAYS' }, 400, 'tariff_direction_invalid'],
      [{ end_time: '2026-12-01T00:00:00Z', expand: ['components'] }, 400, 'parameter_unknown'],
      [{ end_time: '2026-12-01T00:00:00Z' }, 404, 'location_not_found', 'loc_nothere'],
      [{ end_time: '2026-12-01T00:00:00Z' }, 400, 'location_id_invalid', 'trf_abc'],
      [{ end_time: '2026-12-01T00:00:00Z' }, 404, 'location_not_found', loc, h.live],
      [{ end_time: '2026-12-01T00:00:00Z' }, 422, 'no_tariff_connected', empty],
    ];
    for (const [body, status, code, id, headers] of cases) {
      const r = await audit(body, id ?? loc, headers ?? h.test);
      expect([r.status, r.body.code], JSON.stringify(body)).toEqual([status, code]);
      expect(r.body).toMatchObject({ object: 'error', context: 'audits.prices', message: expect.any(String) });
    }
    expect(snapshot(h.svc)).toBe(before);
  });

  it('the typed client calls it', async () => {
    await tariff({ schedule: fixedSchedule([['All', [['00:00', '00:00', 0.3]]]]) });
    const a = await h.api.call('audits.prices', {
      params: { id: loc },
      body: { start_time: '2026-06-01T00:00:00Z', end_time: '2026-06-01T06:00:00Z' },
    });
    expect(a.data.map((e) => e.price_breakdown.commodity.fixed)).toEqual([0.3]);
  });
});
