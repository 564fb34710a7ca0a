import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, spawnServe, stopAll, type Spawned } from './cli.js';
import { loggedIn } from '../e2e/host.js';
import { berlinAddress, fixedSchedule, tariffBody } from '../helpers.js';

const run = (host: Spawned, dir: string, ...args: string[]) =>
  spawnSync(process.execPath, [BIN, 'schedule', ...args, '--api-url', host.info.api_url, '--data-dir', dir], {
    encoding: 'utf8',
  });

// A night band (22:00–07:00 at 0.21) and the day at 0.32, for every year a test may run in.
const NIGHT = { start_time: '2026-03-02T18:00:00+01:00', end_time: '2026-03-03T08:00:00+01:00' };

describe('tariff-desk schedule', () => {
  let host: Spawned;
  let dir: string;
  let loc: string;
  let api: Awaited<ReturnType<typeof loggedIn>>['api'];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'td-schedule-'));
    host = await spawnServe(dir, ['--no-demo']);
    ({ api } = await loggedIn(host.info));
    loc = (await api('POST', '/locations', { postal_address: berlinAddress })).body.id;
    const t = await api(
      'POST',
      '/tariffs',
      tariffBody(loc, {
        contract_start_date: '2020-01-01',
        contract_end_date: '2100-01-01',
        schedule: fixedSchedule([
          [
            'All',
            [
              ['07:00', '22:00', 0.32],
              ['22:00', '07:00', 0.21],
            ],
          ],
        ]),
      }),
    );
    expect(t.status).toBe(200);
  });
  afterAll(async () => {
    if (host) await stopAll([host.child, 'SIGTERM']);
  });

  it('--duration answers what POST /schedules/duration answers, as JSON and as a local-time table', async () => {
    const args = [loc, '--duration', '150', '--from', NIGHT.start_time, '--to', NIGHT.end_time];
    const json = run(host, dir, ...args, '--format', 'json');
    expect(json.stderr).toBe('');
    expect(json.status).toBe(0);
    const answer = JSON.parse(json.stdout);
    const direct = await api('POST', `/schedules/duration/${loc}`, { ...NIGHT, duration: 150 });
    expect(answer.data).toEqual(direct.body.data);
    expect(answer.data).toEqual([
      {
        start_time: '2026-03-02T22:00:00+01:00',
        end_time: '2026-03-03T00:30:00+01:00',
        price: { average: 0.21, confidence: 1 },
      },
    ]);
    const table = run(host, dir, ...args);
    expect(table.status).toBe(0);
    expect(table.stdout).toContain('Cheapest 150 minutes:');
    expect(table.stdout).toMatch(/2026-03-02 22:00\s+2026-03-03 00:30\s+150\s+0\.21000\s+1/);
    expect(table.stdout).toContain('150 minutes in 1 period, average 0.21000 EUR/kWh');
    const high = run(host, dir, ...args, '--segment', 'high');
    expect(high.stdout).toContain('Dearest 150 minutes:');
    expect(high.stdout).toMatch(/2026-03-02 18:00\s+2026-03-02 20:30\s+150\s+0\.32000/);
  });

  it('--limit and --relative give the time under a price; both together must both be met', () => {
    const r = run(host, dir, loc, '--limit', '0.25', '--from', NIGHT.start_time, '--to', NIGHT.end_time);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('Priced at or below 0.25000 EUR/kWh:');
    expect(r.stdout).toContain('540 minutes in 1 period');
    const rel = run(
      host,
      dir,
      loc,
      '--relative',
      '0',
      '--limit',
      '0.1',
      '--from',
      NIGHT.start_time,
      '--to',
      NIGHT.end_time,
    );
    expect(rel.status).toBe(0);
    expect(rel.stdout).toContain('No time of the window qualifies.');
  });

  it('--energy with --max-power: when the car charges, its cost and what it saves', async () => {
    const car = [loc, '--energy', '10', '--max-power', '7', '--from', NIGHT.start_time, '--to', NIGHT.end_time];
    const r = run(host, dir, ...car);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/2026-03-02 22:00\s+2026-03-02 23:25\s+7/);
    // 10 kWh at 0.21 instead of 0.32 (from 18:00 at once): 2.10 EUR, saving 1.10 EUR (34.38 %).
    expect(r.stdout).toContain('Costs 2.10 EUR; saves 1.10 EUR (34.38 %) against charging at full power at once');
    const json = JSON.parse(run(host, dir, ...car, '--format', 'json').stdout);
    expect(json.object).toBe('schedule_amount');
    expect(json.data[0].schedule).toEqual([
      {
        start_time: '2026-03-02T22:00:00+01:00',
        end_time: '2026-03-02T23:25:43+01:00',
        power: { units: 'KW', value: 7 },
      },
    ]);
  });

  it('with only --data-dir finds the host running on that folder, whatever port it picked', () => {
    // The host listens on a free port, not the default one: only its host file says where.
    expect(host.info.api_url).not.toMatch(/:7071$/);
    const r = spawnSync(
      process.execPath,
      [
        BIN,
        'schedule',
        loc,
        '--duration',
        '60',
        '--from',
        NIGHT.start_time,
        '--to',
        NIGHT.end_time,
        '--format',
        'json',
        '--data-dir',
        dir,
      ],
      { encoding: 'utf8' },
    );
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).data[0].start_time).toBe('2026-03-02T22:00:00+01:00');
    // A folder no host runs on: the default address, said when nothing answers there.
    const empty = mkdtempSync(join(tmpdir(), 'td-schedule-none-'));
    const none = spawnSync(process.execPath, [BIN, 'schedule', loc, '--duration', '60', '--data-dir', empty], {
      encoding: 'utf8',
    });
    expect(none.status).not.toBe(0);
  });

  it('defaults to the next 24 hours from the service clock', async () => {
    // The service clock pinned at 13:00 in Berlin, never the computer's: the next 24 hours hold
    // the whole night band, whatever the hour the suite runs at.
    const now = '2026-03-02T13:00:00+01:00';
    expect((await api('PUT', '/clock', { mode: 'frozen', now })).status).toBe(200);
    try {
      const r = run(host, dir, loc, '--duration', '60', '--format', 'json');
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      const a = JSON.parse(r.stdout);
      expect(Date.parse(a.request.start_time)).toBe(Date.parse(now));
      expect(Date.parse(a.request.end_time) - Date.parse(a.request.start_time)).toBe(86_400_000);
      expect(a.data).toEqual([
        {
          start_time: '2026-03-02T22:00:00+01:00',
          end_time: '2026-03-02T23:00:00+01:00',
          price: { average: 0.21, confidence: 1 },
        },
      ]);
    } finally {
      expect((await api('PUT', '/clock', { mode: 'real' })).status).toBe(200);
    }
  });

  it('schedule battery plans from a device’s last state as POST /schedules/battery does, as JSON and a table', async () => {
    const dev = await api('POST', '/devices', {
      capacity_kwh: 8,
      power_rating_import_kwh: 4,
      power_rating_export_kwh: 4,
    });
    expect(dev.status).toBe(200);
    const state = await api('PUT', `/devices/${dev.body.id}/state`, {
      time: NIGHT.start_time,
      state_of_charge_percent: 75,
    });
    expect(state.status).toBe(200);
    const args = ['battery', loc, '--device', dev.body.id, '--from', NIGHT.start_time, '--to', NIGHT.end_time];
    const json = run(host, dir, ...args, '--format', 'json');
    expect(json.stderr).toBe('');
    expect(json.status).toBe(0);
    const answer = JSON.parse(json.stdout);
    const direct = await api('POST', `/schedules/battery/${loc}`, { ...NIGHT, battery: { device_id: dev.body.id } });
    expect(direct.status).toBe(200);
    expect(answer).toEqual(direct.body);
    // 75 % of the device's 8 kWh, from its reported state.
    expect(answer.initial_soc_kwh).toBeCloseTo(6, 9);
    const text = run(host, dir, ...args);
    expect(text.status).toBe(0);
    const lines = text.stdout.split('\n');
    expect(lines[0]).toContain(`Location ${loc}  battery (OPTIMAL)`);
    expect(lines[1]).toBe('Starts at 6.000 kWh');
    // A row per cell, in Berlin's local time, then the saving.
    expect(text.stdout).toContain('2026-03-02 18:00');
    expect(lines.filter((l) => /^\s*2026-03-0[23] \d\d:\d\d/.test(l))).toHaveLength(answer.data.length);
    expect(text.stdout).toContain(`with the battery, ${direct.body.cost_without.toFixed(2)} EUR without`);
    // Asked of the host, a device it does not know is its 404, named.
    const unknown = run(host, dir, 'battery', loc, '--device', 'dev_unknown');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toMatch(/\(\w*not_found\)/);
    expect(run(host, dir, 'battery', loc).stderr).toContain('schedule battery needs --battery');
  });

  it('names what is wrong: no mode or two, a bad number, the service’s codes', () => {
    const none = run(host, dir, loc);
    expect(none.status).toBe(1);
    expect(none.stderr).toContain('give one mode');
    const two = run(host, dir, loc, '--duration', '60', '--energy', '5', '--max-power', '7');
    expect(two.stderr).toContain('give one mode');
    expect(run(host, dir, loc, '--energy', '5').stderr).toContain('--energy and --max-power go together');
    expect(run(host, dir, loc, '--duration', 'soon').stderr).toContain('--duration must be a number');
    // Checked by the route's own schema, named by its code.
    expect(run(host, dir, loc, '--duration', '0').stderr).toContain('(duration_invalid)');
    expect(run(host, dir, loc, '--duration', '60', '--segment', 'middle').stderr).toContain('(segment_invalid)');
    // Answered by the host.
    const long = run(host, dir, loc, '--duration', '2000', '--from', NIGHT.start_time, '--to', NIGHT.end_time);
    expect(long.status).toBe(1);
    expect(long.stderr).toContain('(duration_too_long)');
    expect(run(host, dir, 'loc_unknown', '--duration', '60').stderr).toContain('(location_not_found)');
    const help = run(host, dir, '--help');
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('Usage: tariff-desk schedule LOCATION_ID');
  });
});
