import { isoSeconds } from '../../core/engine/clock.js';
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { liveHost } from '../e2e/host.js';
import { berlinAddress, tariffBody } from '../helpers.js';
import { DB_FILE } from '../../core/node/db/database.js';
import { migrations } from '../../core/node/db/migrations.js';

const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()!();
});

const T0 = Date.parse('2026-03-01T12:00:00.000Z');
const DAY = 86_400_000;
// Instants as the service writes them: whole seconds.
const iso = (ms: number) => isoSeconds(ms);

async function start(dataDir: string) {
  const env = await liveHost({ dataDir, demo: false });
  cleanup.push(() => env.host.stop());
  return env;
}

/** Every lifecycle event recorded, oldest first, as `type tariff instant`. */
async function lifecycleEvents(client: Awaited<ReturnType<typeof start>>['client']) {
  const page = await client.call('events.list', { query: { limit: 100 } });
  return page.data
    .filter((e) => e.type.startsWith('tariff.expir'))
    .reverse()
    .map((e) => `${e.type} ${(e.data as { tariff_id: string }).tariff_id} ${e.time_created}`);
}

describe('start-up reads only the tariffs still owing a lifecycle event', () => {
  it('a folder from before that index: the upgrade finds every owed event (edited and deleted tariffs too) and sends none twice', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'td-owed-'));
    let { host, client } = await start(dir);
    await client.call('clock.set', { body: { mode: 'frozen', now: iso(T0) } });
    const loc = await client.call('locations.create', { body: { postal_address: berlinAddress } });
    const ends = [10, 20, 40, 50].map((d) => iso(T0 + d * DAY));
    const ids: string[] = [];
    let from = '2026-01-01T00:00:00Z';
    for (const end of ends) {
      const t = await client.call('tariffs.create', {
        body: tariffBody(loc.id, { contract_start_date: from, contract_end_date: end }) as never,
      });
      ids.push(t.id);
      from = end;
    }
    const [t1, t2, t3, t4] = ids as [string, string, string, string];
    // t1's expiring falls due on the way (day 3); t3 now ends on day 30; t4 goes.
    await client.call('clock.advance', { body: { seconds: 4 * 86_400 } });
    await client.call('tariffs.update', {
      params: { id: t3 },
      body: { contract_end_date: iso(T0 + 30 * DAY) },
    });
    await client.call('tariffs.delete', { params: { id: t4 } });
    expect(await lifecycleEvents(client)).toEqual([`tariff.expiring ${t1} ${iso(T0 + 3 * DAY)}`]);
    await host.stop();
    cleanup.pop();

    // The folder as the version before the index left it (and before customers and meter records).
    const db = new BetterSqlite3(join(dir, DB_FILE));
    expect(db.pragma('user_version', { simple: true })).toBe(migrations.at(-1)!.version);
    for (const table of ['customers', 'devices', 'meter_records', 'meter_readings']) db.exec(`DROP TABLE ${table}`);
    db.exec('DROP INDEX locations_customer');
    db.exec('ALTER TABLE locations DROP COLUMN customer_id');
    const triggers = db.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger'").pluck().all() as string[];
    for (const name of triggers) db.exec(`DROP TRIGGER ${name}`);
    db.exec('DROP TABLE lifecycle_owed');
    db.pragma('user_version = 8');
    db.close();

    ({ host, client } = await start(dir));
    await client.call('clock.advance', { body: { seconds: 30 * 86_400 } });
    expect(await lifecycleEvents(client)).toEqual([
      `tariff.expiring ${t1} ${iso(T0 + 3 * DAY)}`,
      `tariff.expired ${t1} ${iso(T0 + 10 * DAY)}`,
      `tariff.expiring ${t2} ${iso(T0 + 13 * DAY)}`,
      `tariff.expired ${t2} ${iso(T0 + 20 * DAY)}`,
      `tariff.expiring ${t3} ${iso(T0 + 23 * DAY)}`,
      `tariff.expired ${t3} ${iso(T0 + 30 * DAY)}`,
    ]);
    // Nothing is owed any more: another restart and a further month send nothing.
    await host.stop();
    cleanup.pop();
    ({ client } = await start(dir));
    await client.call('clock.advance', { body: { seconds: 31 * 86_400 } });
    expect(await lifecycleEvents(client)).toHaveLength(6);
  });
});
