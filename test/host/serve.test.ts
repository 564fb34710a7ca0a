import { describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { spawn, spawnSync } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, FREE_PORTS, spawnServe } from './cli.js';
import { HOST_FILE } from '../../core/hosts/constants.js';
import { startTariffDesk } from '../../core/hosts/kit.js';
import { ReadyInfo } from '../../core/engine/api/bootstrap.js';
import { berlinAddress, tariffBody } from '../helpers.js';
import { oneShotFetch } from '../one-shot-fetch.js';

async function api(base: string, method: string, path: string, headers: Record<string, string>, body?: unknown) {
  const r = await oneShotFetch(base + path, {
    method,
    headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : null,
  });
  return { status: r.status, body: await r.json() };
}

describe('tariff-desk serve --json', () => {
  it('prints one ready line; the test key logs in; objects round-trip and survive a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'td-serve-'));
    const first = await spawnServe(dir);
    const info = first.info;
    expect(Object.keys(info)).toEqual(
      expect.arrayContaining([
        'event',
        'api_url',
        'connect_service_url',
        'connect_web_url',
        'account_id',
        'test_key',
        'live_key',
      ]),
    );
    expect(info.event).toBe('ready');
    // The line is what its schema says, the account's wire profile included.
    expect(ReadyInfo.parse(info)).toEqual(info);
    expect(info.wire_profile).toBe('spec');
    expect(info.account_id).toMatch(/^acc_/);
    expect(info.test_key).toMatch(/^sk_test_/);
    expect(info.live_key).toMatch(/^sk_live_/);
    for (const u of [info.api_url, info.connect_service_url, info.connect_web_url])
      expect(u).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

    const login = await oneShotFetch(info.api_url + '/login', {
      headers: { authorization: 'Basic ' + Buffer.from(`${info.account_id}:${info.test_key}`).toString('base64') },
    });
    const { bearer_token, live_mode } = await login.json();
    expect(live_mode).toBe(false);
    const auth = { authorization: `Bearer ${bearer_token}` };

    const loc = await api(info.api_url, 'POST', '/locations', auth, { postal_address: berlinAddress });
    expect(loc.status).toBe(200);
    const body = tariffBody(loc.body.id);
    const trf = await api(info.api_url, 'POST', '/tariffs', auth, body);
    expect(trf.status).toBe(200);
    expect(trf.body).toMatchObject({
      ...body,
      connection_type: 'MANUAL',
      is_linked: false,
      status: 'CONNECTED',
      timezone: 'Europe/Berlin',
    });
    expect((await api(info.api_url, 'GET', `/tariffs/${trf.body.id}`, auth)).body).toEqual(trf.body);
    expect((await api(info.api_url, 'GET', `/tariffs?location_id=${loc.body.id}`, auth)).body.data).toEqual([trf.body]);
    expect((await api(info.api_url, 'GET', `/locations/${loc.body.id}`, auth)).body).toEqual({
      ...loc.body,
      tariff_status: { ...loc.body.tariff_status, commodity_import: 'CONNECTED' },
      tariff_elements: [trf.body.id],
    });

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.lines).toHaveLength(1);

    const second = await spawnServe(dir);
    try {
      expect(second.info.account_id).toBe(info.account_id);
      expect(second.info.test_key).toBe(info.test_key);
      // Bearer tokens are stored too: the old one still works until it expires.
      expect((await api(second.info.api_url, 'GET', `/tariffs/${trf.body.id}`, auth)).body).toEqual(trf.body);
      expect((await api(second.info.api_url, 'GET', `/locations/${loc.body.id}`, auth)).body.id).toBe(loc.body.id);
    } finally {
      second.child.kill('SIGINT');
      expect(await second.exited).toBe(0);
    }
  });

  it('prints a friendly block without --json', async () => {
    const { spawn } = await import('node:child_process');
    const { BIN } = await import('./cli.js');
    const dir = mkdtempSync(join(tmpdir(), 'td-serve-'));
    const child = spawn(process.execPath, [BIN, 'serve', '--data-dir', dir, ...FREE_PORTS]);
    let out = '';
    await new Promise<void>((done) =>
      child.stdout.on('data', (d) => {
        out += d;
        if (out.includes('Ctrl+C')) done();
      }),
    );
    child.kill('SIGTERM');
    await new Promise((d) => child.on('exit', d));
    expect(out).toMatch(/REST API\s+http:\/\/127\.0\.0\.1:\d+/);
    expect(out).toMatch(/Test key\s+sk_test_/);
    expect(out).toContain(dir);
  });

  it('refuses bad options with a message and exit code', async () => {
    const { spawnSync } = await import('node:child_process');
    const { BIN } = await import('./cli.js');
    const r = spawnSync(process.execPath, [BIN, 'serve', '--api-port', 'abc'], { encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('--api-port must be a port number');
  });
});

/** Whether process `pid` is gone (or a zombie no one reaps: it holds nothing any more). */
function gone(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return true;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return true;
  }
}

async function within(ms: number, done: () => boolean): Promise<number> {
  const started = performance.now();
  while (!done()) {
    if (performance.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return performance.now() - started;
}

const refused = (url: string) =>
  fetch(url + '/login').then(
    () => false,
    () => true,
  );

/** A bundle file of an empty world, for `serve --workspace` (which serves it from a temporary folder). */
async function bundleFile(): Promise<string> {
  const td = await startTariffDesk();
  try {
    const file = join(mkdtempSync(join(tmpdir(), 'td-bundle-')), 'world.json');
    writeFileSync(file, JSON.stringify(await td.client.call('workspace.export')));
    return file;
  } finally {
    await td.stop();
  }
}

/**
 * `serve --json --workspace FILE` started by a shell that waits for it, as npx or a CI step does;
 * answers the shell, the host's ready line and its pid (from the host file in its data folder).
 */
async function serveUnderShell(workspace: string, extra: string[] = []) {
  const shell = spawn(
    'sh',
    [
      '-c',
      '"$0" "$@" & wait',
      process.execPath,
      BIN,
      'serve',
      '--json',
      ...FREE_PORTS,
      '--workspace',
      workspace,
      ...extra,
    ],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stderr = '';
  shell.stderr.on('data', (d) => (stderr += d));
  const info = await new Promise<ReadyInfo>((resolve, reject) => {
    createInterface({ input: shell.stdout }).once('line', (l) => resolve(JSON.parse(l)));
    shell.once('exit', (code) => reject(new Error(`exited ${code}: ${stderr}`)));
  });
  const pid = (JSON.parse(readFileSync(join(info.data_dir, HOST_FILE), 'utf8')) as { pid: number }).pid;
  return { shell, info, pid, stderr: () => stderr };
}

describe('serve ends with what started it', () => {
  it('stops within seconds when its parent is killed: ports closed, the temporary workspace folder removed', async () => {
    const { shell, info, pid, stderr } = await serveUnderShell(await bundleFile());
    expect(pid).not.toBe(shell.pid);
    expect(existsSync(info.data_dir)).toBe(true);
    expect(await refused(info.api_url)).toBe(false);
    shell.kill('SIGKILL');
    const ms = await within(5000, () => gone(pid));
    expect(ms).toBeLessThan(5000);
    expect(existsSync(info.data_dir)).toBe(false);
    expect(await refused(info.api_url)).toBe(true);
    expect(await refused(info.connect_service_url)).toBe(true);
    expect(stderr()).toContain('tariff-desk: the process that started it ended; stopping');
  });

  it('with --detached keeps serving after its parent is gone', async () => {
    const { shell, info, pid } = await serveUnderShell(await bundleFile(), ['--detached']);
    try {
      shell.kill('SIGKILL');
      await new Promise((r) => setTimeout(r, 2500));
      expect(gone(pid)).toBe(false);
      expect(await refused(info.api_url)).toBe(false);
    } finally {
      process.kill(pid, 'SIGTERM');
      await within(10_000, () => gone(pid));
    }
    expect(existsSync(info.data_dir)).toBe(false);
  });

  it('--json with standard input a pipe stops cleanly when the driver closes it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'td-serve-'));
    const child = spawn(process.execPath, [BIN, 'serve', '--json', ...FREE_PORTS, '--data-dir', dir]);
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const exited = new Promise<number | null>((done) => child.once('exit', done));
    const info = await new Promise<ReadyInfo>((resolve) =>
      createInterface({ input: child.stdout }).once('line', (l) => resolve(JSON.parse(l))),
    );
    // Still serving while the pipe is open.
    await new Promise((r) => setTimeout(r, 300));
    expect(await refused(info.api_url)).toBe(false);
    child.stdin.end();
    expect(await exited).toBe(0);
    expect(stderr).toContain('standard input was closed; stopping');
    expect(await refused(info.api_url)).toBe(true);
  });

  it('a port in use is named with its option', async () => {
    const taken = createServer();
    await new Promise<void>((r) => taken.listen(0, '127.0.0.1', r));
    const port = (taken.address() as AddressInfo).port;
    try {
      const r = spawnSync(
        process.execPath,
        [
          BIN,
          'serve',
          '--json',
          ...FREE_PORTS,
          '--data-dir',
          mkdtempSync(join(tmpdir(), 'td-serve-')),
          '--connect-port',
          String(port),
        ],
        { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
      );
      expect(r.status).toBe(1);
      expect(r.stderr).toContain(`tariff-desk: port ${port} is already in use (--connect-port ${port})`);
      expect(r.stderr).toContain('0 for any free one');
    } finally {
      taken.close();
    }
  });
});
