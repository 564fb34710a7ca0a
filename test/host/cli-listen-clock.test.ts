import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { spawnListen, spawnServe, stopAll, type Spawned } from './cli.js';
import { loggedIn } from '../e2e/host.js';
import { receiver, until } from '../webhooks/receiver.js';

const newSecret = () => 'whsec_' + randomBytes(32).toString('base64');
const CLOCK_LINE =
  "The service clock is shifted, 2 h ahead of real time. Webhook signatures (webhook-timestamp, Flatpeak-Timestamp) carry the real time they are sent, so a receiver's five-minute check passes; the events in them keep this clock's time (time_created).";

let dir: string;
let host: Spawned;
let api: Awaited<ReturnType<typeof loggedIn>>['api'];
const stops: (() => Promise<unknown>)[] = [];
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'td-listen-clock-'));
  host = await spawnServe(dir, ['--no-demo']);
  ({ api } = await loggedIn(host.info));
  expect((await api('POST', '/clock/advance', { seconds: 7200 })).body).toMatchObject({ mode: 'offset' });
  // A bearer minted before the jump has outlived its hour by the service clock: log in again.
  ({ api } = await loggedIn(host.info));
});
afterAll(async () => {
  for (const stop of stops) await stop();
  await stopAll([host.child, 'SIGTERM']);
});

function listen(forwardTo: string, extra: string[] = []) {
  const l = spawnListen(host, dir, forwardTo, extra);
  stops.push(() => stopAll([l.child, 'SIGINT']));
  return l;
}

describe('tariff-desk listen while the service clock is shifted', () => {
  it('says first that signatures carry real time; a refused delivery ends its line with the likely cause', async () => {
    const secret = newSecret();
    // Verifies the signature with the library (five-minute tolerance), then refuses an event dated far from its clock.
    const rx = await receiver((r) => {
      try {
        new Webhook(secret).verify(r.body, r.headers as Record<string, string>);
      } catch {
        return { status: 401 };
      }
      const created = Date.parse((JSON.parse(r.body) as { time_created: string }).time_created);
      return { status: Math.abs(created - Date.now()) > 300_000 ? 400 : 200 };
    });
    stops.push(rx.close);
    const run = listen(rx.url, ['--secret', secret]);
    const { lines } = run;
    await until(() => lines.length >= 3, 'the banner');
    expect(lines[0]).toBe(CLOCK_LINE);
    expect(lines[1]).toMatch(/^Forwarding events to /);

    const id = (await api('POST', '/events/trigger', { type: 'location.created' })).body.id as string;
    const line = await until(() => lines.find((l) => l.includes(id)), 'the delivery line').catch((e: unknown) => {
      throw new Error(`${String(e)}\n${lines.join('\n')}\n${run.stderr()}`);
    });
    // The signature verified (no 401): the refusal is the event-time check's, and the line says so.
    expect(line).toMatch(
      new RegExp(
        `\\s${id}\\s+400\\s+[\\d.]+ ms\\s+standard-webhooks  Refused \\(400\\) while the service clock is 2 h ahead of real time\\. The signature is dated by real time \\(\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ\\)`,
      ),
    );
    expect(line).toContain("the likely cause is a receiver that judges the event's own time (time_created ");
  });

  it('a secret made for this run keeps the first line; the clock line follows it', async () => {
    const rx = await receiver();
    stops.push(rx.close);
    const { lines } = listen(rx.url);
    await until(() => lines.length >= 4, 'the banner');
    expect(lines[0]).toMatch(/^Signing secret whsec_/);
    expect(lines[1]).toBe(CLOCK_LINE);
    expect(lines[2]).toMatch(/^Forwarding events to /);
  });
});
