import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DateTime } from 'luxon';
import { BIN, spawnServe, stopAll, type Spawned } from './cli.js';
import { loggedIn } from '../e2e/host.js';
import { berlinAddress, fixedSchedule, tariffBody } from '../helpers.js';

const ZONE = 'Europe/Berlin';
const PRICE = 0.3;
const FEED_IN = 0.08;
const STANDING = 10; // per local month
const PER_KW = 5; // flat demand, per kW of the month's peak

interface Hour {
  local: DateTime;
  use: number;
  gen: number;
}

/**
 * January and February 2026, hourly: 1 kWh used every hour, 2.5 kWh one evening hour a week,
 * and 2 kWh generated from 11:00 to 14:00 on odd days.
 */
function hours(): Hour[] {
  const out: Hour[] = [];
  let t = DateTime.fromISO('2026-01-01T00:00', { zone: ZONE });
  const end = DateTime.fromISO('2026-03-01T00:00', { zone: ZONE });
  for (; t < end; t = t.plus({ hours: 1 })) {
    const use = t.weekday === 3 && t.hour === 19 ? 2.5 + t.day / 100 : 1;
    const gen = t.day % 2 === 1 && t.hour >= 11 && t.hour < 14 ? 2 : 0;
    out.push({ local: t, use, gen });
  }
  return out;
}
const csv = (rows: Hour[], f: (h: Hour) => number) =>
  'timestamp,kwh\n' + rows.map((r) => `${r.local.toFormat("yyyy-MM-dd'T'HH:mm")},${f(r)}`).join('\n') + '\n';

/** Each month's bill, hour by hour with plain loops: net within the hour, credit paid monthly. */
function expected(rows: Hour[]) {
  const months = new Map<string, { imp: number; exp: number; peak: number; peakAt: string }>();
  for (const r of rows) {
    const key = r.local.toFormat('yyyy-MM');
    const m = months.get(key) ?? { imp: 0, exp: 0, peak: 0, peakAt: '' };
    const net = r.use - r.gen;
    if (net > 0) m.imp += net;
    else m.exp -= net;
    if (net > m.peak) {
      m.peak = net;
      m.peakAt = r.local.toFormat('yyyy-MM-dd HH:mm');
    }
    months.set(key, m);
  }
  return [...months].map(([month, m]) => ({
    month,
    ...m,
    energy: m.imp * PRICE,
    demand: m.peak * PER_KW,
    credit: m.exp * FEED_IN,
    total: m.imp * PRICE + STANDING + m.peak * PER_KW - m.exp * FEED_IN,
  }));
}

describe('tariff-desk bill', () => {
  let host: Spawned;
  let dir: string;
  let locationId: string;
  const rows = hours();
  const want = expected(rows);
  const run = (...args: string[]) =>
    spawnSync(process.execPath, [BIN, 'bill', ...args, '--api-url', host.info.api_url, '--data-dir', dir], {
      encoding: 'utf8',
    });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'td-bill-'));
    host = await spawnServe(dir, ['--no-demo']);
    const { api } = await loggedIn(host.info);
    const loc = await api('POST', '/locations', { postal_address: berlinAddress });
    expect(loc.status).toBe(200);
    locationId = loc.body.id;
    const imp = await api(
      'POST',
      '/tariffs',
      tariffBody(locationId, {
        schedule: fixedSchedule([['All', [['00:00', '00:00', PRICE]]]]),
        charges: {
          fixed: [{ amount: STANDING, per: 'MONTH', name: 'Standing charge' }],
          demand: { flat: [{ rate: [{ fixed: PER_KW }] }] },
        },
      }),
    );
    expect(imp.status).toBe(200);
    const exp = await api(
      'POST',
      '/tariffs',
      tariffBody(locationId, {
        direction: 'EXPORT',
        display_name: 'Feed-in',
        schedule: fixedSchedule([['All', [['00:00', '00:00', FEED_IN]]]]),
      }),
    );
    expect(exp.status).toBe(200);
    writeFileSync(
      join(dir, 'usage.csv'),
      csv(rows, (r) => r.use),
    );
    writeFileSync(
      join(dir, 'solar.csv'),
      csv(rows, (r) => r.gen),
    );
    // The same hours as stored meter records, already net: IMPORT drawn, EXPORT sent.
    const records = rows.flatMap((r, i) => {
      const net = r.use - r.gen;
      if (net === 0) return [];
      const start = r.local.toUTC().toISO();
      const end = r.local.plus({ hours: 1 }).toUTC().toISO();
      return [
        {
          location_id: locationId,
          record_reference_id: `R${i}`,
          direction: net > 0 ? 'IMPORT' : 'EXPORT',
          units: 'WH',
          value: Math.round(Math.abs(net) * 1000),
          start_time: start,
          end_time: end,
        },
      ];
    });
    for (let k = 0; k < records.length; k += 1000) {
      const sent = await api('PUT', '/meters/interval', records.slice(k, k + 1000));
      expect(sent.status).toBe(200);
      expect(sent.body.records_failed ?? 0).toBe(0);
    }
  });
  afterAll(async () => {
    if (host) await stopAll([host.child, 'SIGTERM']);
  });

  it('bills usage and solar files per local month: energy, standing charge, demand at the peak, export credit', () => {
    const r = run(
      locationId,
      '--usage',
      join(dir, 'usage.csv'),
      '--generation',
      join(dir, 'solar.csv'),
      '--format',
      'json',
    );
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const bill = JSON.parse(r.stdout);
    expect(bill).toMatchObject({
      object: 'bill',
      location_id: locationId,
      currency_code: 'EUR',
      metering: { mode: 'NET_BILLING', credits: 'PAID_MONTHLY', credits_from: 'SAME_MONTH', true_up_month: 12 },
    });
    // The window is the local months the file covers.
    expect(Date.parse(bill.start_time)).toBe(DateTime.fromISO('2026-01-01', { zone: ZONE }).toMillis());
    expect(Date.parse(bill.end_time)).toBe(DateTime.fromISO('2026-03-01', { zone: ZONE }).toMillis());
    expect(bill.months).toHaveLength(2);
    bill.months.forEach((m: any, i: number) => {
      const w = want[i]!;
      expect(DateTime.fromISO(m.start_time, { zone: ZONE }).toFormat('yyyy-MM')).toBe(w.month);
      expect(m.import_kwh).toBeCloseTo(w.imp, 6);
      expect(m.export_kwh).toBeCloseTo(w.exp, 6);
      expect(m.peak_kw).toBeCloseTo(w.peak, 6);
      expect(DateTime.fromISO(m.peak_time, { zone: ZONE }).toFormat('yyyy-MM-dd HH:mm')).toBe(w.peakAt);
      expect(m.energy_charge).toBeCloseTo(w.energy, 6);
      expect(m.fixed_charge).toBeCloseTo(STANDING, 6);
      expect(m.demand_charge).toBeCloseTo(w.demand, 6);
      expect(m.export_credit).toBeCloseTo(w.credit, 6);
      expect(m.total).toBeCloseTo(w.total, 6);
    });
    expect(bill.total).toBeCloseTo(
      want.reduce((t, w) => t + w.total, 0),
      6,
    );
  });

  it('prints a table with a row per month, the peak and when it happened, and the total line', () => {
    const r = run(
      locationId,
      '--from',
      '2026-01',
      '--to',
      '2026-03',
      '--usage',
      join(dir, 'usage.csv'),
      '--generation',
      join(dir, 'solar.csv'),
    );
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const lines = r.stdout.split('\n');
    const head = lines.find((l) => l.startsWith('Month'))!;
    for (const col of ['Energy', 'Fixed', 'Demand', 'Peak kW', 'Minimum', 'Export credit', 'Credit carried', 'True-up'])
      expect(head).toContain(col);
    const jan = lines.find((l) => l.startsWith('2026-01'))!.split(/\s{2,}/);
    const w = want[0]!;
    expect(jan).toContain(w.energy.toFixed(2));
    expect(jan).toContain('10.00');
    expect(jan).toContain(w.demand.toFixed(2));
    expect(jan).toContain(w.credit.toFixed(2));
    expect(r.stdout).toContain('Total = energy + fixed + demand + minimum − export credit');
    expect(jan).toContain(w.total.toFixed(2));
    expect(jan).toContain(w.peakAt.slice(5));
    const total = lines.find((l) => /^Total -?[\d.]+ EUR/.test(l))!;
    const shown = want.reduce((t, x) => t + Math.round(x.total * 100), 0) / 100;
    expect(total).toContain(`${shown.toFixed(2)} EUR`);
    expect(r.stdout).toContain('Demand charges:');
  });

  it('bills the stored meter records without a usage file, alike, and carries credit to a true-up', () => {
    const json = run(locationId, '--from', '2026-01', '--to', '2026-03', '--format', 'json');
    expect(json.stderr).toBe('');
    expect(json.status).toBe(0);
    const bill = JSON.parse(json.stdout);
    bill.months.forEach((m: any, i: number) => {
      expect(m.import_kwh).toBeCloseTo(want[i]!.imp, 6);
      expect(m.export_kwh).toBeCloseTo(want[i]!.exp, 6);
      expect(m.total).toBeCloseTo(want[i]!.total, 6);
    });
    // Carried from the next month, settled at the end of February: January's credit pays
    // February's charges, and February's own is paid out as the true-up.
    const carried = JSON.parse(
      run(
        locationId,
        '--from',
        '2026-01',
        '--to',
        '2026-03',
        '--credits',
        'carried',
        '--credits-from',
        'next_month',
        '--true-up-month',
        '2',
        '--format',
        'json',
      ).stdout,
    );
    const [jan, feb] = carried.months;
    expect(carried.metering).toMatchObject({ credits: 'CARRIED', credits_from: 'NEXT_MONTH', true_up_month: 2 });
    expect(jan.credit_applied).toBe(0);
    expect(jan.credit_carried).toBeCloseTo(want[0]!.credit, 6);
    expect(feb.credit_applied).toBeCloseTo(want[0]!.credit, 6);
    expect(feb.true_up).toBeCloseTo(want[1]!.credit, 6);
    expect(feb.credit_carried).toBe(0);
    const csvOut = run(locationId, '--from', '2026-01', '--to', '2026-03', '--format', 'csv');
    expect(csvOut.status).toBe(0);
    const [head, ...lines] = csvOut.stdout.trim().split('\n');
    expect(head).toBe(
      'month,start_time,end_time,import_kwh,export_kwh,unpriced_kwh,peak_kw,energy_charge,fixed_charge,demand_charge,minimum_charge,export_credit,credit_applied,credit_carried,true_up,total,peak_time,currency',
    );
    expect(lines.map((l) => l.split(',')[0])).toEqual(['2026-01', '2026-02']);
    expect(Number(lines[0]!.split(',')[15])).toBeCloseTo(want[0]!.total, 6);
  });

  it('bills with a solar profile at the location, and refuses mistakes with their codes', () => {
    const pv = run(
      locationId,
      '--from',
      '2026-01',
      '--to',
      '2026-03',
      '--usage',
      join(dir, 'usage.csv'),
      '--pv',
      '4000',
    );
    expect(pv.stderr).toBe('');
    expect(pv.status).toBe(0);
    expect(pv.stdout).toMatch(/^2026-01 /m);
    const mid = run(locationId, '--from', '2026-01-15', '--to', '2026-03');
    expect(mid.status).toBe(1);
    expect(mid.stderr).toContain('(start_time_invalid)');
    const both = run(locationId, '--from', '2026-01', '--to', '2026-03', '--pv', '4000');
    expect(both.status).toBe(1);
    expect(both.stderr).toContain('generation goes with --usage');
    const mode = run(locationId, '--from', '2026-01', '--to', '2026-03', '--mode', 'barter');
    expect(mode.status).toBe(1);
    expect(mode.stderr).toMatch(/metering\.mode/);
  });
  it('--metering NET_METERING --true-up-rate: kWh net per month, the surplus paid; a SAM-like file with night draws', () => {
    // Solar as SAM writes it: the night hours hold the inverter's own draw, -0.001 kWh.
    const sam = (r: Hour) => (r.gen > 0 ? r.gen : r.local.hour < 6 || r.local.hour >= 20 ? -0.001 : 0);
    writeFileSync(join(dir, 'sam.csv'), csv(rows, sam));
    const args = [locationId, '--usage', join(dir, 'usage.csv'), '--generation', join(dir, 'sam.csv')];
    const r = run(
      ...args,
      '--metering',
      'NET_METERING',
      '--true-up-rate',
      '0.04',
      '--true-up-month',
      '1',
      '--format',
      'json',
    );
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const bill = JSON.parse(r.stdout);
    expect(bill.metering).toMatchObject({ mode: 'NET_METERING', true_up_month: 1, true_up_rate: 0.04 });
    // One price all day: each month is one period; its usage minus generation is billed.
    bill.months.forEach((m: any, i: number) => {
      const key = i === 0 ? '2026-01' : '2026-02';
      const month = rows.filter((h) => h.local.toFormat('yyyy-MM') === key);
      const net = month.reduce((t, h) => t + h.use - sam(h), 0);
      expect(m.energy_charge).toBeCloseTo(Math.max(0, net) * PRICE, 6);
      expect(m.export_credit).toBe(0);
      expect(m.surplus_kwh).toBeCloseTo(Math.max(0, -net), 6);
    });
    // The table says the arrangement and shows the banks.
    const t = run(...args, '--metering', 'NET_METERING', '--true-up-rate', '0.04');
    expect(t.status).toBe(0);
    expect(t.stdout).toContain('Metering NET_METERING, true-up in month 12 at 0.04 EUR/kWh');
    expect(t.stdout.split('\n').find((l) => l.startsWith('Month'))).toContain('Banked kWh');
    // credits do not apply to net metering: refused naming the field.
    const bad = run(...args, '--metering', 'NET_METERING', '--credits', 'CARRIED');
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/metering\.credits/);
  });

  it('--battery and --car: the battery’s saving and energies under the table, as the API answers them', async () => {
    const args = [locationId, '--usage', join(dir, 'usage.csv'), '--generation', join(dir, 'solar.csv')];
    const battery = ['--battery', 'capacity=10,power=5,efficiency=0.81', '--strategy', 'self_consumption'];
    const car = ['--car', 'power=7,kwh=10,plug-in=18:00:00,ready-by=07:00:00'];
    const r = run(...args, ...battery, ...car, '--format', 'json');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const bill = JSON.parse(r.stdout);
    const { api } = await loggedIn(host.info);
    const direct = await api('POST', `/bills/${locationId}`, {
      start_time: bill.start_time,
      end_time: bill.end_time,
      usage: {
        intervals: rows
          .filter((h) => h.use > 0)
          .map((h) => ({
            start_time: h.local.toUTC().toISO(),
            end_time: h.local.plus({ hours: 1 }).toUTC().toISO(),
            kwh: h.use,
          })),
      },
      generation: {
        intervals: rows
          .filter((h) => h.gen !== 0)
          .map((h) => ({
            start_time: h.local.toUTC().toISO(),
            end_time: h.local.plus({ hours: 1 }).toUTC().toISO(),
            kwh: h.gen,
          })),
      },
      battery: { capacity_kwh: 10, power_kw: 5, round_trip_efficiency: 0.81, strategy: 'SELF_CONSUMPTION' },
      car: { power_kw: 7, kwh_per_day: 10, plug_in: '18:00:00', ready_by: '07:00:00' },
    });
    expect(direct.status).toBe(200);
    expect(bill.battery.strategy).toBe('SELF_CONSUMPTION');
    expect(bill.battery.saving).toBeCloseTo(direct.body.battery.saving, 6);
    expect(bill.total).toBeCloseTo(direct.body.total, 6);
    expect(bill.months[0].car_kwh).toBeCloseTo(direct.body.months[0].car_kwh, 6);
    const t = run(...args, ...battery, ...car);
    expect(t.status).toBe(0);
    expect(t.stdout).toMatch(/Battery \(SELF_CONSUMPTION\): saves [\d.,]+ EUR/);
    expect(t.stdout).toMatch(/Car: [\d.]+ kWh charged/);
    const bad = run(...args, '--battery', 'capacity=10,watts=5');
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('unknown key "watts"');
    const refused = run(...args, '--battery', 'capacity=-1,power=5');
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/capacity_kwh/);
  });
});
