import { describe, expect, it } from 'vitest';
import { see } from './see.js';
import type { Page } from 'playwright';
import { shot } from './browser.js';
import { browserSuite, pageErrors, VIEWPORTS } from './suite.js';
import { DateTime } from 'luxon';
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
        await page.getByLabel('Days', { exact: true }).fill('90');
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
        await see(chart).toHaveAttribute('data-points', String(answer.data.length + 1), { timeout: 30_000 });
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
        await page.getByLabel('Days', { exact: true }).fill('2');
        await see(page.getByTestId('no-contract')).toContainText('no contract active');
        await see(page.getByRole('table', { name: 'Price table' })).toContainText('no contract active');
        // Nothing priced: no average of unknown zeros.
        await page.getByLabel('Days', { exact: true }).fill('1');
        await see(page.getByRole('img', { name: 'Price chart' })).toContainText('No price in this window');
        await see(page.getByRole('img', { name: 'Price chart' })).not.toContainText('Time-weighted average');
        await page.getByLabel('Days', { exact: true }).fill('2');
        await page.getByLabel('From (local)').fill('2026-10-24');
        await see(page.getByTestId('odd-days')).toContainText('2026-10-25 has 25 hours');
        await shot(page, `prices-dst-${size}`);
      } finally {
        await page.close();
      }
    });

    it(`a direction with no tariff says so with the next step, not as an error (${size})`, async () => {
      const loc = await marketLocation();
      const page = await suite.browser.newPage({ viewport });
      try {
        await page.goto(`${suite.env.info.app_url}/#/prices?location=${loc}`);
        await page.getByLabel('Direction').click();
        // Directions in words, the code beside them as a hint.
        await see(page.getByRole('option', { name: 'Local generation LOCAL' })).toBeVisible();
        await page.getByRole('option', { name: 'Export EXPORT' }).click();
        // The API's no_tariff_connected is the next step to take, not a red box.
        await see(page.getByRole('heading', { name: 'No export tariff at Invalidenstraße 1, Berlin' })).toBeVisible();
        await see(page.getByRole('button', { name: 'Connect a tariff' })).toBeVisible();
        await see(page.getByRole('alert')).toHaveCount(0);
      } finally {
        await page.close();
      }
    });
  }

  type Rows = Parameters<typeof fixedSchedule>[0];
  /** A Berlin location with fixed-rate tariffs, created in the order given; their ids by name. */
  async function berlinWith(list: [type: string, name: string, rows: Rows][]) {
    const loc = (await suite.env.api('POST', '/locations', { postal_address: berlinAddress })).body.id as string;
    const tariffs: Record<string, string> = {};
    for (const [type, name, rows] of list) {
      const t = await suite.env.api('POST', '/tariffs', {
        location_id: loc,
        type,
        display_name: name,
        contract_start_date: '2026-01-01',
        contract_end_date: '2028-01-01',
        schedule: fixedSchedule(rows),
      });
      expect(t.status).toBe(200);
      tariffs[name] = t.body.id as string;
    }
    return { loc, tariffs };
  }

  /** A supply tariff and a grid fee, the grid fee created first. */
  const twoTariffs = () =>
    berlinWith([
      ['NON_COMMODITY', 'Grid fee', [['All', [['00:00', '00:00', 0.08]]]]],
      [
        'COMMODITY',
        'Nordlicht Nacht',
        [
          [
            'All',
            [
              ['00:00', '06:00', 0.21],
              ['06:00', '00:00', 0.31],
            ],
          ],
        ],
      ],
    ]);

  /** A chart's tariff series as drawn: each legend entry's name and colour, in stacking order, and the areas' fills. */
  async function drawnSeries(page: Page, name: string) {
    const chart = page.getByRole('img', { name });
    await see(chart.locator('.recharts-area-area').first()).toBeVisible({ timeout: 30_000 });
    return chart.evaluate((el) => {
      const legend = [...el.querySelectorAll('.recharts-legend-item')].map((li) => {
        const icon = li.querySelector('path, line, rect');
        const stroke = icon?.getAttribute('stroke');
        return {
          name: li.textContent?.trim() ?? '',
          colour: stroke && stroke !== 'none' ? stroke : (icon?.getAttribute('fill') ?? ''),
        };
      });
      const areas = [...el.querySelectorAll('.recharts-area-area')].map((a) => a.getAttribute('fill'));
      const confidence = el.querySelector('.recharts-line-curve[stroke-dasharray]')?.getAttribute('stroke');
      return { legend, areas, confidence };
    });
  }

  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    it(`a tariff has one colour and one place in the stack on the Tariffs preview and on Prices; red is Confidence's (${size})`, async () => {
      const { loc, tariffs } = await twoTariffs();
      const page = await suite.browser.newPage({ viewport });
      const errors = pageErrors(page);
      try {
        await page.goto(`${suite.env.info.app_url}/#/tariffs?location=${loc}&id=${tariffs['Nordlicht Nacht']}`);
        const preview = await drawnSeries(page, 'Price preview');
        await see(page.getByRole('img', { name: 'Price preview' })).toContainText('EUR/kWh');
        await shot(page, `tariff-preview-colours-${size}`);
        await page.goto(`${suite.env.info.app_url}/#/prices?location=${loc}`);
        const prices = await drawnSeries(page, 'Price chart');
        await shot(page, `prices-colours-${size}`);
        const series = (s: typeof prices) => s.legend.filter((l) => l.name !== 'Total' && l.name !== 'Confidence');
        // Supply first, though the grid fee was created first; the same colours in the same order.
        expect(series(prices).map((l) => l.name)).toEqual(['Nordlicht Nacht', 'Grid fee']);
        expect(series(preview)).toEqual(series(prices));
        // The areas are drawn in the legend's colours and order.
        expect(prices.areas).toEqual(series(prices).map((l) => l.colour));
        expect(preview.areas).toEqual(series(preview).map((l) => l.colour));
        const [a, b] = series(prices).map((l) => l.colour);
        expect(a).not.toBe(b);
        expect(prices.confidence).toBeTruthy();
        expect(prices.confidence).toBe(preview.confidence);
        for (const l of series(prices)) expect(l.colour).not.toBe(prices.confidence);
        expect(errors).toEqual([]);
      } finally {
        await page.close();
      }
    });

    it(`a 7-day window ticks at local midnights, named by day (${size})`, async () => {
      const { loc } = await twoTariffs();
      const page = await suite.browser.newPage({ viewport });
      try {
        await page.goto(`${suite.env.info.app_url}/#/prices?location=${loc}`);
        await page.getByLabel('From (local)').fill('2026-06-01');
        await page.getByLabel('Days', { exact: true }).fill('7');
        const chart = page.getByRole('img', { name: 'Price chart' });
        const tickLabels = chart.locator('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value');
        await see(tickLabels.first()).toHaveText('Mon 1 Jun', { timeout: 30_000 });
        await see(chart).toHaveAttribute('data-ticks', /2026-06-0[67]/);
        const ticks = (await chart.getAttribute('data-ticks'))!.split(' ');
        expect(ticks.length).toBeGreaterThanOrEqual(4);
        for (const t of ticks)
          expect(DateTime.fromISO(t, { zone: 'Europe/Berlin' }).toFormat('HH:mm:ss'), t).toBe('00:00:00');
        // Every tick a day apart (or a fixed number of days on a narrow chart).
        const gaps = new Set(ticks.slice(1).map((t, i) => Date.parse(t) - Date.parse(ticks[i]!)));
        expect(gaps.size).toBe(1);
        const labels = await tickLabels.allTextContents();
        expect(labels.length).toBe(ticks.length);
        for (const l of labels) expect(l).toMatch(/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} Jun$/);
        await shot(page, `prices-7-day-ticks-${size}`);
      } finally {
        await page.close();
      }
    });

    it(`"From" starts on the service clock's today at the location, and one interval is "1 interval" (${size})`, async () => {
      // A flat rate alone prices a day as one interval.
      const { loc } = await berlinWith([['COMMODITY', 'Flat', [['All', [['00:00', '00:00', 0.3]]]]]]);
      // 23:30 UTC is already the next day in Berlin. Back in time, so no bearer token expires.
      const now = DateTime.utc().minus({ days: 1 }).set({ hour: 23, minute: 30, second: 0, millisecond: 0 });
      const berlinDate = now.setZone('Europe/Berlin').toISODate()!;
      expect(berlinDate).not.toBe(now.toISODate());
      await suite.env.client.call('clock.set', { body: { mode: 'frozen', now: now.toISO()! } });
      const page = await suite.browser.newPage({ viewport });
      try {
        await page.goto(`${suite.env.info.app_url}/#/prices?location=${loc}`);
        await see(page.getByLabel('From (local)')).toHaveValue(berlinDate);
        await page.getByLabel('Days', { exact: true }).fill('1');
        await see(page.getByRole('heading', { name: /EUR per kWh/ })).toContainText(' 1 interval ·');
        await see(page.getByRole('table', { name: 'Price table' })).toContainText(
          `${DateTime.fromISO(berlinDate).setLocale('en-GB').toFormat('ccc d LLL yyyy')} 00:00`,
        );
        await shot(page, `prices-service-today-${size}`);
      } finally {
        await suite.env.client.call('clock.set', { body: { mode: 'real' } });
        await page.close();
      }
    });
  }
});
