import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { harness, tariffBody, type Harness } from '../helpers.js';
import { urdbText } from '../urdb-documents.js';

/**
 * end_tariff_id on POST /tariffs and POST /tariffs/import (docs/api.md, our extension): a new
 * supply tariff that overlaps the location's current one ends it where the new one starts, in
 * one transaction; a refusal, for whatever reason, leaves every contract as it was.
 */

let h: Harness;
let loc: string;
beforeEach(async () => {
  h = await harness('2026-03-01T12:00:00Z');
  loc = (await h.location()).id;
});
afterEach(() => h.close());

const post = (body: object, headers = h.test) => h.call({ method: 'POST', url: '/tariffs', headers, payload: body });
const get = async (id: string) => (await h.call({ method: 'GET', url: `/tariffs/${id}`, headers: h.test })).body;
const ids = async (location = loc) =>
  (await h.call({ method: 'GET', url: `/tariffs?location_id=${location}`, headers: h.test })).body.data
    .map((t: { id: string }) => t.id)
    .sort();

// The old contract runs through 2026 (Berlin); the new one starts on 1 July.
const NEW_START = '2026-07-01T00:00:00+02:00';
const takeover = (extra: object = {}) =>
  tariffBody(loc, {
    display_name: 'Summer fix',
    contract_start_date: NEW_START,
    contract_end_date: '2027-07-01T00:00:00+02:00',
    ...extra,
  });

describe('POST /tariffs with end_tariff_id', () => {
  it('ends the overlapping tariff at the new one’s start and stores the new one', async () => {
    const old = await h.tariff(loc);
    expect((await post(takeover())).body.code).toBe('commodity_overlap');
    const r = await post(takeover({ end_tariff_id: old.id }));
    expect(r.status).toBe(200);
    expect(r.body).not.toHaveProperty('end_tariff_id');
    expect(r.body.contract_start_date).toBe(NEW_START);
    const ended = await get(old.id);
    expect(ended.contract_start_date).toBe(old.contract_start_date);
    expect(ended.contract_end_date).toBe(r.body.contract_start_date);
    expect(await ids()).toEqual([old.id, r.body.id].sort());
  });

  it('refuses with end_tariff_id_invalid, changing nothing, when the id names no tariff it can end', async () => {
    const old = await h.tariff(loc);
    const other = await h.location(h.test, {
      address_line1: '10 Lambeth Road',
      city: 'London',
      post_code: 'SE1 7PB',
      country_code: 'GB',
    });
    const elsewhere = await h.tariff(other.id);
    const liveLoc = await h.location(h.live);
    const live = await h.tariff(liveLoc.id, {}, h.live);
    const fee = await h.tariff(loc, { type: 'NON_COMMODITY', display_name: 'Grid fee' });
    const feedIn = await h.tariff(loc, { direction: 'EXPORT', display_name: 'Feed-in' });
    const gone = await h.tariff(other.id, { contract_start_date: '2028-01-01', contract_end_date: '2029-01-01' });
    await h.call({ method: 'DELETE', url: `/tariffs/${gone.id}`, headers: h.test });
    const before = await ids();
    const cases: [string, object][] = [
      ['unknown', { end_tariff_id: gone.id }],
      ['another location', { end_tariff_id: elsewhere.id }],
      ['the other mode', { end_tariff_id: live.id }],
      ['not a supply tariff', { end_tariff_id: fee.id }],
      ['another direction', { end_tariff_id: feedIn.id }],
      // The new one starts before the old one, so the old would end before its own start.
      ['ends before it starts', { end_tariff_id: old.id, contract_start_date: '2025-12-01T00:00:00+01:00' }],
    ];
    for (const [why, extra] of cases) {
      const r = await post(takeover(extra));
      expect([why, r.status, r.body.code]).toEqual([why, 400, 'end_tariff_id_invalid']);
    }
    expect((await post(takeover({ end_tariff_id: 'loc_x' }))).body.code).toBe('end_tariff_id_invalid');
    expect(await ids()).toEqual(before);
    expect(await get(old.id)).toEqual(old);
  });

  it('refuses a tariff that does not overlap the new one', async () => {
    const spring = await h.tariff(loc, { contract_end_date: '2026-04-01T00:00:00+02:00' });
    const r = await post(takeover({ end_tariff_id: spring.id }));
    expect([r.status, r.body.code]).toEqual([400, 'end_tariff_id_invalid']);
    expect(await get(spring.id)).toEqual(spring);
  });

  it('rolls the ending back when the new tariff still overlaps another', async () => {
    const first = await h.tariff(loc, { contract_end_date: '2026-09-01T00:00:00+02:00' });
    const second = await h.tariff(loc, {
      display_name: 'Autumn',
      contract_start_date: '2026-09-01T00:00:00+02:00',
      contract_end_date: '2027-01-01T00:00:00+01:00',
    });
    const r = await post(takeover({ end_tariff_id: first.id }));
    expect([r.status, r.body.code]).toEqual([422, 'commodity_overlap']);
    expect(await get(first.id)).toEqual(first);
    expect(await ids()).toEqual([first.id, second.id].sort());
  });
});

describe('POST /tariffs/import with end_tariff_id', () => {
  const SACRAMENTO = {
    address_line1: '1 Capitol Mall',
    city: 'Sacramento',
    post_code: '95814',
    state: 'CA',
    country_code: 'US',
  };
  const importRate = async (location: string, extra: object, dryRun = false) =>
    h.call({
      method: 'POST',
      url: `/tariffs/import${dryRun ? '?dry_run=true' : ''}`,
      headers: h.test,
      payload: {
        location_id: location,
        format: 'urdb',
        rate: JSON.parse(urdbText('flat')),
        contract_start_date: '2026-06-01',
        contract_end_date: '2027-06-01',
        ...extra,
      },
    });

  it('imports onto a location with a supply tariff, ending it on the import’s start day', async () => {
    const us = (await h.location(h.test, SACRAMENTO)).id;
    const old = await h.tariff(us, {
      contract_start_date: '2026-01-01T00:00:00-08:00',
      contract_end_date: '2027-01-01T00:00:00-08:00',
    });
    expect((await importRate(us, {})).body.code).toBe('commodity_overlap');
    // A dry run answers the tariff and changes nothing, the old contract included.
    const dry = await importRate(us, { end_tariff_id: old.id }, true);
    expect(dry.status).toBe(200);
    expect(dry.body.tariff).not.toHaveProperty('end_tariff_id');
    expect(await get(old.id)).toEqual(old);
    const bad = await importRate(us, { end_tariff_id: old.id, contract_start_date: '2025-06-01' });
    expect([bad.status, bad.body.code]).toEqual([400, 'end_tariff_id_invalid']);
    expect(await ids(us)).toEqual([old.id]);

    const r = await importRate(us, { end_tariff_id: old.id });
    expect(r.status).toBe(201);
    // A bare start date is the location's local midnight; the old contract ends at that instant.
    expect(r.body.tariff.contract_start_date).toBe('2026-06-01T00:00:00-07:00');
    expect((await get(old.id)).contract_end_date).toBe(r.body.tariff.contract_start_date);
    expect(await ids(us)).toEqual([old.id, r.body.tariff.id].sort());
  });
});
