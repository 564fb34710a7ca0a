import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BIN, spawnServe, stopAll, type Spawned } from './cli.js';
import { loggedIn } from '../e2e/host.js';

const example = (name: string) => fileURLToPath(new URL(`../../examples/urdb/${name}.json`, import.meta.url));
const rate = (name: string) => JSON.parse(readFileSync(example(name), 'utf8'));

/** `tariff-desk tariffs import`: a URDB file as a tariff on a running host, its warnings printed. */
describe('tariff-desk tariffs import', () => {
  let host: Spawned;
  let dir: string;
  let loc: string;
  let api: Awaited<ReturnType<typeof loggedIn>>['api'];
  const run = (...args: string[]) =>
    spawnSync(
      process.execPath,
      [BIN, 'tariffs', 'import', ...args, '--api-url', host.info.api_url, '--data-dir', dir],
      {
        encoding: 'utf8',
      },
    );
  const stored = async () => (await api('GET', `/tariffs?location_id=${loc}`)).body.data;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'td-tariffs-'));
    host = await spawnServe(dir, ['--no-demo']);
    ({ api } = await loggedIn(host.info));
    // Whether a contract has ended is said against the service clock: pinned, never the computer's.
    expect((await api('PUT', '/clock', { mode: 'frozen', now: '2026-11-20T12:00:00Z' })).status).toBe(200);
    loc = (
      await api('POST', '/locations', {
        postal_address: { address_line1: '1 Capitol Mall', city: 'Sacramento', state: 'CA', country_code: 'US' },
      })
    ).body.id;
  });
  afterAll(async () => {
    if (host) await stopAll([host.child, 'SIGTERM']);
  });

  it('--dry-run prints the schedule and every warning, and stores nothing', async () => {
    const r = run(example('demand-commercial'), '--location', loc, '--dry-run');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(
      `Dry run, nothing stored: “Sierra Valley Electric Co – General Service Demand (GS-2)” for ${loc}`,
    );
    expect(r.stdout).toContain('COMMODITY IMPORT · contract 2024-01-01 → 2025-01-01');
    expect(r.stdout).toMatch(/All\s+Weekday\s+12:00\s+18:00\s+0\.1573/);
    // The charges it keeps, a line each, and the hours of its demand periods.
    expect(r.stdout).toContain('Fixed charge: 45 a month (Fixed charge)');
    expect(r.stdout).toContain('Minimum charge: 120 a month');
    expect(r.stdout).toContain('Flat demand, All: 6.1 per kW');
    expect(r.stdout).toContain('Demand period Period 1: 15.15 per kW');
    expect(r.stdout).toMatch(/All\s+Weekday\s+12:00\s+18:00\s+Period 1/);
    expect(r.stdout).toContain('7 warnings:');
    expect(r.stdout).toContain("  fixedmonthlycharge = 45: fixedmonthlycharge (45 $) is URDB's older spelling");
    expect(r.stdout).toContain('  energyratestructure[1][0].sell = 0.031:');
    expect(r.stdout).toContain('(not_imported)');
    expect(await stored()).toEqual([]);
  });

  it('stores the rate of the URDB API answer, with the contract given, as the API answers it (--format json)', async () => {
    const r = run(
      example('api-answer'),
      '--location',
      loc,
      '--from',
      '2026-01-01',
      '--to',
      '2027-01-01',
      '--format',
      'json',
    );
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const answer = JSON.parse(r.stdout);
    expect(answer.object).toBe('tariff_import');
    expect(answer.tariff.id).toMatch(/^trf_/);
    // Its fixed charge per day is held; nothing is left to warn about.
    expect(answer.warnings).toEqual([]);
    expect(answer.tariff.charges).toEqual({ fixed: [{ amount: 0.39, per: 'DAY', name: 'Fixed charge' }] });
    const [t] = await stored();
    expect(t).toEqual(answer.tariff);
    expect(t.contract_start_date).toBe('2026-01-01T00:00:00-08:00');
    expect(t.schedule).toHaveLength(2);
  });

  it('--end ends the supply tariff the import overlaps where the import starts; without it the host refuses', async () => {
    const [current] = (await stored()).filter((t: { type: string }) => t.type === 'COMMODITY');
    const args = [example('api-answer'), '--location', loc, '--from', '2026-07-01', '--to', '2027-07-01'];
    const refused = run(...args);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('(commodity_overlap)');
    const bad = run(...args, '--end', 'loc_nope');
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('(end_tariff_id_invalid)');
    const r = run(...args, '--end', current.id, '--format', 'json');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const answer = JSON.parse(r.stdout);
    expect(answer.tariff.contract_start_date).toBe('2026-07-01T00:00:00-07:00');
    const ended = (await api('GET', `/tariffs/${current.id}`)).body;
    expect(ended.contract_end_date).toBe(answer.tariff.contract_start_date);
  });

  it('the table after storing names the tariff and its warnings', async () => {
    const r = run(example('tiered'), '--location', loc, '--type', 'non_commodity', '--name', 'Blocks');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^Stored trf_\w+ “Blocks” for loc_/);
    expect(r.stdout).toContain('NON_COMMODITY IMPORT · contract 2024-07-01 → 2025-07-01 (America/Los_Angeles)');
    expect(r.stdout).toContain('0.1049 to 500 kWh · 0.1302 to 1000 kWh · 0.1548');
    expect(r.stdout).toContain('2 warnings:');
  });

  it('a bad document is named by field and code before anything is sent; one the host refuses, by the host’s code', async () => {
    const before = (await stored()).length;
    const bad = rate('flat');
    bad.energyweekdayschedule[4][7] = 3;
    writeFileSync(join(dir, 'bad.json'), JSON.stringify(bad));
    const r = run(join(dir, 'bad.json'), '--location', loc);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('rate.energyweekdayschedule[4][7]: period 3 has no entry');
    expect(r.stderr).toContain('(energyweekdayschedule_invalid)');

    const demand = rate('tiered');
    demand.energyratestructure[0][0].unit = 'kWh/kW daily';
    writeFileSync(join(dir, 'demand.json'), JSON.stringify(demand));
    const u = run(join(dir, 'demand.json'), '--location', loc, '--dry-run');
    expect(u.status).toBe(1);
    expect(u.stderr).toContain('"kWh/kW daily" is not supported');
    expect(u.stderr).toContain('(urdb_unit_unsupported)');
    expect((await stored()).length).toBe(before);
  });

  it('a file of several rates asks for a label, and takes the one labelled', () => {
    writeFileSync(join(dir, 'two.json'), JSON.stringify({ items: [rate('flat'), rate('tiered')] }));
    const r = run(join(dir, 'two.json'), '--location', loc, '--dry-run');
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(
      `holds 2 rates: choose one by its label (${rate('flat').label}, ${rate('tiered').label})`,
    );
    const chosen = run(join(dir, 'two.json'), '--location', loc, '--dry-run', '--label', rate('flat').label);
    expect(chosen.status).toBe(0);
    expect(chosen.stdout).toContain('Residential Service (R-1)');
  });

  it('without --location it says so', () => {
    const r = run(example('flat'));
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('--location is required');
  });
});
