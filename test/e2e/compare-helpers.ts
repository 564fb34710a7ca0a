import { expect } from 'vitest';
import type { Page, Request } from 'playwright';
import type { BrowserSuite } from './suite.js';

/** What the Compare tests share: the demo's locations, amounts as the page writes them, the page's bill requests. */

export const locationOf = async (s: BrowserSuite, ref: string): Promise<string> =>
  (await s.env.api('GET', '/locations?limit=100')).body.data.find((l: any) => l.reference_id === ref).id;

/**
 * A London household of its own with one stored supply tariff, "Standard variable" at a flat
 * 0.30 a kWh from 2026 to 2030: the location's id and the tariff's.
 */
export async function ukHousehold(s: BrowserSuite, address_line1 = '3 Rye Lane', post_code = 'SE15 5EW') {
  const loc = await s.env.api('POST', '/locations', {
    postal_address: { address_line1, city: 'London', post_code, country_code: 'GB' },
  });
  expect(loc.status).toBe(200);
  const stored = await s.env.api('POST', '/tariffs', {
    location_id: loc.body.id,
    type: 'COMMODITY',
    direction: 'IMPORT',
    display_name: 'Standard variable',
    contract_start_date: '2026-01-01',
    contract_end_date: '2030-01-01',
    schedule: [
      {
        days_and_hours: [
          { days: ['All'], hours: [{ valid_from: '00:00:00', valid_to: '00:00:00', rate: [{ fixed: 0.3 }] }] },
        ],
      },
    ],
  });
  expect(stored.status).toBe(200);
  return { location: loc.body.id as string, tariff: stored.body.id as string };
}

export const eur = (v: number) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 }).format(v);
export const usd = (v: number) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 }).format(v);

/** `a - b` as the page shows both: the difference of the two amounts as written, so a row adds up. */
export const shownApart = (a: number, b: number) => {
  const cents = (v: number) => Math.round(Number(eur(v).replace(/[^0-9.-]/g, '')) * 100);
  return (cents(a) - cents(b)) / 100;
};

const micro = (v: number) => Math.round(v * 1e6) / 1e6;

/** One bill (the main one or an alternative) as its column reads it: the total, the energy drawn, per month. */
function columnView(b: any) {
  const periods = b.months.map((m: any) => ({
    start_time: m.start_time,
    end_time: m.end_time,
    value: m.total,
    kwh: m.import_kwh,
    // Energy drawn at times no tariff prices: what leaves a month out of the totals.
    unpriced_kwh: micro(m.unpriced_kwh - m.unpriced_export_kwh),
  }));
  const sum = (k: 'kwh' | 'unpriced_kwh') => micro(periods.reduce((t: number, p: any) => t + p[k], 0));
  return { value: b.total, kwh: sum('kwh'), unpriced_kwh: sum('unpriced_kwh'), periods };
}

/** The API's bill as the page's columns read it, its alternatives alike. */
export const billView = (bill: any) => ({
  location_id: bill.location_id,
  ...columnView(bill),
  alternatives: (bill.alternatives ?? []).map(columnView),
  bill,
});

/** The next POST /bills the page sends that satisfies `test`, and the API's answer to it. */
export async function billRequest(page: Page, test: (body: any) => boolean, act: () => Promise<void>) {
  const isIt = (r: Request) => r.method() === 'POST' && /\/bills\/loc_/.test(r.url()) && test(r.postDataJSON());
  const [response] = await Promise.all([page.waitForResponse((r) => isIt(r.request())), act()]);
  expect(response.status()).toBe(200);
  return { body: response.request().postDataJSON(), answer: billView(await response.json()) };
}

/** The same bill asked of the API directly. */
export async function askBill(s: BrowserSuite, locationId: string, body: unknown) {
  const r = await s.env.api('POST', `/bills/${locationId}`, body);
  return { status: r.status, body: r.status === 200 ? billView(r.body) : r.body };
}
