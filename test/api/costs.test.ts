import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DateTime } from 'luxon';
import { fixedSchedule, harness, snapshot, tariffBody, type Harness } from '../helpers.js';
import { layProfile } from '../../core/engine/usage/layout.js';
import { usageShape } from '../../core/engine/usage/profiles.js';
import { allDayRate } from '../engine/support.js';

let h: Harness;
let loc: string;
beforeEach(async () => {
  h = await harness('2026-11-20T12:00:00Z');
  loc = (await h.location()).id;
});
afterEach(() => h.close());

const H = 3_600_000;
const BERLIN = 'Europe/Berlin';
const costs = (body: unknown, id = loc, headers = h.test) =>
  h.call({ method: 'POST', url: `/costs/${id}`, headers, payload: body as object });
const prices = (body: object, id = loc) =>
  h.call({ method: 'POST', url: `/prices/${id}`, headers: h.test, payload: body });
/** The harness tariff: 0.32 from 07:00 to 22:00, 0.21 otherwise, all of 2026 (Berlin). */
const addTariff = (extra: Record<string, unknown> = {}) => h.tariff(loc, extra);
const micro = (x: number) => Math.round(x * 1e6) / 1e6;
const iso = (ms: number, zone = BERLIN) =>
  DateTime.fromMillis(ms, { zone }).toISO({ suppressMilliseconds: true, includeOffset: true })!;
/** `n` intervals of `minutes` from `start` (an ISO time), each of `kwh`. */
function intervals(start: string, n: number, minutes: number, kwh: number | ((i: number) => number)) {
  const t0 = DateTime.fromISO(start, { setZone: true }).toMillis();
  return Array.from({ length: n }, (_, i) => ({
    start_time: iso(t0 + i * minutes * 60_000),
    end_time: iso(t0 + (i + 1) * minutes * 60_000),
    kwh: typeof kwh === 'number' ? kwh : kwh(i),
  }));
}
const flat = (fixed: number, extra: object = {}) => ({
  type: 'COMMODITY',
  contract_start_date: '2026-01-01',
  contract_end_date: '2027-01-01',
  schedule: fixedSchedule([['All', [['00:00', '00:00', fixed]]]]),
  ...extra,
});

describe('POST /costs/{id}', () => {
  it('costs hourly usage across the autumn change, grouped by local day', async () => {
    const t = await addTariff();
    const body = {
      start_time: '2026-10-24T00:00:00+02:00',
      end_time: '2026-10-26T00:00:00+01:00',
      tariff_direction: 'IMPORT',
      usage: { intervals: intervals('2026-10-24T00:00:00+02:00', 49, 60, 1) },
    };
    const r = await costs(body);
    expect(r.status).toBe(200);
    // 24 October: 9 night hours (00–06, 22, 23) and 15 day hours; 25 October has 25 hours, 10 at night.
    // Timestamps are in end_time's offset (+01:00), so local midnight of the 25th (CEST) reads 23:00.
    const day1 = 9 * 0.21 + 15 * 0.32;
    const day2 = 10 * 0.21 + 15 * 0.32;
    expect(r.body).toEqual({
      object: 'cost',
      location_id: loc,
      currency_code: 'EUR',
      tariff_direction: 'IMPORT',
      start_time: '2026-10-23T23:00:00+01:00',
      end_time: '2026-10-26T00:00:00+01:00',
      kwh: 49,
      unpriced_kwh: 0,
      above_first_tier_kwh: 0,
      value: micro(day1 + day2),
      periods: [
        {
          start_time: '2026-10-23T23:00:00+01:00',
          end_time: '2026-10-24T23:00:00+01:00',
          kwh: 24,
          unpriced_kwh: 0,
          above_first_tier_kwh: 0,
          // The window starts mid-month: its tier counters start with it.
          tier_count_from: '2026-10-23T23:00:00+01:00',
          value: micro(day1),
        },
        {
          start_time: '2026-10-24T23:00:00+01:00',
          end_time: '2026-10-26T00:00:00+01:00',
          kwh: 25,
          unpriced_kwh: 0,
          above_first_tier_kwh: 0,
          value: micro(day2),
        },
      ],
      components: [{ tariff_id: t.id, type: 'COMMODITY', value: micro(day1 + day2) }],
      live_mode: false,
    });
  });

  it('tariff_direction defaults to IMPORT, as for /prices; EXPORT still asks for the export tariffs', async () => {
    await addTariff();
    const body = {
      start_time: '2026-06-01T00:00:00+02:00',
      end_time: '2026-06-02T00:00:00+02:00',
      usage: { intervals: intervals('2026-06-01T00:00:00+02:00', 24, 60, 1) },
    };
    const unsaid = await costs(body);
    expect(unsaid.status).toBe(200);
    expect(unsaid.body.tariff_direction).toBe('IMPORT');
    expect(unsaid.body).toEqual((await costs({ ...body, tariff_direction: 'IMPORT' })).body);
    expect(unsaid.body.value).toBe(micro(9 * 0.21 + 15 * 0.32));
    // The typed client may leave it out too.
    const typed = await h.api.call('costs.retrieve', { params: { id: loc }, body });
    expect(typed.tariff_direction).toBe('IMPORT');
    expect(await costs({ ...body, tariff_direction: 'EXPORT' })).toMatchObject({
      status: 422,
      body: { code: 'no_tariff_connected' },
    });
    expect(await costs({ ...body, tariff_direction: 'SIDEWAYS' })).toMatchObject({
      status: 400,
      body: { code: 'tariff_direction_invalid' },
    });
  });

  it('groups by the local months of a New York location; group_by none gives one period', async () => {
    const ny = await h.call({
      method: 'POST',
      url: '/locations',
      headers: h.test,
      payload: {
        postal_address: { address_line1: '1 Main St', city: 'New York', country_code: 'US', state: 'NY' },
        timezone: 'America/New_York',
        currency_code: 'USD',
      },
    });
    expect(ny.status).toBe(200);
    await h.call({
      method: 'POST',
      url: '/tariffs',
      headers: h.test,
      payload: { location_id: ny.body.id, ...flat(0.25) },
    });
    // Half-hourly usage of 0.5 kWh from 30 October 00:00 UTC for four days.
    const body = {
      start_time: '2026-10-30T00:00:00Z',
      end_time: '2026-11-03T00:00:00Z',
      tariff_direction: 'IMPORT',
      usage: { intervals: intervals('2026-10-30T00:00:00Z', 192, 30, 0.5) },
      group_by: 'month',
    };
    const r = await costs(body, ny.body.id);
    expect(r.status).toBe(200);
    // October ends at 2026-11-01T04:00Z (EDT, UTC−4): 52 hours of the window, 104 half hours.
    expect(r.body.periods).toEqual([
      {
        start_time: '2026-10-30T00:00:00Z',
        end_time: '2026-11-01T04:00:00Z',
        kwh: 52,
        unpriced_kwh: 0,
        above_first_tier_kwh: 0,
        tier_count_from: '2026-10-30T00:00:00Z',
        value: micro(52 * 0.25),
      },
      {
        start_time: '2026-11-01T04:00:00Z',
        end_time: '2026-11-03T00:00:00Z',
        kwh: 44,
        unpriced_kwh: 0,
        above_first_tier_kwh: 0,
        value: micro(44 * 0.25),
      },
    ]);
    expect(r.body.currency_code).toBe('USD');
    const one = await costs({ ...body, group_by: 'none' }, ny.body.id);
    expect(one.body.periods).toEqual([
      {
        start_time: '2026-10-30T00:00:00Z',
        end_time: '2026-11-03T00:00:00Z',
        kwh: 96,
        unpriced_kwh: 0,
        above_first_tier_kwh: 0,
        tier_count_from: '2026-10-30T00:00:00Z',
        value: micro(96 * 0.25),
      },
    ]);
  });

  it('a year of quarter hours (35 040 intervals, over 1 MiB) is accepted on this route and costed by month', async () => {
    await addTariff();
    const list = intervals('2026-01-01T00:00:00+01:00', 35_040, 15, (i) => (i % 4) * 0.05);
    const body = {
      start_time: '2026-01-01T00:00:00+01:00',
      end_time: '2027-01-01T00:00:00+01:00',
      tariff_direction: 'IMPORT',
      usage: { intervals: list },
      group_by: 'month',
    };
    expect(JSON.stringify(body).length).toBeGreaterThan(1024 * 1024);
    const r = await costs(body);
    expect(r.status).toBe(200);
    expect(r.body.periods).toHaveLength(12);
    // Expected from the schedule: each quarter hour at its local hour's rate.
    let expected = 0;
    let kwh = 0;
    for (const iv of list) {
      const hour = DateTime.fromISO(iv.start_time, { zone: BERLIN }).hour;
      expected += Math.round(iv.kwh * 1e6) * (hour >= 7 && hour < 22 ? 32_000 : 21_000);
      kwh += iv.kwh;
    }
    expect(r.body.value).toBe(Math.round(expected / 1e5) / 1e6);
    expect(r.body.kwh).toBeCloseTo(kwh, 6);
    expect(r.body.periods.reduce((s: number, p: { kwh: number }) => s + p.kwh, 0)).toBeCloseTo(kwh, 6);
  });

  it('a standard profile is laid on local time and scaled to kwh_per_year', async () => {
    await addTariff();
    const from = DateTime.fromISO('2026-01-01T00:00', { zone: BERLIN }).toMillis();
    const to = DateTime.fromISO('2027-01-01T00:00', { zone: BERLIN }).toMillis();
    const r = await costs({
      start_time: '2026-01-01T00:00:00+01:00',
      end_time: '2027-01-01T00:00:00+01:00',
      tariff_direction: 'IMPORT',
      usage: { profile: 'bdew_h0', kwh_per_year: 3500 },
      group_by: 'none',
    });
    expect(r.status).toBe(200);
    expect(Math.abs(r.body.kwh - 3500)).toBeLessThan(0.02);
    const laid = layProfile(usageShape('bdew_h0')!, BERLIN, from, to, 3500);
    let expected = 0;
    for (let i = 0; i < laid.starts.length; i++) {
      const hour = DateTime.fromMillis(laid.starts[i]!, { zone: BERLIN }).hour;
      expected += laid.microKwh[i]! * (hour >= 7 && hour < 22 ? 32_000 : 21_000);
    }
    expect(r.body.value).toBe(Math.round(expected / 1e5) / 1e6);
  });

  it('usage before the contracts start is unpriced_kwh, per month and in each alternative', async () => {
    // Contracts from 1 September, a profile year from January: January–August has no tariff.
    await addTariff({ contract_start_date: '2026-09-01T00:00:00+02:00' });
    const from = DateTime.fromISO('2026-01-01T00:00', { zone: BERLIN }).toMillis();
    const to = DateTime.fromISO('2027-01-01T00:00', { zone: BERLIN }).toMillis();
    const sept = DateTime.fromISO('2026-09-01T00:00', { zone: BERLIN }).toMillis();
    const r = await costs({
      start_time: '2026-01-01T00:00:00+01:00',
      end_time: '2027-01-01T00:00:00+01:00',
      tariff_direction: 'IMPORT',
      usage: { profile: 'bdew_h0', kwh_per_year: 3500 },
      group_by: 'month',
      alternatives: [[flat(0.27)]],
    });
    expect(r.status).toBe(200);
    // The same profile laid here, its energy summed by local month, and before September.
    const laid = layProfile(usageShape('bdew_h0')!, BERLIN, from, to, 3500);
    const byMonth = new Array<number>(12).fill(0);
    let before = 0;
    let priced = 0;
    for (let i = 0; i < laid.starts.length; i++) {
      const t = laid.starts[i]!;
      const k = laid.microKwh[i]!;
      if (t < sept) {
        byMonth[DateTime.fromMillis(t, { zone: BERLIN }).month - 1]! += k;
        before += k;
      } else {
        const hour = DateTime.fromMillis(t, { zone: BERLIN }).hour;
        priced += k * (hour >= 7 && hour < 22 ? 32_000 : 21_000);
      }
    }
    expect(r.body.unpriced_kwh).toBe(before / 1e6);
    expect(r.body.periods.map((p: { unpriced_kwh: number }) => p.unpriced_kwh)).toEqual(byMonth.map((k) => k / 1e6));
    expect(r.body.value).toBe(Math.round(priced / 1e5) / 1e6);
    // The alternative's flat tariff covers the whole year, so none of its usage is unpriced.
    expect(r.body.alternatives[0].unpriced_kwh).toBe(0);
    expect(r.body.alternatives[0].periods.every((p: { unpriced_kwh: number }) => p.unpriced_kwh === 0)).toBe(true);
    // The schema names the field, so the OpenAPI document shows it.
    const doc = await h.call({ method: 'GET', url: '/openapi.json', headers: h.test });
    expect(JSON.stringify(doc.body.components.schemas.CostPeriod)).toContain('unpriced_kwh');
    expect(JSON.stringify(doc.body.components.schemas.Cost)).toContain('unpriced_kwh');
  });

  it('property: equals Σ over POST /prices intervals × kWh (seeded random usage)', async () => {
    await addTariff();
    await h.call({
      method: 'POST',
      url: '/tariffs',
      headers: h.test,
      payload: tariffBody(loc, {
        type: 'NON_COMMODITY',
        contract_start_date: '2026-01-01',
        contract_end_date: '2027-01-01',
        // A band at every hour: time no band covers is unpriced, not Σ price × kWh.
        schedule: fixedSchedule([
          ['Weekdays', [['08:00', '18:45', 0.0713]]],
          ['All', [['00:00', '00:00', 0.0121]]],
        ]),
      }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 80 * 24 }),
        fc.array(
          fc.tuple(
            fc.integer({ min: 1, max: 180 }),
            fc.integer({ min: 0, max: 90 }),
            fc.integer({ min: 0, max: 4000 }),
          ),
          {
            minLength: 1,
            maxLength: 40,
          },
        ),
        async (startHour, rows) => {
          const from = Date.parse('2026-03-20T00:00:00Z') + startHour * H;
          const list: { start_time: string; end_time: string; kwh: number }[] = [];
          const spans: [number, number, number][] = [];
          let t = from;
          for (const [len, gap, wh] of rows) {
            t += gap * 60_000;
            list.push({ start_time: iso(t), end_time: iso(t + len * 60_000), kwh: wh / 1000 });
            spans.push([t, t + len * 60_000, wh * 1000]);
            t += len * 60_000;
          }
          const window = { start_time: iso(from), end_time: iso(t) };
          const p = await prices(window);
          expect(p.status).toBe(200);
          // Exact: Σ price (1e-5) × micro-kWh × overlap / duration, as a fraction, rounded once.
          let num = 0n;
          let den = 1n;
          for (const [a, b, k] of spans)
            for (const d of p.body.data) {
              const ov = Math.min(b, Date.parse(d.valid_to)) - Math.max(a, Date.parse(d.valid_from));
              if (ov <= 0) continue;
              const n = BigInt(Math.round(d.price.value * 1e5)) * BigInt(k) * BigInt(ov);
              num = num * BigInt(b - a) + n * den;
              den *= BigInt(b - a);
            }
          const expected = Number((2n * num + den * 100_000n) / (2n * den * 100_000n)) / 1e6;
          const c = await costs({ ...window, tariff_direction: 'IMPORT', usage: { intervals: list } });
          expect(c.status).toBe(200);
          expect(c.body.value).toBe(expected);
        },
      ),
      { seed: 424242, numRuns: 15 },
    );
  });
});

describe('market tariffs', () => {
  it('hourly usage on a 15-minute market tariff with surcharges equals Σ POST /prices × kWh', async () => {
    await addTariff({
      market_rates: true,
      schedule: allDayRate([{ surcharge_fixed: 0.0213, surcharge_percentage: 0.19 }]),
    });
    const window = { start_time: '2026-10-24T12:00:00+02:00', end_time: '2026-10-26T12:00:00+01:00' };
    const list = intervals(window.start_time, 49, 60, (i) => 0.2 + (i % 9) * 0.037);
    const p = await prices(window);
    expect(p.status).toBe(200);
    // Prices change every quarter hour: each hourly interval is costed at its four quarter-hour prices.
    expect(p.body.data.length).toBeGreaterThan(49 * 2);
    let expected = 0;
    for (const iv of list) {
      const a = Date.parse(iv.start_time);
      const b = Date.parse(iv.end_time);
      for (const d of p.body.data) {
        const ov = Math.min(b, Date.parse(d.valid_to)) - Math.max(a, Date.parse(d.valid_from));
        // Overlaps are whole quarter hours of an hour: exact quarters of the interval's micro-kWh.
        if (ov > 0) expected += (Math.round(iv.kwh * 1e6) * Math.round(d.price.value * 1e5) * ov) / (b - a);
      }
    }
    const c = await costs({ ...window, tariff_direction: 'IMPORT', usage: { intervals: list }, group_by: 'none' });
    expect(c.status).toBe(200);
    expect(c.body.value).toBe(Math.round(expected / 1e5) / 1e6);
    expect(c.body.components).toEqual([
      { tariff_id: expect.stringMatching(/^trf_/), type: 'COMMODITY', value: c.body.value },
    ]);
  });
});

describe('live mode', () => {
  it('costs a live location with a live bearer, live_mode true', async () => {
    const live = (await h.location(h.live)).id;
    await h.tariff(live, {}, h.live);
    const r = await costs(
      {
        start_time: '2026-06-01T00:00:00Z',
        end_time: '2026-06-01T02:00:00Z',
        tariff_direction: 'IMPORT',
        usage: { intervals: intervals('2026-06-01T00:00:00Z', 2, 60, 1.5) },
      },
      live,
      h.live,
    );
    expect(r.status).toBe(200);
    // 02:00 and 03:00 in Berlin (CEST): night rate.
    expect(r.body).toMatchObject({ live_mode: true, kwh: 3, unpriced_kwh: 0, value: micro(3 * 0.21) });
  });
});

describe('candidates and alternatives', () => {
  const candidate = () => ({
    type: 'COMMODITY',
    direction: 'IMPORT',
    contract_start_date: '2026-01-01',
    contract_end_date: '2027-01-01',
    schedule: fixedSchedule([
      [
        'Weekdays',
        [
          ['06:00', '09:30', 0.41],
          ['09:30', '06:00', 0.19],
        ],
      ],
      ['Weekend', [['00:00', '00:00', 0.17]]],
    ]),
  });
  const window = { start_time: '2026-03-27T00:00:00+01:00', end_time: '2026-04-03T00:00:00+02:00' };
  /** The answer's `data` array as the bytes it was written as. */
  const dataOf = (raw: string) => raw.slice(raw.indexOf('"data":['), raw.indexOf('],"time_created"'));

  it('prices with a candidate answer byte for byte what the same tariff answers once saved; nothing is stored', async () => {
    const stored = await addTariff();
    const before = snapshot(h.svc);
    const asCandidate = await h.app.inject({
      method: 'POST',
      url: `/prices/${loc}`,
      headers: h.test,
      payload: { ...window, candidates: [candidate()] },
    });
    expect(asCandidate.statusCode).toBe(200);
    expect(snapshot(h.svc)).toBe(before);
    // The stored tariff still answers as before.
    const unchanged = await prices(window);
    expect(unchanged.body.data.map((d: { price: { value: number } }) => d.price.value)).toContain(0.32);
    // Save it in place of the stored one.
    await h.call({ method: 'DELETE', url: `/tariffs/${stored.id}`, headers: h.test });
    await h.call({ method: 'POST', url: '/tariffs', headers: h.test, payload: { location_id: loc, ...candidate() } });
    const saved = await h.app.inject({ method: 'POST', url: `/prices/${loc}`, headers: h.test, payload: window });
    expect(dataOf(asCandidate.body)).toBe(dataOf(saved.body));
    expect(dataOf(saved.body).length).toBeGreaterThan(100);
    const head = (raw: string) => {
      const j = JSON.parse(raw);
      return { ...j, id: undefined, data: undefined };
    };
    expect(head(asCandidate.body)).toEqual(head(saved.body));
  });

  it('costs with a candidate equal the costs once it is saved; no row and no event is written', async () => {
    const stored = await addTariff();
    const body = {
      ...window,
      tariff_direction: 'IMPORT',
      usage: { intervals: intervals(window.start_time, 7 * 24 * 4 - 4, 15, (i) => 0.1 + (i % 5) * 0.03) },
    };
    const before = snapshot(h.svc);
    const eventsBefore = (await h.call({ method: 'GET', url: '/events', headers: h.test })).body.data.length;
    const asCandidate = await costs({ ...body, candidates: [candidate()] });
    expect(asCandidate.status).toBe(200);
    expect(snapshot(h.svc)).toBe(before);
    expect((await h.call({ method: 'GET', url: '/events', headers: h.test })).body.data.length).toBe(eventsBefore);
    expect(asCandidate.body.components).toEqual([
      { tariff_id: 'candidates[0]', type: 'COMMODITY', value: asCandidate.body.value },
    ]);
    const current = await costs(body);
    expect(current.body.value).not.toBe(asCandidate.body.value);
    await h.call({ method: 'DELETE', url: `/tariffs/${stored.id}`, headers: h.test });
    const saved = await h.call({
      method: 'POST',
      url: '/tariffs',
      headers: h.test,
      payload: { location_id: loc, ...candidate() },
    });
    const after = await costs(body);
    const strip = (c: { components: { tariff_id?: string }[] }) => ({
      ...c,
      components: c.components.map((x) => ({ ...x, tariff_id: undefined })),
    });
    expect(strip(after.body)).toEqual(strip(asCandidate.body));
    expect(after.body.components[0].tariff_id).toBe(saved.body.id);
  });

  it('alternatives: one cost per set, on the same usage, each as if that set were saved', async () => {
    await addTariff();
    const body = {
      ...window,
      tariff_direction: 'IMPORT',
      usage: { profile: 'ev_overnight', kwh_per_year: 2500 },
      alternatives: [[candidate()], [flat(0.27)], []],
    };
    const r = await costs(body);
    expect(r.status).toBe(200);
    expect(r.body.alternatives).toHaveLength(3);
    const single = async (c: object[]) => {
      const x = await costs({ ...body, alternatives: undefined, candidates: c });
      return x.body;
    };
    const relabel = (c: { components: object[] }, path: string) => ({
      ...c,
      components: c.components.map((x) => ({ ...x, tariff_id: path })),
    });
    expect(relabel(r.body.alternatives[0], 'x')).toEqual(relabel(await single([candidate()]), 'x'));
    expect(relabel(r.body.alternatives[1], 'x')).toEqual(relabel(await single([flat(0.27)]), 'x'));
    expect(r.body.alternatives[1].components[0].tariff_id).toBe('alternatives[1][0]');
    // An empty set is the location as it is.
    const { alternatives: _a, ...main } = r.body;
    expect(r.body.alternatives[2]).toEqual(main);
    // Flat 0.27 over the usage: value = kWh × 0.27.
    expect(r.body.alternatives[1].value).toBe(
      Math.round((Math.round(r.body.alternatives[1].kwh * 1e6) * 27) / 100) / 1e6,
    );
  });
});

describe('refusals', () => {
  const base = () => ({
    start_time: '2026-06-01T00:00:00+02:00',
    end_time: '2026-06-02T00:00:00+02:00',
    tariff_direction: 'IMPORT',
    usage: { intervals: intervals('2026-06-01T00:00:00+02:00', 24, 60, 1) },
  });
  const withIntervals = (f: (l: ReturnType<typeof intervals>) => unknown) => {
    const b = base();
    return { ...b, usage: { intervals: f(b.usage.intervals) } };
  };
  const cases: [string, () => unknown, string, RegExp][] = [
    [
      'negative kWh',
      () => withIntervals((l) => l.map((x, i) => (i === 3 ? { ...x, kwh: -1 } : x))),
      'kwh_invalid',
      /usage\.intervals\[3\]\.kwh/,
    ],
    [
      'overlapping intervals',
      () => withIntervals((l) => [...l, l[5]]),
      'usage_overlap',
      /usage\.intervals\[24\] overlaps usage\.intervals\[5\]|usage\.intervals\[5\] overlaps usage\.intervals\[24\]/,
    ],
    [
      'an interval outside the window',
      () =>
        withIntervals((l) => [
          ...l,
          { start_time: '2026-06-02T00:00:00+02:00', end_time: '2026-06-02T01:00:00+02:00', kwh: 1 },
        ]),
      'usage_outside_window',
      /usage\.intervals\[24\]/,
    ],
    [
      'an interval ending before it starts',
      () => withIntervals((l) => [{ ...l[0]!, end_time: l[0]!.start_time }]),
      'end_time_before_start_time',
      /usage\.intervals\[0\]/,
    ],
    [
      'an impossible date',
      () => withIntervals((l) => [{ ...l[0]!, start_time: '2026-02-30T00:00:00Z' }]),
      'start_time_invalid',
      /usage\.intervals\[0\]\.start_time/,
    ],
    [
      'an interval without start_time',
      () => withIntervals((l) => [{ end_time: l[0]!.end_time, kwh: 1 }]),
      'start_time_missing',
      /^usage\.intervals\[0\]\.start_time is required/,
    ],
    [
      'an interval without kwh',
      () => withIntervals((l) => [l[0], { ...l[1]!, kwh: undefined }]),
      'kwh_missing',
      /^usage\.intervals\[1\]\.kwh is required/,
    ],
    [
      'a kWh given as text',
      () => withIntervals((l) => [{ ...l[0]!, kwh: '1' }]),
      'kwh_invalid',
      /usage\.intervals\[0\]\.kwh/,
    ],
    ['a kWh over the bound', () => withIntervals((l) => [{ ...l[0]!, kwh: 1_000_001 }]), 'kwh_invalid', /1000000/],
    [
      'an unknown interval field',
      () => withIntervals((l) => [{ ...l[0]!, unit: 'kWh' }]),
      'parameter_unknown',
      /usage\.intervals\[0\]\.unit/,
    ],
    [
      'an interval that is not an object',
      () => withIntervals((l) => [l[0], 7]),
      'intervals_invalid',
      /usage\.intervals\[1\]/,
    ],
    [
      'intervals that are not a list',
      () => withIntervals(() => ({ start_time: 'x' })),
      'intervals_invalid',
      /usage\.intervals/,
    ],
    [
      'a time without offset',
      () => withIntervals((l) => [{ ...l[0]!, end_time: '2026-06-01T01:00:00' }]),
      'end_time_invalid',
      /usage\.intervals\[0\]\.end_time/,
    ],
    ['neither intervals nor profile', () => ({ ...base(), usage: {} }), 'usage_missing', /usage/],
    ['no usage at all', () => ({ ...base(), usage: undefined }), 'usage_missing', /usage/],
    [
      'both intervals and profile',
      () => ({ ...base(), usage: { ...base().usage, profile: 'bdew_h0', kwh_per_year: 1 } }),
      'usage_conflict',
      /not both/,
    ],
    [
      'an unknown profile',
      () => ({ ...base(), usage: { profile: 'h99', kwh_per_year: 1000 } }),
      'profile_unknown',
      /h99/,
    ],
    [
      'a profile without kwh_per_year',
      () => ({ ...base(), usage: { profile: 'bdew_h0' } }),
      'kwh_per_year_missing',
      /kwh_per_year/,
    ],
    [
      'a negative kwh_per_year',
      () => ({ ...base(), usage: { profile: 'bdew_h0', kwh_per_year: -5 } }),
      'kwh_per_year_invalid',
      /kwh_per_year/,
    ],
    [
      'a window over 400 days',
      () => ({
        ...base(),
        start_time: '2026-01-01T00:00:00Z',
        end_time: '2027-02-06T00:00:00Z',
        usage: { profile: 'bdew_h0', kwh_per_year: 1 },
      }),
      'window_too_long',
      /400 days/,
    ],
    [
      'end before start',
      () => ({ ...base(), end_time: '2026-05-31T00:00:00Z' }),
      'end_time_before_start_time',
      /end_time/,
    ],
    ['an unknown group_by', () => ({ ...base(), group_by: 'week' }), 'group_by_invalid', /group_by/],
    [
      'a candidate without type',
      () => ({ ...base(), candidates: [{ ...flat(0.2), type: undefined }] }),
      'type_missing',
      /^candidates\[0\]\.type/,
    ],
    [
      'a candidate rate without fixed',
      () => ({
        ...base(),
        candidates: [
          flat(0.2),
          {
            ...flat(0.1, { type: 'NON_COMMODITY' }),
            schedule: [
              {
                days_and_hours: [
                  { days: ['All'], hours: [{ valid_from: '00:00:00', valid_to: '00:00:00', rate: [{}] }] },
                ],
              },
            ],
          },
        ],
      }),
      'fixed_missing',
      /^candidates\[1\]\.schedule\[0\]\.days_and_hours\[0\]\.hours\[0\]\.rate\[0\]\.fixed/,
    ],
    [
      'two candidates of one type and direction',
      () => ({ ...base(), candidates: [flat(0.2), flat(0.3)] }),
      'candidate_duplicate',
      /candidates\[1\]/,
    ],
    [
      'a candidate ending before it starts',
      () => ({ ...base(), candidates: [flat(0.2, { contract_end_date: '2025-01-01' })] }),
      'contract_end_date_invalid',
      /^candidates\[0\]\.contract_end_date/,
    ],
    [
      'an alternative failing the tariff schema',
      () => ({ ...base(), alternatives: [[], [{ ...flat(0.2), market_rates: 'yes' }]] }),
      'market_rates_invalid',
      /^alternatives\[1\]\[0\]\.market_rates/,
    ],
    [
      'four alternative sets',
      () => ({ ...base(), alternatives: [[], [], [], []] }),
      'alternatives_invalid',
      /alternatives/,
    ],
  ];
  for (const [name, body, code, message] of cases)
    it(`answers 400 ${code} for ${name}`, async () => {
      await addTariff();
      const before = snapshot(h.svc);
      const r = await costs(body());
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ object: 'error', type: 'invalid_request', code, context: 'costs.retrieve' });
      expect(r.body.message).toMatch(message);
      expect(snapshot(h.svc)).toBe(before);
    });

  it('answers 400 kwh_invalid for a non-finite kWh (1e999 reads as Infinity)', async () => {
    await addTariff();
    const text = JSON.stringify(base()).replace('"kwh":1', '"kwh":1e999');
    const r = await h.call({
      method: 'POST',
      url: `/costs/${loc}`,
      headers: { ...h.test, 'content-type': 'application/json' },
      payload: text,
    });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('kwh_invalid');
  });

  it('answers 413 usage_too_large past 50 000 intervals', async () => {
    await addTariff();
    const r = await costs({
      start_time: '2026-01-01T00:00:00+01:00',
      end_time: '2027-06-01T00:00:00+02:00',
      tariff_direction: 'IMPORT',
      usage: { intervals: intervals('2026-01-01T00:00:00+01:00', 50_001, 15, 0.1) },
    });
    expect(r.status).toBe(413);
    expect(r.body).toMatchObject({ object: 'error', code: 'usage_too_large', context: 'costs.retrieve' });
  });

  it('prices refuse duplicate candidates too; another mode’s location is not found', async () => {
    await addTariff();
    const p = await prices({ end_time: '2026-11-21T00:00:00Z', candidates: [flat(0.2), flat(0.3)] });
    expect(p.status).toBe(400);
    expect(p.body.code).toBe('candidate_duplicate');
    const live = await costs(base(), loc, h.live);
    expect(live.status).toBe(404);
    expect(live.body.code).toBe('location_not_found');
  });

  it('answers 422 no_tariff_connected without tariffs, unless a candidate supplies one', async () => {
    const r = await costs(base());
    expect(r.status).toBe(422);
    expect(r.body.code).toBe('no_tariff_connected');
    const c = await costs({ ...base(), candidates: [flat(0.2)] });
    expect(c.status).toBe(200);
    expect(c.body.value).toBe(micro(24 * 0.2));
  });
});

describe('GET /usage-profiles', () => {
  it('lists the standard profiles with their normalised shapes', async () => {
    const r = await h.call({ method: 'GET', url: '/usage-profiles', headers: h.test });
    expect(r.status).toBe(200);
    expect(r.body.object).toBe('list');
    const byName = Object.fromEntries(r.body.data.map((p: { name: string }) => [p.name, p]));
    expect(Object.keys(byName)).toEqual([
      'bdew_h0',
      'elexon_pc1',
      'aemo_nslp',
      'ercot_residential',
      'no_household',
      'ev_overnight',
      'heat_pump',
    ]);
    expect(byName.bdew_h0).toMatchObject({ country: 'DE', interval_minutes: 15 });
    expect(byName.elexon_pc1).toMatchObject({ country: 'GB', interval_minutes: 30 });
    expect(byName.aemo_nslp).toMatchObject({ country: 'AU', interval_minutes: 30 });
    expect(byName.ercot_residential).toMatchObject({ country: 'US', interval_minutes: 15 });
    expect(byName.no_household).toMatchObject({ country: 'NO', interval_minutes: 15 });
    expect(byName.ev_overnight.country).toBeNull();
    for (const p of r.body.data) {
      expect(p.shapes).toHaveLength(p.seasons.length * 3);
      for (const s of p.shapes) expect(s.values).toHaveLength((24 * 60) / p.interval_minutes);
      expect(p.source.length).toBeGreaterThan(20);
    }
    // The client exposes it typed.
    const typed = await h.api.call('usageProfiles.list');
    expect(typed.data.map((p) => p.name)).toEqual(Object.keys(byName));
  });

  it('is documented in the OpenAPI document with the costs route', async () => {
    const r = await h.call({ method: 'GET', url: '/openapi.json', headers: h.test });
    expect(r.body.paths['/costs/{id}'].post.operationId).toBe('costs.retrieve');
    expect(r.body.paths['/usage-profiles'].get.operationId).toBe('usageProfiles.list');
    expect(r.body.paths['/prices/{id}'].post.requestBody.content['application/json'].schema).toBeDefined();
  });
});
