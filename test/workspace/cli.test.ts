import { afterEach, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { BIN, FREE_PORTS, spawnServe, spawnServeWith, type Spawned } from '../host/cli.js';
import { afterBlockingRun, snapshot } from '../helpers.js';
import { createService } from '../../core/node/service.js';
import { seedDemo } from '../../core/node/demo/seed.js';
import { ReadyInfo } from '../../core/engine/api/bootstrap.js';
import { createApiClient } from '../../core/engine/api/client.js';

const children: Spawned[] = [];
afterEach(async () => {
  for (const c of children.splice(0)) {
    c.child.kill('SIGTERM');
    await c.exited;
  }
});

const temp = (name: string) => mkdtempSync(join(tmpdir(), `td-wscli-${name}-`));
const cli = (...args: string[]) => spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8' });

/** Every file under a folder by its relative path, as bytes. */
function tree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const e of readdirSync(d)) {
      const p = join(d, e);
      if (statSync(p).isDirectory()) walk(p);
      else out[relative(dir, p)] = readFileSync(p, 'latin1');
    }
  };
  walk(dir);
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** A data folder with the demo world, an imported market series and a frozen clock; no host on it. */
async function dataFolder(): Promise<string> {
  const dir = temp('data');
  const svc = createService({ dataDir: dir });
  try {
    const { account_id } = svc.accounts.ensureDefault();
    await seedDemo(svc, { accountId: account_id, liveMode: false });
    svc.market.importCsv('GB', 'timestamp,price\n2026-03-02T00:00:00Z,0.1\n2026-03-02T01:00:00Z,0.2\n');
    await svc.timeTravel.set('frozen', Date.parse('2026-03-01T12:00:00Z'));
  } finally {
    svc.close();
  }
  return dir;
}

function snapshotOf(dataDir: string): string {
  const svc = createService({ dataDir });
  try {
    return snapshot(svc);
  } finally {
    svc.close();
  }
}

describe('tariff-desk export and import, no host running', () => {
  it('export → import into an empty data folder → export gives the same bytes; a non-empty world needs --replace', async () => {
    const d1 = await dataFolder();
    const w1 = join(temp('ws'), 'tariff-workspace');
    const ex = cli('export', w1, '--data-dir', d1);
    expect(ex.stderr).toBe('');
    expect(ex.status).toBe(0);
    expect(ex.stdout).toMatch(/^Exported \d+ files to /);
    const files = tree(w1);
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining(['workspace.json', 'settings.json', 'clock.json', 'market/GB.csv', 'market/regions.json']),
    );
    expect(Object.keys(files).filter((p) => p.startsWith('locations/'))).toHaveLength(5);
    expect(JSON.parse(files['clock.json']!)).toEqual({ mode: 'frozen', now: '2026-03-01T12:00:00Z' });

    // Into a data folder that does not exist yet.
    const d2 = join(temp('data2'), 'data');
    const im = cli('import', w1, '--data-dir', d2);
    expect(im.stderr).toBe('');
    expect(im.status).toBe(0);
    expect(im.stdout).toMatch(
      /Imported .* 5 locations, 8 tariffs, 1 webhook endpoints, \d+ providers, \d+ grid fees, 2 market points/,
    );
    const w2 = join(temp('ws2'), 'again');
    expect(cli('export', w2, '--data-dir', d2).status).toBe(0);
    expect(tree(w2)).toEqual(files);

    // Exporting again over the same folder changes nothing.
    expect(cli('export', w1, '--data-dir', d1).status).toBe(0);
    expect(tree(w1)).toEqual(files);

    // The world of d2 is not empty now.
    const before = snapshotOf(d2);
    const again = cli('import', w1, '--data-dir', d2);
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/--replace.*\(workspace_not_empty\)/);
    expect(snapshotOf(d2)).toBe(before);
    const replaced = cli('import', w1, '--data-dir', d2, '--replace');
    expect(replaced.status).toBe(0);

    // A host started later on d2 serves the imported world, not the demo on top of it.
    const host = await spawnServe(d2);
    children.push(host);
    const api = createApiClient({
      baseUrl: host.info.api_url,
      credentials: { accountId: host.info.account_id, apiKey: host.info.test_key },
    });
    const locs = (await api.call('locations.list', { query: { limit: 100 } })).data.map(
      (l) => `locations/${l.id}.json`,
    );
    expect(locs.sort()).toEqual(Object.keys(files).filter((p) => p.startsWith('locations/')));
    expect((await api.call('clock.retrieve')).now).toBe('2026-03-01T12:00:00Z');
  });

  it('refuses a malformed workspace naming the file and the field, and imports nothing', async () => {
    const d1 = await dataFolder();
    const w = join(temp('ws'), 'w');
    expect(cli('export', w, '--data-dir', d1).status).toBe(0);
    const bad = join(temp('bad'), 'w');
    cpSync(w, bad, { recursive: true });
    const tariff = readdirSync(join(bad, 'tariffs'))[0]!;
    const t = JSON.parse(readFileSync(join(bad, 'tariffs', tariff), 'utf8'));
    writeFileSync(join(bad, 'tariffs', tariff), JSON.stringify({ ...t, location_id: 'loc_missing' }, null, 2));
    const d2 = await dataFolder();
    const before = snapshotOf(d2);
    const r = cli('import', bad, '--data-dir', d2, '--replace');
    expect(r.status).toBe(1);
    expect(r.stderr).toBe(
      `tariff-desk: tariffs/${tariff}: location_id: no location loc_missing in this workspace (locations/loc_missing.json). (workspace_reference_missing)\n`,
    );
    expect(snapshotOf(d2)).toBe(before);

    writeFileSync(join(bad, 'workspace.json'), '{"format":"tariff-desk-workspace","format_version":9}');
    const v = cli('import', bad, '--data-dir', d2, '--replace');
    expect(v.stderr).toMatch(/workspace\.json: format_version: 9 is not supported.*\(workspace_version_unsupported\)/);
    expect(snapshotOf(d2)).toBe(before);

    // A bundle file (what the browser app downloads) imports like the folder.
    const bundle = join(temp('bundle'), 'tariff-desk-workspace.json');
    const files = Object.fromEntries(Object.entries(tree(w)).map(([k, v]) => [k, Buffer.from(v, 'latin1').toString()]));
    writeFileSync(
      bundle,
      JSON.stringify({ object: 'workspace_bundle', format: 'tariff-desk-workspace', format_version: 1, files }),
    );
    const d3 = join(temp('data3'), 'd');
    expect(cli('import', bundle, '--data-dir', d3).status).toBe(0);
    const w3 = join(temp('ws3'), 'w');
    expect(cli('export', w3, '--data-dir', d3).status).toBe(0);
    expect(tree(w3)).toEqual(tree(w));

    expect(cli('export').status).toBe(2);
    expect(cli('export', w, '--data-dir', join(temp('none'), 'x')).stderr).toMatch(/no database in/);
  });
});

describe('tariff-desk export and import beside a running host', () => {
  it('export reads beside the host; import goes through its API, so the host sees the new world at once', async () => {
    const src = await dataFolder();
    const w = join(temp('ws'), 'w');
    expect(cli('export', w, '--data-dir', src).status).toBe(0);

    const d = temp('running');
    const host = await spawnServe(d);
    children.push(host);
    const api = createApiClient({
      baseUrl: host.info.api_url,
      credentials: { accountId: host.info.account_id, apiKey: host.info.test_key },
    });
    const demo = (await api.call('locations.list')).data.map((l) => l.id);
    expect(demo).toHaveLength(5);
    const mine = join(temp('mine'), 'w');
    expect(cli('export', mine, '--data-dir', d).status).toBe(0);
    expect(readdirSync(join(mine, 'locations')).sort()).toEqual(demo.map((id) => `${id}.json`).sort());

    const refused = cli('import', w, '--data-dir', d);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/\(workspace_not_empty\)/);
    const r = cli('import', w, '--data-dir', d, '--replace');
    await afterBlockingRun();
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/through the host at http:\/\/127\.0\.0\.1:\d+; clock frozen 2026-03-01T12:00:00Z/);
    // The running service's memory follows: its clock and its objects are the workspace's.
    expect((await api.call('clock.retrieve')).now).toBe('2026-03-01T12:00:00Z');
    const now = (await api.call('locations.list')).data.map((l) => `${l.id}.json`);
    expect(now.sort()).toEqual(readdirSync(join(w, 'locations')).sort());
  });
});

/** `serve --workspace DIR --json` on free ports: its ready line. */
const serveWorkspace = (dir: string) => spawnServeWith(['--workspace', dir]);

/** The `data` array of a price answer, as the bytes the service wrote. */
function dataText(body: string): string {
  const from = body.indexOf('"data":[');
  const to = body.lastIndexOf('],"time_created"');
  expect(from).toBeGreaterThan(0);
  return body.slice(from, to + 1);
}

describe('tariff-desk serve --workspace', () => {
  it('a new host from an exported folder prices 90 days byte-for-byte as the original host does', async () => {
    const original = await spawnServe(temp('orig'));
    children.push(original);
    const info = original.info;
    const auth = { authorization: '' };
    const login = await (
      await fetch(`${info.api_url}/login`, {
        headers: { authorization: 'Basic ' + Buffer.from(`${info.account_id}:${info.test_key}`).toString('base64') },
      })
    ).json();
    auth.authorization = `Bearer ${login.bearer_token}`;
    const call = async (method: string, path: string, body?: unknown, base = info.api_url, a = auth) => {
      const r = await fetch(base + path, {
        method,
        headers: { ...a, 'content-type': 'application/json' },
        body: body === undefined ? null : JSON.stringify(body),
      });
      return { status: r.status, text: await r.text() };
    };
    // A known clock: the hour the service clock stands in, frozen (the demo was made around it).
    const serviceNow = Date.parse(JSON.parse((await call('GET', '/clock')).text).now);
    const now = new Date(Math.floor(serviceNow / 3_600_000) * 3_600_000);
    expect((await call('PUT', '/clock', { mode: 'frozen', now: now.toISOString() })).status).toBe(200);
    const locations = JSON.parse((await call('GET', '/locations?limit=100')).text).data as {
      id: string;
      reference_id: string;
    }[];
    const london = locations.find((l) => l.reference_id === 'demo-london')!.id;
    const window = { start_time: now.toISOString(), end_time: new Date(now.getTime() + 90 * 86_400_000).toISOString() };
    // London's prices were looked at before the import: the demo series is stored where the import then lands.
    expect((await call('POST', `/prices/${london}`, window)).status).toBe(200);
    // Imported market prices for the next two days, hourly, over the demo series' half hours.
    const rows = Array.from({ length: 48 }, (_, i) => {
      const t = new Date(now.getTime() + i * 3_600_000).toISOString();
      return `${t},${(0.05 + (i % 7) * 0.013).toFixed(4)}`;
    });
    const imp = await call('POST', '/market/regions/GB/import', { csv: `timestamp,price\n${rows.join('\n')}\n` });
    expect(imp.status).toBe(200);
    const asks = [
      ...locations.map((l) => ({ id: l.id, body: window })),
      {
        id: locations.find((l) => l.reference_id === 'demo-berlin')!.id,
        body: { ...window, tariff_direction: 'EXPORT' },
      },
    ];
    // Looked at before the export too: the original holds demo points the copy will make again.
    const before = await Promise.all(asks.map((a) => call('POST', `/prices/${a.id}`, a.body)));

    const w = join(temp('ws'), 'tariff-workspace');
    const ex = cli('export', w, '--data-dir', info.data_dir);
    expect(ex.status).toBe(0);
    expect(readFileSync(join(w, 'market', 'GB.csv'), 'utf8').split('\n')).toHaveLength(50);

    const copy = await serveWorkspace(w);
    children.push(copy);
    expect(ReadyInfo.parse(copy.info)).toEqual(copy.info);
    expect(copy.info.workspace).toBe(w);
    expect(copy.info.data_dir).not.toBe(info.data_dir);
    expect(existsSync(copy.info.data_dir)).toBe(true);
    const copyLogin = await (
      await fetch(`${copy.info.api_url}/login`, {
        headers: {
          authorization: 'Basic ' + Buffer.from(`${copy.info.account_id}:${copy.info.test_key}`).toString('base64'),
        },
      })
    ).json();
    const copyAuth = { authorization: `Bearer ${copyLogin.bearer_token}` };
    expect(JSON.parse((await call('GET', '/clock', undefined, copy.info.api_url, copyAuth)).text).now).toBe(
      now.toISOString().replace('.000Z', 'Z'),
    );
    for (const [i, a] of asks.entries()) {
      const theirs = await call('POST', `/prices/${a.id}`, a.body, copy.info.api_url, copyAuth);
      const ours = await call('POST', `/prices/${a.id}`, a.body);
      expect(theirs.status, a.id).toBe(200);
      expect(ours.status, a.id).toBe(200);
      const data = dataText(theirs.text);
      const intervals = JSON.parse(data.slice(7)).length;
      // London follows the market: its answer is long; a flat feed-in is one interval.
      expect(intervals, a.id).toBeGreaterThan(a.id === london ? 1000 : 0);
      expect(data, a.id).toBe(dataText(ours.text));
      expect(data, a.id).toBe(dataText(before[i]!.text));
    }

    // Stopped, it leaves no data folder behind.
    copy.child.kill('SIGTERM');
    expect(await copy.exited).toBe(0);
    children.splice(children.indexOf(copy), 1);
    expect(existsSync(copy.info.data_dir)).toBe(false);
  });

  it('refuses a malformed workspace before starting, naming the file, and leaves no folder', async () => {
    const w = temp('badws');
    writeFileSync(join(w, 'workspace.json'), '{"format":"tariff-desk-workspace","format_version":1}');
    writeFileSync(join(w, 'settings.json'), '{}');
    const leftovers = () => readdirSync(tmpdir()).filter((n) => n.startsWith('tariff-desk-workspace-')).length;
    const n = leftovers();
    const r = spawnSync(process.execPath, [BIN, 'serve', '--json', '--workspace', w, ...FREE_PORTS], {
      encoding: 'utf8',
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(
      /^tariff-desk: settings\.json: bearer_token_ttl_seconds is required\. \(bearer_token_ttl_seconds_missing\)/,
    );
    expect(leftovers()).toBe(n);
    const both = cli('serve', '--workspace', w, '--data-dir', w);
    expect(both.stderr).toMatch(/leave out --data-dir/);
  });
});
