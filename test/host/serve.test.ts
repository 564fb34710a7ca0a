import { describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FREE_PORTS, spawnServe } from './cli.js';
import { ReadyInfo } from '../../core/engine/api/bootstrap.js';
import { berlinAddress, tariffBody } from '../helpers.js';

async function api(base: string, method: string, path: string, headers: Record<string, string>, body?: unknown) {
  const r = await fetch(base + path, {
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

    const login = await fetch(info.api_url + '/login', {
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
      tariff_status: 'CONNECTED',
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
