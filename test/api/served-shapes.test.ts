import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { harness, tariffBody, type Harness } from '../helpers.js';
import { createService } from '../../core/node/service.js';
import { DB_FILE } from '../../core/node/db/database.js';
import { seedDemo } from '../../core/node/demo/seed.js';
import { fixedClock } from '../../core/engine/clock.js';

/** Contract dates as RFC 3339 date-times, and events stored by an earlier version read in today's shape. */

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

let h: Harness;
beforeEach(async () => (h = await harness('2026-03-01T12:00:00Z')));
afterEach(() => h.close());

describe('contract dates', () => {
  it.each([
    [{ city: 'Berlin', country_code: 'DE' }, '2026-01-01T00:00:00+01:00', '2026-07-01T00:00:00+02:00'],
    [{ city: 'Sydney', state: 'NSW', country_code: 'AU' }, '2026-01-01T00:00:00+11:00', '2026-07-01T00:00:00+10:00'],
    // Santiago skips midnight on 2026-09-06: the day starts at 01:00.
    [{ city: 'Santiago', state: 'RM', country_code: 'CL' }, '2026-09-06T01:00:00-03:00', '2027-01-01T00:00:00-03:00'],
  ])('a bare date sent for %o is stored and answered as local midnight', async (address, start, end) => {
    const loc = await h.location(h.test, address);
    const bare = (iso: string) => iso.slice(0, 10);
    const t = await h.tariff(loc.id, { contract_start_date: bare(start), contract_end_date: bare(end) });
    expect([t.contract_start_date, t.contract_end_date]).toEqual([start, end]);
    const again = (await h.call({ method: 'GET', url: `/tariffs/${t.id}`, headers: h.test })).body;
    expect([again.contract_start_date, again.contract_end_date]).toEqual([start, end]);
    // A date-time is kept as written; PATCH takes a bare date as create does.
    const patched = await h.call({
      method: 'PATCH',
      url: `/tariffs/${t.id}`,
      headers: h.test,
      payload: { contract_end_date: '2028-01-01T00:00:00Z' },
    });
    expect(patched.body.contract_end_date).toBe('2028-01-01T00:00:00Z');
  });

  it('every contract date of the demo world, in tariffs and statuses, is an RFC 3339 date-time', async () => {
    await seedDemo(h.svc, { accountId: h.cred.account_id, liveMode: false });
    const locations = (await h.call({ method: 'GET', url: '/locations', headers: h.test })).body.data;
    expect(locations.length).toBeGreaterThan(0);
    let dates = 0;
    for (const l of locations) {
      for (const t of (await h.call({ method: 'GET', url: `/tariffs?location_id=${l.id}`, headers: h.test })).body.data)
        for (const d of [t.contract_start_date, t.contract_end_date]) {
          expect(d, `${t.id}`).toMatch(RFC3339);
          dates++;
        }
      const status = (await h.call({ method: 'GET', url: `/locations/${l.id}/status`, headers: h.test })).body;
      for (const slot of Object.values(status.tariff_status) as { tariff?: { contract_end_date: string } }[])
        if (slot.tariff) {
          expect(slot.tariff.contract_end_date).toMatch(RFC3339);
          dates++;
        }
    }
    expect(dates).toBeGreaterThan(10);
  });

  it('a tariff stored with bare dates by an earlier version reads as date-times', async () => {
    const loc = await h.location();
    const t = await h.tariff(loc.id);
    h.svc.db
      .prepare(
        "UPDATE tariffs SET body = json_set(body, '$.contract_start_date', '2026-02-01', '$.contract_end_date', '2026-12-01') WHERE id = ?",
      )
      .run(t.id);
    const read = (await h.call({ method: 'GET', url: `/tariffs/${t.id}`, headers: h.test })).body;
    expect([read.contract_start_date, read.contract_end_date]).toEqual([
      '2026-02-01T00:00:00+01:00',
      '2026-12-01T00:00:00+01:00',
    ]);
  });
});

describe('events stored wrapped by an earlier version', () => {
  it('are rewritten to carry the object itself when the data folder is opened', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'td-events-'));
    const clock = fixedClock('2026-03-01T12:00:00Z');
    const first = createService({ dataDir: dir, clock });
    const cred = first.accounts.ensureDefault();
    await seedDemo(first, { accountId: cred.account_id, liveMode: false });
    first.close();
    // The folder as the version before: location and tariff events wrapped in {object}, at version 10.
    const db = new BetterSqlite3(join(dir, DB_FILE));
    db.exec(
      "UPDATE events SET body = json_set(body, '$.data', json_object('object', json_extract(body, '$.data'))) WHERE type LIKE 'location.%' OR (type LIKE 'tariff.%' AND json_extract(body, '$.data.object') = 'tariff')",
    );
    const wrapped = db
      .prepare("SELECT COUNT(*) FROM events WHERE json_type(body, '$.data.object') = 'object'")
      .pluck()
      .get();
    expect(wrapped).toBeGreaterThan(5);
    db.pragma('user_version = 10');
    db.close();
    const second = createService({ dataDir: dir, clock });
    try {
      const scope = { accountId: cred.account_id, liveMode: false };
      const all = second.events.list(scope, {}, { limit: 100 }).data;
      const objects = all.filter((e) => /^(location|tariff)\.(created|updated|deleted)$/.test(e.type));
      expect(objects.length).toBe(wrapped);
      for (const e of objects) expect(e.data).toMatchObject({ id: expect.any(String), object: e.type.split('.')[0] });
    } finally {
      second.close();
    }
  });
});

it('GET /tariffs takes direction as tariff_direction, refusing the two when they differ', async () => {
  const loc = await h.location();
  const t = await h.tariff(loc.id, tariffBody(loc.id, { direction: 'EXPORT' }));
  const list = async (q: string) =>
    h.call({ method: 'GET', url: `/tariffs?location_id=${loc.id}&${q}`, headers: h.test });
  expect((await list('direction=EXPORT')).body.data.map((x: { id: string }) => x.id)).toEqual([t.id]);
  expect((await list('direction=IMPORT')).body.data).toEqual([]);
  expect((await list('direction=EXPORT&tariff_direction=EXPORT')).body.data).toHaveLength(1);
  const both = await list('direction=EXPORT&tariff_direction=IMPORT');
  expect(both.status).toBe(400);
  expect(both.body.code).toBe('tariff_direction_conflict');
});
