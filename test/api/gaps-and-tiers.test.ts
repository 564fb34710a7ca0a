import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixedSchedule, harness, type Harness } from '../helpers.js';
import { allDayRate } from '../engine/support.js';

let h: Harness;
let loc: string;
beforeEach(async () => {
  h = await harness('2026-03-20T12:00:00Z');
  loc = (await h.location()).id;
});
afterEach(() => h.close());

/** An amount in major units to the answer's 6 decimals. */
const micro = (x: number) => Math.round(x * 1e6) / 1e6;
const post = (url: string, body: object) => h.call({ method: 'POST', url, headers: h.test, payload: body });

/** Hourly intervals of `kwh` from a local start, `n` of them, in the +01:00 offset of a March day. */
function hours(startHour: number, n: number, kwh: number, day = '2026-03-03') {
  return Array.from({ length: n }, (_, i) => {
    const t = Date.parse(`${day}T00:00:00+01:00`) + (startHour + i) * 3_600_000;
    return { start_time: new Date(t).toISOString(), end_time: new Date(t + 3_600_000).toISOString(), kwh };
  });
}

describe('a gap between bands is unknown, never free', () => {
  beforeEach(async () => {
    // 05:00–02:00 at 0.30; nothing from 02:00 to 05:00.
    await h.tariff(loc, {
      contract_start_date: '2026-01-01',
      contract_end_date: '2027-01-01',
      schedule: fixedSchedule([['All', [['05:00', '02:00', 0.3]]]]),
    });
  });

  it('/prices still answers the gap at 0 with confidence 0.5', async () => {
    const r = await post(`/prices/${loc}`, {
      start_time: '2026-03-03T00:00:00+01:00',
      end_time: '2026-03-03T06:00:00+01:00',
    });
    expect(r.status).toBe(200);
    expect(r.body.data.map((d: any) => [d.valid_from, d.price.value, d.price.confidence])).toEqual([
      ['2026-03-03T00:00:00+01:00', 0.3, 1],
      ['2026-03-03T02:00:00+01:00', 0, 0.5],
      ['2026-03-03T05:00:00+01:00', 0.3, 1],
    ]);
  });

  it('costs count the gap as unpriced_kwh and cost it nothing, per period and in total', async () => {
    const r = await post(`/costs/${loc}`, {
      start_time: '2026-03-03T00:00:00+01:00',
      end_time: '2026-03-04T00:00:00+01:00',
      tariff_direction: 'IMPORT',
      usage: { intervals: hours(0, 24, 1) },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ kwh: 24, unpriced_kwh: 3, value: 6.3 });
    expect(r.body.periods[0]).toMatchObject({ kwh: 24, unpriced_kwh: 3, value: 6.3 });
  });

  it('the schedules never choose the gap', async () => {
    const window = { start_time: '2026-03-03T00:00:00+01:00', end_time: '2026-03-04T00:00:00+01:00' };
    const d = await post(`/schedules/duration/${loc}`, { ...window, duration: 120 });
    expect(d.status).toBe(200);
    for (const p of d.body.data) {
      expect(p.price.average).toBe(0.3);
      const from = Date.parse(p.start_time);
      const to = Date.parse(p.end_time);
      // Nothing chosen inside 02:00–05:00.
      expect(to <= Date.parse('2026-03-03T02:00:00+01:00') || from >= Date.parse('2026-03-03T05:00:00+01:00')).toBe(
        true,
      );
    }
    const a = await post(`/schedules/amount/${loc}`, {
      data: [{ ...window, max_power: { units: 'W', value: 7000 }, energy: { units: 'WH', value: 14000 } }],
    });
    expect(a.status).toBe(200);
    for (const p of a.body.data[0].schedule)
      expect(
        Date.parse(p.end_time) <= Date.parse('2026-03-03T02:00:00+01:00') ||
          Date.parse(p.start_time) >= Date.parse('2026-03-03T05:00:00+01:00'),
      ).toBe(true);
  });
});

describe('tiers through POST /costs', () => {
  it('a month of usage crosses the bound once; the answer splits the hour across it and names the energy above', async () => {
    await h.tariff(loc, {
      contract_start_date: '2026-01-01',
      contract_end_date: '2027-01-01',
      schedule: allDayRate([{ fixed: 0.4, to_kwh: 10.5 }, { fixed: 0.49 }]),
    });
    const r = await post(`/costs/${loc}`, {
      start_time: '2026-03-01T00:00:00+01:00',
      end_time: '2026-03-02T00:00:00+01:00',
      tariff_direction: 'IMPORT',
      group_by: 'month',
      usage: { intervals: hours(0, 24, 1, '2026-03-01') },
    });
    expect(r.status).toBe(200);
    // 10.5 kWh at 0.40, 13.5 at 0.49.
    expect(r.body).toMatchObject({ kwh: 24, above_first_tier_kwh: 13.5, value: micro(10.5 * 0.4 + 13.5 * 0.49) });
    // The window starts at the month's start: no note on where counting began.
    expect(r.body.periods[0].tier_count_from).toBeUndefined();
    // A window from the 1st at noon counts from there, and says so.
    const mid = await post(`/costs/${loc}`, {
      start_time: '2026-03-01T12:00:00+01:00',
      end_time: '2026-03-02T00:00:00+01:00',
      tariff_direction: 'IMPORT',
      group_by: 'month',
      usage: { intervals: hours(12, 12, 1, '2026-03-01') },
    });
    expect(mid.body).toMatchObject({ above_first_tier_kwh: 1.5, value: micro(10.5 * 0.4 + 1.5 * 0.49) });
    expect(mid.body.periods[0].tier_count_from).toBe('2026-03-01T12:00:00+01:00');
  });
});
