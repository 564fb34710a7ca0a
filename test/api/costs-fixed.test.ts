import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { fixedSchedule, harness, type Harness } from '../helpers.js';

let h: Harness;
let loc: string;
beforeEach(async () => {
  h = await harness('2026-11-20T12:00:00Z');
  loc = (await h.location()).id;
});
afterEach(() => h.close());

const BERLIN = 'Europe/Berlin';
const call = (route: 'costs' | 'bills', body: unknown) =>
  h.call({ method: 'POST', url: `/${route}/${loc}`, headers: h.test, payload: body as object });
const at = (local: string) => DateTime.fromISO(local, { zone: BERLIN });
const iso = (d: DateTime) => d.toISO({ suppressMilliseconds: true })!;
const micro = (x: number) => Math.round(x * 1e6) / 1e6;

/** One kWh in every hour of `[from, to)`. */
function hourly(from: DateTime, to: DateTime) {
  const out = [];
  for (let t = from; t < to; t = t.plus({ hours: 1 }))
    out.push({ start_time: iso(t), end_time: iso(t.plus({ hours: 1 })), kwh: 1 });
  return out;
}
/** A window of local time `[from, to)` with one kWh in each of its hours: the body's common part. */
const hoursOf = (from: DateTime, to: DateTime) => ({
  start_time: iso(from),
  end_time: iso(to),
  usage: { intervals: hourly(from, to) },
});
/** The same over the 7 days from a local midnight. */
const weekFrom = (day: string) => hoursOf(at(`${day}T00:00`), at(`${day}T00:00`).plus({ days: 7 }));

const tariff = (type: string, price: number, start: string, fixed: object[]) => ({
  type,
  contract_start_date: start,
  contract_end_date: '2027-12-01',
  schedule: fixedSchedule([['All', [['00:00', '00:00', price]]]]),
  charges: { fixed },
});

describe('POST /costs/{id} with fixed_charges', () => {
  // The supplier's daily and monthly charges; the network's contract starts on 1 November.
  const supplier = tariff('COMMODITY', 0.3, '2026-01-01', [
    { amount: 0.5, per: 'DAY', name: 'Standing charge' },
    { amount: 10, per: 'MONTH' },
  ]);
  const network = tariff('NON_COMMODITY', 0.05, '2026-11-01', [{ amount: 0.2, per: 'DAY', name: 'Network charge' }]);
  const cheaper = { ...supplier, charges: { fixed: [{ amount: 0.4, per: 'DAY', name: 'Standing charge' }] } };

  it('a week across a month end: daily charges per local day of the contract, a monthly one by its share of each month', async () => {
    const r = await call('costs', {
      ...weekFrom('2026-10-28'),
      group_by: 'none',
      candidates: [supplier, network],
      alternatives: [[cheaper]],
      fixed_charges: true,
    });
    expect(r.status).toBe(200);
    // 28–31 October are 4 of October's 31 days, 1–3 November 3 of November's 30; the network counts its 3.
    const share = 4 / 31 + 3 / 30;
    const charges = [
      { tariff_id: 'candidates[0]', name: 'Standing charge', per: 'DAY', amount: 0.5, days: 7, months: micro(share) },
      { tariff_id: 'candidates[0]', per: 'MONTH', amount: 10, days: 7, months: micro(share) },
      { tariff_id: 'candidates[1]', name: 'Network charge', per: 'DAY', amount: 0.2, days: 3, months: micro(3 / 30) },
    ];
    const values = [0.5 * 7, micro(10 * share), 0.2 * 3];
    expect(r.body.fixed_charges).toEqual({
      value: micro(values.reduce((a, b) => a + b)),
      charges: charges.map((c, k) => ({ ...c, value: micro(values[k]!) })),
    });
    // Energy stays what it was: the fixed charges are beside `value`, not in it.
    expect(r.body.value).toBeCloseTo(168 * 0.3 + 72 * 0.05, 6);
    // The alternative has its own: the cheaper standing charge, the network's as before.
    expect(r.body.alternatives[0].fixed_charges).toEqual({
      value: micro(0.4 * 7 + 0.2 * 3),
      // The set as laid: the stored candidates' kept ones first, the replacement after.
      charges: [
        { ...charges[2], value: micro(0.2 * 3) },
        {
          tariff_id: 'alternatives[0][0]',
          name: 'Standing charge',
          per: 'DAY',
          amount: 0.4,
          days: 7,
          months: micro(share),
          value: micro(0.4 * 7),
        },
      ],
    });
  });

  it('a week holding the 25-hour day counts it once', async () => {
    const r = await call('costs', {
      ...weekFrom('2026-10-22'),
      group_by: 'none',
      candidates: [supplier],
      fixed_charges: true,
    });
    expect(r.status).toBe(200);
    expect(r.body.kwh).toBe(169);
    expect(r.body.fixed_charges.charges.map((c: { days: number }) => c.days)).toEqual([7, 7]);
    expect(r.body.fixed_charges.charges[0].value).toBe(3.5);
  });

  it('over a whole month the fixed charges are the bill’s', async () => {
    const from = at('2026-11-01T00:00');
    const body = { ...hoursOf(from, from.plus({ months: 1 })), candidates: [supplier, network] };
    const cost = await call('costs', { ...body, group_by: 'none', fixed_charges: true });
    const bill = await call('bills', body);
    expect(cost.status).toBe(200);
    expect(bill.status).toBe(200);
    expect(cost.body.fixed_charges.value).toBe(bill.body.months[0].fixed_charge);
    expect(cost.body.fixed_charges.value).toBe(micro(0.5 * 30 + 10 + 0.2 * 30));
  });

  it('answers no fixed_charges unless asked, and a tariff without any answers an empty list', async () => {
    const body = { ...weekFrom('2026-11-02'), group_by: 'none' };
    const plain = await call('costs', { ...body, candidates: [supplier] });
    expect(plain.status).toBe(200);
    expect(plain.body).not.toHaveProperty('fixed_charges');
    const { charges: _none, ...bare } = supplier;
    const none = await call('costs', { ...body, candidates: [bare], fixed_charges: true });
    expect(none.status).toBe(200);
    expect(none.body.fixed_charges).toEqual({ value: 0, charges: [] });
  });

  it('refuses fixed_charges on the export and local sides, and a value that is not a boolean, naming the field', async () => {
    const body = weekFrom('2026-11-02');
    const exported = await call('costs', { ...body, tariff_direction: 'EXPORT', fixed_charges: true });
    expect(exported.status).toBe(400);
    expect(exported.body).toMatchObject({ type: 'invalid_request', code: 'fixed_charges_invalid' });
    expect(exported.body.message).toContain('fixed_charges');
    const local = await call('costs', { ...body, tariff_direction: 'LOCAL', fixed_charges: true });
    expect(local.status).toBe(400);
    expect(local.body.code).toBe('fixed_charges_invalid');
    // Asked for false, nothing is asked: the export cost is answered as ever.
    const off = await call('costs', {
      ...body,
      tariff_direction: 'EXPORT',
      fixed_charges: false,
      candidates: [{ ...cheaper, direction: 'EXPORT', charges: undefined }],
    });
    expect(off.status).toBe(200);
    expect(off.body).not.toHaveProperty('fixed_charges');
    const word = await call('costs', { ...body, candidates: [supplier], fixed_charges: 'yes' });
    expect(word.status).toBe(400);
    expect(word.body).toMatchObject({ type: 'invalid_request', code: 'fixed_charges_invalid' });
    expect(word.body.message).toContain('fixed_charges');
  });
});
