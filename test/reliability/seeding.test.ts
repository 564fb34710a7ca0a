import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { BIN, FREE_PORTS, spawnServe, stopAll } from '../host/cli.js';
import { loggedIn } from '../e2e/host.js';
import { HOST_FILE } from '../../core/hosts/constants.js';

const ROUNDS = Number(process.env.SEED_ROUNDS ?? 8);
const DEMO_REFS = ['demo-austin', 'demo-berlin', 'demo-london', 'demo-solar-home', 'demo-sydney'];

/**
 * Starts `serve` on a new folder and SIGKILLs it `ms` after the spawn, or, with `afterHostFile`,
 * `ms` after the host file appears (the host writes it just before seeding): answers whether it got ready.
 */
async function killDuringStart(dir: string, ms: number, afterHostFile = false) {
  const started = performance.now();
  const child = spawn(process.execPath, [BIN, 'serve', '--json', ...FREE_PORTS, '--data-dir', dir], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const exited = new Promise((done) => child.once('exit', done));
  let readyMs = -1;
  const ready = new Promise<void>((done) =>
    createInterface({ input: child.stdout! }).once('line', () => {
      readyMs = performance.now() - started;
      done();
    }),
  );
  // ms Infinity: killed once ready (or once it exits by itself), however long a start takes here.
  if (ms === Infinity) await Promise.race([ready, exited]);
  else if (afterHostFile)
    while (!existsSync(join(dir, HOST_FILE)) && child.exitCode === null && performance.now() - started < 60_000)
      await new Promise((r) => setTimeout(r, 1));
  if (ms !== Infinity) await new Promise((r) => setTimeout(r, ms));
  child.kill('SIGKILL');
  await exited;
  return { ready: readyMs >= 0, readyMs };
}

/** The test-mode world after a normal start: every demo location, tariff and endpoint, counted. */
async function demoWorld(dir: string) {
  const host = await spawnServe(dir);
  try {
    const { api } = await loggedIn(host.info);
    const locations = (await api('GET', '/locations?limit=100')).body.data as { id: string; reference_id: string }[];
    let tariffs = 0;
    for (const l of locations) tariffs += (await api('GET', `/tariffs?location_id=${l.id}&limit=100`)).body.data.length;
    const endpoints = (await api('GET', '/webhooks?limit=100')).body.data as { description: string }[];
    const customers = (await api('GET', '/customers')).body.data as { locations: string[] }[];
    const devices = (await api('GET', '/devices')).body.data as unknown[];
    const records = (await api('GET', '/meter-records?limit=10000')).body.data as unknown[];
    return {
      refs: locations.map((l) => l.reference_id).sort(),
      tariffs,
      endpoints: endpoints.length,
      customers: customers.map((c) => c.locations.length),
      devices: devices.length,
      records: records.length,
    };
  } finally {
    await stopAll([host.child, 'SIGTERM']);
  }
}

const COMPLETE = { refs: DEMO_REFS, tariffs: 8, endpoints: 1, customers: [2, 1], devices: 2, records: 68 };

describe('first-start demo seeding', () => {
  it(`a SIGKILL at ${ROUNDS} moments of a first start leaves the whole demo world once after a restart`, async () => {
    const dirs: string[] = [];
    const fresh = () => {
      const d = mkdtempSync(join(tmpdir(), 'td-seed-'));
      dirs.push(d);
      return d;
    };
    try {
      // How long a first start takes here, so the kills spread over it.
      const first = await killDuringStart(fresh(), Infinity);
      expect(first.ready, 'a first start gets ready').toBe(true);
      expect(await demoWorld(dirs[0]!)).toEqual(COMPLETE);
      const kills: string[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const dir = fresh();
        // Even rounds: anywhere in the start; odd rounds: within the seeding, a few ms after the host file.
        const seeding = round % 2 === 1;
        const at = seeding ? Math.random() * 12 : first.readyMs * (0.2 + (0.8 * (round + Math.random())) / ROUNDS);
        const { ready } = await killDuringStart(dir, at, seeding);
        const what = `${seeding ? 'host file + ' : ''}${Math.round(at)} ms${ready ? ' (after ready)' : ''}`;
        kills.push(what);
        expect(await demoWorld(dir), `killed at ${what}`).toEqual(COMPLETE);
        // A second restart seeds nothing again.
        expect(await demoWorld(dir), `second restart after a kill at ${what}`).toEqual(COMPLETE);
      }
      console.log(`seeding: first start ready in ${Math.round(first.readyMs)} ms; killed at ${kills.join(', ')}`);
    } finally {
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
    }
  }, 480_000);
});
