import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, spawnListen, spawnServe, stopAll, type Spawned } from './cli.js';
import { loggedIn } from '../e2e/host.js';
import { receiver, until, verifyStandardWebhook } from '../webhooks/receiver.js';
import { docsNodeReceiver } from '../webhooks/doc-receivers.js';

/** A secret as a receiver would make one for itself: `whsec_` and the base64 of 32 random bytes. */
const newSecret = () => 'whsec_' + randomBytes(32).toString('base64');

let dir: string;
let host: Spawned;
let api: Awaited<ReturnType<typeof loggedIn>>['api'];
const stops: (() => Promise<unknown>)[] = [];
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'td-listen-secret-'));
  host = await spawnServe(dir, ['--no-demo']);
  ({ api } = await loggedIn(host.info));
});
afterAll(async () => {
  for (const stop of stops) await stop();
  await stopAll([host.child, 'SIGTERM']);
});

/** One event recorded on the host; its id. */
const trigger = async (type = 'location.created') => (await api('POST', '/events/trigger', { type })).body.id as string;
/** listen as a process, stopped (SIGINT, as Ctrl+C) at the end of the file. */
function listen(forwardTo: string | undefined, extra: string[] = []) {
  const l = spawnListen(host, dir, forwardTo, extra);
  stops.push(() => stopAll([l.child, 'SIGINT']));
  return l;
}
/** The delivery line listen printed for an event: time, type, id, status, latency, scheme. */
const lineOf = (lines: string[], eventId: string) =>
  until(() => lines.find((l) => l.includes(eventId)), `listen's line for ${eventId}`);
/** The listen command run to its end, for the refusals (no host needed before the first request). */
const listenOnce = (args: string[]) =>
  spawnSync(process.execPath, [BIN, 'listen', ...args, '--api-url', host.info.api_url, '--data-dir', dir], {
    encoding: 'utf8',
  });

describe('tariff-desk listen signs with the secret the receiver already has', () => {
  it('--secret: the receiver docs/webhooks.md prints, run with that secret, verifies every forwarded delivery', async () => {
    const secret = newSecret();
    // The outside check: a separate program that answers 401 to anything that does not verify with its secret.
    const rx = await docsNodeReceiver(secret);
    stops.push(rx.stop);
    // A control: an endpoint of its own secret pointing at the same receiver is refused.
    const control = (await api('POST', '/webhooks', { url: `${rx.url}/webhooks`, description: 'control' })).body;
    const { lines } = listen(`${rx.url}/webhooks`, ['--secret', secret]);
    const banner = await until(() => lines.find((l) => l.startsWith('Forwarding events to')), 'the banner');
    // The secret was given, so none is made, and the one given is not echoed.
    expect(lines[0]).toBe(banner);
    expect(banner).toMatch(
      new RegExp(`^Forwarding events to ${rx.url}/webhooks \\(endpoint whe_\\w+\\)\\. Ctrl\\+C stops and removes`),
    );
    expect(lines.join('\n')).not.toContain(secret);
    await until(() => lines.length >= 2, 'the signing line');
    expect(lines[1]).toContain('Standard Webhooks with the secret given by --secret (spec)');
    const endpointId = /endpoint (whe_\w+)/.exec(banner)![1]!;
    expect((await api('GET', `/webhooks/${endpointId}`)).body.secret).toBe(secret);

    const ids = [await trigger('connect.session.complete'), await trigger('tariff.created')];
    for (const id of ids)
      expect(await lineOf(lines, id)).toMatch(new RegExp(`\\s${id}\\s+200\\s+[\\d.]+ ms\\s+standard-webhooks$`));
    const refused = await until(async () => {
      const d = (await api('GET', `/webhook-deliveries?endpoint_id=${control.id}`)).body.data as {
        event_id: string;
        attempt_log: { status: number }[];
      }[];
      return d.find((x) => x.event_id === ids[0] && x.attempt_log.length > 0);
    }, 'the control delivery');
    expect(refused.attempt_log[0]!.status).toBe(401);
    await api('DELETE', `/webhooks/${control.id}`);
  });

  it('without --secret: the secret listen made is on its first line, and deliveries verify with it', async () => {
    let printed = '';
    const rx = await receiver((r) => ({ status: verifyStandardWebhook(printed, r.headers, r.body) ? 200 : 401 }));
    stops.push(rx.close);
    const { lines } = listen(rx.url);
    await until(() => lines.length >= 3, 'the banner');
    const m =
      /^Signing secret (whsec_[A-Za-z0-9+/=]+) \(made for this run: give it to the receiver, or pass the one it has with --secret\)$/.exec(
        lines[0]!,
      );
    expect(m, lines[0]).not.toBeNull();
    printed = m![1]!;
    expect(lines[1]).toMatch(/^Forwarding events to .* \(endpoint whe_\w+\)/);
    expect(lines[2]).toContain('Standard Webhooks with that secret (spec)');
    const id = await trigger();
    expect(await lineOf(lines, id)).toMatch(/\s200\s/);
    const got = rx.got.find((r) => r.headers['webhook-id'] === id)!;
    const serviceNow = Date.parse((await api('GET', '/clock')).body.now);
    expect(verifyStandardWebhook(printed, got.headers, got.body, serviceNow)).toBe(true);
    expect(verifyStandardWebhook(newSecret(), got.headers, got.body, serviceNow)).toBe(false);
  });

  it('--endpoint: watches an endpoint and its secret, prints only new attempts, and keeps it on Ctrl+C', async () => {
    const secret = newSecret();
    const rx = await docsNodeReceiver(secret);
    stops.push(rx.stop);
    const ep = (await api('POST', '/webhooks', { url: `${rx.url}/hook`, secret, enabled_events: ['location.created'] }))
      .body;
    const before = await trigger();
    await until(async () => {
      const d = (await api('GET', `/webhook-deliveries?endpoint_id=${ep.id}`)).body.data as { status: string }[];
      return d[0]?.status === 'delivered';
    }, 'the delivery before listen');

    const { child, lines, exited } = listen(undefined, ['--endpoint', ep.id]);
    await until(() => lines.length >= 2, 'the banner');
    expect(lines[0]).toBe(
      `Watching endpoint ${ep.id}, which delivers to ${rx.url}/hook (events: location.created). Ctrl+C stops; the endpoint is kept.`,
    );
    expect(lines[1]).toContain("Standard Webhooks with the endpoint's own secret (spec)");
    expect(lines.join('\n')).not.toContain('whsec_');
    const after = await trigger();
    expect(await lineOf(lines, after)).toMatch(/\s200\s+[\d.]+ ms\s+standard-webhooks$/);
    // What was delivered before listen started is history, not printed.
    expect(lines.some((l) => l.includes(before))).toBe(false);
    // The same URL given again is fine.
    const same = listen(`${rx.url}/hook`, ['--endpoint', ep.id]);
    await until(() => same.lines[0]?.startsWith(`Watching endpoint ${ep.id}`), 'the second banner');

    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect((await api('GET', `/webhooks/${ep.id}`)).body).toMatchObject({ id: ep.id, secret, disabled: false });
  });

  it('refuses what cannot go together, or a secret that is not one, before registering anything', async () => {
    const endpoints = async () => ((await api('GET', '/webhooks')).body.data as unknown[]).length;
    const count = await endpoints();
    const refusals: [string[], string][] = [
      [
        ['--endpoint', 'whe_abc', '--secret', newSecret()],
        '--secret and --endpoint: an endpoint signs with its own secret',
      ],
      [['--endpoint', 'whe_abc', '--events', 'tariff.created'], '--events and --endpoint'],
      [['--secret', newSecret()], '--forward-to URL is required (or --endpoint whe_… to watch an endpoint you have)'],
      [
        ['--forward-to', 'http://127.0.0.1:9/x', '--secret', 'whsec_short'],
        '--secret: must be whsec_ and the base64 of 24 to 64 random bytes (secret_invalid)',
      ],
      [['--forward-to', 'http://127.0.0.1:9/x', '--secret', 'not-a-secret'], '(secret_invalid)'],
      [['--endpoint', 'not-an-id'], '--endpoint: must be a webhook_endpoint id (whe_…) (webhook_endpoint_id_invalid)'],
    ];
    for (const [args, said] of refusals) {
      const r = listenOnce(args);
      expect([args.join(' '), r.status]).toEqual([args.join(' '), 1]);
      expect(r.stderr).toContain(said);
      expect(r.stdout).toBe('');
    }
    const ep = (await api('POST', '/webhooks', { url: 'http://127.0.0.1:9/mine' })).body;
    const other = listenOnce(['--endpoint', ep.id, '--forward-to', 'http://127.0.0.1:9/other']);
    expect(other.status).toBe(1);
    expect(other.stderr).toContain(
      `endpoint ${ep.id} delivers to http://127.0.0.1:9/mine, not http://127.0.0.1:9/other: leave out --forward-to`,
    );
    const unknown = listenOnce(['--endpoint', 'whe_nothere']);
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('(webhook_endpoint_not_found)');
    expect(await endpoints()).toBe(count + 1);
  });
});
