import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import http from 'node:http';
import { createInterface } from 'node:readline';
import { BIN, FREE_PORTS } from './cli.js';
import { electronBinary } from '../../core/hosts/electron-runtime.js';

describe('npm start without the Electron runtime', () => {
  it('says so in one line and serves the admin app in the browser', async () => {
    expect(electronBinary()).toBeUndefined();
    const dir = mkdtempSync(join(tmpdir(), 'td-start-'));
    const child = spawn(process.execPath, [BIN, 'start', '--json', '--data-dir', dir, ...FREE_PORTS]);
    const lines: string[] = [];
    await new Promise<void>((done) =>
      createInterface({ input: child.stdout }).on('line', (l) => {
        lines.push(l);
        if (lines.length === 2) done();
      }),
    );
    try {
      const info = JSON.parse(lines[1]!);
      expect(lines[0]).toBe(`Electron runtime not installed: serving Tariff Desk in the browser at ${info.app_url}`);
      const page = await (await fetch(info.app_url)).text();
      expect(page).toContain('<title>Tariff Desk</title>');
      const boot = await (await fetch(`${info.app_url}/bootstrap.json`)).json();
      expect(boot).toMatchObject({ api_url: info.api_url, test_key: info.test_key, app_url: info.app_url });
      const csp = (await fetch(info.app_url)).headers.get('content-security-policy')!;
      expect(csp).toContain("script-src 'self'");
      // Another site rebinding a name to 127.0.0.1 gets nothing.
      const rebound = await new Promise<number>((done) =>
        http.get(`${info.app_url}/bootstrap.json`, { headers: { host: 'evil.example' } }, (r) => {
          r.resume();
          done(r.statusCode!);
        }),
      );
      expect(rebound).toBe(421);
      // The demo data is there on a first start.
      const login = await (
        await fetch(`${info.api_url}/login`, {
          headers: { authorization: 'Basic ' + Buffer.from(`${info.account_id}:${info.test_key}`).toString('base64') },
        })
      ).json();
      const locs = await (
        await fetch(`${info.api_url}/locations`, {
          headers: { authorization: `Bearer ${login.bearer_token}`, origin: info.app_url },
        })
      ).json();
      expect(locs.data.map((l: any) => l.postal_address.country_code).sort()).toEqual(['AU', 'DE', 'DE', 'GB', 'US']);
      const pre = await fetch(`${info.api_url}/locations`, {
        method: 'OPTIONS',
        headers: {
          origin: info.app_url,
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'authorization',
        },
      });
      expect(pre.headers.get('access-control-allow-origin')).toBe(info.app_url);
    } finally {
      child.kill('SIGTERM');
      await new Promise((d) => child.on('exit', d));
    }
  });
});
