import { describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import type { Page } from 'playwright';
import { see } from './see.js';
import { SHOTS, topShot } from './browser.js';
import { browserSuite, openApp, VIEWPORTS } from './suite.js';

/**
 * The editor's 7-day preview with the tariff's fixed charges: a UK supply tariff with a standing
 * charge and a monthly meter rental shows energy, each charge and their sum, every figure worked
 * out here by hand from the tariff's prices and the usage file the preview prices; an export
 * tariff's preview says what it earns. The clock stands in late October, so the week crosses a
 * month end and the monthly charge is shared between two months.
 */
const ctx = browserSuite({ demo: false, now: '2026-10-28T09:00:00Z' });

const INVERNESS = { address_line1: '1 High St', city: 'Inverness', post_code: 'IV1 1AA', country_code: 'GB' };
const DAY = 0.3; // 07:00–22:00
const NIGHT = 0.15;
const STANDING = 0.6;
const RENTAL = 2.5;
const EXPORT = 0.15;
const gbp = (v: number) => new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(v);
const band = (valid_from: string, valid_to: string, fixed: number) => ({ valid_from, valid_to, rate: [{ fixed }] });

/** The 7 local days the preview shows: from today's midnight at the location, by the service clock. */
async function week(zone: string) {
  const now = DateTime.fromISO((await ctx.env.api('GET', '/clock')).body.now as string).setZone(zone);
  const from = now.startOf('day');
  return { from, to: from.plus({ days: 7 }) };
}

/** Every hour of the week as a usage file: 1 kWh each, in local time. */
function usageFile(from: DateTime, to: DateTime) {
  const local = (t: DateTime) => t.toFormat("yyyy-MM-dd'T'HH:mm:ss");
  const rows: string[] = [];
  for (let t = from; t < to; t = t.plus({ hours: 1 })) rows.push(`${local(t)},${local(t.plus({ hours: 1 }))},1`);
  return { name: 'week.csv', mimeType: 'text/csv', buffer: Buffer.from(`start,end,kwh\n${rows.join('\n')}\n`) };
}

async function setUp() {
  const loc = (await ctx.env.api('POST', '/locations', { postal_address: INVERNESS })).body;
  const contract = { contract_start_date: '2026-01-01', contract_end_date: '2028-01-01' };
  const supply = await ctx.env.api('POST', '/tariffs', {
    location_id: loc.id,
    type: 'COMMODITY',
    display_name: 'Supply',
    ...contract,
    schedule: [
      {
        days_and_hours: [
          {
            days: ['All'],
            hours: [
              band('00:00:00', '07:00:00', NIGHT),
              band('07:00:00', '22:00:00', DAY),
              band('22:00:00', '00:00:00', NIGHT),
            ],
          },
        ],
      },
    ],
    charges: {
      fixed: [
        { amount: STANDING, per: 'DAY', name: 'Standing charge' },
        { amount: RENTAL, per: 'MONTH', name: 'Meter rental' },
      ],
    },
  });
  expect(supply.status).toBe(200);
  const feedIn = await ctx.env.api('POST', '/tariffs', {
    location_id: loc.id,
    type: 'COMMODITY',
    direction: 'EXPORT',
    display_name: 'Feed-in',
    ...contract,
    schedule: [{ days_and_hours: [{ days: ['All'], hours: [band('00:00:00', '00:00:00', EXPORT)] }] }],
  });
  expect(feedIn.status).toBe(200);
  return { loc: loc.id as string, zone: loc.timezone as string, supply: supply.body.id, feedIn: feedIn.body.id };
}

/** Opens a tariff's editor and prices the week's usage file in its preview. */
async function preview(page: Page, file: ReturnType<typeof usageFile>) {
  const region = page.getByRole('region', { name: 'Price preview from the service' });
  await see(region.getByTestId('preview-range')).toBeVisible({ timeout: 30_000 });
  await region.getByLabel('Usage CSV file').setInputFiles(file);
  await see(region.getByRole('group', { name: 'Usage' })).toContainText('week.csv · 168 rows');
  return region;
}

for (const size of Object.values(VIEWPORTS)) {
  const px = `${size.width}x${size.height}`;
  describe(`the tariff preview's fixed charges at ${px}`, () => {
    it('a supply tariff: energy, the standing charge and the meter rental, and their sum, as worked out by hand', async () => {
      const { loc, zone, supply } = await setUp();
      const { from, to } = await week(zone);
      // By hand: 1 kWh an hour at the tariff's own prices, 15 day hours and 9 night hours a day.
      let energy = 0;
      for (let t = from; t < to; t = t.plus({ hours: 1 })) energy += t.hour >= 7 && t.hour < 22 ? DAY : NIGHT;
      const standing = STANDING * 7;
      // The meter rental: each month's days of the week over that month's length.
      let share = 0;
      for (let d = from; d < to; d = d.plus({ days: 1 })) share += 1 / d.daysInMonth!;
      expect(from.month).not.toBe(to.minus({ days: 1 }).month);
      const rental = RENTAL * share;
      const total = energy + standing + rental;

      const { page, errors } = await openApp(ctx, `tariffs?location=${loc}&id=${supply}`, size);
      page.setDefaultTimeout(30_000);
      const region = await preview(page, usageFile(from, to));
      const cost = region.getByTestId('preview-cost');
      await see(cost).toHaveText(
        `${gbp(energy)} energy + ${gbp(standing)} Standing charge + ${gbp(rental)} Meter rental = ${gbp(total)} for 168.0 kWh with the saved schedule of Supply`,
      );
      await see(region.getByTestId('preview-fixed')).toContainText(
        `Standing charge ${gbp(STANDING)} per day × 7 days: ${gbp(standing)}; Meter rental ${gbp(RENTAL)} per month, 7 days as ${share.toFixed(3)} of a month: ${gbp(rental)}`,
      );
      await see(region.getByRole('heading', { name: 'Cost of a usage over these 7 days' })).toBeVisible();
      await topShot(page, `tariff-preview-fixed-${px}`);
      // And the preview's own part, close up.
      await region.screenshot({ path: `${SHOTS}/tariff-preview-fixed-part-${px}.png` });

      // The standing charge as edited is priced before it is saved: 0.10 a day less for 7 days.
      const charges = page.getByRole('region', { name: 'Charges' });
      await charges.getByRole('group', { name: 'Fixed charge 1' }).getByLabel('Amount GBP').fill('0.50');
      const edited = energy + 0.5 * 7 + rental;
      await see(cost).toHaveText(
        `${gbp(energy)} energy + ${gbp(0.5 * 7)} Standing charge + ${gbp(rental)} Meter rental = ${gbp(edited)} with this schedule for 168.0 kWh · saved schedule of Supply: ${gbp(total)} (−${gbp(0.1 * 7)})`,
      );
      await topShot(page, `tariff-preview-fixed-edited-${px}`);
      // And the preview's own part, close up.
      await region.screenshot({ path: `${SHOTS}/tariff-preview-fixed-edited-part-${px}.png` });
      expect(errors).toEqual([]);
      await page.close();
    });

    it('an export tariff: what it earns over the week, never a cost', async () => {
      const { loc, zone, feedIn } = await setUp();
      const { from, to } = await week(zone);
      const { page, errors } = await openApp(ctx, `tariffs?location=${loc}&id=${feedIn}`, size);
      page.setDefaultTimeout(30_000);
      const region = await preview(page, usageFile(from, to));
      const cost = region.getByTestId('preview-cost');
      // By hand: 168 kWh sent at the feed-in price.
      await see(cost).toHaveText(`Earns ${gbp(168 * EXPORT)} for 168.0 kWh sent with the saved schedule of Feed-in`);
      await see(region.getByRole('heading', { name: 'Earnings from an export over these 7 days' })).toBeVisible();
      await see(region).not.toContainText(/cost/i);
      await see(region.getByTestId('preview-fixed')).toHaveCount(0);
      await topShot(page, `tariff-preview-export-${px}`);
      // And the preview's own part, close up.
      await region.screenshot({ path: `${SHOTS}/tariff-preview-export-part-${px}.png` });
      expect(errors).toEqual([]);
      await page.close();
    });
  });
}
