import { describe, expect, it } from 'vitest';
import { expect as see } from '@playwright/test';
import type { Page } from 'playwright';
import { shot } from './browser.js';
import { browserSuite, VIEWPORTS } from './suite.js';
import { berlinAddress, fixedSchedule } from '../helpers.js';

const suite = browserSuite({ demo: false });

/** A Berlin location with a 15-minute market tariff and a time-of-day grid fee. */
async function marketLocation(): Promise<string> {
  const loc = (await suite.env.api('POST', '/locations', { postal_address: berlinAddress })).body.id as string;
  const band = (rate: object) => [
    { days_and_hours: [{ days: ['All'], hours: [{ valid_from: '00:00:00', valid_to: '00:00:00', rate: [rate] }] }] },
  ];
  await suite.env.api('POST', '/tariffs', {
    location_id: loc,
    type: 'COMMODITY',
    display_name: 'Dynamic',
    market_rates: true,
    contract_start_date: '2026-01-01',
    contract_end_date: '2028-01-01',
    schedule: band({ surcharge_fixed: 0.12, surcharge_percentage: 0.19 }),
  });
  await suite.env.api('POST', '/tariffs', {
    location_id: loc,
    type: 'NON_COMMODITY',
    display_name: 'Grid fee',
    contract_start_date: '2026-01-01',
    contract_end_date: '2028-01-01',
    schedule: fixedSchedule([
      [
        'All',
        [
          ['00:00', '17:00', 0.06],
          ['17:00', '00:00', 0.14],
        ],
      ],
    ]),
  });
  return loc;
}

/** The time-weighted average of an answer, as the chart computes it from what it draws. */
const average = (data: { valid_from: string; valid_to: string; price: { value: number } }[]) => {
  let sum = 0;
  for (const d of data) sum += d.price.value * (Date.parse(d.valid_to) - Date.parse(d.valid_from));
  return sum / (Date.parse(data.at(-1)!.valid_to) - Date.parse(data[0]!.valid_from));
};

describe('the Prices page draws the API answer', () => {
  for (const [width, height] of [
    [1440, 900],
    [1024, 700],
  ] as const) {
    it(`a 90-day market window: the drawn total is the API's at every interval (${width}×${height})`, async () => {
      const loc = await marketLocation();
      const page: Page = await suite.browser.newPage({ viewport: { width, height } });
      try {
        await page.goto(`${suite.env.info.app_url}/#/prices?location=${loc}`);
        await page.getByLabel('From (local)').fill('2026-06-01');
        await page.getByLabel('Days').fill('90');
        const chart = page.getByRole('img', { name: 'Price chart' });
        const answer = (
          await suite.env.api('POST', `/prices/${loc}`, {
            start_time: '2026-06-01T00:00:00+02:00',
            end_time: '2026-08-30T00:00:00+02:00',
            tariff_direction: 'IMPORT',
            expand: ['components'],
          })
        ).body;
        expect(answer.data.length).toBeGreaterThan(8000);
        await see(chart).toHaveAttribute('data-points', String(answer.data.length + 1), { timeout: 20_000 });
        expect(Number(await chart.getAttribute('data-average'))).toBeCloseTo(average(answer.data), 5);
        // Each tariff's share is drawn under its own name, with units on both axes.
        await see(chart).toContainText('Dynamic');
        await see(chart).toContainText('Grid fee');
        await see(chart).toContainText('EUR/kWh');
        await see(chart).toContainText('Confidence');
        // Times in Berlin wall time, the offset as a hint.
        await see(page.getByRole('table', { name: 'Price table' })).toContainText('Mon 1 Jun 2026 00:00');
        await see(page.getByRole('table', { name: 'Price table' })).toContainText('+02:00');
        await shot(page, `prices-90-days-${width}x${height}`);
      } finally {
        await page.close();
      }
    });
  }

  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    it(`a DST day is named, and a day before the contract says no contract is active (${size})`, async () => {
      const loc = await marketLocation();
      const page = await suite.browser.newPage({ viewport });
      try {
        await page.goto(`${suite.env.info.app_url}/#/prices?location=${loc}`);
        await page.getByLabel('From (local)').fill('2025-12-31');
        await page.getByLabel('Days').fill('2');
        await see(page.getByTestId('no-contract')).toContainText('no contract active');
        await see(page.getByRole('table', { name: 'Price table' })).toContainText('no contract active');
        await page.getByLabel('From (local)').fill('2026-10-24');
        await see(page.getByTestId('odd-days')).toContainText('2026-10-25 has 25 hours');
        await shot(page, `prices-dst-${size}`);
      } finally {
        await page.close();
      }
    });

    it(`a refused window is shown as an error on the page (${size})`, async () => {
      const loc = await marketLocation();
      const page = await suite.browser.newPage({ viewport });
      try {
        await page.goto(`${suite.env.info.app_url}/#/prices?location=${loc}`);
        await page.getByLabel('Direction').click();
        await page.getByRole('option', { name: 'EXPORT' }).click();
        await see(page.getByRole('alert')).toContainText('no tariff for direction EXPORT');
      } finally {
        await page.close();
      }
    });
  }
});
