import { describe, expect, it } from 'vitest';
import { see } from './see.js';
import type { Locator, Page } from 'playwright';
import { AxeBuilder } from '@axe-core/playwright';
import { topShot } from './browser.js';
import { browserSuite, openApp, VIEWPORTS } from './suite.js';

/**
 * A tariff's charges in the editor: a standing charge and a minimum bill in a UK tariff, flat and
 * time-of-use demand with kW blocks in a US one, the demand hours drawn like the energy bands.
 * Saving sends them with the schedule; the API holds them; reopening the tariff shows them.
 */
const ctx = browserSuite({ demo: false });

const ADDRESSES = {
  GB: { address_line1: '1 High St', city: 'Inverness', post_code: 'IV1 1AA', country_code: 'GB' },
  US: { address_line1: '600 Congress Ave', city: 'Austin', post_code: '78701', country_code: 'US' },
};

async function open(size: { width: number; height: number }, country: 'GB' | 'US') {
  const loc = (await ctx.env.api('POST', '/locations', { postal_address: ADDRESSES[country] })).body.id as string;
  const t = await ctx.env.api('POST', '/tariffs', {
    location_id: loc,
    type: 'COMMODITY',
    display_name: `${country} with charges`,
    contract_start_date: '2026-01-01',
    contract_end_date: '2028-01-01',
    schedule: [
      {
        days_and_hours: [
          { days: ['All'], hours: [{ valid_from: '00:00:00', valid_to: '00:00:00', rate: [{ fixed: 0.245 }] }] },
        ],
      },
    ],
  });
  expect(t.status).toBe(200);
  const hash = `tariffs?location=${loc}&id=${t.body.id}`;
  const { page, errors } = await openApp(ctx, hash, size);
  // An action that cannot happen fails in words, before the test's own time runs out.
  page.setDefaultTimeout(30_000);
  await see(page.getByRole('region', { name: 'Charges' })).toBeVisible();
  return { page, errors, id: t.body.id as string, hash };
}

async function draw(page: Page, track: Locator, a: number, b: number) {
  await track.scrollIntoViewIfNeeded();
  const box = (await track.boundingBox())!;
  // A pixel inside the track's ends: the very edge may be the row's, not the track's.
  const x = (h: number) => box.x + 1 + ((box.width - 2) * h) / 24;
  await page.mouse.move(x(a), box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(x(b), box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
}

/** Nothing in the charges panel wider than the window. */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

for (const size of Object.values(VIEWPORTS)) {
  const px = `${size.width}x${size.height}`;
  describe(`a tariff's charges in the editor at ${px}`, () => {
    it('a standing charge per day and a minimum per month: said in words, saved, shown again', async () => {
      const { page, errors, id, hash } = await open(size, 'GB');
      const charges = page.getByRole('region', { name: 'Charges' });
      await charges.getByRole('button', { name: 'Add a daily charge' }).click();
      await charges.getByRole('group', { name: 'Fixed charge 1' }).getByLabel('Amount GBP').fill('0.60');
      await see(charges.getByTestId('fixed-words')).toHaveText('Standing charge £0.60 per day');
      await charges.getByRole('button', { name: 'Add a monthly charge' }).click();
      const second = charges.getByRole('group', { name: 'Fixed charge 2' });
      await second.getByLabel('Name').fill('Meter rental');
      await second.getByLabel('Amount GBP').fill('2.5');
      await see(charges.getByTestId('fixed-words').nth(1)).toHaveText('Meter rental £2.50 per month');
      const minimum = charges.getByRole('group', { name: 'Minimum bill' });
      await minimum.getByRole('combobox', { name: 'Minimum' }).click();
      await page.getByRole('option', { name: 'per year' }).click();
      await minimum.getByLabel('Amount GBP').fill('120');
      await see(charges.getByTestId('minimum-words')).toHaveText(
        'Minimum bill £120.00 per year: a year whose bill is below it pays the difference.',
      );
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await charges.scrollIntoViewIfNeeded();
      await topShot(page, `tariff-charges-fixed-${px}`);

      const sent = page.waitForRequest((r) => r.method() === 'PATCH' && r.url().includes(`/tariffs/${id}`));
      await page.getByRole('button', { name: 'Save schedule' }).click();
      expect((await sent).postDataJSON().charges).toEqual({
        fixed: [
          { amount: 0.6, per: 'DAY' },
          { amount: 2.5, per: 'MONTH', name: 'Meter rental' },
        ],
        minimum: { amount: 120, per: 'YEAR' },
      });
      await see(page.getByText('Saved.')).toBeVisible();
      const stored = (await ctx.env.api('GET', `/tariffs/${id}`)).body.charges;
      expect(stored).toEqual({
        fixed: [
          { amount: 0.6, per: 'DAY' },
          { amount: 2.5, per: 'MONTH', name: 'Meter rental' },
        ],
        minimum: { amount: 120, per: 'YEAR' },
      });

      // Reopened: the charges as saved, and nothing to save.
      const again = await openApp(ctx, hash, size);
      const shown = again.page.getByRole('region', { name: 'Charges' });
      await see(shown.getByTestId('fixed-words')).toHaveText([
        'Standing charge £0.60 per day',
        'Meter rental £2.50 per month',
      ]);
      await see(shown.getByTestId('minimum-words')).toContainText('Minimum bill £120.00 per year');
      await see(again.page.getByRole('button', { name: 'Save schedule' })).toBeDisabled();
      expect([...errors, ...again.errors]).toEqual([]);
      await again.page.close();
      await page.close();
    });

    it('flat demand with kW blocks for some months, and time-of-use demand drawn on the day', async () => {
      const { page, errors, id, hash } = await open(size, 'US');
      const charges = page.getByRole('region', { name: 'Charges' });
      await charges.getByRole('button', { name: 'Add flat demand' }).click();
      const flat = charges.getByRole('group', { name: 'Flat demand 1' });
      await flat.getByLabel('Rate $/kW').fill('12');
      await see(flat.getByTestId('flat-words')).toHaveText('Demand 12.00 $/kW for the month’s highest kW');
      await flat.getByRole('button', { name: 'Add kW block' }).click();
      await flat.getByRole('group', { name: 'Block 1' }).getByLabel('Up to kW').fill('50');
      await flat.getByRole('group', { name: 'Block 2' }).getByLabel('Rate $/kW').fill('9');
      const months = flat.getByRole('toolbar', { name: 'Months' });
      await months.getByRole('button', { name: 'Jun', exact: true }).click();
      await months.getByRole('button', { name: 'Jul', exact: true }).click();
      await months.getByRole('button', { name: 'Aug', exact: true }).click();
      await see(flat.getByTestId('flat-words')).toHaveText(
        'Demand 12.00 $/kW up to 50 kW, then 9.00 $/kW above for the month’s highest kW in Jun–Aug',
      );

      // Time of use: an on-peak period drawn 16:00–21:00, an off-peak one the rest of the day.
      const periods = charges.getByRole('group', { name: 'Demand periods' });
      await periods.getByRole('button', { name: 'Add demand period' }).click();
      await periods.getByRole('group', { name: 'Demand period 1' }).getByLabel('Rate $/kW').fill('15');
      await see(periods.getByTestId('period-words')).toHaveText(
        'On-peak: 15.00 $/kW for the month’s highest kW in its hours',
      );
      await periods.getByRole('button', { name: 'Add demand period' }).click();
      await periods.getByRole('group', { name: 'Demand period 2' }).getByLabel('Rate $/kW').fill('4');
      const hours = charges.getByRole('region', { name: 'Demand schedule' });
      await hours.getByRole('button', { name: 'Draw the demand hours' }).click();
      // An empty row is said, and Save waits.
      await see(charges.getByRole('region', { name: 'Charge problems' })).toContainText(
        'Demand schedule, month group 1, row 1: draw at least one band.',
      );
      await see(page.getByRole('button', { name: 'Save schedule' })).toBeDisabled();
      const track = hours.getByRole('group', { name: 'Demand All track' });
      await draw(page, track, 16, 21);
      await see(hours.getByRole('status')).toHaveText('New band 16:00–21:00 is in On-peak; pick its period below.');
      // The morning drawn up to the evening band: its neighbour's period.
      await draw(page, track, 0, 16);
      await see(hours.getByRole('status')).toHaveText('New band 00:00–16:00 is in On-peak; pick its period below.');
      // From the free end of the day back to the band: a drag that starts on its edge would resize it.
      await draw(page, track, 24, 21);
      await see(hours.getByRole('status')).toHaveText('New band 21:00–24:00 is in On-peak; pick its period below.');
      // Both off-peak: each band selected by a click, its period picked below the tracks.
      for (const [from, to] of [
        ['21:00', '24:00'],
        ['00:00', '16:00'],
      ]) {
        await track.getByRole('button', { name: `Band ${from} to ${to}, demand period On-peak` }).click();
        const selected = hours.getByRole('group', { name: 'Selected demand band' });
        await see(selected).toContainText(`Band ${from}–${to}`);
        await selected.getByRole('combobox', { name: 'Period' }).click();
        await page.getByRole('option', { name: 'Off-peak' }).click();
        await see(page.getByRole('listbox')).toHaveCount(0);
        await see(track.getByRole('button', { name: `Band ${from} to ${to}, demand period Off-peak` })).toBeVisible();
      }
      await see(track.getByRole('button', { name: 'Band 16:00 to 21:00, demand period On-peak' })).toBeVisible();
      await see(track.getByRole('button', { name: 'Band 21:00 to 24:00, demand period Off-peak' })).toBeVisible();
      await see(charges.getByRole('region', { name: 'Charge problems' })).toHaveCount(0);
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      // The charges with their drawn demand hours: no serious or critical finding of axe-core.
      const axe = await new AxeBuilder({ page })
        .include('[aria-label="Charges"]')
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
        .analyze();
      expect(
        axe.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`)),
      ).toEqual([]);
      await hours.scrollIntoViewIfNeeded();
      await topShot(page, `tariff-charges-demand-${px}`);

      await page.getByRole('button', { name: 'Save schedule' }).click();
      await see(page.getByText('Saved.')).toBeVisible();
      const expected = {
        demand: {
          flat: [{ months: ['June', 'July', 'August'], rate: [{ fixed: 12, to_kw: 50 }, { fixed: 9 }] }],
          periods: [
            { name: 'On-peak', rate: [{ fixed: 15 }] },
            { name: 'Off-peak', rate: [{ fixed: 4 }] },
          ],
          schedule: [
            {
              months: ['All'],
              days_and_hours: [
                {
                  days: ['All'],
                  hours: [
                    { valid_from: '16:00:00', valid_to: '21:00:00', period: 'On-peak' },
                    { valid_from: '00:00:00', valid_to: '16:00:00', period: 'Off-peak' },
                    { valid_from: '21:00:00', valid_to: '00:00:00', period: 'Off-peak' },
                  ],
                },
              ],
            },
          ],
        },
      };
      expect((await ctx.env.api('GET', `/tariffs/${id}`)).body.charges).toEqual(expected);

      // Reopened: the same words and the same drawing.
      const again = await openApp(ctx, hash, size);
      const shown = again.page.getByRole('region', { name: 'Charges' });
      await see(shown.getByTestId('flat-words')).toHaveText(
        'Demand 12.00 $/kW up to 50 kW, then 9.00 $/kW above for the month’s highest kW in Jun–Aug',
      );
      await see(shown.getByTestId('period-words')).toHaveText([
        'On-peak: 15.00 $/kW for the month’s highest kW in its hours',
        'Off-peak: 4.00 $/kW for the month’s highest kW in its hours',
      ]);
      await see(shown.getByRole('button', { name: 'Band 16:00 to 21:00, demand period On-peak' })).toBeVisible();
      await see(again.page.getByRole('button', { name: 'Save schedule' })).toBeDisabled();
      expect([...errors, ...again.errors]).toEqual([]);
      await again.page.close();
      await page.close();
    }, 480_000);
  });
}
