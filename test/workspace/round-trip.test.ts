import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { harness, snapshot, tariffBody, type Harness } from '../helpers.js';
import { SAMPLE_CHARGES } from '../charges-sample.js';
import type { ServiceError } from '../../core/engine/api/client.js';
import { readWorkspaceFolder, writeWorkspaceFolder } from '../../core/node/workspace/folder.js';
import { DEMO_HOME } from '../../core/engine/demo-home.js';

const open: Harness[] = [];
afterEach(async () => {
  while (open.length) await open.pop()!.close();
});
async function fresh(): Promise<Harness> {
  const h = await harness('2026-03-01T12:00:00Z');
  open.push(h);
  return h;
}

/** Keys sorted at every depth, as a workspace writes them. */
const canon = (v: any): any =>
  Array.isArray(v)
    ? v.map(canon)
    : v && typeof v === 'object'
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, canon(v[k])]),
        )
      : v;

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a refusal');
    },
    (e: unknown) => e as ServiceError,
  );

/** A world with a bit of everything: the demo set, a market import, settings, library edits, a webhook, a frozen clock. */
async function richWorld(h: Harness) {
  await h.api.call('demo.reset');
  await h.api.call('clock.set', { body: { mode: 'frozen', now: '2026-03-02T09:30:00Z' } });
  await h.api.call('market.import', {
    params: { id: 'GB' },
    body: { csv: 'timestamp,price\n2026-03-02T00:00:00Z,0.1\n2026-03-02T01:00:00Z,0.2\n2026-03-02T02:00:00Z,0.15\n' },
  });
  // A chart was looked at: demo points are stored, and they are not part of a workspace.
  await h.api.call('market.prices.list', {
    params: { id: 'DE-LU' },
    query: { start_time: '2026-03-01T00:00:00Z', end_time: '2026-03-03T00:00:00Z' },
  });
  await h.api.call('settings.update', { body: { wire_profile: 'published', rate_limit_per_minute: 1234 } });
  await h.api.call('providers.create', {
    body: {
      display_name: 'Fjord Kraft',
      country_codes: ['no'],
      connection_types: ['DIRECT'],
      direct_behaviour: 'pending',
    },
  });
  // A tariff outlives its provider: London's Agile Octopus keeps naming the provider removed here.
  await h.api.call('providers.delete', { params: { id: 'prv_octopusenergy' } });
  await h.api.call('grid_fees.create', {
    body: {
      country_code: 'DE',
      post_code_prefix: '20',
      grid_operator: 'Hafennetz',
      display_name: 'Hamburg',
      schedule: tariffBody('loc_x').schedule as never,
    },
  });
  await h.api.call('webhooks.create', {
    body: { url: 'https://example.com/hook', enabled_events: ['tariff.created'], faults: { duplicate: true } },
  });
  const loc = await h.api.call('locations.create', {
    body: { postal_address: { city: 'Oslo', country_code: 'NO' }, reference_id: 'oslo' },
  });
  // Oslo's tariff holds fixed, minimum and demand charges beside its energy schedule.
  const t = await h.api.call('tariffs.create', { body: tariffBody(loc.id, { charges: SAMPLE_CHARGES }) as never });
  await h.api.call('tariffs.update', { params: { id: t.id }, body: { display_name: 'Renamed' } });
  // Oslo's own meter: register readings (kept as readings and as the records between them).
  const customer = await h.api.call('customers.create', { body: { reference_id: 'oslo-owner' } });
  await h.api.call('locations.update', { params: { id: loc.id }, body: { customer_id: customer.id } });
  const meter = await h.api.call('devices.create', { body: {} });
  await h.api.call('meters.cumulative', {
    body: {
      location_id: loc.id,
      device_id: meter.id,
      units: 'KWH',
      data: [
        { time: '2026-03-01T00:00:00Z', value: 1000.5 },
        { time: '2026-03-01T01:00:00Z', value: 1001.75, record_reference_id: 'oslo-1' },
        { time: '2026-03-01T02:30:00Z', value: 1003.1 },
      ],
    },
  });
  // The demo battery reported its state as the demo was seeded; a second report measured at the
  // same instant is the latest (reported last), and one measured earlier is not.
  const battery = (await h.api.call('devices.list', { query: { limit: 100 } })).data.find(
    (d) => d.reference_id === DEMO_HOME.battery,
  )!;
  const seeded = await h.api.call('devices.state.get', { params: { id: battery.id } });
  const latest = await h.api.call('devices.state.put', {
    params: { id: battery.id },
    body: { time: seeded.time, state_of_charge_percent: 62.5, energy_remaining_kwh: 6.25, battery_power_kw: -1.5 },
  });
  await h.api.call('devices.state.put', {
    params: { id: battery.id },
    body: { time: '2026-02-28T12:00:00Z', state_of_charge_percent: 10, record_reference_id: 'older' },
  });
  return { loc, tariff: t, battery, latest };
}

describe('a workspace round trip', () => {
  it('export → import into an empty data folder → export gives byte-identical files, secrets never leave', async () => {
    const a = await fresh();
    const { loc: oslo, battery, latest } = await richWorld(a);
    const first = await a.api.call('workspace.export');
    const paths = Object.keys(first.files);
    expect(paths).toEqual([...paths].sort());
    expect(paths).toEqual(
      expect.arrayContaining(['workspace.json', 'settings.json', 'clock.json', 'market/regions.json', 'market/GB.csv']),
    );
    // Imported points only: the demo series of DE-LU is made again, not carried.
    expect(paths).not.toContain('market/DE-LU.csv');
    expect(first.files['market/GB.csv']).toBe(
      'start,end,price_per_kwh\n2026-03-02T00:00:00Z,2026-03-02T01:00:00Z,0.1\n2026-03-02T01:00:00Z,2026-03-02T02:00:00Z,0.2\n2026-03-02T02:00:00Z,2026-03-02T03:00:00Z,0.15\n',
    );
    // The demo's customer and EV charger, its records, Oslo's register readings and the batches that sent them.
    for (const folder of [
      'customers/',
      'devices/',
      'meter-records/',
      'meter-readings/',
      'meter-batches/',
      'device-states/',
    ])
      expect(paths.filter((p) => p.startsWith(folder)).length, folder).toBeGreaterThan(0);
    // The battery's three states, one a line in the order reported, without the device (the file's name) or account.
    const states = first.files[`device-states/${battery.id}.jsonl`]!.trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(states.map((x) => x.state_of_charge_percent)).toEqual([DEMO_HOME.state.state_of_charge_percent, 62.5, 10]);
    expect(states[1]).toEqual(canon({ ...latest, object: undefined, account_id: undefined, device_id: undefined }));
    expect(paths.filter((p) => p.startsWith('device-states/'))).toEqual([`device-states/${battery.id}.jsonl`]);
    for (const p of paths.filter((x) => /^(meter-records|meter-readings|device-states)\//.test(x))) {
      expect(p).toMatch(/^(meter-(records|readings)\/loc|device-states\/dev)_\w+\.jsonl$/);
      // One record a line, keys sorted, a final newline.
      const lines = first.files[p]!.split('\n');
      expect(lines.pop()).toBe('');
      for (const line of lines) expect(line).toBe(JSON.stringify(canon(JSON.parse(line))));
    }
    for (const kind of [
      'locations',
      'tariffs',
      'providers',
      'grid-fees',
      'webhooks',
      'customers',
      'devices',
      'meter-batches',
    ])
      for (const p of paths.filter((x) => x.startsWith(kind + '/'))) {
        const o = JSON.parse(first.files[p]!);
        expect(p).toBe(`${kind}/${o.id}.json`);
        // One object per file, keys sorted, two-space indent, final newline.
        expect(first.files[p]).toBe(JSON.stringify(canon(o), null, 2) + '\n');
        expect(Object.keys(o)).toEqual([...Object.keys(o)].sort());
        expect(o).not.toHaveProperty('account_id');
        expect(o).not.toHaveProperty('live_mode');
      }
    expect(paths).not.toContain('providers/prv_octopusenergy.json');
    expect(Object.values(first.files).some((f) => f.includes('"provider_id": "prv_octopusenergy"'))).toBe(true);
    expect(JSON.parse(first.files['clock.json']!)).toEqual({ mode: 'frozen', now: '2026-03-02T09:30:00Z' });
    expect(JSON.parse(first.files['settings.json']!)).toEqual({
      bearer_token_ttl_seconds: 3600,
      connect_token_ttl_seconds: 86400,
      rate_limit_per_minute: 1234,
      wire_profile: 'published',
    });
    expect(JSON.parse(first.files['workspace.json']!)).toMatchObject({
      format: 'tariff-desk-workspace',
      format_version: 1,
    });
    const all = Object.values(first.files).join('\n');
    expect(all).not.toMatch(/whsec_/);
    const catcher = paths.find((p) => p.startsWith('webhooks/') && JSON.parse(first.files[p]!).catcher)!;
    expect(JSON.parse(first.files[catcher]!).url).toBeNull();

    const charged = paths.filter((p) => p.startsWith('tariffs/') && JSON.parse(first.files[p]!).charges);
    // The sample's, and the demo London tariff's standing charge from its library offer.
    const kept = charged.map((p) => JSON.parse(first.files[p]!).charges);
    expect(kept).toHaveLength(2);
    expect(kept).toContainEqual(canon(SAMPLE_CHARGES));
    expect(kept).toContainEqual({ fixed: [{ amount: 0.4997, name: 'Standing charge', per: 'DAY' }] });

    const b = await fresh();
    const imported = await b.api.call('workspace.import', { body: { files: first.files } });
    const demoRecords = 68;
    expect(imported).toMatchObject({
      object: 'workspace_import',
      replaced: false,
      locations: 6,
      tariffs: 9,
      webhook_endpoints: 2,
      market_points: 3,
      customers: 3,
      devices: 3,
      device_states: 3,
      meter_records: demoRecords + 2,
      clock: { mode: 'frozen', now: '2026-03-02T09:30:00Z' },
    });
    const second = await b.api.call('workspace.export');
    expect(Object.keys(second.files)).toEqual(paths);
    for (const p of paths) expect(second.files[p], p).toBe(first.files[p]);

    // The objects answer the same in both services (but for the account they belong to).
    const strip = (o: any) => ({ ...o, account_id: undefined });
    const locsA = (await a.api.call('locations.list', { query: { limit: 100 } })).data;
    const locsB = (await b.api.call('locations.list', { query: { limit: 100 } })).data;
    expect(locsB.map(strip)).toEqual(locsA.map(strip));
    for (const l of locsA) {
      const ta = (await a.api.call('tariffs.list', { query: { location_id: l.id } })).data;
      const tb = (await b.api.call('tariffs.list', { query: { location_id: l.id } })).data;
      expect(tb.map(strip)).toEqual(ta.map(strip));
    }
    expect((await b.api.call('tariffs.list', { query: { location_id: oslo.id } })).data[0]!.charges).toEqual(
      SAMPLE_CHARGES,
    );
    // So do customers, devices, records and what the records cost.
    for (const op of ['customers.list', 'devices.list'] as const)
      expect((await b.api.call(op)).data.map(strip)).toEqual((await a.api.call(op)).data.map(strip));
    const records = async (x: Harness) => (await x.api.call('meter_records.list')).data.map(strip);
    expect(await records(b)).toEqual(await records(a));
    // The battery's latest state is the same report, measured at the same instant as the seeded one:
    // the order they were reported in came along.
    const stateOf = async (x: Harness) => strip(await x.api.call('devices.state.get', { params: { id: battery.id } }));
    expect(await stateOf(b)).toEqual(strip(latest));
    expect(await stateOf(b)).toEqual(await stateOf(a));
    const session = async (x: Harness) => {
      const { id: _id, ...r } = await x.api.call('costs.session', { params: { id: 'demo-session-2' } });
      return strip(r);
    };
    expect(await session(b)).toEqual(await session(a));
    // Endpoints came back with new secrets of their own.
    const ea = (await a.api.call('webhooks.list')).data;
    const eb = (await b.api.call('webhooks.list')).data;
    expect(eb.map((e) => e.id)).toEqual(ea.map((e) => e.id));
    expect(eb[0]!.secret).toMatch(/^whsec_/);
    expect(eb[0]!.secret).not.toBe(ea[0]!.secret);
    expect((await b.api.call('settings.retrieve')).wire_profile).toBe('published');
  });

  it('a folder: written sorted, read back equal; a re-export removes files of objects that went, and leaves others', async () => {
    const h = await fresh();
    const { loc } = await richWorld(h);
    const dir = mkdtempSync(join(tmpdir(), 'td-ws-folder-'));
    const files = (await h.api.call('workspace.export')).files;
    writeWorkspaceFolder(dir, files);
    expect(readWorkspaceFolder(dir)).toEqual(files);
    writeFileSync(join(dir, 'README.md'), 'our checked-in world\n');
    mkdirSync(join(dir, '.git'));
    writeFileSync(join(dir, '.git', 'HEAD'), 'ref: refs/heads/main\n');
    await h.api.call('locations.delete', { params: { id: loc.id } });
    const after = (await h.api.call('workspace.export')).files;
    writeWorkspaceFolder(dir, after);
    expect(existsSync(join(dir, 'locations', `${loc.id}.json`))).toBe(false);
    expect(readFileSync(join(dir, 'README.md'), 'utf8')).toBe('our checked-in world\n');
    expect(existsSync(join(dir, '.git', 'HEAD'))).toBe(true);
    expect(readWorkspaceFolder(dir)).toEqual(after);
    // A folder with other files and no workspace.json is not overwritten.
    const other = mkdtempSync(join(tmpdir(), 'td-ws-other-'));
    writeFileSync(join(other, 'notes.txt'), 'mine');
    expect(() => writeWorkspaceFolder(other, after)).toThrow(/no workspace.json/);
  });
});

/** The meter records file of a location file's location. */
const meterFile = (locationFile: string) => locationFile.replace(/^locations\/(.*)\.json$/, 'meter-records/$1.jsonl');

/** A valid workspace to spoil one file of. */
async function validFiles(): Promise<{
  files: Record<string, string>;
  tariff: string;
  location: string;
  states: string;
}> {
  const src = await fresh();
  const { loc, tariff, battery } = await richWorld(src);
  const files = (await src.api.call('workspace.export')).files;
  return {
    files,
    tariff: `tariffs/${tariff.id}.json`,
    location: `locations/${loc.id}.json`,
    states: `device-states/${battery.id}.jsonl`,
  };
}

describe('a malformed workspace is refused as a whole, naming the file and the field', () => {
  it.each([
    {
      name: 'bad JSON',
      spoil: (f: Record<string, string>, t: string) => void (f[t] = f[t]!.slice(0, 40)),
      code: 'workspace_json_invalid',
      message: (t: string) => new RegExp(`^${t}: not JSON`),
    },
    {
      name: 'an unknown format version',
      spoil: (f: Record<string, string>) =>
        void (f['workspace.json'] = JSON.stringify({ ...JSON.parse(f['workspace.json']!), format_version: 2 })),
      code: 'workspace_version_unsupported',
      message: () => /^workspace\.json: format_version: 2 is not supported/,
    },
    {
      name: 'a tariff pointing at a missing location',
      spoil: (f: Record<string, string>, t: string) =>
        void (f[t] = JSON.stringify({ ...JSON.parse(f[t]!), location_id: 'loc_gone' })),
      code: 'workspace_reference_missing',
      message: (t: string) => new RegExp(`^${t}: location_id: no location loc_gone in this workspace`),
    },
    {
      name: 'an invalid schedule (overlapping bands)',
      spoil: (f: Record<string, string>, t: string) => {
        const o = JSON.parse(f[t]!);
        o.schedule[0].days_and_hours[0].hours[1].valid_to = '08:00:00';
        f[t] = JSON.stringify(o);
      },
      code: 'hours_overlap',
      message: (t: string) =>
        new RegExp(`^${t}: schedule\\[0\\]\\.days_and_hours\\[0\\]\\.hours\\[1\\]: band 1 overlaps band 0`),
    },
    {
      name: 'a field the format does not know',
      spoil: (f: Record<string, string>, t: string) =>
        void (f[t] = JSON.stringify({ ...JSON.parse(f[t]!), colour: 'red' })),
      code: 'parameter_unknown',
      message: (t: string) => new RegExp(`^${t}: Field 'colour' is not recognized`),
    },
    {
      name: 'a missing required field',
      spoil: (f: Record<string, string>, _t: string, l: string) => {
        const o = JSON.parse(f[l]!);
        delete o.timezone;
        f[l] = JSON.stringify(o);
      },
      code: 'timezone_missing',
      message: (_t: string, l: string) => new RegExp(`^${l}: timezone is required`),
    },
    {
      name: 'a file named for another id',
      spoil: (f: Record<string, string>, t: string) =>
        void (f[t] = JSON.stringify({ ...JSON.parse(f[t]!), id: 'trf_other' })),
      code: 'workspace_file_name_invalid',
      message: (t: string) => new RegExp(`^${t}: id: 'trf_other' does not match the file name`),
    },
    {
      name: 'a file the format does not know',
      spoil: (f: Record<string, string>) => void (f['tariffs/notes.txt'] = 'hello'),
      code: 'workspace_file_unknown',
      message: () => /^tariffs\/notes\.txt: not a file of a workspace/,
    },
    {
      name: 'a missing settings.json',
      spoil: (f: Record<string, string>) => void delete f['settings.json'],
      code: 'workspace_file_missing',
      message: () => /^settings\.json: missing/,
    },
    {
      name: 'a bad market row',
      spoil: (f: Record<string, string>) => void (f['market/GB.csv'] = f['market/GB.csv']!.replace('0.2\n', 'cheap\n')),
      code: 'csv_row_invalid',
      message: () => /^market\/GB\.csv: line 3: price 'cheap' is not a number/,
    },
    {
      name: 'a location naming a customer the workspace does not have',
      spoil: (f: Record<string, string>, _t: string, l: string) =>
        void (f[l] = JSON.stringify({ ...JSON.parse(f[l]!), customer_id: 'cus_gone' })),
      code: 'workspace_reference_missing',
      message: (_t: string, l: string) => new RegExp(`^${l}: customer_id: no customer 'cus_gone' in this workspace`),
    },
    {
      name: 'a meter record of a device the workspace does not have',
      spoil: (f: Record<string, string>, _t: string, l: string) => {
        const p = meterFile(l);
        f[p] = f[p]!.replace(/"device_id":"dev_\w+"/, '"device_id":"dev_gone"');
      },
      code: 'workspace_reference_missing',
      message: (_t: string, l: string) => new RegExp(`^${meterFile(l)}: line 1: device_id: no device dev_gone`),
    },
    {
      name: 'a meter record given twice',
      spoil: (f: Record<string, string>, _t: string, l: string) => {
        const p = meterFile(l);
        const [first] = f[p]!.split('\n');
        f[p] += JSON.stringify({ ...JSON.parse(first!), id: 'mre_copy' }) + '\n';
      },
      code: 'workspace_record_duplicate',
      message: (_t: string, l: string) => new RegExp(`^${meterFile(l)}: line 3: an earlier line has the same`),
    },
    {
      name: 'a meter record ending before it starts',
      spoil: (f: Record<string, string>, _t: string, l: string) => {
        const p = meterFile(l);
        const [first, ...rest] = f[p]!.split('\n');
        const r = JSON.parse(first!);
        f[p] = [JSON.stringify({ ...r, end_time: r.start_time }), ...rest].join('\n');
      },
      code: 'end_time_before_start_time',
      message: (_t: string, l: string) => new RegExp(`^${meterFile(l)}: line 1: end_time must be after start_time`),
    },
    {
      name: 'meter records of a location the workspace does not have',
      spoil: (f: Record<string, string>, _t: string, l: string) =>
        void (f['meter-records/loc_gone.jsonl'] = f[meterFile(l)]!),
      code: 'workspace_reference_missing',
      message: () => /^meter-records\/loc_gone\.jsonl: no location loc_gone in this workspace/,
    },
    {
      name: 'a meter record field the format does not know',
      spoil: (f: Record<string, string>, _t: string, l: string) => {
        const p = meterFile(l);
        f[p] = f[p]!.replace('"units"', '"colour":"red","units"');
      },
      code: 'parameter_unknown',
      message: (_t: string, l: string) => new RegExp(`^${meterFile(l)}: line 1: Field 'colour' is not recognized`),
    },
    {
      name: 'device states of a device the workspace does not have',
      spoil: (f: Record<string, string>, _t: string, _l: string, st: string) =>
        void (f['device-states/dev_gone.jsonl'] = f[st]!),
      code: 'workspace_reference_missing',
      message: () => /^device-states\/dev_gone\.jsonl: no device dev_gone in this workspace/,
    },
    {
      name: 'a device state given twice',
      spoil: (f: Record<string, string>, _t: string, _l: string, st: string) => {
        const [first] = f[st]!.split('\n');
        f[st] += first + '\n';
      },
      code: 'workspace_record_duplicate',
      message: (_t: string, _l: string, st: string) =>
        new RegExp(`^${st}: line 4: id: dsr_\\w+ is in the workspace twice`),
    },
    {
      name: 'a device state out of range',
      spoil: (f: Record<string, string>, _t: string, _l: string, st: string) => {
        f[st] = f[st]!.replace(/"state_of_charge_percent":[\d.]+/, '"state_of_charge_percent":140');
      },
      code: 'state_of_charge_percent_invalid',
      message: (_t: string, _l: string, st: string) => new RegExp(`^${st}: line 1: state_of_charge_percent`),
    },
    {
      name: 'overlapping COMMODITY contracts',
      spoil: (f: Record<string, string>, t: string) => {
        const o = JSON.parse(f[t]!);
        f['tariffs/trf_copy.json'] = JSON.stringify({ ...o, id: 'trf_copy' });
      },
      code: 'commodity_overlap',
      status: 422,
      message: () =>
        /^tariffs\/trf_\w+\.json: contract_start_date: the COMMODITY IMPORT contract overlaps that of tariffs\/trf_\w+\.json/,
    },
  ])('$name', async ({ spoil, code, message, status }) => {
    const { files, tariff, location, states } = await validFiles();
    spoil(files, tariff, location, states);
    const target = await fresh();
    await target.api.call('demo.reset');
    const before = snapshot(target.svc);
    const err = await refusal(target.api.call('workspace.import', { body: { files, replace: true } }));
    expect(err.code).toBe(code);
    expect(err.status).toBe(status ?? 400);
    expect(err.message).toMatch(message(tariff, location, states));
    // Nothing was imported: every table is as it was.
    expect(snapshot(target.svc)).toBe(before);
  });

  it('an id held by another account refuses the whole import, after validation, inside the transaction', async () => {
    const { files } = await validFiles();
    const h = open[open.length - 1]!;
    const { r, before } = await importAsAnotherAccount(h, files);
    expect(r.status).toBe(422);
    expect(r.body.code).toBe('workspace_id_conflict');
    expect(r.body.message).toMatch(/^locations\/loc_\w+\.json: id: loc_\w+ is held by another account or by live mode/);
    expect(snapshot(h.svc)).toBe(before);
  });
});

/** The files imported by a second account of the same service, with the service's state before. */
async function importAsAnotherAccount(h: (typeof open)[number], files: Record<string, string>) {
  const other = h.svc.accounts.create('Other');
  const auth = await h.login(other.account_id, other.test_key);
  const before = snapshot(h.svc);
  const r = await h.call({
    method: 'POST',
    url: '/workspace/import',
    headers: { ...auth, 'content-type': 'application/json' },
    payload: JSON.stringify({ files }),
  });
  return { r, before };
}

describe('device states in a workspace', () => {
  it('a state id held by another account refuses the import, naming the line', async () => {
    const { files, states } = await validFiles();
    const h = open[open.length - 1]!;
    const device = states.replace(/^device-states\/(.*)\.jsonl$/, '$1');
    // A world of the battery alone, under another id, keeping its states' ids.
    const only: Record<string, string> = {
      'workspace.json': JSON.stringify({ format: 'tariff-desk-workspace', format_version: 1 }),
      'settings.json': files['settings.json']!,
      'clock.json': files['clock.json']!,
      'devices/dev_elsewhere.json': JSON.stringify({
        ...JSON.parse(files[`devices/${device}.json`]!),
        id: 'dev_elsewhere',
      }),
      'device-states/dev_elsewhere.jsonl': files[states]!,
    };
    const { r, before } = await importAsAnotherAccount(h, only);
    expect(r.status).toBe(422);
    expect(r.body.code).toBe('workspace_id_conflict');
    expect(r.body.message).toMatch(
      /^device-states\/dev_elsewhere\.jsonl: line 1: id: dsr_\w+ is held by another account or by live mode/,
    );
    expect(snapshot(h.svc)).toBe(before);
  });

  it('a workspace written before device states were kept reads as a world whose devices reported none', async () => {
    const { files, states } = await validFiles();
    delete files[states];
    const b = await fresh();
    const r = await b.api.call('workspace.import', { body: { files } });
    expect(r.device_states).toBe(0);
    const device = states.replace(/^device-states\/(.*)\.jsonl$/, '$1');
    const err = await refusal(b.api.call('devices.state.get', { params: { id: device } }));
    expect(err.code).toBe('device_state_not_found');
  });

  it('a replaced world leaves no states of its devices behind', async () => {
    const { files } = await validFiles();
    const h = open[open.length - 1]!;
    const count = () => (h.svc.db.prepare('SELECT COUNT(*) AS n FROM device_states').get() as { n: number }).n;
    expect(count()).toBe(3);
    const rest = Object.fromEntries(Object.entries(files).filter(([p]) => !p.startsWith('device-states/')));
    await h.api.call('workspace.import', { body: { files: rest, replace: true } });
    expect(count()).toBe(0);
  });
});

describe('importing into a non-empty world', () => {
  it('is refused without replace (409 workspace_not_empty, nothing changes) and replaces the world with it', async () => {
    const { files } = await validFiles();
    const h = await fresh();
    await h.api.call('demo.reset');
    const demoLoc = (await h.api.call('locations.list')).data[0]!;
    const before = snapshot(h.svc);
    const err = await refusal(h.api.call('workspace.import', { body: { files } }));
    expect(err.status).toBe(409);
    expect(err.code).toBe('workspace_not_empty');
    expect(err.message).toMatch(/--replace/);
    expect(snapshot(h.svc)).toBe(before);
    const r = await h.api.call('workspace.import', { body: { files, replace: true } });
    expect(r.replaced).toBe(true);
    const locs = (await h.api.call('locations.list', { query: { limit: 100 } })).data;
    expect(locs.map((l) => l.id)).not.toContain(demoLoc.id);
    expect(locs).toHaveLength(6);
    // The old world's events went with it; the import itself records none.
    expect((await h.api.call('events.list', { query: { limit: 100 } })).data).toEqual([]);
  });

  it('is test mode only', async () => {
    const h = await fresh();
    const r = await h.call({ method: 'GET', url: '/workspace', headers: h.live });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('live_mode_not_allowed');
  });
});
