import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { harness, snapshot, tariffBody, type Harness } from '../helpers.js';
import { SAMPLE_CHARGES } from '../charges-sample.js';

/**
 * A tariff's fixed, minimum and demand charges (docs/bills.md) through the tariff routes: stored
 * as given, answered by GET and in events, replaced and removed by PATCH, served alike in both
 * wire profiles, refused field by field with one code and nothing stored, and never read by
 * POST /prices or the energy costs.
 */

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
const get = (id: string) => h.call({ method: 'GET', url: `/tariffs/${id}`, headers: h.test });
const clone = <T>(v: T): T => structuredClone(v);

describe('charges on a tariff', () => {
  it('POST stores them; GET, the list and the event answer them as given, after the schedule', async () => {
    const r = await create({ charges: SAMPLE_CHARGES });
    expect(r.status).toBe(200);
    expect(r.body.charges).toEqual(SAMPLE_CHARGES);
    expect(Object.keys(r.body).slice(-2)).toEqual(['schedule', 'charges']);
    expect((await get(r.body.id)).body).toEqual(r.body);
    const list = await h.call({ method: 'GET', url: `/tariffs?location_id=${loc}`, headers: h.test });
    expect(list.body.data).toEqual([r.body]);
    const events = (await h.call({ method: 'GET', url: '/events?type=tariff.created', headers: h.test })).body.data;
    expect(events[0].data.charges).toEqual(SAMPLE_CHARGES);
  });

  it('a tariff without charges answers none', async () => {
    const r = await create({});
    expect(r.status).toBe(200);
    expect(r.body).not.toHaveProperty('charges');
  });

  it('PATCH replaces them, keeps them when it changes other fields, and removes them with null', async () => {
    const t = (await create({ charges: SAMPLE_CHARGES })).body;
    const renamed = await patch(t.id, { display_name: 'Renamed' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.charges).toEqual(SAMPLE_CHARGES);
    const only = { fixed: [{ amount: 0.4, per: 'DAY' }] };
    const replaced = await patch(t.id, { charges: only });
    expect(replaced.body.charges).toEqual(only);
    expect((await get(t.id)).body.charges).toEqual(only);
    const removed = await patch(t.id, { charges: null });
    expect(removed.status).toBe(200);
    expect(removed.body).not.toHaveProperty('charges');
    expect((await get(t.id)).body).not.toHaveProperty('charges');
    const added = await patch(t.id, { charges: SAMPLE_CHARGES });
    expect(added.body.charges).toEqual(SAMPLE_CHARGES);
  });

  it('are served alike in the published wire profile', async () => {
    await h.call({ method: 'PATCH', url: '/settings', headers: h.test, payload: { wire_profile: 'published' } });
    const r = await create({ charges: SAMPLE_CHARGES });
    expect(r.status).toBe(200);
    expect(r.body.charges).toEqual(SAMPLE_CHARGES);
    expect((await get(r.body.id)).body.charges).toEqual(SAMPLE_CHARGES);
    expect((await patch(r.body.id, { charges: { minimum: { amount: 100, per: 'YEAR' } } })).body.charges).toEqual({
      minimum: { amount: 100, per: 'YEAR' },
    });
  });

  it('are declared in the OpenAPI document as the service’s extension beyond the reference', async () => {
    const doc = (await h.call({ method: 'GET', url: '/openapi.json', headers: h.test })).body;
    const schemas = doc.components.schemas;
    expect(schemas.TariffCharges.description).toContain('extension beyond the reference');
    for (const name of ['Tariff', 'TariffCreate', 'TariffUpdate'])
      expect(JSON.stringify(schemas[name].properties.charges), name).toContain('#/components/schemas/TariffCharges');
  });
});

describe('POST /prices and the energy costs read the schedule only', () => {
  const window = { start_time: '2026-03-02T00:00:00+01:00', end_time: '2026-03-09T00:00:00+01:00' };

  it('a tariff with charges prices exactly as the same tariff without them', async () => {
    const t = (await create({})).body;
    const plain = await h.app.inject({ method: 'POST', url: `/prices/${loc}`, headers: h.test, payload: window });
    await patch(t.id, { charges: SAMPLE_CHARGES });
    const charged = await h.app.inject({ method: 'POST', url: `/prices/${loc}`, headers: h.test, payload: window });
    expect(charged.statusCode).toBe(200);
    const data = (raw: string) => JSON.parse(raw).data;
    expect(data(charged.body)).toEqual(data(plain.body));
    expect(data(plain.body).length).toBeGreaterThan(10);
  });

  it('a candidate may carry charges; its energy cost is that of the same candidate without them', async () => {
    const { location_id: _l, ...candidate } = tariffBody(loc);
    const body = (c: object) => ({
      ...window,
      tariff_direction: 'IMPORT',
      usage: { profile: 'bdew_h0', kwh_per_year: 3500 },
      candidates: [c],
    });
    const before = snapshot(h.svc);
    const plain = await h.call({ method: 'POST', url: `/costs/${loc}`, headers: h.test, payload: body(candidate) });
    const charged = await h.call({
      method: 'POST',
      url: `/costs/${loc}`,
      headers: h.test,
      payload: body({ ...candidate, charges: SAMPLE_CHARGES }),
    });
    expect([plain.status, charged.status]).toEqual([200, 200]);
    expect(charged.body.value).toBe(plain.body.value);
    expect(snapshot(h.svc)).toBe(before);
    const bad = await h.call({
      method: 'POST',
      url: `/costs/${loc}`,
      headers: h.test,
      payload: body({ ...candidate, charges: { fixed: [{ amount: -1, per: 'DAY' }] } }),
    });
    expect([bad.status, bad.body.code]).toEqual([400, 'amount_invalid']);
    expect(bad.body.message).toContain('candidates[0].charges.fixed[0].amount');
  });
});

type Change = (c: any) => unknown;
const cases: [string, Change, string, string][] = [
  ['a negative fixed amount', (c) => (c.fixed[0].amount = -0.6), 'amount_invalid', 'charges.fixed[0].amount'],
  ['a fixed amount as text', (c) => (c.fixed[0].amount = '0.6'), 'amount_invalid', 'charges.fixed[0].amount'],
  ['a fixed charge per week', (c) => (c.fixed[1].per = 'WEEK'), 'per_invalid', 'charges.fixed[1].per'],
  ['a fixed charge without per', (c) => delete c.fixed[0].per, 'per_missing', 'charges.fixed[0].per'],
  ['an unknown field of a fixed charge', (c) => (c.fixed[0].vat = 0.2), 'parameter_unknown', 'charges.fixed[0]'],
  ['a minimum per day', (c) => (c.minimum.per = 'DAY'), 'per_invalid', 'charges.minimum.per'],
  ['a minimum without an amount', (c) => delete c.minimum.amount, 'amount_missing', 'charges.minimum.amount'],
  [
    'a flat demand rate without blocks',
    (c) => (c.demand.flat[0].rate = []),
    'rate_missing',
    'charges.demand.flat[0].rate',
  ],
  [
    'a demand block without its price',
    (c) => delete c.demand.flat[0].rate[0].fixed,
    'fixed_missing',
    'charges.demand.flat[0].rate[0].fixed',
  ],
  [
    'a demand block price as text',
    (c) => (c.demand.periods[0].rate[0].fixed = '12.3'),
    'fixed_invalid',
    'charges.demand.periods[0].rate[0].fixed',
  ],
  [
    'a kW bound of 0',
    (c) => (c.demand.flat[0].rate[0].to_kw = 0),
    'to_kw_invalid',
    'charges.demand.flat[0].rate[0].to_kw',
  ],
  [
    'kW bounds that fall',
    (c) => (c.demand.periods[1].rate = [{ fixed: 3, to_kw: 100 }, { fixed: 2, to_kw: 50 }, { fixed: 1 }]),
    'to_kw_invalid',
    'charges.demand.periods[1].rate[0].to_kw',
  ],
  [
    'a month that is not one',
    (c) => (c.demand.flat[0].months = ['Smarch']),
    'month_invalid',
    'charges.demand.flat[0].months[0]',
  ],
  [
    'two demand periods of one name',
    (c) => (c.demand.periods[1].name = 'On-peak'),
    'name_duplicate',
    'charges.demand.periods[1].name',
  ],
  [
    'a band naming no period',
    (c) => (c.demand.schedule[0].days_and_hours[0].hours[1].period = 'Peak'),
    'period_invalid',
    'charges.demand.schedule[0].days_and_hours[0].hours[1].period',
  ],
  [
    'overlapping demand bands',
    (c) => (c.demand.schedule[0].days_and_hours[0].hours[1].valid_from = '15:00:00'),
    'hours_overlap',
    'charges.demand.schedule[0].days_and_hours[0].hours[1]',
  ],
  [
    'a band hour that is not one',
    (c) => (c.demand.schedule[0].days_and_hours[0].hours[0].valid_from = '25:00:00'),
    'valid_from_invalid',
    'charges.demand.schedule[0].days_and_hours[0].hours[0].valid_from',
  ],
  [
    'an empty band',
    (c) => (c.demand.schedule[0].days_and_hours[0].hours[0].valid_to = '12:00:00'),
    'valid_to_invalid',
    'charges.demand.schedule[0].days_and_hours[0].hours[0].valid_to',
  ],
  [
    'a day that is not one',
    (c) => (c.demand.schedule[0].days_and_hours[0].days = ['Funday']),
    'day_invalid',
    'charges.demand.schedule[0].days_and_hours[0].days[0]',
  ],
  ['an unknown kind of charge', (c) => (c.reactive = []), 'parameter_unknown', 'charges'],
];

describe('bad charges: one 400 code naming the field, nothing stored', () => {
  it.each(cases)('%s', async (_what, change, code, field) => {
    const charges = clone(SAMPLE_CHARGES);
    change(charges);
    const t = (await create({ charges: SAMPLE_CHARGES })).body;
    const before = snapshot(h.svc);
    for (const r of [await create({ charges }), await patch(t.id, { charges })]) {
      expect([r.status, r.body.code], JSON.stringify(r.body)).toEqual([400, code]);
      expect(r.body.message).toContain(field);
    }
    expect(snapshot(h.svc)).toBe(before);
  });

  it('charges that are not an object', async () => {
    const before = snapshot(h.svc);
    const r = await create({ charges: [SAMPLE_CHARGES] });
    expect([r.status, r.body.code]).toEqual([400, 'charges_invalid']);
    expect(snapshot(h.svc)).toBe(before);
  });
});

// No bill counts an EXPORT tariff's charges, so they are refused there rather than stored and ignored.
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
