import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { harness, snapshot, type Harness } from '../helpers.js';

let h: Harness;
let loc: string;
beforeEach(async () => {
  h = await harness('2026-11-20T12:00:00Z');
  loc = (await h.location()).id;
});
afterEach(() => h.close());

const BERLIN = 'Europe/Berlin';
const H = 3_600_000;
const bills = (body: unknown, id = loc) =>
  h.call({ method: 'POST', url: `/bills/${id}`, headers: h.test, payload: body as object });
const iso = (ms: number) =>
  DateTime.fromMillis(ms, { zone: BERLIN }).toISO({ suppressMilliseconds: true, includeOffset: true })!;
const JUNE = '2026-06-01T00:00:00+02:00';
const AUGUST = '2026-08-01T00:00:00+02:00';

/** A flat price all day, every day of 2026, with charges. */
const flat = (price: number, extra: Record<string, unknown> = {}) => ({
  type: 'COMMODITY',
  contract_start_date: '2026-01-01',
  contract_end_date: '2027-01-01',
  schedule: [
    {
      days_and_hours: [
        { days: ['All'], hours: [{ valid_from: '00:00:00', valid_to: '00:00:00', rate: [{ fixed: price }] }] },
      ],
    },
  ],
  ...extra,
});

/** Hourly intervals over [from, to): `kwh(local hour, t)` each. */
function hourly(from: string, to: string, kwh: (hour: number, t: number) => number) {
  const out = [];
  const a = DateTime.fromISO(from).toMillis();
  const b = DateTime.fromISO(to).toMillis();
  for (let t = a; t < b; t += H) {
    const v = kwh(DateTime.fromMillis(t, { zone: BERLIN }).hour, t);
    if (v > 0) out.push({ start_time: iso(t), end_time: iso(t + H), kwh: v });
  }
  return out;
}

const JULY_START = DateTime.fromISO('2026-07-01T00:00:00+02:00').toMillis();
/** 1 kWh every hour; solar 3 kWh an hour 10:00–14:00 local in June only. */
const usage = { intervals: hourly(JUNE, AUGUST, () => 1) };
const generation = { intervals: hourly(JUNE, AUGUST, (hr, t) => (t < JULY_START && hr >= 10 && hr < 14 ? 3 : 0)) };

const exportTariff = (price: number) => ({ ...flat(price), direction: 'EXPORT' });

describe('POST /bills/{location_id}', () => {
  it('NET_BILLING paid monthly: net import priced with the fixed charges, net export credited, defaults echoed', async () => {
    const r = await bills({
      start_time: JUNE,
      end_time: AUGUST,
      usage,
      generation,
      candidates: [
        flat(0.3, {
          charges: {
            fixed: [
              { amount: 10, per: 'MONTH' },
              { amount: 0.5, per: 'DAY' },
            ],
          },
        }),
        exportTariff(0.08),
      ],
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      object: 'bill',
      location_id: loc,
      currency_code: 'EUR',
      start_time: '2026-06-01T00:00:00+02:00',
      end_time: '2026-08-01T00:00:00+02:00',
      metering: { mode: 'NET_BILLING', credits: 'PAID_MONTHLY', credits_from: 'SAME_MONTH', true_up_month: 12 },
    });
    const [june, july] = r.body.months;
    expect(june).toMatchObject({
      start_time: '2026-06-01T00:00:00+02:00',
      end_time: '2026-07-01T00:00:00+02:00',
      import_kwh: 600,
      export_kwh: 240,
      unpriced_kwh: 0,
      energy_charge: 180,
      fixed_charge: 25,
      demand_charge: 0,
      minimum_charge: 0,
      export_credit: 19.2,
      credit_applied: 0,
      credit_carried: 0,
      true_up: 0,
      total: 185.8,
    });
    expect(july).toMatchObject({ import_kwh: 744, energy_charge: 223.2, fixed_charge: 25.5, total: 248.7 });
    expect(r.body.total).toBe(434.5);
  });

  it('CARRIED with a true-up: credit pays later months, what is left is paid out in the true-up month', async () => {
    const r = await bills({
      start_time: JUNE,
      end_time: AUGUST,
      usage,
      generation,
      metering: { credits: 'CARRIED', true_up_month: 6 },
      candidates: [flat(0.1), exportTariff(0.5)],
    });
    expect(r.status).toBe(200);
    expect(r.body.metering).toEqual({
      mode: 'NET_BILLING',
      credits: 'CARRIED',
      credits_from: 'SAME_MONTH',
      true_up_month: 6,
    });
    const [june, july] = r.body.months;
    // June: charges 60, credit 120: 60 pays them, 60 is left and paid out at June's end.
    expect(june).toMatchObject({ credit_applied: 60, credit_carried: 0, true_up: 60, total: -60 });
    expect(july).toMatchObject({ credit_applied: 0, credit_carried: 0, true_up: 0, total: 74.4 });
    // With the true-up in December the 60 is carried into July and pays it.
    const dec = await bills({
      start_time: JUNE,
      end_time: AUGUST,
      usage,
      generation,
      metering: { credits: 'CARRIED' },
      candidates: [flat(0.1), exportTariff(0.5)],
    });
    expect(dec.body.months[0]).toMatchObject({ credit_carried: 60, total: 0 });
    expect(dec.body.months[1]).toMatchObject({ credit_applied: 60, credit_carried: 0, total: 14.4 });
  });

  it('BUY_ALL_SELL_ALL with flat and time-of-use demand: the peak is the usage, with when it happened', async () => {
    const r = await bills({
      start_time: JUNE,
      end_time: '2026-07-01T00:00:00+02:00',
      usage: { intervals: hourly(JUNE, '2026-07-01T00:00:00+02:00', (hr, t) => (t === JULY_START - 5 * H ? 7 : 1)) },
      generation,
      metering: { mode: 'BUY_ALL_SELL_ALL' },
      candidates: [
        flat(0.3, {
          charges: {
            demand: {
              flat: [{ rate: [{ fixed: 10, to_kw: 5 }, { fixed: 15 }] }],
              periods: [{ name: 'Evening', rate: [{ fixed: 4 }] }],
              schedule: [
                {
                  days_and_hours: [
                    { days: ['All'], hours: [{ valid_from: '17:00:00', valid_to: '21:00:00', period: 'Evening' }] },
                  ],
                },
              ],
            },
          },
        }),
        exportTariff(0.08),
      ],
    });
    expect(r.status).toBe(200);
    const [june] = r.body.months;
    // 30 June 19:00 local draws 7 kW: flat 5 × 10 + 2 × 15 = 80; the evening period 7 × 4 = 28.
    expect(june).toMatchObject({
      import_kwh: 726,
      export_kwh: 360,
      peak_kw: 7,
      peak_time: '2026-06-30T19:00:00+02:00',
      demand_charge: 108,
      energy_charge: 217.8,
      export_credit: 28.8,
    });
    expect(june.demand).toEqual([
      {
        tariff_id: 'candidates[0]',
        period: null,
        kw: 7,
        time: '2026-06-30T19:00:00+02:00',
        peak_kw: 7,
        ratchet_kw: 0,
        billed_kw: 7,
        charge: 80,
      },
      { tariff_id: 'candidates[0]', period: 'Evening', kw: 7, time: '2026-06-30T19:00:00+02:00', charge: 28 },
    ]);
  });

  it('the UK pair as alternatives over a year of 2,700 kWh: B is cheaper by 5.50 with standing charges', async () => {
    const a = flat(0.245, { charges: { fixed: [{ amount: 0.6, per: 'DAY', name: 'Standing charge' }] } });
    const b = flat(0.27, { charges: { fixed: [{ amount: 0.4, per: 'DAY', name: 'Standing charge' }] } });
    const r = await bills({
      start_time: '2026-01-01T00:00:00+01:00',
      end_time: '2027-01-01T00:00:00+01:00',
      usage: { profile: 'bdew_h0', kwh_per_year: 2700 },
      candidates: [a],
      alternatives: [[b]],
    });
    expect(r.status).toBe(200);
    expect(r.body.months).toHaveLength(12);
    expect(r.body.total).toBeCloseTo(0.245 * 2700 + 0.6 * 365, 2);
    expect(r.body.alternatives[0].total).toBeCloseTo(0.27 * 2700 + 0.4 * 365, 2);
    expect(r.body.total - r.body.alternatives[0].total).toBeCloseTo(5.5, 2);
  });

  it('a tiered tariff: each month says how much imported energy was priced above its first tier', async () => {
    // 1 kWh an hour: June holds 720 kWh, July 744; the first 500 kWh of each month at 0.30.
    const tiered = flat(0, {
      schedule: [
        {
          days_and_hours: [
            {
              days: ['All'],
              hours: [
                {
                  valid_from: '00:00:00',
                  valid_to: '00:00:00',
                  rate: [{ fixed: 0.3, to_kwh: 500 }, { fixed: 0.5 }],
                },
              ],
            },
          ],
        },
      ],
    });
    const r = await bills({ start_time: JUNE, end_time: AUGUST, usage, candidates: [tiered] });
    expect(r.status).toBe(200);
    expect(r.body.months.map((m: { above_first_tier_kwh: number }) => m.above_first_tier_kwh)).toEqual([220, 244]);
    expect(r.body.months[0].energy_charge).toBeCloseTo(500 * 0.3 + 220 * 0.5, 6);
  });

  it('over twelve months that are not a calendar year, a profile holds its kWh per year: the UK pair still differs by 5.50', async () => {
    const a = flat(0.245, { charges: { fixed: [{ amount: 0.6, per: 'DAY' }] } });
    const b = flat(0.27, { charges: { fixed: [{ amount: 0.4, per: 'DAY' }] } });
    const window = { start_time: '2026-11-01T00:00:00+01:00', end_time: '2027-11-01T00:00:00+01:00' };
    // The contracts run past the window's end.
    const until = '2028-01-01';
    const r = await bills({
      ...window,
      usage: { profile: 'bdew_h0', kwh_per_year: 2700 },
      candidates: [{ ...a, contract_end_date: until }],
      alternatives: [[{ ...b, contract_end_date: until }]],
    });
    expect(r.status).toBe(200);
    const kwh = r.body.months.reduce((s: number, m: { import_kwh: number }) => s + m.import_kwh, 0);
    expect(kwh).toBeCloseTo(2700, 6);
    // 365 days from November 2026: B is cheaper by 0.025 × 2,700 − 0.20 × 365 = −5.50.
    expect(r.body.total - r.body.alternatives[0].total).toBeCloseTo(5.5, 6);
    // A window other than twelve months takes the profile as laid, as POST /costs does.
    const half = {
      start_time: '2027-01-01T00:00:00+01:00',
      end_time: '2027-07-01T00:00:00+02:00',
      usage: { profile: 'bdew_h0', kwh_per_year: 2700 },
      candidates: [{ ...a, contract_end_date: until }],
    };
    const billed = (await bills(half)).body.months.reduce(
      (s: number, m: { import_kwh: number }) => s + m.import_kwh,
      0,
    );
    const cost = await h.call({ method: 'POST', url: `/costs/${loc}`, headers: h.test, payload: half });
    expect(cost.status).toBe(200);
    expect(billed).toBeCloseTo(cost.body.kwh, 5);
  });

  it('the PV profile: generation shaped by the sun at the location, netted against usage', async () => {
    const r = await bills({
      start_time: JUNE,
      end_time: AUGUST,
      usage: { profile: 'bdew_h0', kwh_per_year: 3500 },
      generation: { profile: 'PV', kwh_per_year: 4000 },
      candidates: [flat(0.3), exportTariff(0.08)],
    });
    expect(r.status).toBe(200);
    const [june] = r.body.months;
    // A Berlin June: well above a twelfth of the year's sun, some of it used at home.
    expect(june.export_kwh).toBeGreaterThan(200);
    expect(june.import_kwh).toBeLessThan(3500 / 12);
    expect(june.export_credit).toBeCloseTo(Math.round(june.export_kwh * 0.08 * 1e6) / 1e6, 3);
  });

  it('without usage, the stored meter records: IMPORT drawn from the grid, EXPORT sent to it', async () => {
    await h.tariff(loc, flat(0.3));
    await h.tariff(loc, exportTariff(0.1));
    const rec = (hour: number, wh: number, direction: string) => ({
      location_id: loc,
      record_reference_id: `R-${direction}-${hour}`,
      units: 'WH',
      value: wh,
      tariff_direction: direction,
      start_time: `2026-06-05T${String(hour).padStart(2, '0')}:00:00Z`,
      end_time: `2026-06-05T${String(hour + 1).padStart(2, '0')}:00:00Z`,
    });
    const sent = await h.call({
      method: 'PUT',
      url: '/meters/interval',
      headers: h.test,
      payload: [rec(6, 2000, 'IMPORT'), rec(7, 4000, 'IMPORT'), rec(11, 3000, 'EXPORT'), rec(12, 1000, 'EXPORT')],
    });
    expect(sent.body.records_accepted).toBe(4);
    const r = await bills({ start_time: JUNE, end_time: '2026-07-01T00:00:00+02:00' });
    expect(r.status).toBe(200);
    // As recorded, never netted: 6 kWh drawn at 0.30, 4 kWh sent at 0.10; the peak 4 kW at 09:00 local.
    expect(r.body.months[0]).toMatchObject({
      import_kwh: 6,
      export_kwh: 4,
      energy_charge: 1.8,
      export_credit: 0.4,
      peak_kw: 4,
      peak_time: '2026-06-05T09:00:00+02:00',
      total: 1.4,
    });
  });

  it('refuses bad input with a named code, and stores nothing', async () => {
    await h.tariff(loc, flat(0.3));
    const before = snapshot(h.svc);
    const ok = { start_time: JUNE, end_time: AUGUST, usage: { profile: 'bdew_h0', kwh_per_year: 3000 } };
    const cases: [object, number, string][] = [
      [{ ...ok, start_time: '2026-06-02T00:00:00+02:00' }, 400, 'start_time_invalid'],
      [{ ...ok, start_time: '2026-06-01T00:00:00Z' }, 400, 'start_time_invalid'],
      [{ ...ok, end_time: '2026-07-15T00:00:00+02:00' }, 400, 'end_time_invalid'],
      [{ ...ok, end_time: JUNE }, 400, 'end_time_before_start_time'],
      [{ ...ok, end_time: '2028-08-01T00:00:00+02:00' }, 400, 'window_too_long'],
      [{ ...ok, metering: { mode: 'NET_SOMETIMES' } }, 400, 'mode_invalid'],
      [
        {
          ...ok,
          candidates: [
            flat(0.3, {
              charges: {
                demand: {
                  flat: [{ rate: [{ fixed: 10 }] }],
                  ratchet: { percent: 75, months: ['Jan'], range_months: 6 },
                },
              },
            }),
          ],
        },
        400,
        'ratchet_invalid',
      ],
      [{ ...ok, metering: { mode: 'NET_METERING', credits: 'CARRIED' } }, 400, 'metering_invalid'],
      [{ ...ok, metering: { mode: 'NET_METERING', credits_from: 'NEXT_MONTH' } }, 400, 'metering_invalid'],
      [{ ...ok, metering: { mode: 'NET_METERING', true_up_rate: -1 } }, 400, 'true_up_rate_invalid'],
      [{ ...ok, metering: { credits_from: 'NEXT_MONTH' } }, 400, 'metering_invalid'],
      [{ ...ok, metering: { credits: 'PAID_MONTHLY', true_up_month: 3 } }, 400, 'metering_invalid'],
      [{ ...ok, metering: { credits: 'CARRIED', true_up_rate: 0.1 } }, 400, 'metering_invalid'],
      [
        {
          ...ok,
          metering: { mode: 'NET_METERING' },
          candidates: [{ ...flat(0), market_rates: true, schedule: flat(0).schedule.map((e) => e) }],
        },
        400,
        'metering_invalid',
      ],
      [
        {
          ...ok,
          generation: {
            intervals: [{ start_time: '2026-06-01T10:00:00Z', end_time: '2026-06-01T11:00:00Z', kwh: -1e7 }],
          },
        },
        400,
        'kwh_invalid',
      ],
      [{ ...ok, metering: { true_up_month: 13 } }, 400, 'true_up_month_invalid'],
      [{ ...ok, metering: { credits: 'SOMETIMES' } }, 400, 'credits_invalid'],
      [{ ...ok, generation: { profile: 'WIND', kwh_per_year: 10 } }, 400, 'profile_invalid'],
      [{ ...ok, generation: { profile: 'PV' } }, 400, 'kwh_per_year_missing'],
      [
        {
          ...ok,
          generation: {
            intervals: [
              { start_time: '2026-06-01T10:00:00Z', end_time: '2026-06-01T11:00:00Z', kwh: 1 },
              { start_time: '2026-06-01T10:30:00Z', end_time: '2026-06-01T11:30:00Z', kwh: 1 },
            ],
          },
        },
        400,
        'generation_overlap',
      ],
      [
        {
          ...ok,
          generation: { intervals: [{ start_time: '2026-05-01T10:00:00Z', end_time: '2026-05-01T11:00:00Z', kwh: 1 }] },
        },
        400,
        'generation_outside_window',
      ],
      [{ ...ok, usage: undefined, generation: { profile: 'PV', kwh_per_year: 10 } }, 400, 'generation_invalid'],
      [{ ...ok, usage: { profile: 'bdew_h0' } }, 400, 'kwh_per_year_missing'],
      [{ ...ok, extra: 1 }, 400, 'parameter_unknown'],
    ];
    for (const [body, status, code] of cases) {
      const r = await bills(body);
      expect(
        { status: r.status, code: r.body?.error?.code ?? r.body?.code },
        JSON.stringify(body).slice(0, 200),
      ).toEqual({
        status,
        code,
      });
      // Each refusal leaves everything stored as it was.
      expect(snapshot(h.svc) === before, JSON.stringify(body).slice(0, 200)).toBe(true);
    }
  });

  it('a demand ratchet: the flat demand entry gives the peak, the floor and the kW billed', async () => {
    // 1 kW every hour, 5 kW one June hour: July bills at least 60 % of June's peak.
    const peakAt = DateTime.fromISO('2026-06-10T12:00:00+02:00').toMillis();
    const r = await bills({
      start_time: JUNE,
      end_time: AUGUST,
      usage: { intervals: hourly(JUNE, AUGUST, (_h, t) => (t === peakAt ? 5 : 1)) },
      candidates: [
        flat(0.3, {
          charges: { demand: { flat: [{ rate: [{ fixed: 10 }] }], ratchet: { percent: 60, range_months: 1 } } },
        }),
      ],
    });
    expect(r.status).toBe(200);
    const [june, july] = r.body.months;
    expect(june.demand[0]).toMatchObject({ period: null, kw: 5, peak_kw: 5, ratchet_kw: 0, billed_kw: 5, charge: 50 });
    expect(july.demand[0]).toMatchObject({ period: null, kw: 1, peak_kw: 1, ratchet_kw: 3, billed_kw: 3, charge: 30 });
  });

  it('names the metering field it refuses', async () => {
    const r = await bills({
      start_time: JUNE,
      end_time: AUGUST,
      usage,
      metering: { mode: 'NET_METERING', credits: 'CARRIED' },
    });
    expect(r.status).toBe(400);
    const error = r.body.error ?? r.body;
    expect(error.code).toBe('metering_invalid');
    expect(error.message).toContain('metering.credits');
  });

  it('NET_METERING: the month’s kWh net, the surplus is banked and paid at the true-up rate; SAM-like negatives are usage', async () => {
    // 9 kWh an hour of solar 10:00–14:00 in June, and SAM's night draw of 0.001 kWh 21:00–06:00.
    const night = hourly(JUNE, AUGUST, (hr) => (hr < 6 || hr >= 21 ? 1 : 0)).map((iv) => ({ ...iv, kwh: -0.001 }));
    const solar = hourly(JUNE, AUGUST, (hr, t) => (t < JULY_START && hr >= 10 && hr < 14 ? 9 : 0));
    const gen = { intervals: [...solar, ...night].sort((a, b) => Date.parse(a.start_time) - Date.parse(b.start_time)) };
    const r = await bills({
      start_time: JUNE,
      end_time: AUGUST,
      usage,
      generation: gen,
      metering: { mode: 'NET_METERING', true_up_month: 7, true_up_rate: 0.04 },
      candidates: [flat(0.3)],
    });
    expect(r.status).toBe(200);
    expect(r.body.metering).toEqual({
      mode: 'NET_METERING',
      credits: 'PAID_MONTHLY',
      credits_from: 'SAME_MONTH',
      true_up_month: 7,
      true_up_rate: 0.04,
    });
    const [june, july] = r.body.months;
    // June: 720 kWh used + 9 h × 30 night draws of 0.001 = 720.27; 4 × 9 × 30 = 1080 made: 359.73 banked.
    expect(june.energy_charge).toBe(0);
    expect(june.banked_kwh).toBeCloseTo(359.73, 6);
    expect(june.surplus_kwh).toBeCloseTo(359.73, 6);
    // July: 744 + 9 × 31 × 0.001 = 744.279 used; the bank offsets 359.73: 384.549 at 0.30.
    expect(july.energy_charge).toBeCloseTo(384.549 * 0.3, 6);
    expect(july.banked_kwh).toBe(0);
    expect(july.surplus_kwh).toBe(0);
    expect(july.true_up).toBe(0);
    // With the true-up in June, its surplus is paid at 0.04 and July pays all its kWh.
    const early = await bills({
      start_time: JUNE,
      end_time: AUGUST,
      usage,
      generation: gen,
      metering: { mode: 'NET_METERING', true_up_month: 6, true_up_rate: 0.04 },
      candidates: [flat(0.3)],
    });
    expect(early.body.months[0].true_up).toBeCloseTo(359.73 * 0.04, 6);
    expect(early.body.months[0].total).toBeCloseTo(-359.73 * 0.04, 6);
    expect(early.body.months[1].energy_charge).toBeCloseTo(744.279 * 0.3, 6);
  });

  it('accepts a year of quarter hours of usage and of generation in one request', async () => {
    const from = DateTime.fromISO('2026-01-01T00:00:00+01:00').toMillis();
    const to = DateTime.fromISO('2027-01-01T00:00:00+01:00').toMillis();
    const q = 15 * 60_000;
    const use = [];
    const gen = [];
    for (let t = from; t < to; t += q) {
      use.push({ start_time: iso(t), end_time: iso(t + q), kwh: 0.1 });
      gen.push({ start_time: iso(t), end_time: iso(t + q), kwh: 0.05 });
    }
    const body = {
      start_time: '2026-01-01T00:00:00+01:00',
      end_time: '2027-01-01T00:00:00+01:00',
      usage: { intervals: use },
      generation: { intervals: gen },
      candidates: [flat(0.3)],
    };
    expect(JSON.stringify(body).length).toBeGreaterThan(6_000_000);
    const r = await bills(body);
    expect(r.status).toBe(200);
    expect(r.body.months.reduce((s: number, m: { import_kwh: number }) => s + m.import_kwh, 0)).toBeCloseTo(
      0.05 * 35_040,
      3,
    );
  });
});
