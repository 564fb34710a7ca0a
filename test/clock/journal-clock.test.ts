import { afterEach, describe, expect, it } from 'vitest';
import { liveHost } from '../e2e/host.js';
import { receiver, until } from '../webhooks/receiver.js';
import { berlinAddress, tariffBody } from '../helpers.js';
import type { JournalEntry } from '../../core/engine/schemas/traffic.js';

const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()!();
});

/** Real time for this host: its base clock stands here, so a return to real time lands here too. */
const REAL = '2026-03-01T09:00:00Z';
/** Where the test freezes the clock: 13:00 in Berlin, when the demo market publishes tomorrow's prices. */
const T0 = '2026-03-01T12:00:00Z';
const HOUR_MS = 3_600_000;
const at = (iso: string, hours: number) => new Date(Date.parse(iso) + hours * HOUR_MS).toISOString().slice(0, 19) + 'Z';

/**
 * The clock's entries, oldest first: their time and what the clock says it did. Of the demo
 * market's regions, publishing each at 13:00 in its own zone, Berlin's stands for them all.
 */
const clockLines = (entries: JournalEntry[]) =>
  entries
    .filter((e) => e.kind === 'clock')
    .filter((e) => e.clock?.action !== 'fired' || e.clock.work !== 'market_publication' || /DE-LU/.test(e.path))
    .reverse()
    .map((e) => ({ time: e.time, clock: e.clock }));

describe("the clock's own journal entries", () => {
  it('a move and the due work it runs are clock entries carrying their instants; requests stay requests', async () => {
    let down = true;
    const rx = await receiver(() => ({ status: down ? 503 : 200 }));
    cleanup.push(rx.close);
    const env = await liveHost({ demo: false, now: REAL, webhooks: { timeoutMs: 2000 } });
    cleanup.push(() => env.host.stop());
    const { client: api } = env;
    const ep = await api.call('webhooks.create', { body: { url: rx.url, enabled_events: ['location.updated'] } });
    const loc = await api.call('locations.create', { body: { postal_address: berlinAddress } });
    // The contract ends 8 days and 6 hours after T0: tariff.expiring falls due 7 days before.
    const end = at(T0, 8 * 24 + 6);
    await api.call('tariffs.create', {
      body: tariffBody(loc.id, { contract_start_date: '2026-01-01', contract_end_date: end }) as never,
    });
    await api.call('events.trigger', { body: { type: 'location.updated' } });
    // The first attempt fails at once; its retry waits for the clock, which stands at REAL.
    const retryAt = await until(async () => {
      const d = await api.call('webhook_deliveries.list', { query: { endpoint_id: ep.id } });
      return d.data.length === 1 && d.data[0]!.attempts === 1 ? d.data[0]!.next_attempt_at : undefined;
    }, 'the first attempt');
    down = false;
    await api.call('journal.clear');

    // Frozen at T0, three hours on: the retry fires on the way, and the market publishes at T0.
    await api.call('clock.set', { body: { mode: 'frozen', now: T0 } });
    const set = (await api.call('journal.list', { query: { limit: 100 } })).data;
    expect(clockLines(set)).toEqual([
      {
        time: retryAt,
        clock: {
          action: 'fired',
          work: 'webhook_retries',
          at: retryAt,
          summary: 'webhook outbox: deliveries due by now attempted',
        },
      },
      {
        time: T0,
        clock: {
          action: 'fired',
          work: 'market_publication',
          at: T0,
          summary: 'market DE-LU, NO1: day-ahead prices published',
        },
      },
      { time: T0, clock: { action: 'moved', from: REAL, to: T0, from_mode: 'real', mode: 'frozen' } },
    ]);
    // The request that moved it is a request, recorded after what it caused (the typed client's
    // login again, the move having outlived its bearer, is a request too).
    const put = set.find((e) => e.method === 'PUT')!;
    expect(put).toMatchObject({ kind: 'request', clock: null, path: '/clock', status: 200 });
    expect(put.id).toBeGreaterThan(Math.max(...set.filter((e) => e.kind === 'clock').map((e) => e.id)));
    // Older clients read the same entries as before: surface and method `clock`, status 200, words in the path.
    expect(set.find((e) => e.clock?.action === 'moved')).toMatchObject({
      surface: 'clock',
      method: 'CLOCK',
      status: 200,
      path: `clock moved ${REAL} → ${T0} (frozen)`,
    });
    const delivered = await api.call('webhook_deliveries.list', { query: { endpoint_id: ep.id } });
    expect(delivered.data.map((d) => d.status)).toEqual(['delivered']);

    // 42 hours on: the next day's publication and the contract's expiring, each at its instant.
    await api.call('journal.clear');
    const landed = at(T0, 42);
    await api.call('clock.advance', { body: { seconds: 42 * 3600 } });
    expect(clockLines((await api.call('journal.list', { query: { kind: 'clock' } })).data)).toEqual([
      {
        time: at(T0, 24),
        clock: {
          action: 'fired',
          work: 'market_publication',
          at: at(T0, 24),
          summary: 'market DE-LU, NO1: day-ahead prices published',
        },
      },
      {
        time: at(end, -7 * 24),
        clock: {
          action: 'fired',
          work: 'tariff_lifecycle',
          at: at(end, -7 * 24),
          summary: '1 tariff lifecycle event recorded',
        },
      },
      { time: landed, clock: { action: 'moved', from: T0, to: landed, from_mode: 'frozen', mode: 'frozen' } },
    ]);

    // Back to T0 fires nothing; back to real time lands where the host's real clock stands.
    await api.call('journal.clear');
    await api.call('clock.set', { body: { mode: 'frozen', now: T0 } });
    await api.call('clock.set', { body: { mode: 'real' } });
    const back = (await api.call('journal.list', { query: { kind: 'clock' } })).data;
    expect(clockLines(back)).toEqual([
      { time: T0, clock: { action: 'moved', from: landed, to: T0, from_mode: 'frozen', mode: 'frozen' } },
      { time: REAL, clock: { action: 'moved', from: T0, to: REAL, from_mode: 'frozen', mode: 'real' } },
    ]);
    // `kind` keeps one kind; the method filter `CLOCK` still finds the clock's entries.
    const requests = (await api.call('journal.list', { query: { kind: 'request' } })).data;
    expect(requests.every((e) => e.kind === 'request' && e.clock === null)).toBe(true);
    expect(requests.filter((e) => e.method !== 'GET').map((e) => `${e.method} ${e.path} ${e.status}`)).toEqual([
      'PUT /clock 200',
      'PUT /clock 200',
    ]);
    expect((await api.call('journal.list', { query: { method: 'CLOCK' } })).data).toEqual(back);
    const bad = await api.call('journal.list', { query: { kind: 'tick' as never } }).catch((e: unknown) => e);
    expect(bad).toMatchObject({ status: 400, code: 'kind_invalid' });
  });

  it('a scenario restored or a workspace imported that brings its own clock is a move too, with its row', async () => {
    const env = await liveHost({ demo: false, now: REAL });
    cleanup.push(() => env.host.stop());
    const { client: api } = env;
    await api.call('clock.set', { body: { mode: 'frozen', now: T0 } });
    const saved = await api.call('scenarios.create', { body: { name: 'At T0' } });
    const bundle = await api.call('workspace.export');
    const later = at(T0, 5 * 24);
    await api.call('clock.set', { body: { mode: 'frozen', now: later } });
    await api.call('journal.clear');

    await api.call('scenarios.restore', { params: { id: saved.id } });
    const moves = async () =>
      (await api.call('journal.list', { query: { kind: 'clock' } })).data
        .filter((e) => e.clock?.action === 'moved')
        .map((e) => ({ time: e.time, clock: e.clock }));
    expect(await moves()).toEqual([
      { time: T0, clock: { action: 'moved', from: later, to: T0, from_mode: 'frozen', mode: 'frozen' } },
    ]);

    // A workspace written at T0, imported with the clock moved on again.
    await api.call('clock.set', { body: { mode: 'frozen', now: later } });
    await api.call('journal.clear');
    await api.call('workspace.import', { body: { files: bundle.files, replace: true } });
    expect(await moves()).toEqual([
      { time: T0, clock: { action: 'moved', from: later, to: T0, from_mode: 'frozen', mode: 'frozen' } },
    ]);
    // One that leaves the clock where it is writes no move.
    await api.call('journal.clear');
    await api.call('workspace.import', { body: { files: bundle.files, replace: true } });
    expect(await moves()).toEqual([]);
  });
});
