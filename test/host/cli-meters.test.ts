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
const NIGHT = 0.2;
const DAY = 0.35;
const rate = (hour: number) => (hour < 7 || hour >= 22 ? NIGHT : DAY);

/** An EV charging session as a charger exports it: quarter hours from 21:00 local, 1.85 kWh each, then half. */
function session(): { local: DateTime; kwh: number }[] {
  const t0 = DateTime.fromISO('2026-05-12T21:00', { zone: ZONE });
  return Array.from({ length: 8 }, (_, i) => ({ local: t0.plus({ minutes: 15 * i }), kwh: i < 6 ? 1.85 : 0.925 }));
}
const csv = (rows: { local: DateTime; kwh: number }[]) =>
  'timestamp,kwh\n' + rows.map((r) => `${r.local.toFormat("yyyy-MM-dd'T'HH:mm")},${r.kwh}`).join('\n') + '\n';
const costOf = (rows: { local: DateTime; kwh: number }[]) =>
  Math.round(rows.reduce((t, r) => t + r.kwh * rate(r.local.hour), 0) * 1e6) / 1e6;

describe('tariff-desk meters and cost reports', () => {
  let host: Spawned;
  let dir: string;
  let locationId: string;
  let deviceId: string;
  const rows = session();
  const run = (...args: string[]) =>
    spawnSync(process.execPath, [BIN, ...args, '--api-url', host.info.api_url, '--data-dir', dir], {
      encoding: 'utf8',
    });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'td-meters-'));
    host = await spawnServe(dir, ['--no-demo']);
    const { api } = await loggedIn(host.info);
    locationId = (await api('POST', '/locations', { postal_address: berlinAddress })).body.id;
    const t = await api(
      'POST',
      '/tariffs',
      tariffBody(locationId, {
        schedule: fixedSchedule([
          [
            'All',
            [
              ['00:00', '07:00', NIGHT],
              ['07:00', '22:00', DAY],
              ['22:00', '00:00', NIGHT],
            ],
          ],
        ]),
      }),
    );
    expect(t.status).toBe(200);
    deviceId = (await api('POST', '/devices', { reference_id: 'EV' })).body.id;
    writeFileSync(join(dir, 'session.csv'), csv(rows));
    writeFileSync(join(dir, 'bad.csv'), 'timestamp,kwh\n2026-05-12T21:00,1\n2026-05-12T21:15,lots\n');
  });
  afterAll(async () => {
    if (host) await stopAll([host.child, 'SIGTERM']);
  });

  it('meters submit sends a meter CSV as the device’s records of a session; sending it again changes nothing', () => {
    const args = ['meters', 'submit', locationId, join(dir, 'session.csv'), '--device', deviceId, '--session', 'EV-1'];
    const first = run(...args);
    expect(first.stderr).toBe('');
    expect(first.status).toBe(0);
    expect(first.stdout).toContain(`8 records for ${locationId} (${deviceId}), 12.950 kWh, in 1 request`);
    expect(first.stdout).toContain('accepted 8, stored or changed 8, failed 0');
    const again = run(...args);
    expect(again.status).toBe(0);
    expect(again.stdout).toContain('accepted 8, stored or changed 0, failed 0');
  });

  it('costs session prints each record and the total, as the tariff rates give it', () => {
    const json = run('costs', 'session', 'EV-1', '--format', 'json');
    expect(json.stderr).toBe('');
    expect(json.status).toBe(0);
    const report = JSON.parse(json.stdout);
    expect(report).toMatchObject({ object: 'energy_cost', object_id: deviceId, currency_code: 'EUR' });
    expect(report.data.map((e: { cost: { value: number } }) => e.cost.value)).toEqual(rows.map((r) => costOf([r])));
    expect(report.total.cost.value).toBe(costOf(rows));
    const table = run('costs', 'session', 'EV-1');
    expect(table.status).toBe(0);
    expect(table.stdout).toMatch(/2026-05-12 21:00\s+EV-1\s+1\.850\s+0\.65\s+1/);
    const shown = rows.reduce((t, r) => t + Math.round(costOf([r]) * 100), 0) / 100;
    expect(table.stdout).toContain(`Total ${shown.toFixed(2)} EUR for 12.950 kWh`);
  });

  it('costs interval by day and by month, of the location and of the device', () => {
    const window = ['--from', '2026-05-01', '--to', '2026-06-01'];
    const byDay = run('costs', 'interval', locationId, '--aggregation', 'DAY', ...window, '--format', 'json');
    expect(byDay.stderr).toBe('');
    const report = JSON.parse(byDay.stdout);
    expect(report.data).toHaveLength(31);
    // The whole session falls on 12 May: half of it at the day rate, half at night.
    expect(report.data[11].cost.value).toBe(costOf(rows));
    expect(report.data[12].energy.value).toBe(0);
    const month = run('costs', 'interval', deviceId, '--aggregation', 'month', ...window);
    expect(month.status).toBe(0);
    expect(month.stdout).toMatch(new RegExp(`2026-05\\s+12\\.950\\s+${costOf(rows).toFixed(2)}\\s+1`));
    const csvOut = run('costs', 'interval', deviceId, ...window, '--format', 'csv');
    const [head, ...lines] = csvOut.stdout.trim().split('\n');
    expect(head).toBe(
      'start_time,end_time,session_reference_id,record_reference_id,wh,cost,confidence,unpriced_kwh,currency',
    );
    expect(lines).toHaveLength(8);
  });

  it('refusals name their code and exit 1', () => {
    const unknown = run('meters', 'submit', 'loc_nothere', join(dir, 'session.csv'));
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toMatch(/location_not_found/);
    const bad = run('meters', 'submit', locationId, join(dir, 'bad.csv'));
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/bad\.csv: line 3.*\(csv_row_invalid\)/);
    const week = run('costs', 'interval', locationId, '--aggregation', 'WEEK');
    expect(week.status).toBe(1);
    expect(week.stderr).toMatch(/aggregation_invalid/);
    const none = run('costs', 'session', 'NO-SUCH');
    expect(none.status).toBe(1);
    expect(none.stderr).toMatch(/\(session_not_found\)/);
    const kind = run('meters', 'submit', locationId, join(dir, 'session.csv'), '--device', 'cus_1');
    expect(kind.status).toBe(1);
    expect(kind.stderr).toMatch(/device_id_invalid/);
    const usage = run('meters', 'send');
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain('Usage: tariff-desk meters submit');
  });
});
