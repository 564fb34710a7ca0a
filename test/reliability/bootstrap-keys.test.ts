import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnServe, stopAll, type Spawned } from '../host/cli.js';
import { buildAppServer, mayBootstrap } from '../../core/node/http/app-server.js';
import { rendererDist } from '../../core/hosts/paths.js';
import { rawExchange } from './raw.js';

/**
 * `/bootstrap.json` hands out both API keys. On a bind beyond loopback, whether a client gets
 * them is decided by the address its connection comes from, never by the Host header it sends.
 */

/** An address of this machine that is not loopback, so a connection to it comes from a non-loopback address. */
const lanAddress = Object.values(networkInterfaces())
  .flat()
  .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;

const bootstrapRequest = (host: string) => `GET /bootstrap.json HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`;

describe('the bootstrap decision', () => {
  it('allows loopback socket addresses only', () => {
    for (const a of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1', '::FFFF:127.1.2.3'])
      expect(mayBootstrap(a), a).toBe(true);
    for (const a of ['192.0.2.2', '10.0.0.1', '::ffff:192.0.2.2', 'fd00::2', '0.0.0.0', '::', '', undefined])
      expect(mayBootstrap(a), String(a)).toBe(false);
    for (const a of ['127.0.0.1.example', '1127.0.0.1', '::ffff:10.127.0.1', 'localhost'])
      expect(mayBootstrap(a), a).toBe(false);
  });

  it('reads the socket address: a loopback Host from elsewhere gets 403, no keys', async () => {
    const keys = { test_key: 'sk_test_secret', live_key: 'sk_live_secret' };
    const app = buildAppServer(rendererDist(), () => ({
      api_url: 'http://127.0.0.1:1',
      connect_service_url: 'http://127.0.0.1:2',
      connect_web_url: 'http://127.0.0.1:3',
      app_url: 'http://127.0.0.1:7073',
      account_id: 'acc_x',
      data_dir: '/nowhere',
      ...keys,
    }));
    try {
      const away = await app.inject({
        url: '/bootstrap.json',
        remoteAddress: '192.0.2.7',
        headers: { host: '127.0.0.1:7073' },
      });
      expect(away.statusCode).toBe(403);
      expect(away.json()).toMatchObject({ object: 'error', code: 'remote_not_loopback', context: 'app' });
      expect(away.body).not.toContain('sk_');
      const here = await app.inject({
        url: '/bootstrap.json',
        remoteAddress: '127.0.0.1',
        headers: { host: '127.0.0.1:7073' },
      });
      expect(here.statusCode).toBe(200);
      expect(here.json()).toMatchObject(keys);
    } finally {
      await app.close();
    }
  });
});

describe('serve --host 0.0.0.0', () => {
  let host: Spawned;
  let dataDir: string;
  let appPort: number;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'td-bootstrap-'));
    host = await spawnServe(dataDir, ['--host', '0.0.0.0', '--no-demo']);
    appPort = Number(new URL(host.info.app_url!).port);
  });
  afterAll(async () => {
    await stopAll([host.child, 'SIGTERM']);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('says on one stderr line at start what other machines can reach', async () => {
    // The service thread's stderr reaches the process's a moment after the ready line.
    for (let i = 0; i < 50 && !host.stderr().includes('\n'); i++) await new Promise((r) => setTimeout(r, 100));
    const lines = host
      .stderr()
      .split('\n')
      .filter((l) => l.startsWith('Warning:'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toBe(
      'Warning: listening on 0.0.0.0, not loopback: the API, the connect service, the connect web app, the admin app ' +
        'are reachable from other machines; the API keys (/bootstrap.json) are handed to this machine only.',
    );
  });

  it('hands the keys to a client on loopback', async () => {
    const r = await rawExchange(`http://127.0.0.1:${appPort}`, bootstrapRequest(`127.0.0.1:${appPort}`));
    expect(r.status).toBe(200);
    expect(JSON.parse(r.body)).toMatchObject({ test_key: host.info.test_key, live_key: host.info.live_key });
  });

  it('a Host header from loopback changes nothing: the socket decides, the Host check still applies', async () => {
    const spoof = await rawExchange(`http://127.0.0.1:${appPort}`, bootstrapRequest(`192.0.2.200:${appPort}`));
    expect(spoof.status).toBe(421);
    expect(JSON.parse(spoof.body)).toMatchObject({ object: 'error', code: 'host_not_allowed' });
    expect(spoof.body).not.toContain(host.info.test_key);
  });

  it.skipIf(!lanAddress)('refuses a client on another address of this machine, whatever Host it sends', async () => {
    for (const hostHeader of [`127.0.0.1:${appPort}`, `localhost:${appPort}`, `[::1]:${appPort}`]) {
      const r = await rawExchange(`http://${lanAddress}:${appPort}`, bootstrapRequest(hostHeader));
      expect(r.status, hostHeader).toBe(403);
      const body = JSON.parse(r.body);
      expect(body).toMatchObject({ object: 'error', type: 'authentication_error', code: 'remote_not_loopback' });
      expect(r.body).not.toContain(host.info.test_key);
      expect(r.body).not.toContain(host.info.live_key);
    }
    // The page itself and the API are reachable (as the warning says); the API still wants a bearer.
    const page = await rawExchange(
      `http://${lanAddress}:${appPort}`,
      bootstrapRequest(`127.0.0.1:${appPort}`).replace('/bootstrap.json', '/'),
    );
    expect(page.status).toBe(200);
    const apiPort = new URL(host.info.api_url).port;
    const api = await rawExchange(
      `http://${lanAddress}:${apiPort}`,
      `GET /locations HTTP/1.1\r\nHost: ${lanAddress}:${apiPort}\r\nConnection: close\r\n\r\n`,
    );
    expect(api.status).toBe(401);
    expect(JSON.parse(api.body)).toMatchObject({ code: 'token_missing' });
  });
});
