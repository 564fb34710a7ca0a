import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DateTime } from 'luxon';
import { BIN, spawnServe, stopAll, type Spawned } from './cli.js';
import { mergeCosts } from '../../core/hosts/cli/costs/merge.js';
import { windowsOf } from '../../core/hosts/cli/costs/windows.js';
import { loggedIn } from '../e2e/host.js';
import { berlinAddress, fixedSchedule, tariffBody, afterBlockingRun } from '../helpers.js';
import { layProfile } from '../../core/engine/usage/layout.js';
import { usageShape } from '../../core/engine/usage/profiles.js';

const ZONE = 'Europe/Berlin';
// Night and day energy, and a flat grid fee beside it.
const NIGHT = 0.2;
const DAY = 0.35;
const FEE = 0.05;
const energyRate = (hour: number) => (hour < 7 ? NIGHT : DAY);

/**
 * Hourly readings over the two local days around the spring change (2026-03-29 has 23 hours:
 * 02:00 does not exist, so the export skips it), written as a typical meter export: local
 * times, semicolons, decimal commas, a BOM and CRLF line ends.
 */
function meterRows(): { local: DateTime; kwh: number }[] {
  const rows: { local: DateTime; kwh: number }[] = [];
  let t = DateTime.fromISO('2026-03-28T00:00', { zone: ZONE });
  const end = DateTime.fromISO('2026-03-30T00:00', { zone: ZONE });
  for (let i = 0; t < end; i++, t = t.plus({ hours: 1 })) rows.push({ local: t, kwh: 0.25 + (i % 5) * 0.125 });
  return rows;
}
const meterCsv = (rows: { local: DateTime; kwh: number }[]) =>
  '\uFEFFZeitstempel;Verbrauch kWh\r\n' +
  rows.map((r) => `${r.local.toFormat('yyyy-MM-dd HH:mm')};${String(r.kwh).replace('.', ',')}`).join('\r\n') +
  '\r\n';

/** The cost of each local day, from the tariff rates of this file (energy rate by local hour plus the fee). */
function expectedByDay(rows: { local: DateTime; kwh: number }[], rate: (hour: number) => number) {
  const days = new Map<string, { kwh: number; value: number }>();
  for (const r of rows) {
    const d = days.get(r.local.toISODate()!) ?? { kwh: 0, value: 0 };
    d.kwh += r.kwh;
    d.value += r.kwh * (rate(r.local.hour) + FEE);
    days.set(r.local.toISODate()!, d);
  }
  return days;
}

const run = (host: Spawned, dir: string, ...args: string[]) =>
  spawnSync(process.execPath, [BIN, 'costs', ...args, '--api-url', host.info.api_url, '--data-dir', dir], {
    encoding: 'utf8',
  });

describe('tariff-desk costs', () => {
  let host: Spawned;
  let dir: string;
  let locationId: string;
  const rows = meterRows();

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'td-costs-'));
    host = await spawnServe(dir, ['--no-demo']);
    const { api } = await loggedIn(host.info);
    const loc = await api('POST', '/locations', { postal_address: berlinAddress });
    expect(loc.status).toBe(200);
    locationId = loc.body.id;
    const energy = await api(
      'POST',
      '/tariffs',
      tariffBody(locationId, {
        schedule: fixedSchedule([
          [
            'All',
            [
              ['00:00', '07:00', NIGHT],
              ['07:00', '00:00', DAY],
            ],
          ],
        ]),
      }),
    );
    expect(energy.status).toBe(200);
    const fee = await api(
      'POST',
      '/tariffs',
      tariffBody(locationId, {
        type: 'NON_COMMODITY',
        display_name: 'Grid fee',
        schedule: fixedSchedule([['All', [['00:00', '00:00', FEE]]]]),
      }),
    );
    expect(fee.status).toBe(200);
    writeFileSync(join(dir, 'meter.csv'), meterCsv(rows));
  });
  afterAll(async () => {
    if (host) await stopAll([host.child, 'SIGTERM']);
  });

  it('prices a meter export per local day, over the span of the file, matching the tariff', () => {
    const r = run(host, dir, locationId, '--usage', join(dir, 'meter.csv'), '--format', 'json');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const cost = JSON.parse(r.stdout);
    expect(cost).toMatchObject({ object: 'cost', location_id: locationId, currency_code: 'EUR' });
    expect(Date.parse(cost.start_time)).toBe(rows[0]!.local.toMillis());
    expect(Date.parse(cost.end_time)).toBe(rows[rows.length - 1]!.local.plus({ hours: 1 }).toMillis());
    const want = expectedByDay(rows, energyRate);
    expect(cost.periods.map((p: any) => DateTime.fromISO(p.start_time, { zone: ZONE }).toISODate())).toEqual([
      ...want.keys(),
    ]);
    cost.periods.forEach((p: any, i: number) => {
      const w = [...want.values()][i]!;
      expect(p.kwh).toBeCloseTo(w.kwh, 6);
      expect(p.value).toBeCloseTo(w.value, 6);
    });
    const total = [...want.values()].reduce((s, d) => s + d.value, 0);
    expect(cost.value).toBeCloseTo(total, 6);
  });

  it('prints a table with the periods and the totals in the currency, and csv period rows', () => {
    const want = expectedByDay(rows, energyRate);
    const total = [...want.values()].reduce((s, d) => s + d.value, 0);
    const table = run(host, dir, locationId, '--usage', join(dir, 'meter.csv'));
    expect(table.status).toBe(0);
    expect(table.stdout).toContain('Cost (EUR)');
    for (const [day, d] of want)
      expect(table.stdout).toMatch(new RegExp(`${day}\\s+${d.kwh.toFixed(3)}\\s+${d.value.toFixed(2)}`));
    // The Total is the sum of the rows as shown (each rounded to the cent), as on a bill.
    const shown = [...want.values()].reduce((t, d) => t + Math.round(d.value * 100), 0) / 100;
    expect(table.stdout).toContain(`Total ${shown.toFixed(2)} EUR`);
    // The cost by tariff, named: the grid fee is its flat rate on every kWh.
    const kwhAll = rows.reduce((sum, r) => sum + r.kwh, 0);
    expect(table.stdout).toMatch(new RegExp(`Grid fee\\s+NON_COMMODITY\\s+${(kwhAll * FEE).toFixed(2)}\\s+trf_`));
    expect(table.stdout).toMatch(
      new RegExp(`Day and night\\s+COMMODITY\\s+${(total - kwhAll * FEE).toFixed(2)}\\s+trf_`),
    );

    const csv = run(host, dir, locationId, '--usage', join(dir, 'meter.csv'), '--format', 'csv', '--group-by', 'none');
    expect(csv.status).toBe(0);
    const [head, ...body] = csv.stdout.trim().split('\n');
    expect(head).toBe('period,start_time,end_time,kwh,unpriced_kwh,value,currency');
    expect(body).toHaveLength(1);
    const [period, , , kwh, unpriced, value, currency] = body[0]!.split(',');
    expect(period).toBe('2026-03-28/2026-03-30');
    expect(unpriced).toBe('0');
    expect(Number(kwh)).toBeCloseTo(
      rows.reduce((s, r) => s + r.kwh, 0),
      6,
    );
    expect(Number(value)).toBeCloseTo(total, 6);
    expect(currency).toBe('EUR');
  });

  it('a window narrower than the file keeps the usage inside it, an edge reading pro rata; a candidate replaces the stored energy tariff', () => {
    const flat = { ...tariffBody(locationId), schedule: fixedSchedule([['All', [['00:00', '00:00', 0.3]]]]) };
    delete (flat as { location_id?: string }).location_id;
    writeFileSync(join(dir, 'flat.json'), JSON.stringify(flat));
    const r = run(
      host,
      dir,
      locationId,
      '--usage',
      join(dir, 'meter.csv'),
      '--from',
      '2026-03-29T00:30:00+01:00',
      '--to',
      '2026-03-30',
      '--candidate',
      join(dir, 'flat.json'),
      '--format',
      'json',
    );
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const cost = JSON.parse(r.stdout);
    const spring = rows.filter((x) => x.local.toISODate() === '2026-03-29');
    expect(spring).toHaveLength(23);
    // The window starts half way into the day's first reading: half its energy is inside.
    const inside = [{ ...spring[0]!, kwh: spring[0]!.kwh / 2 }, ...spring.slice(1)];
    const want = expectedByDay(inside, () => 0.3).get('2026-03-29')!;
    expect(cost.periods).toHaveLength(1);
    expect(cost.kwh).toBeCloseTo(want.kwh, 6);
    expect(cost.value).toBeCloseTo(want.value, 6);
  });

  it('a profile over a local year, per month, with an alternative set priced beside it', () => {
    const flat = {
      ...tariffBody(locationId),
      display_name: 'Flat 30 ct',
      schedule: fixedSchedule([['All', [['00:00', '00:00', 0.3]]]]),
    };
    delete (flat as { location_id?: string }).location_id;
    writeFileSync(join(dir, 'set.json'), JSON.stringify([flat]));
    const args = [
      locationId,
      ...['--profile', 'bdew_h0', '--kwh-per-year', '3500', '--from', '2026-01-01', '--to', '2027-01-01'],
      ...['--group-by', 'month', '--alternative', join(dir, 'set.json')],
    ];
    const csv = run(host, dir, ...args, '--format', 'csv');
    expect(csv.stderr).toBe('');
    expect(csv.status).toBe(0);
    const [head, ...body] = csv.stdout.trim().split('\n');
    expect(head).toBe('period,start_time,end_time,kwh,unpriced_kwh,value,currency,alternative_1');
    expect(body).toHaveLength(12);
    const cells = body.map((l) => l.split(','));
    // Each period in its own local offset: summer months in +02:00, so September starts on 1 September.
    const month = (m: number) => DateTime.fromObject({ year: 2026, month: m }, { zone: ZONE });
    cells.forEach((c, i) => {
      expect(c[0]).toBe(month(i + 1).toFormat('yyyy-MM'));
      expect(c[1]).toBe(month(i + 1).toISO({ suppressMilliseconds: true }));
      expect(c[2]).toBe(
        month(i + 1)
          .plus({ months: 1 })
          .toISO({ suppressMilliseconds: true }),
      );
    });
    expect(cells[8]!.slice(0, 3)).toEqual(['2026-09', '2026-09-01T00:00:00+02:00', '2026-10-01T00:00:00+02:00']);
    const sum = (k: number) => cells.reduce((s, c) => s + Number(c[k]), 0);
    // The year holds the yearly energy; the flat alternative prices all of it at one rate plus the fee.
    expect(sum(3)).toBeCloseTo(3500, 3);
    expect(sum(4)).toBe(0);
    expect(sum(7)).toBeCloseTo(3500 * (0.3 + FEE), 3);
    // The stored day/night tariff lies between its two rates.
    expect(sum(5)).toBeGreaterThan(3500 * (NIGHT + FEE));
    expect(sum(5)).toBeLessThan(3500 * (DAY + FEE));
    const table = run(host, dir, ...args);
    expect(table.status).toBe(0);
    // The alternative is named by its tariff's display name; its total is the sum of its shown months.
    expect(table.stdout).toContain('Flat 30 ct (EUR)');
    expect(table.stdout).not.toContain('Alternative 1');
    const altShown = cells.reduce((t, c) => t + Math.round(Number(c[7]) * 100), 0);
    const mainShown = cells.reduce((t, c) => t + Math.round(Number(c[5]) * 100), 0);
    expect(table.stdout).toContain(
      `Flat 30 ct: ${(altShown / 100).toFixed(2)} EUR (${((altShown - mainShown) / 100).toFixed(2)} vs. current)`,
    );
    // Unnamed candidates in a file are named by the file.
    const { display_name: _name, ...unnamed } = flat;
    writeFileSync(join(dir, 'green-offer.json'), JSON.stringify([unnamed]));
    const byFile = run(host, dir, ...args.slice(0, -2), '--alternative', join(dir, 'green-offer.json'));
    expect(byFile.stderr).toBe('');
    expect(byFile.stdout).toContain('green-offer (EUR)');
  });

  it('the table rows add up to the Total shown, as on a bill; a footnote gives the exact total', () => {
    // Three local days of 10.01 kWh at a flat 0.30 plus the fee: 3.5035 a day, shown 3.50; exact 10.5105.
    const flat = { ...tariffBody(locationId), schedule: fixedSchedule([['All', [['00:00', '00:00', 0.3]]]]) };
    delete (flat as { location_id?: string }).location_id;
    writeFileSync(join(dir, 'flat-bill.json'), JSON.stringify(flat));
    writeFileSync(
      join(dir, 'days.csv'),
      'start,end,kwh\n2026-05-01,2026-05-02,10.01\n2026-05-02,2026-05-03,10.01\n2026-05-03,2026-05-04,10.01\n',
    );
    const args = [locationId, '--usage', join(dir, 'days.csv'), '--candidate', join(dir, 'flat-bill.json')];
    const json = run(host, dir, ...args, '--format', 'json');
    expect(json.status).toBe(0);
    const cost = JSON.parse(json.stdout);
    const day = 10.01 * (0.3 + FEE);
    expect(cost.value).toBeCloseTo(3 * day, 6);
    const shownDay = Math.round(day * 100) / 100;
    const table = run(host, dir, ...args);
    expect(table.stderr).toBe('');
    expect(table.stdout).toMatch(new RegExp(`2026-05-01\\s+10\\.010\\s+${shownDay.toFixed(2)}\\n`));
    expect(table.stdout).toMatch(new RegExp(`Total\\s+30\\.030\\s+${(3 * shownDay).toFixed(2)}\\n`));
    expect((3 * shownDay).toFixed(2)).not.toBe(cost.value.toFixed(2));
    expect(table.stdout).toContain(
      `Each row is rounded to 2 decimals and the Total row is their sum, as on a bill; exact: Cost ${cost.value.toFixed(6)} EUR (--format json).`,
    );
    expect(table.stdout).toContain(`Total ${(3 * shownDay).toFixed(2)} EUR for 30.030 kWh`);
  });

  it('usage before the tariffs start is reported as unpriced, and the average is over priced kWh only', () => {
    // The stored tariffs start on 1 January 2026: December 2025 has none.
    const args = [locationId, '--profile', 'bdew_h0', '--kwh-per-year', '3500', '--from', '2025-12-01'];
    const json = run(host, dir, ...args, '--to', '2026-02-01', '--group-by', 'month', '--format', 'json');
    expect(json.stderr).toBe('');
    const cost = JSON.parse(json.stdout);
    const from = DateTime.fromISO('2025-12-01', { zone: ZONE }).toMillis();
    const jan = DateTime.fromISO('2026-01-01', { zone: ZONE }).toMillis();
    const to = DateTime.fromISO('2026-02-01', { zone: ZONE }).toMillis();
    const laid = layProfile(usageShape('bdew_h0')!, ZONE, from, to, 3500);
    let december = 0;
    for (let i = 0; i < laid.starts.length; i++) if (laid.starts[i]! < jan) december += laid.microKwh[i]!;
    expect(cost.unpriced_kwh).toBe(december / 1e6);
    expect(cost.periods.map((p: any) => p.unpriced_kwh)).toEqual([december / 1e6, 0]);
    const table = run(host, dir, ...args, '--to', '2026-02-01', '--group-by', 'month');
    expect(table.stdout).toContain(
      `${(december / 1e6).toFixed(3)} kWh between 2025-12-01 00:00 and 2026-01-01 00:00 have no known price (no tariff, or no band of one) and are left out of the cost`,
    );
    const priced = cost.kwh - cost.unpriced_kwh;
    expect(table.stdout).toContain(
      `(average ${(cost.value / priced).toFixed(5)} EUR/kWh over the ${priced.toFixed(3)} priced kWh)`,
    );
    // Fully covered, no such line.
    const covered = run(host, dir, ...args.slice(0, -1), '2026-01-01', '--to', '2026-02-01', '--group-by', 'month');
    expect(covered.stdout).not.toContain('have no tariff');
  });

  it('a file over the 50,000 intervals one request takes is priced in several, cut at local midnight', async () => {
    // 36 days of 1-minute readings: 51,840 rows.
    const start = DateTime.fromISO('2026-01-01T00:00', { zone: ZONE });
    const minutes = Array.from({ length: 36 * 1440 }, (_, i) => ({
      local: start.plus({ minutes: i }),
      kwh: 0.001 * (1 + (i % 7)),
    }));
    const text = 'timestamp,kwh\n' + minutes.map((m) => `${m.local.toISO()},${m.kwh}`).join('\n') + '\n';
    writeFileSync(join(dir, 'minutes.csv'), text);
    const { api } = await loggedIn(host.info);
    const journal = async () =>
      ((await api('GET', `/journal?path=/costs/${locationId}&limit=500`)).body.data as unknown[]).length;
    const before = await journal();
    const r = run(host, dir, locationId, '--usage', join(dir, 'minutes.csv'), '--format', 'json');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    await afterBlockingRun();
    expect((await journal()) - before).toBe(2);
    const cost = JSON.parse(r.stdout);
    const want = expectedByDay(minutes, energyRate);
    expect(cost.periods).toHaveLength(36);
    cost.periods.forEach((p: any, i: number) => {
      expect(DateTime.fromISO(p.start_time, { zone: ZONE }).toISODate()).toBe([...want.keys()][i]);
      expect(p.kwh).toBeCloseTo([...want.values()][i]!.kwh, 6);
      expect(p.value).toBeCloseTo([...want.values()][i]!.value, 6);
    });
    const total = [...want.values()].reduce((sum, d) => sum + d.value, 0);
    expect(cost.value).toBeCloseTo(total, 5);
    expect(cost.components.map((c: any) => c.type).sort()).toEqual(['COMMODITY', 'NON_COMMODITY']);
    const fee = cost.components.find((c: any) => c.type === 'NON_COMMODITY');
    expect(fee.value).toBeCloseTo(minutes.reduce((sum, m) => sum + m.kwh, 0) * FEE, 5);
  });

  it('a bad row in the file is refused with its line, column and code, and a non-zero exit', () => {
    const bad = meterCsv(rows).split('\r\n');
    bad[6] = bad[6]!.replace(/;.*$/, ';1,2kWh');
    writeFileSync(join(dir, 'bad.csv'), bad.join('\r\n'));
    const r = run(host, dir, locationId, '--usage', join(dir, 'bad.csv'));
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain("line 7, column Verbrauch kWh: '1,2kWh' is not a number (csv_row_invalid)");
  });

  it('--help prints the usage; missing usage and a bad option value say what is wrong', () => {
    const help = spawnSync(process.execPath, [BIN, 'costs', '--help'], { encoding: 'utf8' });
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^Usage: tariff-desk costs LOCATION_ID --usage FILE\.csv/);
    const none = run(host, dir, locationId);
    expect(none.status).toBe(1);
    expect(none.stderr).toContain('give the usage');
    const group = run(host, dir, locationId, '--usage', join(dir, 'meter.csv'), '--group-by', 'week');
    expect(group.status).toBe(1);
    expect(group.stderr).toContain('group_by_invalid');
    const outside = run(
      host,
      dir,
      locationId,
      '--usage',
      join(dir, 'meter.csv'),
      '--from',
      '2026-04-01',
      '--to',
      '2026-04-02',
    );
    expect(outside.status).toBe(1);
    expect(outside.stderr).toContain('has no usage inside the window (the file runs 2026-03-28T00:00:00+01:00');
    const mixed = run(host, dir, locationId, '--usage', join(dir, 'meter.csv'), '--kwh-per-year', '5');
    expect(mixed.status).toBe(1);
    expect(mixed.stderr).toContain('--kwh-per-year goes with --profile');
    expect(spawnSync(process.execPath, [BIN, 'costs'], { encoding: 'utf8' }).status).toBe(2);
  });
});

describe('tariff-desk costs: windows over the request limit', () => {
  const t0 = Date.parse('2026-01-01T00:00:00+01:00');
  const hourly = (n: number) =>
    Array.from({ length: n }, (_, i) => ({ start: t0 + i * 3_600_000, end: t0 + (i + 1) * 3_600_000, kwh: 1 }));

  it('cuts at local midnight with at most the limit in each window, or anywhere for one period', () => {
    const ivs = hourly(72);
    const end = ivs[71]!.end;
    const days = windowsOf(ivs, t0, end, 'day', ZONE, 30);
    expect(days.map(([a, b]) => [(a - t0) / 3_600_000, (b - t0) / 3_600_000])).toEqual([
      [0, 24],
      [24, 48],
      [48, 72],
    ]);
    const none = windowsOf(ivs, t0, end, 'none', ZONE, 30);
    expect(none.map(([a, b]) => [(a - t0) / 3_600_000, (b - t0) / 3_600_000])).toEqual([
      [0, 30],
      [30, 60],
      [60, 72],
    ]);
    expect(windowsOf(ivs, t0, end, 'day', ZONE, 100)).toEqual([[t0, end]]);
    expect(() => windowsOf(ivs, t0, end, 'day', ZONE, 20)).toThrow(/one day of the file holds more than 20 intervals/);
  });

  it('cuts at a local month start where one fits, so each month’s tiers are counted in one request', () => {
    const a = DateTime.fromISO('2026-01-30T00:00', { zone: ZONE }).toMillis();
    const ivs = Array.from({ length: 96 }, (_, i) => ({
      start: a + i * 3_600_000,
      end: a + (i + 1) * 3_600_000,
      kwh: 1,
    }));
    const feb = DateTime.fromISO('2026-02-01T00:00', { zone: ZONE }).toMillis();
    expect(windowsOf(ivs, a, ivs[95]!.end, 'day', ZONE, 60)).toEqual([
      [a, feb],
      [feb, ivs[95]!.end],
    ]);
  });

  it('puts the answers of consecutive windows together: periods in order, totals and tariffs summed', () => {
    const part = (a: string, b: string, kwh: number, value: number, unpriced_kwh = 0) => ({
      object: 'cost' as const,
      location_id: 'loc_x',
      currency_code: 'EUR',
      tariff_direction: 'IMPORT' as const,
      start_time: a,
      end_time: b,
      kwh,
      unpriced_kwh,
      above_first_tier_kwh: 0,
      value,
      periods: [{ start_time: a, end_time: b, kwh, unpriced_kwh, above_first_tier_kwh: 0, value }],
      components: [{ tariff_id: 'trf_a', type: 'COMMODITY' as const, value }],
      live_mode: false,
    });
    const one = part('2026-01-01T00:00:00+01:00', '2026-01-02T00:00:00+01:00', 1.1, 0.300001);
    const two = part('2026-01-02T00:00:00+01:00', '2026-01-03T00:00:00+01:00', 2.2, 0.600002, 0.2);
    const byDay = mergeCosts([one, two], 'day');
    expect(byDay).toMatchObject({
      start_time: one.start_time,
      end_time: two.end_time,
      kwh: 3.3,
      unpriced_kwh: 0.2,
      value: 0.900003,
    });
    expect(byDay.periods).toHaveLength(2);
    expect(byDay.components).toEqual([{ tariff_id: 'trf_a', type: 'COMMODITY', value: 0.900003 }]);
    const whole = mergeCosts([one, two], 'none');
    expect(whole.periods).toEqual([
      {
        start_time: one.start_time,
        end_time: two.end_time,
        kwh: 3.3,
        unpriced_kwh: 0.2,
        above_first_tier_kwh: 0,
        value: 0.900003,
      },
    ]);
  });
});
