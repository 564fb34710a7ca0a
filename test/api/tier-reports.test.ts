import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { harness, type Harness } from '../helpers.js';
import { allDayRate } from '../engine/support.js';

/**
 * Tiers in the meter cost reports: the location's month counts, whatever the report's window.
 * One tariff: 0.30 for the first 100 kWh of a local month, 0.40 beyond.
 */
let h: Harness;
let loc: string;
const ZONE = 'Europe/Berlin';
const LOW = 0.3;
const HIGH = 0.4;

beforeEach(async () => {
  h = await harness('2026-11-20T12:00:00Z');
  loc = (await h.location()).id;
  await h.tariff(loc, {
    contract_start_date: '2026-01-01',
    contract_end_date: '2027-01-01',
    schedule: allDayRate([{ fixed: LOW, to_kwh: 100 }, { fixed: HIGH }]),
  });
});
afterEach(() => h.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  h.call({ method, url, headers: h.test, ...(payload === undefined ? {} : { payload: payload as object }) });
const local = (iso: string) => DateTime.fromISO(iso, { zone: ZONE }).toMillis();
const micro = (x: number) => Math.round(x * 1e6) / 1e6;

/** Hourly records of `kwh` from `from` to `to` (local ISO), with any extra fields. */
function hourly(from: string, to: string, kwh: number, extra: Record<string, unknown> = {}) {
  const rows = [];
  for (let t = local(from); t < local(to); t += 3_600_000)
    rows.push({
      location_id: loc,
      units: 'KWH',
      value: kwh,
      start_time: new Date(t).toISOString(),
      end_time: new Date(t + 3_600_000).toISOString(),
      ...extra,
    });
  return rows;
}

describe('tiers in meter cost reports', () => {
  it("the location's meter: a month's report is its bill; any window's records cost their part of it", async () => {
    // March has 743 hours (the clocks go forward on the 29th): 100 kWh at 0.30, 643 at 0.40.
    expect((await call('PUT', '/meters/interval', hourly('2026-03-01', '2026-04-01', 1))).body.failed_records).toEqual(
      [],
    );
    const month = await call('POST', `/costs/interval/${loc}?aggregation=MONTH`, {
      start_time: '2026-03-01T00:00:00+01:00',
      end_time: '2026-04-01T00:00:00+02:00',
    });
    expect(month.status).toBe(200);
    expect(month.body.total.cost.value).toBe(micro(100 * LOW + 643 * HIGH));
    // By day: the bound falls on 5 March at 04:00 (hour 100); days before at 0.30, after at 0.40.
    const days = await call('POST', `/costs/interval/${loc}?aggregation=DAY`, {
      start_time: '2026-03-01T00:00:00+01:00',
      end_time: '2026-04-01T00:00:00+02:00',
    });
    const values = days.body.data.map((e: { cost: { value: number } }) => e.cost.value);
    expect(values.slice(0, 4)).toEqual(Array(4).fill(micro(24 * LOW)));
    expect(values[4]).toBe(micro(4 * LOW + 20 * HIGH));
    expect(values[10]).toBe(micro(24 * HIGH));
    expect(micro(values.reduce((s: number, v: number) => s + v, 0))).toBe(month.body.total.cost.value);
    // The 10th alone, record by record: every hour above the bound, as in the month's bill.
    const tenth = await call('POST', `/costs/interval/${loc}`, {
      start_time: '2026-03-10T00:00:00+01:00',
      end_time: '2026-03-11T00:00:00+01:00',
    });
    expect(tenth.body.data).toHaveLength(24);
    expect(tenth.body.data.every((e: { cost: { value: number } }) => e.cost.value === HIGH)).toBe(true);
    // A device's session in March: priced as the meter's bill prices its hours.
    const dev = (await call('POST', '/devices', {})).body.id;
    await call(
      'PUT',
      '/meters/interval',
      hourly('2026-03-02T20:00', '2026-03-02T22:00', 3, { device_id: dev, session_reference_id: 'MARCH' }),
    );
    const session = await call('POST', '/costs/session/MARCH');
    expect(session.body.total.cost.value).toBe(micro(6 * LOW));
  });

  it("with no meter of its own, the devices' records together are the month's count", async () => {
    const a = (await call('POST', '/devices', {})).body.id;
    const b = (await call('POST', '/devices', {})).body.id;
    // Device A: 95 kWh over the first days of April; then B charges 7 kWh an hour for 10 hours.
    await call('PUT', '/meters/interval', hourly('2026-04-01T00:00', '2026-04-04T23:00', 1, { device_id: a }));
    await call(
      'PUT',
      '/meters/interval',
      hourly('2026-04-05T20:00', '2026-04-06T06:00', 7, { device_id: b, session_reference_id: 'EV-APRIL' }),
    );
    const session = await call('POST', '/costs/session/EV-APRIL');
    expect(session.status).toBe(200);
    // 95 kWh counted before it: its first 5 kWh at 0.30, the other 65 at 0.40.
    expect(session.body.total.cost.value).toBe(micro(5 * LOW + 65 * HIGH));
    expect(session.body.data[0].cost.value).toBe(micro(5 * LOW + 2 * HIGH));
    // The whole of April by month: 95 + 70 kWh, one bill.
    const month = await call('POST', `/costs/interval/${loc}?aggregation=MONTH`, {
      start_time: '2026-04-01T00:00:00+02:00',
      end_time: '2026-05-01T00:00:00+02:00',
    });
    expect(month.body.total.cost.value).toBe(micro(100 * LOW + 65 * HIGH));
    // One more kWh, priced at once: above the bound.
    const instant = await call('POST', '/costs/instant?non_persistent=true', {
      location_id: loc,
      device_id: a,
      units: 'KWH',
      value: 1,
      start_time: '2026-04-07T10:00:00+02:00',
      end_time: '2026-04-07T11:00:00+02:00',
    });
    expect(instant.status).toBe(200);
    expect(instant.body.data.cost.value).toBe(HIGH);
  });
});
