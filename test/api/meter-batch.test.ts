import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../helpers.js';

/**
 * GET /meters/batch?batch_id=…: a submission's answer read back as it was answered, kept as long
 * as its records (a location deleted takes its batches along once none of their locations is
 * left), through workspaces and scenarios; another account's or mode's, or an unknown id, is 404.
 */

let h: Harness;
let loc: string;
beforeEach(async () => {
  h = await harness('2026-06-10T12:00:00Z');
  loc = (await h.location()).id;
});
afterEach(() => h.close());

const call = (method: string, url: string, payload?: unknown, headers = h.test) =>
  h.call({ method: method as 'GET', url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const batch = (id: string, headers = h.test) => call('GET', `/meters/batch?batch_id=${id}`, undefined, headers);

const record = (location: string, hour: number, extra: object = {}) => ({
  location_id: location,
  record_reference_id: `R-${location.slice(-4)}-${hour}`,
  units: 'WH',
  value: 1000,
  start_time: `2026-06-05T${String(hour).padStart(2, '0')}:00:00Z`,
  end_time: `2026-06-05T${String(hour + 1).padStart(2, '0')}:00:00Z`,
  ...extra,
});

describe('GET /meters/batch', () => {
  it('answers a submitted batch as its submission did: counts, the failed record, time and account', async () => {
    const sent = await call('PUT', '/meters/interval', [
      record(loc, 1),
      record(loc, 2, { end_time: '2026-06-05T01:00:00Z', record_reference_id: 'MET-BAD' }),
      record(loc, 3),
    ]);
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({
      object: 'meter_batch',
      records_submitted: 3,
      records_accepted: 2,
      records_processed: 2,
      failed_records: [
        {
          record_num: 2,
          record_reference_id: 'MET-BAD',
          error: { code: 'end_time_before_start_time', message: expect.any(String) },
        },
      ],
    });
    const read = await batch(sent.body.id);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(sent.body);
    // The same submission again is a batch of its own, processing nothing; the first is unchanged.
    const again = await call('PUT', '/meters/interval', [record(loc, 1), record(loc, 3)]);
    expect((await batch(again.body.id)).body).toMatchObject({ records_accepted: 2, records_processed: 0 });
    expect((await batch(sent.body.id)).body).toEqual(sent.body);
    // The typed client reads it too.
    expect(await h.api.call('meters.batch', { query: { batch_id: sent.body.id } })).toEqual(sent.body);
  });

  it('a cumulative submission reads back with its refused reading', async () => {
    const sent = await call('PUT', '/meters/cumulative', {
      location_id: loc,
      units: 'WH',
      data: [
        { time: '2026-06-05T00:00:00Z', value: 1000, record_reference_id: 'C-0' },
        { time: '2026-06-05T01:00:00Z', value: 900, record_reference_id: 'C-1' },
        { time: '2026-06-05T02:00:00Z', value: 3000, record_reference_id: 'C-2' },
      ],
    });
    expect(sent.body).toMatchObject({ records_submitted: 3, records_accepted: 2, records_processed: 1 });
    expect(sent.body.failed_records).toEqual([
      { record_num: 2, record_reference_id: 'C-1', error: { code: 'reading_decreased', message: expect.any(String) } },
    ]);
    expect((await batch(sent.body.id)).body).toEqual(sent.body);
  });

  it("another mode's or account's batch, an unknown id: 404 batch_not_found with the error object", async () => {
    const sent = await call('PUT', '/meters/interval', [record(loc, 1)]);
    const other = h.svc.accounts.create('Other');
    const otherTest = await h.login(other.account_id, other.test_key);
    for (const [id, headers] of [
      [sent.body.id, h.live],
      [sent.body.id, otherTest],
      ['bat_unknown000000000000', h.test],
    ] as const) {
      const r = await batch(id, headers);
      expect(r.status).toBe(404);
      expect(r.body).toMatchObject({
        object: 'error',
        type: 'invalid_request',
        code: 'batch_not_found',
        message: `No batch with id '${id}'.`,
        context: 'meters.batch',
        live_mode: headers === h.live,
      });
    }
    // A live-mode batch is the live mode's only.
    const liveLoc = (await h.location(h.live)).id;
    const live = await call('PUT', '/meters/interval', [record(liveLoc, 1)], h.live);
    expect((await batch(live.body.id, h.live)).body).toEqual(live.body);
    expect((await batch(live.body.id)).body.code).toBe('batch_not_found');
    // What is not a batch id is named as such.
    expect((await batch('loc_123')).body).toMatchObject({ code: 'batch_id_invalid' });
    expect((await call('GET', '/meters/batch')).body).toMatchObject({ code: 'batch_id_missing' });
    expect((await call('GET', `/meters/batch?batch_id=${sent.body.id}&x=1`)).body.code).toBe('parameter_unknown');
  });

  it('lives as long as its records: it goes with the last location it stored records for', async () => {
    const second = (await h.location()).id;
    const both = await call('PUT', '/meters/interval', [record(loc, 1), record(second, 1)]);
    const only = await call('PUT', '/meters/interval', [record(loc, 2)]);
    const failed = await call('PUT', '/meters/interval', [record('loc_nothere', 1)]);
    expect(failed.body).toMatchObject({ records_accepted: 0, failed_records: [{ record_num: 1 }] });
    expect((await call('DELETE', `/locations/${loc}`)).status).toBe(200);
    // Its records went with the location: so did the batch that stored only those.
    expect((await batch(only.body.id)).body.code).toBe('batch_not_found');
    // The second location's records are still there, and so is the batch that stored them.
    expect((await batch(both.body.id)).body).toEqual(both.body);
    // A batch that stored nothing is kept until the world is cleared.
    expect((await batch(failed.body.id)).body).toEqual(failed.body);
    expect((await call('DELETE', `/locations/${second}`)).status).toBe(200);
    expect((await batch(both.body.id)).body.code).toBe('batch_not_found');
  });

  it('the demo reset clears them; a workspace and a scenario carry them, read back alike', async () => {
    const sent = await call('PUT', '/meters/interval', [record(loc, 1), record(loc, 2, { value: -1 })]);
    const files = (await h.api.call('workspace.export')).files;
    const path = `meter-batches/${sent.body.id}.json`;
    expect(JSON.parse(files[path]!)).toEqual({
      failed_records: sent.body.failed_records,
      id: sent.body.id,
      location_ids: [loc],
      records_accepted: 1,
      records_processed: 1,
      records_submitted: 2,
      time_created: sent.body.time_created,
    });
    const saved = await h.api.call('scenarios.create', { body: { name: 'With a batch' } });

    await h.api.call('demo.reset');
    expect((await batch(sent.body.id)).body.code).toBe('batch_not_found');

    const imported = await h.api.call('workspace.import', { body: { files, replace: true } });
    expect(imported.meter_batches).toBe(1);
    expect((await batch(sent.body.id)).body).toEqual(sent.body);
    expect((await h.api.call('workspace.export')).files).toEqual(files);

    await h.api.call('demo.reset');
    await h.api.call('scenarios.restore', { params: { id: saved.id } });
    expect((await batch(sent.body.id)).body).toEqual(sent.body);

    // A batch file naming a location the workspace lacks is refused by name, and nothing is written.
    const broken = { ...files, [path]: files[path]!.replace(loc, 'loc_elsewhere') };
    const r = await call('POST', '/workspace/import', { files: broken, replace: true });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('workspace_reference_missing');
    expect(r.body.message).toContain(path);
    expect((await batch(sent.body.id)).body).toEqual(sent.body);
  });
});
