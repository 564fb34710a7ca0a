import { afterEach, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { randomBytes } from 'node:crypto';
import { BIN, spawnServe, stopAll } from '../host/cli.js';
import { harness, snapshot, type Harness, afterBlockingRun } from '../helpers.js';
import { createService } from '../../core/node/service.js';
import { createApiClient } from '../../core/engine/api/client.js';
import { seedDemo } from '../../core/node/demo/seed.js';
import { DB_FILE } from '../../core/node/db/database.js';
import { WORKSPACE_IMPORT_LIMIT } from '../../core/engine/api/routes/workspace.js';

const temp = (name: string) => mkdtempSync(join(tmpdir(), `td-wshard-${name}-`));
const cli = (...args: string[]) => spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8' });

/** Every file under a folder (links as links, not followed) by its relative path, as bytes. */
function tree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const e of readdirSync(d).sort()) {
      const p = join(d, e);
      const st = lstatSync(p);
      if (st.isSymbolicLink()) out[relative(dir, p)] = `link`;
      else if (st.isDirectory()) walk(p);
      else out[relative(dir, p)] = readFileSync(p, 'latin1');
    }
  };
  walk(dir);
  return out;
}

/** A data folder with the demo world and an imported market series; no host on it. */
async function dataFolder(marketRows = 2): Promise<string> {
  const dir = temp('data');
  const svc = createService({ dataDir: dir });
  try {
    const { account_id } = svc.accounts.ensureDefault();
    await seedDemo(svc, { accountId: account_id, liveMode: false });
    importMarket(svc, marketRows);
  } finally {
    svc.close();
  }
  return dir;
}

function importMarket(svc: ReturnType<typeof createService>, rows: number): void {
  const start = Date.parse('2026-03-02T00:00:00Z');
  const lines = Array.from(
    { length: rows },
    (_, i) => `${new Date(start + i * 3_600_000).toISOString()},${(0.1 + (i % 50) / 1000).toFixed(3)}`,
  );
  svc.market.importCsv('GB', `timestamp,price\n${lines.join('\n')}\n`);
}

/** Removes a location (and its tariffs) of the data folder's world, and imports market rows; returns its id. */
function dropLocation(data: string, marketRows = 2): string {
  const svc = createService({ dataDir: data });
  try {
    const scope = { accountId: svc.accounts.ensureDefault().account_id, liveMode: false };
    const gone = svc.store.locations.all(scope)[0]!.id;
    svc.db.prepare('DELETE FROM tariffs WHERE location_id = ?').run(gone);
    svc.db.prepare('DELETE FROM locations WHERE id = ?').run(gone);
    importMarket(svc, marketRows);
    return gone;
  } finally {
    svc.close();
  }
}

/** An exported workspace folder of the demo world. */
async function exported(): Promise<{ data: string; ws: string }> {
  const data = await dataFolder();
  const ws = join(temp('ws'), 'w');
  const r = cli('export', ws, '--data-dir', data);
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  return { data, ws };
}

// Symbolic links and `ulimit` are POSIX; on Windows links need privileges the suite does not assume.
describe.skipIf(process.platform === 'win32')(
  'tariff-desk export never writes through links, and never half-way',
  () => {
    it('refuses a linked object folder or file, naming it, and leaves the place it points to untouched', async () => {
      const { data, ws } = await exported();
      const outside = temp('outside');
      writeFileSync(join(outside, 'keep.txt'), 'not the workspace’s\n');
      // The folder's own locations move outside and a link takes their place: an export would rewrite and prune them.
      cpSync(join(ws, 'locations'), join(outside, 'locations'), { recursive: true });
      writeFileSync(join(outside, 'locations', 'loc_stranger.json'), '{"mine": true}\n');
      const before = tree(ws);
      const outsideBefore = tree(outside);
      renameSync(join(ws, 'locations'), join(temp('trash'), 'locations'));
      symlinkSync(join(outside, 'locations'), join(ws, 'locations'));
      // The world changed since the export: a followed link would see a removal.
      dropLocation(data);

      const r = cli('export', ws, '--data-dir', data);
      expect(r.status).not.toBe(0);
      expect(r.stderr).toContain(`${join(ws, 'locations')}: a symbolic link`);
      expect(r.stderr).toContain('(workspace_symlink_refused)');
      expect(tree(outside)).toEqual(outsideBefore);
      expect(Object.keys(tree(ws)).sort()).toEqual(
        Object.keys(before)
          .filter((p) => !p.startsWith('locations/'))
          .concat('locations')
          .sort(),
      );

      // A linked file inside an object folder is refused the same way; its target keeps its bytes.
      const ws2 = (await exported()).ws;
      const tariff = readdirSync(join(ws2, 'tariffs'))[0]!;
      const target = join(outside, 'keep.txt');
      renameSync(join(ws2, 'tariffs', tariff), join(temp('trash'), tariff));
      symlinkSync(target, join(ws2, 'tariffs', tariff));
      const f = cli('export', ws2, '--data-dir', data);
      expect(f.status).not.toBe(0);
      expect(f.stderr).toContain(`${join(ws2, 'tariffs', tariff)}: a symbolic link`);
      expect(readFileSync(target, 'utf8')).toBe('not the workspace’s\n');
      expect(lstatSync(join(ws2, 'tariffs', tariff)).isSymbolicLink()).toBe(true);
    });

    it('a failure in the middle of an export leaves the earlier export byte-identical; the next export completes it', async () => {
      const data = await dataFolder();
      const ws = join(temp('ws'), 'w');
      expect(cli('export', ws, '--data-dir', data).status).toBe(0);
      writeFileSync(join(ws, 'README.md'), 'our world\n');
      mkdirSync(join(ws, 'locations', '.keep'));
      const before = tree(ws);

      // The world changes: a location goes, and the market series grows to a file of some 200 KiB.
      const gone = dropLocation(data, 5_000);

      // No file may grow past 128 blocks (64 or 128 KiB, by the shell): the export fails at market/GB.csv,
      // after it wrote the files that sort before it.
      const r = spawnSync(
        'sh',
        ['-c', 'ulimit -f 128; exec "$0" "$@"', process.execPath, BIN, 'export', ws, '--data-dir', data],
        {
          encoding: 'utf8',
        },
      );
      expect(r.status).toBe(1);
      expect(r.stderr).toBe(
        `tariff-desk: ${ws}: the export failed (EFBIG: file too large, write); the folder is as it was.\n`,
      );
      expect(tree(ws)).toEqual(before);

      // What a killed export would leave: the next one removes it.
      mkdirSync(join(ws, '.tariff-desk-export-stale'));
      writeFileSync(join(ws, '.tariff-desk-export-stale', 'clock.json'), '{}');
      const ok = cli('export', ws, '--data-dir', data);
      expect(ok.stderr).toBe('');
      expect(ok.status).toBe(0);
      const done = tree(ws);
      expect(Object.keys(done).some((p) => p.startsWith('.tariff-desk-export-'))).toBe(false);
      expect(existsSync(join(ws, 'locations', `${gone}.json`))).toBe(false);
      expect(existsSync(join(ws, 'locations', '.keep'))).toBe(true);
      expect(done['README.md']).toBe('our world\n');
      expect(done['market/GB.csv']!.split('\n')).toHaveLength(5_002);
    });
  },
);

// Symbolic links and `ulimit` are POSIX; on Windows links need privileges the suite does not assume.
describe.skipIf(process.platform === 'win32')('tariff-desk import reads only inside the workspace folder', () => {
  const secret = () => `SECRET-${randomBytes(8).toString('hex')}`;

  it('refuses a linked file or folder that leaves the folder, and never shows what it points to', async () => {
    const { ws } = await exported();
    const hidden = secret();
    const outside = temp('outside');
    writeFileSync(join(outside, 'passwd'), `root:x:0:0:${hidden}:/root:/bin/bash\n`);
    mkdirSync(join(outside, 'tariffs'));
    writeFileSync(join(outside, 'tariffs', 'trf_x.json'), `{"id": "${hidden}"}`);

    // Each case in a fresh copy: a link to a file, a top file, a folder, and a link to nothing.
    const cases: [string, string][] = [
      ['locations/loc_evil.json', join(outside, 'passwd')],
      ['settings.json', join(outside, 'passwd')],
      ['tariffs', join(outside, 'tariffs')],
      ['market', join(outside, 'nowhere')],
    ];
    for (const [path, to] of cases) {
      const w = join(temp('ws'), 'w');
      cpSync(ws, w, { recursive: true });
      const real = join(w, path);
      const plant = () => symlinkSync(to, real);
      if (existsSync(real)) renameSync(real, join(temp('trash'), 'x'));
      plant();
      const data = join(temp('data'), 'd');
      const r = cli('import', w, '--data-dir', data);
      expect(r.status, path).toBe(1);
      expect(r.stderr).toContain(`tariff-desk: ${path}: a symbolic link that leads outside the workspace folder`);
      expect(r.stderr).toContain('(workspace_symlink_outside)');
      expect(r.stdout + r.stderr).not.toContain(hidden);
      expect(existsSync(join(data, DB_FILE)), path).toBe(false);
    }

    // A link that stays inside the folder is read as usual.
    const w = join(temp('ws'), 'w');
    cpSync(ws, w, { recursive: true });
    mkdirSync(join(w, '.shared'));
    renameSync(join(w, 'providers'), join(w, '.shared', 'providers'));
    symlinkSync(join(w, '.shared', 'providers'), join(w, 'providers'));
    const ok = cli('import', w, '--data-dir', join(temp('data'), 'd'));
    expect(ok.stderr).toBe('');
    expect(ok.stdout).toMatch(/5 locations, 8 tariffs, .* [1-9]\d* providers/);
  });

  it('a bad field names the file and the field path; a file that is not JSON shows a short escaped excerpt only', async () => {
    const { ws } = await exported();
    const data = join(temp('data'), 'd');
    const loc = readdirSync(join(ws, 'locations'))[0]!;
    const body = JSON.parse(readFileSync(join(ws, 'locations', loc), 'utf8'));
    writeFileSync(
      join(ws, 'locations', loc),
      JSON.stringify({ ...body, postal_address: { ...body.postal_address, country_code: 7 } }),
    );
    const r = cli('import', ws, '--data-dir', data);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(
      new RegExp(`^tariff-desk: locations/${loc}: postal_address\\.country_code: .*\\(country_code_invalid\\)\\n$`),
    );

    writeFileSync(join(ws, 'locations', loc), JSON.stringify(body));
    const tariff = readdirSync(join(ws, 'tariffs'))[0]!;
    const hidden = secret();
    // Not JSON from line 2 on: a terminal escape, then a secret further along.
    writeFileSync(join(ws, 'tariffs', tariff), `{\n  "id": \u001b[31mnope, "note": "${hidden}"\n}\n`);
    const t = cli('import', ws, '--data-dir', data);
    expect(t.status).toBe(1);
    expect(t.stderr).toBe(
      `tariff-desk: tariffs/${tariff}: not JSON: line 2, column 9: unexpected '\\u001b[31mnope, "'… (workspace_json_invalid)\n`,
    );
    expect(t.stderr).not.toContain(hidden);
    expect(t.stderr).not.toContain('\u001b');
    // Refused before the data folder is made.
    expect(existsSync(data)).toBe(false);
  });
});

describe('POST /workspace/import: one body limit, 64 MiB', () => {
  const open: Harness[] = [];
  afterEach(async () => {
    while (open.length) await open.pop()!.close();
  });

  it('an oversize body is refused with 413 body_too_large and changes nothing', async () => {
    const h = await harness();
    open.push(h);
    await h.location();
    const files = (await h.api.call('workspace.export')).files;
    const before = snapshot(h.svc);
    files['settings.json'] = files['settings.json']!.padEnd(WORKSPACE_IMPORT_LIMIT, ' ');
    const payload = JSON.stringify({ files, replace: true });
    expect(Buffer.byteLength(payload)).toBeGreaterThan(WORKSPACE_IMPORT_LIMIT);
    const r = await h.call({
      method: 'POST',
      url: '/workspace/import',
      headers: { ...h.test, 'content-type': 'application/json' },
      payload,
    });
    expect(r.status).toBe(413);
    expect(r.body).toMatchObject({ object: 'error', type: 'invalid_request', code: 'body_too_large' });
    expect(snapshot(h.svc)).toBe(before);
  });

  it('tariff-desk import beside a running host says a workspace is too large before sending it; with no host it imports', async () => {
    const { ws } = await exported();
    // Trailing white space keeps settings.json valid JSON while the bundle passes the limit.
    writeFileSync(
      join(ws, 'settings.json'),
      readFileSync(join(ws, 'settings.json'), 'utf8') + ' '.repeat(WORKSPACE_IMPORT_LIMIT),
    );
    const data = temp('running');
    const host = await spawnServe(data);
    try {
      const api = createApiClient({
        baseUrl: host.info.api_url,
        credentials: { accountId: host.info.account_id, apiKey: host.info.test_key },
      });
      const before = (await api.call('locations.list')).data.map((l) => l.id);
      const r = cli('import', ws, '--data-dir', data, '--replace');
      await afterBlockingRun();
      expect(r.status).toBe(1);
      expect(r.stderr).toMatch(
        new RegExp(
          `^tariff-desk: ${ws}: 6\\d\\.\\d MiB, larger than the host at ${host.info.api_url} takes \\(64 MiB\\); stop the host and import into ${data} directly\\. \\(body_too_large\\)\\n$`,
        ),
      );
      expect((await api.call('locations.list')).data.map((l) => l.id)).toEqual(before);
    } finally {
      await stopAll([host.child, 'SIGTERM']);
    }
    const direct = cli('import', ws, '--data-dir', data, '--replace');
    expect(direct.stderr).toBe('');
    expect(direct.stdout).toMatch(/: 5 locations, 8 tariffs/);
  });

  it('a workspace of 20,000 locations with a tariff each fits, with room to spare, and imports', async () => {
    const h = await harness();
    open.push(h);
    const l = await h.location();
    await h.tariff(l.id);
    const one = (await h.api.call('workspace.export')).files;
    const [locPath, locText] = Object.entries(one).find(([p]) => p.startsWith('locations/'))!;
    const [trfPath, trfText] = Object.entries(one).find(([p]) => p.startsWith('tariffs/'))!;
    const locId = locPath.slice('locations/'.length, -'.json'.length);
    const trfId = trfPath.slice('tariffs/'.length, -'.json'.length);
    const files: Record<string, string> = {};
    for (const [p, t] of Object.entries(one))
      if (!p.startsWith('locations/') && !p.startsWith('tariffs/')) files[p] = t;
    // Ids like the service's: the same length, the last six characters counting.
    const idOf = (base: string, i: number) => base.slice(0, -6) + i.toString(36).padStart(6, '0');
    const manifest = JSON.parse(files['workspace.json']!);
    manifest.order.locations = [];
    manifest.order.tariffs = [];
    for (let i = 0; i < 20_000; i++) {
      const lid = idOf(locId, i);
      const tid = idOf(trfId, i);
      files[`locations/${lid}.json`] = locText.replace(locId, lid);
      files[`tariffs/${tid}.json`] = trfText.replace(trfId, tid).replace(locId, lid);
      manifest.order.locations.push(lid);
      manifest.order.tariffs.push(tid);
    }
    files['workspace.json'] = JSON.stringify(manifest, null, 2) + '\n';
    const payload = JSON.stringify({ files, replace: true });
    const bytes = Buffer.byteLength(payload);
    console.log(
      `20,000 locations + 20,000 tariffs: ${(bytes / 1024 / 1024).toFixed(1)} MiB of ${WORKSPACE_IMPORT_LIMIT / 1024 / 1024} MiB`,
    );
    expect(bytes * 1.5).toBeLessThan(WORKSPACE_IMPORT_LIMIT);

    const started = Date.now();
    const r = await h.call({
      method: 'POST',
      url: '/workspace/import',
      headers: { ...h.test, 'content-type': 'application/json' },
      payload,
    });
    console.log(`imported in ${Date.now() - started} ms`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ object: 'workspace_import', locations: 20_000, tariffs: 20_000, replaced: true });
    const page = await h.api.call('locations.list', { query: { limit: 1 } });
    expect(page.data[0]!.id).toBe(idOf(locId, 19_999));
  }, 480_000);
});
