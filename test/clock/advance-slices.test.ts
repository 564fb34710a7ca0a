import { afterEach, describe, expect, it } from 'vitest';
import { isoSeconds } from '../../core/engine/clock.js';
import { liveHost, loggedIn } from '../e2e/host.js';
import { receiver, until } from '../webhooks/receiver.js';
import { berlinAddress, tariffBody } from '../helpers.js';
import { stats } from '../bench/lib.js';
import { ClockState } from '../../core/engine/api/routes/clock.js';
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, spawnServe, stopAll } from '../host/cli.js';
import { oneShotFetch } from '../one-shot-fetch.js';

const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()!();
});

const T0 = '2026-03-01T12:00:00Z';
const DAY_MS = 86_400_000;
const TEN_YEARS_S = 3653 * 86_400;

describe('a long clock advance', () => {
  it('ten years: answers 202 with progress, other requests stay fast meanwhile, and every lifecycle event fires once, in order, at its instant', async () => {
    const rx = await receiver();
    cleanup.push(rx.close);
    const env = await liveHost({ demo: false });
    cleanup.push(() => env.host.stop());
    const { api } = env;
    expect((await api('PUT', '/clock', { mode: 'frozen', now: T0 })).status).toBe(200);
    await api('PATCH', '/settings', { rate_limit_per_minute: 1_000_000 });
    expect(
      (await api('POST', '/webhooks', { url: rx.url, enabled_events: ['tariff.expiring', 'tariff.expired'] })).status,
    ).toBe(200);
    const loc = (await api('POST', '/locations', { postal_address: berlinAddress })).body;
    // Contracts one after another, each ending five months after the last: an expiring and an expired event each.
    const expected: { type: string; tariff: string; at: number }[] = [];
    let start = '2026-01-01T00:00:00Z';
    for (let i = 1; i <= 23; i++) {
      const end = new Date(Date.parse(T0) + i * 152 * DAY_MS + i * 3600_000).toISOString();
      const t = await api(
        'POST',
        '/tariffs',
        tariffBody(loc.id, { contract_start_date: start, contract_end_date: end }),
      );
      expect(t.status, JSON.stringify(t.body)).toBe(200);
      expected.push({ type: 'tariff.expiring', tariff: t.body.id, at: Date.parse(end) - 7 * DAY_MS });
      expected.push({ type: 'tariff.expired', tariff: t.body.id, at: Date.parse(end) });
      start = end;
    }
    expected.sort((a, b) => a.at - b.at);

    // A short advance lands before it answers, as always.
    const short = await api('POST', '/clock/advance', { seconds: 3600 });
    expect(short.status).toBe(200);
    expect(short.body.advancing).toBeUndefined();
    const from = short.body.now;

    const started = performance.now();
    const long = await api('POST', '/clock/advance', { seconds: TEN_YEARS_S });
    const answeredMs = performance.now() - started;
    expect(long.status).toBe(202);
    const target = isoSeconds(Date.parse(from) + TEN_YEARS_S * 1000);
    expect(ClockState.parse(long.body).advancing).toMatchObject({ from, target });
    // One advance at a time.
    const again = await api('POST', '/clock/advance', { seconds: 60 });
    expect(again).toMatchObject({ status: 422, body: { code: 'clock_advancing' } });
    expect(await api('PUT', '/clock', { mode: 'real' })).toMatchObject({
      status: 422,
      body: { code: 'clock_advancing' },
    });

    // Meanwhile: other requests, each timed (the bearer lapses as virtual years pass: logging in again counts too).
    const latencies: number[] = [];
    const { api_url, account_id, test_key } = env.info;
    let bearer = env.bearer;
    const timed = async (path: string, basic = false) => {
      const t = performance.now();
      const r = await oneShotFetch(api_url + path, {
        headers: {
          authorization: basic
            ? 'Basic ' + Buffer.from(`${account_id}:${test_key}`).toString('base64')
            : `Bearer ${bearer}`,
        },
      });
      const body = await r.json();
      latencies.push(performance.now() - t);
      return { status: r.status, body };
    };
    const get = async (path: string) => {
      let r = await timed(path);
      if (r.status === 401) {
        bearer = (await timed('/login', true)).body.bearer_token;
        r = await timed(path);
      }
      return r;
    };
    const progress: string[] = [];
    for (;;) {
      const [clock, got] = await Promise.all([get('/clock'), get(`/locations/${loc.id}`)]);
      expect(clock.status).toBe(200);
      expect(got.status).toBe(200);
      const state = ClockState.parse(clock.body);
      if (!state.advancing) {
        expect(state.now).toBe(target);
        break;
      }
      expect(state.advancing.target).toBe(target);
      progress.push(state.advancing.done_until);
      // A guard against a loop for ever, not a time the machine must meet.
      expect(performance.now() - started, 'the advance lands').toBeLessThan(200_000);
    }
    const landedMs = performance.now() - started;
    const s = stats(latencies);
    console.log(
      `advance-slices: 10 years answered 202 in ${answeredMs.toFixed(0)} ms, landed after ${landedMs.toFixed(0)} ms; ` +
        `${latencies.length} requests meanwhile: p50 ${s.p50.toFixed(1)} ms, p99 ${s.p99.toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms; ${progress.length} progress readings`,
    );
    // Sliced, no request waits for the advance: each is answered in a small share of its time,
    // however slow the machine (a request held for the whole advance would take all of it).
    expect(Math.max(...latencies)).toBeLessThan(landedMs / 4);
    expect(progress.length, 'progress was seen under way').toBeGreaterThan(1);
    expect([...progress].sort()).toEqual(progress);

    bearer = (await timed('/login', true)).body.bearer_token;
    // Every lifecycle event once, in time order, stamped with its own instant.
    const events: { type: string; data: { tariff_id: string }; time_created: string }[] = [];
    let after: string | undefined;
    for (;;) {
      const page = (await get(`/events?limit=100${after ? `&starting_after=${after}` : ''}`)).body as {
        data: { id: string; type: string; data: { tariff_id: string }; time_created: string }[];
        has_more: boolean;
      };
      events.push(...page.data.filter((e) => e.type.startsWith('tariff.expir')));
      if (!page.has_more) break;
      after = page.data.at(-1)!.id;
    }
    const recorded = events.reverse().map((e) => `${e.type} ${e.data.tariff_id} ${e.time_created}`);
    const want = expected.map((e) => `${e.type} ${e.tariff} ${isoSeconds(e.at)}`);
    expect(recorded).toEqual(want);
    // Each delivered once, in the same order.
    await until(() => rx.got.length >= want.length, 'every lifecycle webhook');
    await new Promise((r) => setTimeout(r, 200));
    const delivered = rx.got.map((r) => {
      const b = JSON.parse(r.body) as { type: string; data: { tariff_id: string }; time_created: string };
      return `${b.type} ${b.data.tariff_id} ${b.time_created}`;
    });
    expect(delivered).toEqual(want);
  }, 480_000);

  it('tariff-desk clock advance follows a long advance until it lands', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'td-advance-'));
    const host = await spawnServe(dir);
    cleanup.push(() => stopAll([host.child, 'SIGTERM']));
    const cli = (...args: string[]) =>
      spawnSync(process.execPath, [BIN, 'clock', ...args, '--api-url', host.info.api_url, '--data-dir', dir], {
        encoding: 'utf8',
      });
    expect(cli('freeze', T0).status).toBe(0);
    const r = cli('advance', '3650d');
    expect(r.status, r.stderr).toBe(0);
    const target = isoSeconds(Date.parse(T0) + 3650 * DAY_MS);
    expect(r.stdout).toMatch(new RegExp(`^${target.replace(/\./g, '\\.')}  frozen \\(\\+\\d+ s from real time\\)\\n$`));
    expect(r.stderr).toMatch(/^advancing: done until \S+, landing at /m);
    const shown = cli();
    expect(shown.stdout.startsWith(`${target}  frozen`), shown.stdout + shown.stderr).toBe(true);
  }, 480_000);

  it('a host stopped in the middle of a long advance (SIGTERM or SIGKILL) starts again where the advance had got to', async () => {
    for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
      const dir = mkdtempSync(join(tmpdir(), 'td-advance-stop-'));
      let host = await spawnServe(dir, ['--no-demo']);
      let { api } = await loggedIn(host.info);
      expect((await api('PUT', '/clock', { mode: 'frozen', now: T0 })).status).toBe(200);
      const long = await api('POST', '/clock/advance', { seconds: TEN_YEARS_S });
      expect(long.status).toBe(202);
      const target = long.body.advancing.target as string;
      await new Promise((r) => setTimeout(r, 300));
      const seen = ClockState.parse((await api('GET', '/clock')).body);
      const exited = host.exited;
      host.child.kill(signal);
      expect(await exited, `${signal}: the host exits`).not.toBe(1);
      host = await spawnServe(dir, ['--no-demo']);
      cleanup.push(() => stopAll([host.child, 'SIGTERM']));
      ({ api } = await loggedIn(host.info));
      const after = ClockState.parse((await api('GET', '/clock')).body);
      expect(after.advancing, signal).toBeUndefined();
      expect(after.mode).toBe('frozen');
      // Saved after every slice: no further back than a slice before the progress last seen.
      expect(Date.parse(after.now), signal).toBeGreaterThanOrEqual(
        Date.parse(seen.advancing?.done_until ?? target) - 30 * DAY_MS,
      );
      expect(Date.parse(after.now), signal).toBeLessThanOrEqual(Date.parse(target));
      expect(Date.parse(after.now), signal).toBeGreaterThan(Date.parse(T0));
      await stopAll([host.child, 'SIGTERM']);
    }
  }, 480_000);
});
