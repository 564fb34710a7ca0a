import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, spawnListen, spawnServe, stopAll } from './cli.js';
import { loggedIn } from '../e2e/host.js';
import { receiver, until } from '../webhooks/receiver.js';
import { oneShotFetch } from '../one-shot-fetch.js';

describe('tariff-desk listen and trigger', () => {
  it("forwards a running host's events to a local URL, one line per delivery", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'td-listen-'));
    const host = await spawnServe(dir);
    const rx = await receiver();
    const { child: listener, lines } = spawnListen(host, dir, rx.url);
    try {
      await until(() => lines.some((l) => l.startsWith('Forwarding events to')), 'the listen banner');
      const t = spawnSync(
        process.execPath,
        [
          BIN,
          'trigger',
          'connect.session.complete',
          '--api-url',
          host.info.api_url,
          '--data-dir',
          dir,
          '--data',
          '{"price_available":false}',
        ],
        { encoding: 'utf8' },
      );
      expect(t.status).toBe(0);
      const [type, id] = t.stdout.trim().split(' ');
      expect(type).toBe('connect.session.complete');
      expect(id).toMatch(/^evt_/);
      await until(() => rx.got.length >= 1, 'the forwarded event');
      expect(JSON.parse(rx.got[0]!.body)).toMatchObject({ id, type, data: { price_available: false } });
      const line = await until(() => lines.find((l) => l.includes(id!)), 'the delivery line');
      expect(line).toMatch(new RegExp(`connect\\.session\\.complete\\s+${id}\\s+200\\s+[\\d.]+ ms`));
      const bad = spawnSync(
        process.execPath,
        [BIN, 'trigger', 'no.such.event', '--api-url', host.info.api_url, '--data-dir', dir],
        { encoding: 'utf8' },
      );
      expect(bad.status).toBe(1);
      expect(bad.stderr).toContain('type:');
      // listen's polling is marked as such: the journal's default view hides it. The requests the
      // commands made themselves (listen's endpoint, trigger's event) are marked cli and stay.
      const { api } = await loggedIn(host.info);
      const journal = async (q: string) =>
        (await api('GET', `/journal?limit=500${q}`)).body.data as {
          client: string | null;
          method: string;
          path: string;
        }[];
      const polls = (await journal('&path=/webhook-deliveries')).filter((e) => e.method === 'GET');
      expect(polls.length).toBeGreaterThan(0);
      expect(polls.every((e) => e.client === 'listen')).toBe(true);
      const shown = await journal('&exclude_app=true');
      expect(shown.filter((e) => e.path.startsWith('/webhook-deliveries'))).toEqual([]);
      expect(shown.filter((e) => e.client === 'listen')).toEqual([]);
      const commands = shown.filter((e) => e.client === 'cli').map((e) => `${e.method} ${e.path}`);
      expect(commands).toContain('POST /webhooks');
      expect(commands).toContain('POST /events/trigger');
    } finally {
      await stopAll([listener, 'SIGINT'], [host.child, 'SIGTERM']);
      await rx.close();
    }
  });

  it('listen --help and trigger --help print their usage and exit 0', () => {
    for (const [cmd, first] of [
      ['listen', 'Usage: tariff-desk listen --forward-to URL'],
      ['trigger', 'Usage: tariff-desk trigger TYPE'],
    ] as const) {
      const r = spawnSync(process.execPath, [BIN, cmd, '--help'], { encoding: 'utf8' });
      expect(r.status).toBe(0);
      expect(r.stdout.startsWith(first)).toBe(true);
      expect(r.stdout).toContain('--api-url URL');
      expect(r.stderr).toBe('');
    }
    expect(spawnSync(process.execPath, [BIN, 'trigger', '--help'], { encoding: 'utf8' }).stdout).toContain(
      'tariff.fetch.failed',
    );
  });

  it('trigger names a location and tariff that exist: created first on an empty host, reused after', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'td-trigger-'));
    const host = await spawnServe(dir, ['--no-demo']);
    try {
      const api = await bearerApi(host.info);
      expect((await api('GET', '/locations')).body.data).toHaveLength(0);
      const trigger = (type: string) => {
        const t = spawnSync(
          process.execPath,
          [BIN, 'trigger', type, '--api-url', host.info.api_url, '--data-dir', dir],
          {
            encoding: 'utf8',
          },
        );
        expect(t.stderr).toBe('');
        expect(t.status).toBe(0);
        return t.stdout.trim();
      };
      const first = trigger('tariff.updated');
      const m = /^tariff\.updated (evt_\w+) \(location (loc_\w+) created, tariff (trf_\w+) created\)$/.exec(first);
      expect(m, first).not.toBeNull();
      const [, evtId, locId, trfId] = m!;
      const evt = (await api('GET', `/events/${evtId}`)).body;
      expect(evt.data).toMatchObject({ id: trfId, location_id: locId });
      expect((await api('GET', `/tariffs/${trfId}`)).status).toBe(200);
      expect((await api('GET', `/locations/${locId}`)).status).toBe(200);

      const second = trigger('tariff.expiring');
      expect(second).toMatch(new RegExp(`\\(location ${locId} existing, tariff ${trfId} existing\\)$`));
      const expiring = (await api('GET', `/events/${second.split(' ')[1]}`)).body;
      expect(expiring.data).toMatchObject({ location_id: locId, tariff_id: trfId });
      const loc = (await api('GET', `/events/${trigger('location.updated').split(' ')[1]}`)).body;
      expect(loc.data.id).toBe(locId);
      // Exactly one location and one tariff were made for all three.
      expect((await api('GET', '/locations')).body.data).toHaveLength(1);
    } finally {
      await stopAll([host.child, 'SIGTERM']);
    }
  });

  it('listen says when its endpoint is disabled by a 410, and stops when it is deleted', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'td-listen-410-'));
    const host = await spawnServe(dir, ['--no-demo']);
    const rx = await receiver(() => ({ status: 410 }));
    const { child: listener, lines, exited } = spawnListen(host, dir, rx.url);
    try {
      const banner = await until(() => lines.find((l) => l.startsWith('Forwarding events to')), 'the listen banner');
      const endpointId = /endpoint (whe_\w+)/.exec(banner)![1]!;
      const api = await bearerApi(host.info);
      const evt = (await api('POST', '/events/trigger', { type: 'location.created' })).body;
      await until(() => lines.find((l) => l.includes(evt.id) && /\s410\s/.test(l)), 'the 410 attempt line');
      const disabled = await until(() => lines.find((l) => l.includes('was disabled')), 'the disabled line');
      expect(disabled).toBe(
        `Endpoint ${endpointId} was disabled: the endpoint answered 410 Gone. Deliveries are held until it is enabled again (Webhooks page, or PATCH /webhooks/${endpointId} {"disabled": false}).`,
      );
      await api('PATCH', `/webhooks/${endpointId}`, { disabled: false });
      await until(() => lines.find((l) => l.includes('is enabled again')), 'the enabled line');
      expect(lines.filter((l) => l.includes('was disabled'))).toHaveLength(1);
      expect((await api('DELETE', `/webhooks/${endpointId}`)).status).toBe(200);
      expect(await exited).toBe(1);
      expect(lines.at(-1)).toBe(`Endpoint ${endpointId} was deleted; nothing more will be delivered. listen stops.`);
    } finally {
      await stopAll([listener, 'SIGINT'], [host.child, 'SIGTERM']);
      await rx.close();
    }
  });
});

/** Raw API calls as the test key's bearer. */
async function bearerApi(info: { api_url: string; account_id: string; test_key: string }) {
  const login = await (
    await oneShotFetch(`${info.api_url}/login`, {
      headers: { authorization: 'Basic ' + Buffer.from(`${info.account_id}:${info.test_key}`).toString('base64') },
    })
  ).json();
  return async (method: string, path: string, body?: unknown) => {
    const r = await oneShotFetch(info.api_url + path, {
      method,
      headers: { authorization: `Bearer ${login.bearer_token}`, 'content-type': 'application/json' },
      body: body === undefined ? null : JSON.stringify(body),
    });
    return { status: r.status, body: await r.json() };
  };
}
