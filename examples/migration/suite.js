// @ts-check
// The integrator's own test suite, written once against what its client promises, whatever the
// API generation underneath: a customer's address, their day-and-night tariff, the rate at a
// given hour, the cost of a charge.
import { it } from 'node:test';
import assert from 'node:assert/strict';

export const LONDON = { address_line1: '1-3 Strand', city: 'London', post_code: 'WC2N 5EH', country_code: 'GB' };

/** Night 00:00–07:00 at 0.12 GBP/kWh, day 07:00–24:00 at 0.30 (local time). */
export const DAY_AND_NIGHT = {
  direction: 'IMPORT',
  type: 'COMMODITY',
  display_name: 'Day and night',
  contract_start_date: '2026-01-01T00:00:00Z',
  contract_end_date: '2027-01-01T00:00:00Z',
  schedule: [
    {
      months: ['All'],
      days_and_hours: [
        {
          days: ['All'],
          hours: [
            { valid_from: '00:00:00', valid_to: '07:00:00', rate: [{ fixed: 0.12 }] },
            { valid_from: '07:00:00', valid_to: '00:00:00', rate: [{ fixed: 0.3 }] },
          ],
        },
      ],
    },
  ],
};

/**
 * @typedef {ReturnType<typeof import('./client/zero.js').zeroClient>} Client
 * @param {() => Client} client the client under test
 */
export function tariffSuite(client) {
  /** @type {string} */
  let locationId;
  /** @type {string} */
  let tariffId;

  it('keeps the customer’s address as a location in its own time zone and currency', async () => {
    const loc = await client().createLocation(LONDON);
    locationId = loc.id;
    assert.equal(loc.timezone, 'Europe/London');
    assert.equal(loc.currency_code, 'GBP');
  });

  it('connects the customer’s tariff', async () => {
    const t = await client().connectTariff(locationId, DAY_AND_NIGHT);
    tariffId = t.id;
    assert.match(t.id, /^trf_/);
  });

  it('reads the night and the day rate (winter: London time is UTC)', async () => {
    const rates = await client().ratesAt(locationId, '2026-03-02T00:00:00Z', '2026-03-03T00:00:00Z', [
      '2026-03-02T03:30:00Z',
      '2026-03-02T12:00:00Z',
      '2026-03-02T23:15:00Z',
    ]);
    assert.deepEqual(rates, [0.12, 0.3, 0.3]);
  });

  it('follows the clock change: in summer the night ends at 06:00 UTC', async () => {
    const rates = await client().ratesAt(locationId, '2026-06-01T00:00:00Z', '2026-06-01T12:00:00Z', [
      '2026-06-01T05:30:00Z',
      '2026-06-01T06:30:00Z',
    ]);
    assert.deepEqual(rates, [0.12, 0.3]);
  });

  it('costs a night charge: 7 kWh at 0.12', async () => {
    const cost = await client().cost(locationId, {
      start: '2026-03-02T01:00:00Z',
      end: '2026-03-02T02:00:00Z',
      kwh: 7,
    });
    assert.equal(Math.round(cost * 100) / 100, 0.84);
  });

  it('disconnects the tariff', async () => {
    await client().removeTariff(tariffId);
  });
}
