import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixedSchedule, harness, type Harness } from '../helpers.js';

/**
 * Answers that give energy in WH give whole watt-hours, half away from zero, as the reference's
 * instant-cost example shows (20,567 W for 30 minutes: 10,284 Wh); the cost is of the exact energy.
 */

let h: Harness;
let loc: string;
beforeEach(async () => {
  h = await harness('2026-06-10T12:00:00Z');
  loc = (await h.location()).id;
  await h.tariff(loc, {
    contract_start_date: '2022-01-01',
    contract_end_date: '2027-01-01',
    schedule: fixedSchedule([['All', [['00:00', '00:00', 0.3]]]]),
  });
});
afterEach(() => h.close());

const call = (method: string, url: string, payload?: unknown) =>
  h.call({
    method: method as 'POST',
    url,
    headers: h.test,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

describe('energy in WH', () => {
  it("the reference's instant-cost example: 10,284 Wh, costed as 10,283.5", async () => {
    const device = (await call('POST', '/devices', { reference_id: 'EV' })).body.id;
    // The reference's request as it writes it, its ids swapped for real ones.
    const example = {
      start_time: '2022-02-01T10:30:00Z',
      end_time: '2022-02-01T11:00:00Z',
      location_id: loc,
      device_id: device,
      direction: 'IMPORT',
      tariff_rate: 'IMPORT',
      units: 'W',
      value: 20567,
    };
    const r = await call('POST', '/costs/instant', example);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      energy_units: 'WH',
      data: { energy: { value: 10284 }, cost: { value: 3.08505, confidence: 1 } },
    });
    // Stored, it reads back by session and interval alike.
    const byInterval = await call('POST', `/costs/interval/${loc}`, {
      start_time: '2022-02-01T00:00:00Z',
      end_time: '2022-02-02T00:00:00Z',
    });
    expect(byInterval.body.data.map((e: any) => e.energy.value)).toEqual([10284]);
    expect(byInterval.body.total).toMatchObject({ energy: { value: 10284 }, cost: { value: 3.08505 } });
  });

  it('reports round each entry and the exact total, half away from zero', async () => {
    // 1.5 Wh and 2.5 Wh: shown 2 and 3; together exactly 4 (not 5, the sum of what is shown).
    const records = [1.5, 2.5].map((value, i) => ({
      location_id: loc,
      session_reference_id: 'S-1',
      units: 'WH',
      value,
      start_time: `2026-06-05T0${i}:00:00Z`,
      end_time: `2026-06-05T0${i + 1}:00:00Z`,
    }));
    expect((await call('PUT', '/meters/interval', records)).body.records_accepted).toBe(2);
    const session = await call('POST', '/costs/session/S-1');
    expect(session.body.data.map((e: any) => e.energy.value)).toEqual([2, 3]);
    expect(session.body.total.energy.value).toBe(4);
    // The money is of the exact energy: 4 Wh at 0.30 per kWh.
    expect(session.body.total.cost.value).toBe(0.0012);
    const byDay = await call('POST', `/costs/interval/${loc}?aggregation=DAY`, {
      start_time: '2026-06-05T00:00:00+02:00',
      end_time: '2026-06-06T00:00:00+02:00',
    });
    expect(byDay.body.data.map((e: any) => e.energy.value)).toEqual([4]);
  });

  it('a schedule by amount in WH answers whole watt-hours; its plan is of the energy asked', async () => {
    const r = await call('POST', `/schedules/amount/${loc}`, {
      data: [
        {
          start_time: '2026-06-05T00:00:00Z',
          end_time: '2026-06-05T06:00:00Z',
          max_power: { units: 'W', value: 1000 },
          energy: { units: 'WH', value: 1000.5 },
        },
        {
          start_time: '2026-06-05T00:00:00Z',
          end_time: '2026-06-05T06:00:00Z',
          max_power: { units: 'W', value: 1000 },
          energy: { units: 'WH', value: 2000.5 },
        },
      ],
    });
    expect(r.status).toBe(200);
    expect(r.body.data.map((d: any) => d.energy)).toEqual([
      { units: 'WH', value: 1001 },
      { units: 'WH', value: 2001 },
    ]);
    expect(r.body.energy).toEqual({ units: 'WH', value: 3001 });
    // 3,001 Wh at 0.30 per kWh: the cost of the exact energy asked.
    expect(r.body.cost.value).toBeCloseTo(3.001 * 0.3, 6);
  });
});
