import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { harness, tariffBody, type Harness } from '../helpers.js';

let h: Harness;
beforeEach(async () => (h = await harness()));
afterEach(() => h.close());

const ROWS = 230;

/** Every page of a list, following `starting_after` (older) or `ending_before` (newer) from a cursor. */
async function pages(path: string, dir: 'starting_after' | 'ending_before', from?: string) {
  const out: { ids: string[]; has_more: boolean }[] = [];
  let cursor = from;
  for (;;) {
    const sep = path.includes('?') ? '&' : '?';
    const r = await h.call({
      method: 'GET',
      url: `${path}${sep}limit=100${cursor ? `&${dir}=${cursor}` : ''}`,
      headers: h.test,
    });
    expect(r.status).toBe(200);
    const ids = r.body.data.map((o: { id: string }) => o.id);
    out.push({ ids, has_more: r.body.has_more });
    if (!r.body.has_more) return out;
    cursor = dir === 'starting_after' ? ids.at(-1) : ids[0];
  }
}

/** Forward from the newest to the end, then back from the oldest: each row once, in order, both ways. */
async function walksBothWays(path: string, newestFirst: string[]) {
  const fwd = await pages(path, 'starting_after');
  expect(fwd.map((p) => p.ids.length)).toEqual([100, 100, ROWS - 200]);
  expect(fwd.map((p) => p.has_more)).toEqual([true, true, false]);
  expect(fwd.flatMap((p) => p.ids)).toEqual(newestFirst);

  const oldest = newestFirst.at(-1)!;
  const back = await pages(path, 'ending_before', oldest);
  expect(back.map((p) => p.ids.length)).toEqual([100, 100, ROWS - 1 - 200]);
  expect(back.map((p) => p.has_more)).toEqual([true, true, false]);
  // Walking back, pages come newer each time; within a page the order stays newest first.
  expect(back.reverse().flatMap((p) => p.ids)).toEqual(newestFirst.slice(0, -1));
}

describe('paging across many pages', () => {
  it('lists every tariff of a location exactly once, in order, forward and backward', async () => {
    const loc = (await h.location()).id;
    const other = (await h.location()).id;
    const made: string[] = [];
    for (let i = 0; i < ROWS; i++) {
      const t = tariffBody(loc, { type: 'NON_COMMODITY', display_name: `fee ${i}` });
      made.push((await h.call({ method: 'POST', url: '/tariffs', headers: h.test, payload: t })).body.id);
      // Another location's tariffs in between: a page holds only the location asked for.
      if (i % 50 === 0) await h.call({ method: 'POST', url: '/tariffs', headers: h.test, payload: tariffBody(other) });
    }
    await walksBothWays(`/tariffs?location_id=${loc}`, made.reverse());
  });

  it('lists every location exactly once, in order, forward and backward, with each one’s tariff status', async () => {
    const made: string[] = [];
    for (let i = 0; i < ROWS; i++) made.push((await h.location()).id);
    const connected = made[7]!;
    const broken = made[150]!;
    await h.call({ method: 'POST', url: '/tariffs', headers: h.test, payload: tariffBody(connected) });
    const t = await h.call({ method: 'POST', url: '/tariffs', headers: h.test, payload: tariffBody(broken) });
    await h.call({
      method: 'POST',
      url: '/tariffs',
      headers: h.test,
      payload: tariffBody(broken, { type: 'NON_COMMODITY' }),
    });
    h.svc.db.prepare("UPDATE tariffs SET body = json_set(body, '$.status', 'ERROR') WHERE id = ?").run(t.body.id);
    await walksBothWays('/locations', [...made].reverse());

    const all = (await pages('/locations', 'starting_after')).flatMap((p) => p.ids);
    const status = async (id: string) =>
      (await h.call({ method: 'GET', url: `/locations/${id}`, headers: h.test })).body.tariff_status;
    expect(all).toHaveLength(ROWS);
    expect((await status(connected)).commodity_import).toBe('CONNECTED');
    // Each slot says the state of its own newest tariff.
    expect(await status(broken)).toMatchObject({ commodity_import: 'ERROR', non_commodity_import: 'CONNECTED' });
    expect((await status(made[0]!)).commodity_import).toBe('NOT_CONNECTED');
    const listed = await h.call({
      method: 'GET',
      url: `/locations?limit=100&starting_after=${made[151]}`,
      headers: h.test,
    });
    expect(listed.body.data[0]).toMatchObject({ id: broken, tariff_status: { commodity_import: 'ERROR' } });
  });
});
