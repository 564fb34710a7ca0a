import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixedSchedule, harness, snapshot, type Harness } from '../helpers.js';
import { allDayRate } from '../engine/support.js';

let h: Harness;
let loc: string;
beforeEach(async () => {
  h = await harness('2026-03-20T12:00:00Z');
  loc = (await h.location()).id;
});
afterEach(() => h.close());

const M = 60_000;
const post = (mode: string, body: unknown, id = loc, headers = h.test) =>
  h.call({ method: 'POST', url: `/schedules/${mode}/${id}`, headers, payload: body as object });

/** A different rate every local hour: 0.12 + 0.011 · (5h mod 24), all distinct. */
const rateOf = (hour: number) => Math.round((0.12 + ((hour * 5) % 24) * 0.011) * 1e4) / 1e4;
const hourly = () =>
  h.tariff(loc, {
    display_name: 'Every hour its own rate',
    contract_start_date: '2026-01-01',
    contract_end_date: '2027-01-01',
    schedule: fixedSchedule([
      [
        'All',
        Array.from({ length: 24 }, (_, k) => [
          `${String(k).padStart(2, '0')}:00`,
          `${String((k + 1) % 24).padStart(2, '0')}:00`,
          rateOf(k),
        ]),
      ],
    ]),
  });

interface Iv {
  from: number;
  to: number;
  value: number;
  confidence: number;
}

/** The intervals of POST /prices for a window: what the outside check computes its answers from. */
async function pricesOf(window: { start_time: string; end_time: string }, direction = 'IMPORT'): Promise<Iv[]> {
  const r = await h.call({
    method: 'POST',
    url: `/prices/${loc}`,
    headers: h.test,
    payload: { ...window, tariff_direction: direction },
  });
  expect(r.status).toBe(200);
  return r.body.data.map((d: any) => ({
    from: Date.parse(d.valid_from),
    to: Date.parse(d.valid_to),
    value: d.price.value,
    confidence: d.price.confidence,
  }));
}

/** Pieces joined where they touch, with their time-weighted average and lowest confidence. */
function periods(pieces: Iv[]) {
  const out: { from: number; to: number; money: number; confidence: number }[] = [];
  for (const p of [...pieces].sort((a, b) => a.from - b.from)) {
    const last = out.at(-1);
    if (last && last.to === p.from) {
      last.to = p.to;
      last.money += p.value * (p.to - p.from);
      last.confidence = Math.min(last.confidence, p.confidence);
    } else out.push({ from: p.from, to: p.to, money: p.value * (p.to - p.from), confidence: p.confidence });
  }
  return out.map((p) => ({
    from: p.from,
    to: p.to,
    average: Math.round((p.money / (p.to - p.from)) * 1e5) / 1e5,
    confidence: p.confidence,
  }));
}

/** An answer's periods as instants, for comparing with `periods`; each time in the request's offset. */
function answered(data: any[], offset: string) {
  for (const d of data) for (const t of [d.start_time, d.end_time]) expect(t.endsWith(offset)).toBe(true);
  return data.map((d) => ({
    from: Date.parse(d.start_time),
    to: Date.parse(d.end_time),
    average: d.price.average,
    confidence: d.price.confidence,
  }));
}

/** The cheapest (or dearest) `minutes` of the intervals, equal prices earlier first, the last in part from its start. */
function chosen(ivs: Iv[], minutes: number, segment: 'LOW' | 'HIGH') {
  const order = [...ivs].sort((a, b) => (segment === 'LOW' ? a.value - b.value : b.value - a.value) || a.from - b.from);
  let rest = minutes * M;
  const out: Iv[] = [];
  for (const iv of order) {
    if (rest <= 0) break;
    const take = Math.min(rest, iv.to - iv.from);
    out.push({ ...iv, to: iv.from + take });
    rest -= take;
  }
  return periods(out);
}

// Across the spring clock change in Berlin: 28 March 12:00 (+01:00) to 29 March 12:00 (+02:00), 23 hours.
const DST = { start_time: '2026-03-28T12:00:00+01:00', end_time: '2026-03-29T12:00:00+02:00' };

describe('the outside check: each answer against one computed from POST /prices', () => {
  it('a different rate every local hour: cheapest 150 minutes, dearest hour, absolute and relative limits', async () => {
    await hourly();
    const ivs = await pricesOf(DST);
    expect(ivs).toHaveLength(23);
    expect(new Set(ivs.map((i) => i.value)).size).toBe(23);

    const cheap = await post('duration', { ...DST, segment: 'LOW', duration: 150 });
    expect(cheap.status).toBe(200);
    expect(cheap.body).toMatchObject({
      object: 'schedule_duration',
      location_id: loc,
      location_timezone: 'Europe/Berlin',
      currency_code: 'EUR',
      tariff_direction: 'IMPORT',
      request: { start_time: '2026-03-28T13:00:00+02:00', end_time: DST.end_time, segment: 'LOW', duration: 150 },
      live_mode: false,
    });
    expect(cheap.body.id).toMatch(/^std_/);
    expect(answered(cheap.body.data, '+02:00')).toEqual(chosen(ivs, 150, 'LOW'));

    const dear = await post('duration', { ...DST, segment: 'HIGH', duration: 60 });
    const top = ivs.reduce((a, b) => (b.value > a.value ? b : a));
    expect(answered(dear.body.data, '+02:00')).toEqual(periods([top]));

    const absolute = 0.2;
    const under = await post('limit', { ...DST, segment: 'LOW', absolute });
    expect(under.status).toBe(200);
    const meets = ivs.filter((i) => i.value <= absolute);
    expect(answered(under.body.data, '+02:00')).toEqual(periods(meets));
    expect(under.body.duration).toBe(meets.length * 60);
    expect(under.body.id).toMatch(/^spl_/);

    const relative = 0.3;
    const min = Math.min(...ivs.map((i) => i.value));
    const max = Math.max(...ivs.map((i) => i.value));
    const limit = min + relative * (max - min);
    const rel = await post('limit', { ...DST, relative });
    const relMeets = ivs.filter((i) => i.value <= limit);
    expect(relMeets.length).toBeGreaterThan(3);
    expect(answered(rel.body.data, '+02:00')).toEqual(periods(relMeets));
    expect(rel.body.threshold).toBeCloseTo(limit, 6);
    const high = await post('limit', { ...DST, segment: 'HIGH', relative });
    expect(answered(high.body.data, '+02:00')).toEqual(
      periods(ivs.filter((i) => i.value >= max - relative * (max - min))),
    );
  });

  it('10 kWh at 7 kW: the cheapest hour whole, then 3/7 of the next cheapest from its start; cost and saving', async () => {
    await hourly();
    const ivs = await pricesOf(DST);
    const r = await post('amount', {
      data: [
        {
          device_id: 'dev_car1',
          ...DST,
          max_power: { units: 'KW', value: 7 },
          energy: { units: 'KWH', value: 10 },
        },
      ],
    });
    expect(r.status).toBe(200);
    const [first, second] = [...ivs].sort((a, b) => a.value - b.value) as [Iv, Iv];
    // 3 kWh at 7 kW: 25 min 42.857 s, told to the device as 25 min 43 s.
    const part = { ...second, to: second.from + (25 * 60 + 43) * 1000 };
    const runs = periods([first, part]).map((p) => ({ from: p.from, to: p.to }));
    expect(
      r.body.data[0].schedule.map((s: any) => ({ from: Date.parse(s.start_time), to: Date.parse(s.end_time) })),
    ).toEqual(runs);
    expect(r.body.data[0].schedule.every((s: any) => s.power.units === 'KW' && s.power.value === 7)).toBe(true);
    const cost = 7 * first.value + 3 * second.value;
    // At once: from the window's start at 7 kW, its first hour whole and 3 kWh of the next.
    const baseline = 7 * ivs[0]!.value + 3 * ivs[1]!.value;
    const micro = (x: number) => Math.round(x * 1e6) / 1e6;
    const entry = r.body.data[0];
    expect(entry).toMatchObject({
      device_id: 'dev_car1',
      tariff_direction: 'IMPORT',
      start_time: '2026-03-28T13:00:00+02:00',
      end_time: DST.end_time,
      max_power: { units: 'KW', value: 7 },
      energy: { units: 'KWH', value: 10 },
      cost: { value: micro(cost), confidence: 1 },
      tariff: { value: micro(cost), confidence: 1 },
      savings: { value: micro(baseline - cost), percentage: Math.round(((baseline - cost) / baseline) * 1e4) / 100 },
    });
    expect(r.body).toMatchObject({
      object: 'schedule_amount',
      tariff_direction: 'IMPORT',
      energy: { units: 'KWH', value: 10 },
      cost: entry.cost,
      tariff: entry.tariff,
      savings: entry.savings,
    });
    expect(r.body.id).toMatch(/^sae_/);
  });

  it('ties on a two-rate tariff go to the earliest time first', async () => {
    await h.tariff(loc);
    // Two nights at 0.21 (22:00–07:00): two hours and 14 kWh both land on the first night's start.
    const window = { start_time: '2026-03-02T18:00:00+01:00', end_time: '2026-03-04T08:00:00+01:00' };
    const d = await post('duration', { ...window, duration: 120 });
    expect(d.body.data).toEqual([
      {
        start_time: '2026-03-02T22:00:00+01:00',
        end_time: '2026-03-03T00:00:00+01:00',
        price: { average: 0.21, confidence: 1 },
      },
    ]);
    const a = await post('amount', {
      data: [{ ...window, max_power: { units: 'W', value: 7000 }, energy: { units: 'WH', value: 14000 } }],
    });
    expect(a.body.data[0].schedule).toEqual([
      {
        start_time: '2026-03-02T22:00:00+01:00',
        end_time: '2026-03-03T00:00:00+01:00',
        power: { units: 'W', value: 7000 },
      },
    ]);
    // HIGH: the first day's evening (18:00–22:00) before the next day's 07:00.
    const high = await post('duration', { ...window, segment: 'HIGH', duration: 300 });
    expect(high.body.data.map((p: any) => [p.start_time, p.end_time])).toEqual([
      ['2026-03-02T18:00:00+01:00', '2026-03-02T22:00:00+01:00'],
      ['2026-03-03T07:00:00+01:00', '2026-03-03T08:00:00+01:00'],
    ]);
  });

  it('market tariffs and their forecasts are scheduled as POST /prices answers them', async () => {
    await h.tariff(loc, {
      market_rates: true,
      schedule: allDayRate([{ surcharge_fixed: 0.1, surcharge_percentage: 0.19 }]),
    });
    // Published through 21 March; the night of 22–23 March is estimated (confidence below 1).
    const window = { start_time: '2026-03-20T18:00:00Z', end_time: '2026-03-23T06:00:00Z' };
    const ivs = await pricesOf(window);
    expect(ivs.some((i) => i.confidence < 1 && i.confidence > 0)).toBe(true);
    const r = await post('duration', { ...window, duration: 200 });
    expect(answered(r.body.data, 'Z')).toEqual(chosen(ivs, 200, 'LOW'));
    const l = await post('limit', { ...window, segment: 'HIGH', relative: 0.1 });
    const max = Math.max(...ivs.map((i) => i.value));
    const min = Math.min(...ivs.map((i) => i.value));
    expect(answered(l.body.data, 'Z')).toEqual(periods(ivs.filter((i) => i.value >= max - 0.1 * (max - min))));
  });
});

describe('POST /schedules/limit/{id}, as the reference example reads it', () => {
  it('carries direction, request.direction, next_update and each period’s tariff.rate_avg beside price.average', async () => {
    await h.tariff(loc);
    const window = { end_time: '2026-03-22T00:00:00+01:00' };
    const r = await post('limit', { ...window, direction: 'IMPORT', segment: 'LOW', absolute: 0.25, relative: 0.5 });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      object: 'schedule_limit',
      tariff_direction: 'IMPORT',
      direction: 'IMPORT',
      request: { direction: 'IMPORT', segment: 'LOW', absolute: 0.25, relative: 0.5 },
      // Now is 13:00 in Berlin: the price changes next at 22:00, as POST /prices says.
      next_update: '2026-03-20T22:00:00+01:00',
    });
    const prices = await h.call({ method: 'POST', url: `/prices/${loc}`, headers: h.test, payload: window });
    expect(r.body.next_update).toBe(prices.body.next_update);
    expect(r.body.data.length).toBeGreaterThan(0);
    for (const p of r.body.data)
      expect(p.tariff).toEqual({ rate_avg: p.price.average, confidence: p.price.confidence });
    expect(r.body.data[0]).toMatchObject({ tariff: { rate_avg: 0.21, confidence: 1 } });
    // EXPORT is echoed both ways too; a window without a change ahead has none.
    await h.tariff(loc, { direction: 'EXPORT', schedule: fixedSchedule([['All', [['00:00', '00:00', 0.08]]]]) });
    const x = await post('limit', {
      start_time: '2026-03-21T00:00:00Z',
      end_time: '2026-03-21T06:00:00Z',
      tariff_direction: 'EXPORT',
      segment: 'HIGH',
      relative: 0,
    });
    expect(x.body).toMatchObject({ direction: 'EXPORT', request: { direction: 'EXPORT' }, next_update: null });
    expect(x.body.data).toEqual([
      {
        start_time: '2026-03-21T00:00:00Z',
        end_time: '2026-03-21T06:00:00Z',
        price: { average: 0.08, confidence: 1 },
        tariff: { rate_avg: 0.08, confidence: 1 },
      },
    ]);
  });

  it('a market tariff’s next_update is the next publication, as POST /prices says', async () => {
    await h.tariff(loc, { market_rates: true, schedule: allDayRate([{ surcharge_fixed: 0.1 }]) });
    const window = { start_time: '2026-03-20T18:00:00Z', end_time: '2026-03-21T06:00:00Z' };
    const r = await post('limit', { ...window, relative: 0.5 });
    const prices = await h.call({ method: 'POST', url: `/prices/${loc}`, headers: h.test, payload: window });
    // The demo market publishes at 13:00 Berlin: 12:00Z the next day.
    expect(r.body.next_update).toBe('2026-03-21T12:00:00Z');
    expect(r.body.next_update).toBe(prices.body.next_update);
  });
});

describe('POST /schedules/amount/{id}', () => {
  it('keeps two devices under the location limit, in the order given; accepts the reference’s spellings', async () => {
    await h.tariff(loc);
    const window = { start_time: '2026-03-02T20:00:00+01:00', end_time: '2026-03-03T08:00:00+01:00' };
    const r = await post('amount', {
      location_id: loc,
      max_power: { units: 'W', value: '10000' },
      shaving_threshold: { absolute: 0.25 },
      data: [
        {
          device_id: 'dev_car',
          direction: 'IMPORT',
          ...window,
          max_power: { units: 'KW', value: '7' },
          energy: { units: 'KWH', value: 14 },
        },
        { ...window, max_power: { units: 'W', value: 7000 }, energy: { units: 'WH', value: '9000' } },
      ],
    });
    expect(r.status).toBe(200);
    expect(r.body.max_power).toEqual({ units: 'W', value: 10000 });
    expect(r.body.shaving_threshold).toEqual({ absolute: 0.25 });
    const [car, other] = r.body.data;
    expect(car.schedule).toEqual([
      {
        start_time: '2026-03-02T22:00:00+01:00',
        end_time: '2026-03-03T00:00:00+01:00',
        power: { units: 'KW', value: 7 },
      },
    ]);
    // 3 kW beside the car for its two hours (6 kWh), then 7 kW for the rest: 3 kWh in 25 min 43 s.
    expect(other.schedule).toEqual([
      {
        start_time: '2026-03-02T22:00:00+01:00',
        end_time: '2026-03-03T00:00:00+01:00',
        power: { units: 'W', value: 3000 },
      },
      {
        start_time: '2026-03-03T00:00:00+01:00',
        end_time: '2026-03-03T00:25:43+01:00',
        power: { units: 'W', value: 7000 },
      },
    ]);
    expect(other.cost.value).toBeCloseTo(9 * 0.21, 9);
    // At once from 20:00 at 7 kW: 14 kWh over 20:00–22:00 at 0.32.
    expect(car.savings.value).toBeCloseTo(14 * (0.32 - 0.21), 6);
    expect(car.savings.percentage).toBeCloseTo((100 * 0.11) / 0.32, 1);
    expect(r.body.energy).toEqual({ units: 'KWH', value: 23 });
    expect(r.body.cost.value).toBeCloseTo(23 * 0.21, 9);
  });

  it('exporting fills the dearest time first and counts what the schedule earns beyond selling at once', async () => {
    await h.tariff(loc, {
      direction: 'EXPORT',
      schedule: fixedSchedule([
        [
          'All',
          [
            ['00:00', '17:00', 0.08],
            ['17:00', '20:00', 0.15],
            ['20:00', '00:00', 0.08],
          ],
        ],
      ]),
    });
    const r = await post('amount', {
      tariff_direction: 'EXPORT',
      data: [
        {
          start_time: '2026-03-02T12:00:00+01:00',
          end_time: '2026-03-02T23:00:00+01:00',
          max_power: { units: 'KW', value: 5 },
          energy: { units: 'KWH', value: 10 },
        },
      ],
    });
    expect(r.status).toBe(200);
    expect(r.body.tariff_direction).toBe('EXPORT');
    expect(r.body.data[0].schedule.map((s: any) => [s.start_time, s.end_time])).toEqual([
      ['2026-03-02T17:00:00+01:00', '2026-03-02T19:00:00+01:00'],
    ]);
    expect(r.body.data[0].cost.value).toBeCloseTo(1.5, 9);
    expect(r.body.savings.value).toBeCloseTo(1.5 - 0.8, 9);
  });

  it('names the entry whose energy cannot fit, and the most that fits', async () => {
    await h.tariff(loc);
    const window = { start_time: '2026-03-02T20:00:00+01:00', end_time: '2026-03-03T08:00:00+01:00' };
    const before = snapshot(h.svc);
    const r = await post('amount', {
      max_power: { units: 'KW', value: 10 },
      shaving_threshold: { absolute: 0.25 },
      data: [
        { ...window, max_power: { units: 'KW', value: 7 }, energy: { units: 'KWH', value: 63 } },
        { ...window, max_power: { units: 'KW', value: 7 }, energy: { units: 'KWH', value: 40 } },
      ],
    });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('energy_unreachable');
    // The night (22:00–07:00, 9 h) at 0.21: 63 kWh at 7 kW for the first; 3 kW beside it, 27 kWh, for the second.
    expect(r.body.message).toMatch(/^data\[1\]\.energy: at most 27 KWH fits/);
    expect(snapshot(h.svc)).toBe(before);
  });
});

describe('bad input is refused by name, and nothing is stored', () => {
  it('refuses unknown and foreign locations, bad windows, durations, powers, energies, units and segments', async () => {
    await h.tariff(loc);
    const liveLoc = (await h.location(h.live)).id;
    const window = { start_time: '2026-03-02T18:00:00+01:00', end_time: '2026-03-03T08:00:00+01:00' };
    const entry = { ...window, max_power: { units: 'KW', value: 7 }, energy: { units: 'KWH', value: 10 } };
    const cases: [string, unknown, number, string, string?][] = [
      ['duration', { ...window, duration: 60 }, 404, 'location_not_found', 'loc_unknown'],
      ['limit', { ...window, absolute: 0.2 }, 404, 'location_not_found', liveLoc],
      ['amount', { data: [entry] }, 404, 'location_not_found', liveLoc],
      [
        'duration',
        { start_time: window.end_time, end_time: window.start_time, duration: 60 },
        400,
        'end_time_before_start_time',
      ],
      [
        'duration',
        { start_time: '2026-01-01T00:00:00Z', end_time: '2026-04-02T00:00:00Z', duration: 60 },
        400,
        'window_too_long',
      ],
      ['duration', { ...window, duration: 14 * 60 + 1 }, 400, 'duration_too_long'],
      ['duration', { ...window, duration: 0 }, 400, 'duration_invalid'],
      ['duration', { ...window, duration: 60, segment: 'MIDDLE' }, 400, 'segment_invalid'],
      ['limit', { ...window, segment: 'HIGH' }, 400, 'threshold_missing'],
      ['limit', { ...window, relative: 1.5 }, 400, 'relative_invalid'],
      ['amount', { data: [{ ...entry, max_power: { units: 'KW', value: 0 } }] }, 400, 'max_power_invalid'],
      ['amount', { data: [{ ...entry, max_power: { units: 'W', value: '-7000' } }] }, 400, 'max_power_invalid'],
      ['amount', { data: [{ ...entry, energy: { units: 'KWH', value: -1 } }] }, 400, 'energy_invalid'],
      ['amount', { data: [{ ...entry, energy: { units: 'KWH', value: 'ten' } }] }, 400, 'energy_invalid'],
      ['amount', { data: [{ ...entry, max_power: { units: 'HP', value: 7 } }] }, 400, 'units_invalid'],
      ['amount', { data: [{ ...entry, energy: { units: 'MWH', value: 7 } }] }, 400, 'units_invalid'],
      ['amount', { max_power: { units: 'KW', value: 0 }, data: [entry] }, 400, 'max_power_invalid'],
      ['amount', { data: [] }, 400, 'data_missing'],
      ['amount', { data: [{ ...entry, end_time: '2026-03-02T17:00:00+01:00' }] }, 400, 'end_time_before_start_time'],
      ['amount', { data: [entry, { ...entry, tariff_direction: 'EXPORT' }] }, 400, 'tariff_direction_mixed'],
      ['duration', { ...window, duration: 60, location_id: liveLoc }, 400, 'location_id_mismatch'],
      [
        'duration',
        { ...window, duration: 60, tariff_direction: 'IMPORT', direction: 'EXPORT' },
        400,
        'tariff_direction_conflict',
      ],
      ['duration', { ...window, duration: 60, minutes: 60 }, 400, 'parameter_unknown'],
    ];
    const before = snapshot(h.svc);
    for (const [mode, body, status, code, id] of cases) {
      const r = await post(mode, body, id ?? loc);
      expect([mode, code, r.status, r.body.code]).toEqual([mode, code, status, code]);
      expect(r.body.object).toBe('error');
      expect(r.body.context).toBe(`schedules.${mode}`);
    }
    // The entry an error belongs to is named.
    const r = await post('amount', { data: [entry, { ...entry, end_time: '2026-03-02T17:00:00+01:00' }] });
    expect(r.body.message).toMatch(/^data\[1\]: end_time must be after start_time/);
    expect(snapshot(h.svc)).toBe(before);
    // A schedule answered stores nothing either.
    expect((await post('duration', { ...window, duration: 60 })).status).toBe(200);
    expect(snapshot(h.svc)).toBe(before);
  });

  it('a window with no known price for the duration is 422 no_price_data; a location without a tariff 422', async () => {
    const bare = (await h.location()).id;
    expect((await post('duration', { end_time: '2026-03-21T00:00:00Z', duration: 60 }, bare)).body.code).toBe(
      'no_tariff_connected',
    );
    // The contract starts in 2026; half of this window lies before it.
    await h.tariff(loc, { contract_start_date: '2026-03-02T00:00:00+01:00' });
    const r = await post('duration', {
      start_time: '2026-03-01T12:00:00+01:00',
      end_time: '2026-03-02T12:00:00+01:00',
      duration: 13 * 60,
    });
    expect(r.status).toBe(422);
    expect(r.body.code).toBe('no_price_data');
  });

  it('the typed client calls the three routes; the start defaults to now', async () => {
    await h.tariff(loc);
    const d = await h.api.call('schedules.duration', {
      params: { id: loc },
      body: { end_time: '2026-03-21T12:00:00Z', duration: 30 },
    });
    // Now is 13:00 in Berlin; the first night band starts at 22:00.
    expect(d.request.start_time).toBe('2026-03-20T12:00:00Z');
    expect(d.data).toEqual([
      { start_time: '2026-03-20T21:00:00Z', end_time: '2026-03-20T21:30:00Z', price: { average: 0.21, confidence: 1 } },
    ]);
    const l = await h.api.call('schedules.limit', {
      params: { id: loc },
      body: { end_time: '2026-03-21T12:00:00Z', absolute: 0.21 },
    });
    expect(l.duration).toBe(9 * 60);
    const a = await h.api.call('schedules.amount', {
      params: { id: loc },
      body: {
        data: [
          {
            end_time: '2026-03-21T12:00:00Z',
            max_power: { units: 'KW', value: 11 },
            energy: { units: 'KWH', value: 11 },
          },
        ],
      },
    });
    expect(a.data[0]!.schedule).toEqual([
      { start_time: '2026-03-20T21:00:00Z', end_time: '2026-03-20T22:00:00Z', power: { units: 'KW', value: 11 } },
    ]);
  });
});
