import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { harness, snapshot, tariffBody, type Harness } from '../helpers.js';
import { SAMPLE_CHARGES } from '../charges-sample.js';

/** No bill counts an EXPORT tariff's charges, so they are refused there rather than stored and ignored. */

let h: Harness;
let loc: string;
beforeEach(async () => {
  h = await harness('2026-03-01T12:00:00Z');
  loc = (await h.location()).id;
});
afterEach(() => h.close());

const create = (extra: Record<string, unknown>) =>
  h.call({ method: 'POST', url: '/tariffs', headers: h.test, payload: tariffBody(loc, extra) });
const patch = (id: string, body: object) =>
  h.call({ method: 'PATCH', url: `/tariffs/${id}`, headers: h.test, payload: body });

describe('charges on an EXPORT tariff', () => {
  it('POST refuses each kind of charge with a 400 naming the field; nothing is stored', async () => {
    const before = snapshot(h.svc);
    for (const key of ['fixed', 'minimum', 'demand'] as const) {
      const r = await create({ direction: 'EXPORT', charges: { [key]: SAMPLE_CHARGES[key] } });
      expect([r.status, r.body.code], JSON.stringify(r.body)).toEqual([400, 'charges_export']);
      expect(r.body.message).toContain(`charges.${key}`);
    }
    expect(snapshot(h.svc)).toBe(before);
    // The same charges are taken on the IMPORT tariff, and an EXPORT tariff without any is made.
    expect((await create({ charges: SAMPLE_CHARGES })).status).toBe(200);
    const exp = await create({ direction: 'EXPORT', charges: {} });
    expect(exp.status).toBe(200);
    expect(exp.body.direction).toBe('EXPORT');
  });

  it('PATCH refuses charges on an EXPORT tariff, and a move to EXPORT of a tariff that has them', async () => {
    const exp = (await create({ direction: 'EXPORT' })).body;
    const imp = (await create({ charges: SAMPLE_CHARGES })).body;
    const before = snapshot(h.svc);
    const added = await patch(exp.id, { charges: { fixed: SAMPLE_CHARGES.fixed } });
    expect([added.status, added.body.code]).toEqual([400, 'charges_export']);
    expect(added.body.message).toContain('charges.fixed');
    // The IMPORT tariff cannot become the EXPORT one while it holds charges (its own slot aside).
    const moved = await patch(imp.id, { direction: 'EXPORT' });
    expect(moved.status).toBe(400);
    expect(snapshot(h.svc)).toBe(before);
    // Removing them is taken.
    expect((await patch(exp.id, { charges: null })).status).toBe(200);
  });

  it('a candidate of a bill for EXPORT with charges is refused, naming its field', async () => {
    const { location_id: _l, ...candidate } = tariffBody(loc, {
      direction: 'EXPORT',
      charges: { minimum: SAMPLE_CHARGES.minimum },
    });
    const r = await h.call({
      method: 'POST',
      url: `/bills/${loc}`,
      headers: h.test,
      payload: {
        start_time: '2026-06-01T00:00:00+02:00',
        end_time: '2026-06-02T00:00:00+02:00',
        usage: {
          intervals: [{ start_time: '2026-06-01T10:00:00+02:00', end_time: '2026-06-01T11:00:00+02:00', kwh: 1 }],
        },
        candidates: [candidate],
      },
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toContain('candidates[0].charges.minimum');
  });
});
