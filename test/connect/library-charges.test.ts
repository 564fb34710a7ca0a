import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { connectHarness, type ConnectHarness } from './harness.js';
import { seedDemo } from '../../core/node/demo/seed.js';
import { snapshot } from '../helpers.js';

let c: ConnectHarness;
beforeEach(async () => (c = await connectHarness('2026-11-20T10:00:00Z')));
afterEach(() => c.close());

const london = { address_line1: '10 Downing St', city: 'London', post_code: 'SW1A 2AA', country_code: 'GB' };
const get = async (url: string) => (await c.h.call({ method: 'GET', url, headers: c.h.test })).body;

/** A bill of one local month of the location, on 300 kWh of the GB household profile. */
async function monthBill(locationId: string, month: string) {
  const from = DateTime.fromISO(month, { zone: 'Europe/London' });
  const r = await c.h.call({
    method: 'POST',
    url: `/bills/${locationId}`,
    headers: c.h.test,
    payload: {
      start_time: from.toISO(),
      end_time: from.plus({ months: 1 }).toISO(),
      usage: { profile: 'elexon_pc1', kwh_per_year: 3600 },
    },
  });
  expect(r.status).toBe(200);
  return { bill: r.body, days: from.daysInMonth! };
}

describe('library tariffs carry their charges', () => {
  it('every GB library tariff has a daily standing charge, and a linked tariff carries it into its bill', async () => {
    const gb = (await get('/providers?country_code=GB')).data;
    const offers = gb.flatMap((p: any) => p.tariffs);
    expect(offers.length).toBeGreaterThan(5);
    for (const t of offers) {
      expect(t.charges.fixed).toHaveLength(1);
      expect(t.charges.fixed[0]).toMatchObject({ per: 'DAY', name: 'Standing charge' });
      // Near what GB suppliers charge a day: pence, not pounds and not a tenth of a penny.
      expect(t.charges.fixed[0].amount).toBeGreaterThan(0.3);
      expect(t.charges.fixed[0].amount).toBeLessThan(0.8);
    }
    const go = gb.find((p: any) => p.id === 'prv_octopusenergy').tariffs.find((t: any) => t.id === 'ltf_octopusgo');

    // The customer links Octopus Go through the connect flow.
    const cot = await c.token({ postal_address: { country_code: 'GB' } });
    await c.start(cot);
    expect((await c.submit('postal_address_capture', cot, { postal_address: london })).route).toBe('provider_select');
    expect((await c.submit('provider_select', cot, { provider: { id: 'prv_octopusenergy' } })).route).toBe(
      'tariff_select',
    );
    expect((await c.submit('tariff_select', cot, { tariff: { id: 'ltf_octopusgo' } })).route).toBe(
      'contract_term_capture',
    );
    expect((await c.submit('contract_term_capture', cot)).route).toBe('tariff_summary');
    await c.submit('tariff_summary', cot, undefined, 'CLOSE');
    const token = await get(`/connect/token?connect_token=${cot}`);
    const [linked] = (await get(`/tariffs?location_id=${token.location_id}`)).data;
    expect(linked).toMatchObject({ connection_type: 'LIBRARY', display_name: 'Octopus Go', charges: go.charges });

    // December's bill holds 31 days of it.
    const { bill, days } = await monthBill(token.location_id, '2026-12-01');
    expect(days).toBe(31);
    expect(bill.months[0].fixed_charge).toBeCloseTo(go.charges.fixed[0].amount * 31, 2);
  });

  it('the demo’s London tariff carries its library offer’s standing charge', async () => {
    await seedDemo(c.h.svc, { accountId: c.h.cred.account_id, liveMode: false });
    const loc = (await get('/locations?limit=100')).data.find((l: any) => l.reference_id === 'demo-london');
    const [agile] = (await get(`/tariffs?location_id=${loc.id}`)).data;
    const offer = (await get('/providers/prv_octopusenergy')).tariffs.find((t: any) => t.id === 'ltf_octopusagile');
    expect(agile.display_name).toBe('Agile Octopus');
    expect(agile.charges).toEqual(offer.charges);
    const { bill, days } = await monthBill(loc.id, '2026-11-01');
    expect(bill.months[0].fixed_charge).toBeCloseTo(offer.charges.fixed[0].amount * days, 2);
  });

  it('a library tariff takes charges on IMPORT and refuses them on EXPORT, naming the field', async () => {
    const flat = [
      {
        days_and_hours: [
          { days: ['All'], hours: [{ valid_from: '00:00:00', valid_to: '00:00:00', rate: [{ fixed: 0.25 }] }] },
        ],
      },
    ];
    const charges = { fixed: [{ amount: 0.55, per: 'DAY', name: 'Standing charge' }] };
    const post = (tariffs: object[]) =>
      c.h.call({
        method: 'POST',
        url: '/providers',
        headers: c.h.test,
        payload: { display_name: 'Lakeside Power', country_codes: ['GB'], connection_types: ['LIBRARY'], tariffs },
      });
    const made = await post([{ name: 'Lake Flat', schedule: flat, charges }]);
    expect(made.status).toBe(200);
    expect(made.body.tariffs[0].charges).toEqual(charges);
    const before = snapshot(c.h.svc);
    const refused = await post([{ name: 'Lake Export', direction: 'EXPORT', schedule: flat, charges }]);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ object: 'error', code: 'charges_export' });
    expect(refused.body.message).toContain('tariffs[0].charges.fixed');
    expect(snapshot(c.h.svc)).toBe(before);
  });
});
