import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { harness, type Harness } from '../helpers.js';

let h: Harness;
let loc: string;
beforeEach(async () => {
  h = await harness('2026-11-20T12:00:00Z');
  loc = (await h.location()).id;
});
afterEach(() => h.close());

const BERLIN = 'Europe/Berlin';
const H = 3_600_000;
const post = (url: string, body: unknown) => h.call({ method: 'POST', url, headers: h.test, payload: body as object });
const iso = (ms: number) =>
  DateTime.fromMillis(ms, { zone: BERLIN }).toISO({ suppressMilliseconds: true, includeOffset: true })!;
const JUNE = '2026-06-01T00:00:00+02:00';
const JULY = '2026-07-01T00:00:00+02:00';

const band = (from: string, to: string, price: number) => ({
  valid_from: from,
  valid_to: to,
  rate: [{ fixed: price }],
});
/** 0.10 from 00:00 to 03:00, 0.40 from 17:00 to 20:00, 0.25 otherwise, every day of 2026. */
const tou = {
  type: 'COMMODITY',
  contract_start_date: '2026-01-01',
  contract_end_date: '2027-01-01',
  schedule: [
    {
      days_and_hours: [
        {
          days: ['All'],
          hours: [
            band('00:00:00', '03:00:00', 0.1),
            band('03:00:00', '17:00:00', 0.25),
            band('17:00:00', '20:00:00', 0.4),
            band('20:00:00', '00:00:00', 0.25),
          ],
        },
      ],
    },
  ],
};
const flat = {
  ...tou,
  schedule: [{ days_and_hours: [{ days: ['All'], hours: [band('00:00:00', '00:00:00', 0.3)] }] }],
};

function hourly(from: string, to: string, kwh: (hour: number) => number) {
  const out = [];
  for (let t = DateTime.fromISO(from).toMillis(); t < DateTime.fromISO(to).toMillis(); t += H) {
    const v = kwh(DateTime.fromMillis(t, { zone: BERLIN }).hour);
    if (v > 0) out.push({ start_time: iso(t), end_time: iso(t + H), kwh: v });
  }
  return out;
}
const usage = { intervals: hourly(JUNE, JULY, () => 2) };
const battery = { capacity_kwh: 10, power_kw: 5, round_trip_efficiency: 1 };

describe('a battery on the bill', () => {
  it('OPTIMAL on time of use: 10 kWh bought at 0.10 each night, 6 kWh displace 0.40 and 4 kWh 0.25 (30 days × 2.40)', async () => {
    const r = await post(`/bills/${loc}`, {
      start_time: JUNE,
      end_time: JULY,
      usage,
      candidates: [tou],
      battery,
      include_dispatch: true,
    });
    expect(r.status).toBe(200);
    const b = r.body.battery;
    expect(b.strategy).toBe('OPTIMAL');
    expect(b.saving).toBeCloseTo(72, 2);
    expect(b.total_without - r.body.total).toBeCloseTo(b.saving, 6);
    expect(b.charged_kwh).toBeCloseTo(300, 4);
    expect(b.discharged_kwh).toBeCloseTo(300, 4);
    expect(b.cycles).toBeCloseTo(30, 4);
    expect(r.body.months[0].battery_charged_kwh).toBeCloseTo(300, 4);
    // Every cell of the window, in time order, feasible.
    const cells = b.dispatch as {
      start_time: string;
      end_time: string;
      charge_kwh: number;
      discharge_kwh: number;
      soc_kwh: number;
      import_kwh: number;
      export_kwh: number;
    }[];
    expect(cells[0]!.start_time).toBe(JUNE);
    expect(cells[cells.length - 1]!.end_time).toBe(JULY);
    let soc = 0;
    for (let i = 0; i < cells.length; i++) {
      const c = cells[i]!;
      if (i > 0) expect(c.start_time).toBe(cells[i - 1]!.end_time);
      const hours = (Date.parse(c.end_time) - Date.parse(c.start_time)) / H;
      expect(c.charge_kwh).toBeGreaterThanOrEqual(0);
      expect(c.discharge_kwh).toBeGreaterThanOrEqual(0);
      expect(c.charge_kwh * c.discharge_kwh).toBe(0);
      expect(c.charge_kwh).toBeLessThanOrEqual(5 * hours + 1e-6);
      soc += c.charge_kwh - c.discharge_kwh;
      expect(c.soc_kwh).toBeCloseTo(soc, 5);
      expect(c.soc_kwh).toBeGreaterThanOrEqual(-1e-6);
      expect(c.soc_kwh).toBeLessThanOrEqual(10 + 1e-6);
      expect(c.import_kwh - c.export_kwh).toBeCloseTo(2 * hours + c.charge_kwh - c.discharge_kwh, 5);
      expect(c.export_kwh).toBeCloseTo(0, 6);
    }
  });

  it('at a flat price the battery stays idle and saves nothing', async () => {
    const r = await post(`/bills/${loc}`, { start_time: JUNE, end_time: JULY, usage, candidates: [flat], battery });
    expect(r.status).toBe(200);
    expect(r.body.battery.charged_kwh).toBe(0);
    expect(r.body.battery.saving).toBe(0);
    expect(r.body.total).toBeCloseTo(720 * 2 * 0.3, 6);
  });

  it('each alternative is dispatched on its own tariffs', async () => {
    const r = await post(`/bills/${loc}`, {
      start_time: JUNE,
      end_time: JULY,
      usage,
      candidates: [flat],
      alternatives: [[tou]],
      battery,
    });
    expect(r.status).toBe(200);
    expect(r.body.battery.saving).toBe(0);
    expect(r.body.alternatives[0].battery.saving).toBeCloseTo(72, 2);
  });

  it('an alternative answers as its tariffs billed on their own, whatever was planned before it', async () => {
    // The alternatives plan the same cells, each from the last one's basis: the answer is the same
    // as a request that bills that tariff alone, from nothing.
    const sets = [[tou], [flat], [tou]];
    const r = await post(`/bills/${loc}`, {
      start_time: JUNE,
      end_time: JULY,
      usage,
      candidates: [tou],
      alternatives: sets,
      battery,
    });
    expect(r.status).toBe(200);
    for (const [k, set] of sets.entries()) {
      const alone = await post(`/bills/${loc}`, { start_time: JUNE, end_time: JULY, usage, candidates: set, battery });
      expect(alone.status).toBe(200);
      expect(r.body.alternatives[k].total).toBeCloseTo(alone.body.total, 6);
      expect(r.body.alternatives[k].battery.saving).toBeCloseTo(alone.body.battery.saving, 6);
    }
    expect(r.body.alternatives[0].total).toBeCloseTo(r.body.total, 6);
  });

  it('SELF_CONSUMPTION stores the solar surplus and covers the evening with it, by a rule a test can walk', async () => {
    const generation = { intervals: hourly(JUNE, JULY, (hr) => (hr >= 10 && hr < 14 ? 4 : 0)) };
    const exportTariff = {
      ...flat,
      direction: 'EXPORT',
      schedule: [{ days_and_hours: [{ days: ['All'], hours: [band('00:00:00', '00:00:00', 0.05)] }] }],
    };
    const r = await post(`/bills/${loc}`, {
      start_time: JUNE,
      end_time: JULY,
      usage,
      generation,
      candidates: [flat, exportTariff],
      battery: { ...battery, round_trip_efficiency: 0.81, strategy: 'SELF_CONSUMPTION' },
    });
    expect(r.status).toBe(200);
    // By hand, a day: 4 h of 2 kWh surplus charge 8 kWh AC (7.2 stored), which cover 7.2·0.9 = 6.48 kWh of deficit.
    expect(r.body.battery.charged_kwh).toBeCloseTo(30 * 8, 4);
    expect(r.body.battery.discharged_kwh).toBeCloseTo(30 * 6.48, 4);
    // Saving: 6.48 kWh not bought at 0.30, 8 kWh not sold at 0.05, per day.
    expect(r.body.battery.saving).toBeCloseTo(30 * (6.48 * 0.3 - 8 * 0.05), 4);
  });

  it('a car on ON_ARRIVAL and CHEAPEST: the same energy each night, cheaper where it waits for the cheap hours', async () => {
    const car = { power_kw: 7, kwh_per_day: 14, plug_in: '18:00:00', ready_by: '07:00:00' };
    const onArrival = await post(`/bills/${loc}`, {
      start_time: JUNE,
      end_time: JULY,
      usage,
      candidates: [tou],
      car: { ...car, strategy: 'ON_ARRIVAL' },
    });
    const cheapest = await post(`/bills/${loc}`, { start_time: JUNE, end_time: JULY, usage, candidates: [tou], car });
    expect(onArrival.status).toBe(200);
    expect(cheapest.status).toBe(200);
    // The last night's energy after the window's end is not billed: 29 whole nights, and 18:00–24:00 of the 30th (on arrival: all 14).
    expect(onArrival.body.months[0].car_kwh).toBeCloseTo(30 * 14, 4);
    expect(cheapest.body.months[0].car_kwh).toBeCloseTo(29 * 14, 4);
    // On arrival: 18:00–20:00 at 0.40 (14 kWh); cheapest: 00:00–02:00 at 0.10.
    const base = 720 * 2 * 0.25 + 30 * (3 * 2 * -0.15) + 30 * (3 * 2 * 0.15);
    expect(onArrival.body.total).toBeCloseTo(base + 30 * 14 * 0.4, 4);
    expect(cheapest.body.total).toBeCloseTo(base + 29 * 14 * 0.1, 4);
  });

  it('bad input is refused naming the field, and a battery under BUY_ALL_SELL_ALL is refused', async () => {
    const base = { start_time: JUNE, end_time: JULY, usage, candidates: [tou] };
    const cases: [unknown, string][] = [
      [{ battery: { ...battery, capacity_kwh: -1 } }, 'capacity_kwh_invalid'],
      [{ battery: { ...battery, power_kw: 0 } }, 'power_kw_invalid'],
      [{ battery: { ...battery, round_trip_efficiency: 1.5 } }, 'round_trip_efficiency_invalid'],
      [{ battery: { ...battery, reserve_percent: 150 } }, 'reserve_percent_invalid'],
      [{ battery: { ...battery, reserve_percent: 20, initial_soc_percent: 10 } }, 'initial_soc_percent_invalid'],
      [{ battery: { ...battery, reserve_percent: 20, final_soc_percent: 10 } }, 'final_soc_percent_invalid'],
      [{ battery: { ...battery, initial_soc_percent: 101 } }, 'initial_soc_percent_invalid'],
      [{ battery: { ...battery, strategy: 'GREEDY' } }, 'strategy_invalid'],
      [{ battery: { power_kw: 5 } }, 'capacity_kwh_missing'],
      [{ car: { power_kw: 7, kwh_per_day: -1, plug_in: '18:00:00', ready_by: '07:00:00' } }, 'kwh_per_day_invalid'],
      [{ car: { power_kw: 7, kwh_per_day: 5, plug_in: '25:00', ready_by: '07:00:00' } }, 'plug_in_invalid'],
      [{ battery, metering: { mode: 'BUY_ALL_SELL_ALL' } }, 'battery_metering_invalid'],
    ];
    for (const [extra, code] of cases) {
      const r = await post(`/bills/${loc}`, { ...base, ...(extra as object) });
      expect([r.status, r.body.error?.code ?? r.body.code], JSON.stringify(extra)).toEqual([400, code]);
    }
    const foreign = await post(`/bills/${loc}`, { ...base, battery: { ...battery, device_id: 'dev_nope' } });
    expect(foreign.status).toBe(404);
  });
});

describe('devices with a battery, their state, and the battery schedule', () => {
  it('a device holds battery properties; its reported state starts the schedule; bad states change nothing', async () => {
    const dev = await post('/devices', { capacity_kwh: 13.5, power_rating_import_kwh: 5, power_rating_export_kwh: 4 });
    expect(dev.status).toBe(200);
    expect(dev.body).toMatchObject({ capacity_kwh: 13.5, power_rating_import_kwh: 5, power_rating_export_kwh: 4 });
    const put = (body: object) =>
      h.call({ method: 'PUT', url: `/devices/${dev.body.id}/state`, headers: h.test, payload: body });
    const none = await h.call({ method: 'GET', url: `/devices/${dev.body.id}/state`, headers: h.test });
    expect(none.status).toBe(404);
    const ok = await put({
      time: '2026-11-20T11:00:00Z',
      state_of_charge_percent: 50,
      target_state_of_charge_percent: 80,
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ object: 'device_state', device_id: dev.body.id, state_of_charge_percent: 50 });
    expect(ok.body.id).toMatch(/^dsr_/);
    const bad = await put({ time: '2026-11-20T11:30:00Z', state_of_charge_percent: 120 });
    expect([bad.status, bad.body.error?.code ?? bad.body.code]).toEqual([400, 'state_of_charge_percent_invalid']);
    const latest = await h.call({ method: 'GET', url: `/devices/${dev.body.id}/state`, headers: h.test });
    expect(latest.body.state_of_charge_percent).toBe(50);
    const other = await h.call({ method: 'GET', url: `/devices/${dev.body.id}/state`, headers: h.live });
    expect(other.status).toBe(404);

    // A stored tariff at the location, then the plan from the device's state.
    const tariff = await post('/tariffs', { ...tou, location_id: loc, direction: 'IMPORT' });
    expect(tariff.status).toBeLessThan(300);
    const plan = await post(`/schedules/battery/${loc}`, {
      start_time: '2026-11-20T12:00:00Z',
      end_time: '2026-11-21T12:00:00Z',
      battery: { device_id: dev.body.id, round_trip_efficiency: 1 },
      usage: { intervals: hourly('2026-11-20T13:00:00+01:00', '2026-11-21T13:00:00+01:00', () => 1) },
    });
    expect(plan.status).toBe(200);
    expect(plan.body.object).toBe('battery_schedule');
    expect(plan.body.initial_soc_kwh).toBeCloseTo(6.75, 6);
    const data = plan.body.data as {
      charge_kwh: number;
      discharge_kwh: number;
      import_price: number;
      start_time: string;
    }[];
    // Power is the smaller rating: 4 kW.
    for (const c of data) {
      const hours = (Date.parse((c as any).end_time) - Date.parse(c.start_time)) / H;
      expect(Math.max(c.charge_kwh, c.discharge_kwh)).toBeLessThanOrEqual(4 * hours + 1e-6);
    }
    expect(plan.body.saving).toBeCloseTo(plan.body.cost_without - plan.body.cost_with, 9);
    expect(plan.body.saving).toBeGreaterThan(0);
    const tooLong = await post(`/schedules/battery/${loc}`, {
      start_time: '2026-11-01T00:00:00Z',
      end_time: '2026-12-03T00:00:00Z',
      battery: { capacity_kwh: 5, power_kw: 2 },
    });
    expect(tooLong.status).toBe(400);
  });
});
