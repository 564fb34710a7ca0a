import { describe, expect, it } from 'vitest';
import { see } from './see.js';
import { violations } from './axe.js';
import type { Page } from 'playwright';
import { topShot } from './browser.js';
import { browserSuite, openApp, VIEWPORTS } from './suite.js';
import { berlinAddress } from '../helpers.js';

/**
 * The analyst's two-season tiered tariff through the schedule editor: month groups named by their
 * months, the summer copied into the winter, a row copied for the weekend, one band's tiers given
 * to the whole group, tier bounds said as kWh per month and checked as they are typed, and no
 * message or selection left behind once its cause is gone.
 */
const ctx = browserSuite({ demo: false });

const band = (valid_from: string, valid_to: string, rate: Record<string, number>[]) => ({ valid_from, valid_to, rate });
/** Summer only, weekdays only: a tiered day (350 kWh/month at the band price, +0.09 beyond) and a peak. */
const SUMMER = [
  {
    months: ['June', 'July', 'August', 'September', 'October'],
    days_and_hours: [
      {
        days: ['Weekdays'],
        hours: [
          band('00:00:00', '16:00:00', [{ fixed: 0.4, to_kwh: 350 }, { fixed: 0.49 }]),
          band('16:00:00', '21:00:00', [{ fixed: 0.6 }]),
          band('21:00:00', '00:00:00', [{ fixed: 0.4 }]),
        ],
      },
    ],
  },
];

async function open(size: { width: number; height: number }, name: string) {
  const loc = (await ctx.env.api('POST', '/locations', { postal_address: berlinAddress })).body.id as string;
  const t = await ctx.env.api('POST', '/tariffs', {
    location_id: loc,
    type: 'COMMODITY',
    display_name: name,
    contract_start_date: '2026-01-01',
    contract_end_date: '2028-01-01',
    schedule: SUMMER,
  });
  expect(t.status).toBe(200);
  const { page, errors } = await openApp(ctx, `tariffs?location=${loc}&id=${t.body.id}`, size);
  await see(page.getByLabel('Schedule editor')).toBeVisible();
  return { page, errors, id: t.body.id as string };
}

const bandOn = (page: Page, from: string, to: string) =>
  page.getByRole('button', { name: new RegExp(`^Band ${from} to ${to},`) });
const message = (page: Page) => page.getByRole('status', { name: 'Editor message' });
const tabs = (page: Page) => page.getByRole('tablist', { name: 'Month groups' }).getByRole('tab');

/** Each tab's text against its own box and the tab list's: nothing cut, nothing scrolled away. */
const clipped = (page: Page) =>
  page.getByRole('tablist', { name: 'Month groups' }).evaluate((list) => {
    const outer = list.getBoundingClientRect();
    return [...list.querySelectorAll('[role="tab"]')]
      .filter((t) => {
        const r = t.getBoundingClientRect();
        return t.scrollWidth > t.clientWidth || r.left < outer.left - 0.5 || r.right > outer.right + 0.5;
      })
      .map((t) => t.textContent);
  });

/** axe-core's serious and critical findings in the editor and its rate panel, one line each. */
const axe = (page: Page) => violations(page, ['[aria-label="Schedule editor"]', '[aria-label="Rate panel"]']);

/** Draws a band on a track from hour `a` to hour `b`. */
async function draw(page: Page, track: string, a: number, b: number) {
  const t = page.getByRole('group', { name: track });
  await t.scrollIntoViewIfNeeded();
  const box = (await t.boundingBox())!;
  const x = (h: number) => box.x + (box.width * h) / 24;
  await page.mouse.move(x(a), box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(x(b), box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
}

for (const size of Object.values(VIEWPORTS)) {
  const px = `${size.width}x${size.height}`;
  describe(`the schedule editor's seasons and tiers at ${px}`, () => {
    it('the winter half is a copy of the summer, a copied row and one click for the tiers', async () => {
      const { page, errors, id } = await open(size, 'Two seasons');
      let actions = 0;
      const act = async (f: () => Promise<void>) => {
        await f();
        actions++;
      };
      await see(tabs(page)).toHaveText(['Jun–Oct']);

      // The weekend: the weekdays' row copied, for the days no row has yet.
      await act(() => page.getByRole('button', { name: 'Duplicate row ‘Weekdays’' }).click());
      await see(message(page)).toHaveText(
        'Copied row ‘Weekdays’ as ‘Weekend’ with its 3 bands; change its days or prices.',
      );
      await see(page.getByLabel('Days of row 2')).toHaveValue('Weekend');
      const weekend = page.locator('[data-row="0:1"]');
      await act(() => weekend.getByRole('button', { name: /^Band 16:00 to 21:00,/ }).click());
      await act(() => page.getByLabel('Rate panel').getByLabel('Price EUR/kWh').fill('0.45'));
      await see(weekend.getByRole('button', { name: /^Band 16:00 to 21:00,/ })).toHaveAttribute(
        'aria-label',
        'Band 16:00 to 21:00, 0.45',
      );
      // The weekdays' own band is untouched: the copy shares nothing with it.
      await see(
        page.locator('[data-row="0:0"]').getByRole('button', { name: /^Band 16:00 to 21:00,/ }),
      ).toHaveAttribute('aria-label', 'Band 16:00 to 21:00, 0.60');

      // The winter: the summer group copied, for the months no group has yet.
      await act(() => page.getByRole('button', { name: 'Duplicate month group' }).click());
      await see(tabs(page)).toHaveText(['Jun–Oct', 'Jan–May, Nov–Dec']);
      await see(page.getByRole('tab', { selected: true })).toHaveText('Jan–May, Nov–Dec');
      await see(message(page)).toHaveText(
        'Copied Jun–Oct as Jan–May, Nov–Dec, the months no other group has; change its prices.',
      );
      await see(page.getByRole('group', { name: 'Weekend track' })).toBeVisible();
      // Winter prices: the peak lower, and the first band's step beyond 350 kWh/month larger.
      await act(() => bandOn(page, '16:00', '21:00').first().click());
      await act(() => page.getByLabel('Rate panel').getByLabel('Price EUR/kWh').fill('0.5'));
      await act(() => bandOn(page, '00:00', '16:00').first().click());
      const panel = page.getByLabel('Rate panel');
      await act(() => panel.getByRole('group', { name: 'Tier 2' }).getByLabel('Price EUR/kWh').fill('0.52'));
      const apply = panel.getByRole('button', { name: 'Apply these tiers to every band of Jan–May, Nov–Dec' });
      await see(panel).toContainText('Each band keeps its own first price, then +0.12 over 350 kWh/month.');
      await act(() => apply.click());
      await see(message(page)).toHaveText(
        'Tiers given to 5 bands of Jan–May, Nov–Dec: each its own price, then +0.12 over 350 kWh/month.',
      );
      await see(
        page.locator('[data-row="1:0"]').getByRole('button', { name: /^Band 16:00 to 21:00,/ }),
      ).toHaveAttribute('aria-label', 'Band 16:00 to 21:00, 0.50 → 0.62 over 350 kWh/month');
      await see(
        page.locator('[data-row="1:1"]').getByRole('button', { name: /^Band 16:00 to 21:00,/ }),
      ).toHaveAttribute('aria-label', 'Band 16:00 to 21:00, 0.45 → 0.57 over 350 kWh/month');
      // A tiered band shows its tiers on the grid, whole, where they fit.
      const first = page.locator('[data-row="1:0"] [data-band="0"]');
      await see(first).toHaveText('0.40 → 0.52 over 350 kWh/month');
      const fits = await first.evaluate((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        const t = range.getBoundingClientRect();
        const b = el.getBoundingClientRect();
        return t.left >= b.left - 0.5 && t.right <= b.right + 0.5;
      });
      expect(fits).toBe(true);
      await see(page.getByText('The schedule is valid.')).toBeVisible();
      await topShot(page, `schedule-seasons-winter-${px}`);

      await act(() => page.getByRole('button', { name: 'Save schedule' }).click());
      await see(page.getByText('Saved.')).toBeVisible();
      console.log(`${px}: the winter half and the weekend in ${actions} actions`);
      expect(actions).toBeLessThanOrEqual(12);

      // What is stored is the two seasons, the summer's weekdays as they were.
      const stored = (await ctx.env.api('GET', `/tariffs/${id}`)).body.schedule;
      const week = (fixed: [number, number][], peak: number[]) => [
        band('00:00:00', '16:00:00', [{ fixed: fixed[0]![0], to_kwh: 350 }, { fixed: fixed[0]![1] }]),
        band(
          '16:00:00',
          '21:00:00',
          peak.length > 1 ? [{ fixed: peak[0]!, to_kwh: 350 }, { fixed: peak[1]! }] : [{ fixed: peak[0]! }],
        ),
        band(
          '21:00:00',
          '00:00:00',
          fixed[1] ? [{ fixed: fixed[1][0], to_kwh: 350 }, { fixed: fixed[1][1] }] : [{ fixed: 0.4 }],
        ),
      ];
      expect(stored).toEqual([
        {
          months: SUMMER[0]!.months,
          days_and_hours: [
            { days: ['Weekdays'], hours: week([[0.4, 0.49]], [0.6]) },
            { days: ['Weekend'], hours: week([[0.4, 0.49]], [0.45]) },
          ],
        },
        {
          months: ['January', 'February', 'March', 'April', 'May', 'November', 'December'],
          days_and_hours: [
            {
              days: ['Weekdays'],
              hours: week(
                [
                  [0.4, 0.52],
                  [0.4, 0.52],
                ],
                [0.5, 0.62],
              ),
            },
            {
              days: ['Weekend'],
              hours: week(
                [
                  [0.4, 0.52],
                  [0.4, 0.52],
                ],
                [0.45, 0.57],
              ),
            },
          ],
        },
      ]);
      // Once saved, the preview no longer says "(not saved)".
      const heading = page
        .getByRole('region', { name: 'Price preview from the service' })
        .getByRole('heading', { level: 3 });
      await see(heading).toContainText('priced by the service with the saved schedule');
      await see(heading).not.toContainText('not saved');
      expect(errors).toEqual([]);
      await page.close();
    });

    it('tabs are named by their months, never cut; a new group has no months yet, and says so', async () => {
      const { page, errors } = await open(size, 'Named groups');
      await page.getByRole('button', { name: 'Add month group' }).click();
      await see(tabs(page)).toHaveText(['Jun–Oct', '●No months yet']);
      await see(page.getByRole('tab', { name: 'No months yet, has a problem' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      await see(message(page)).toHaveText('New month group: pick its months, then draw its bands.');
      await see(
        page.getByRole('button', { name: 'Month group 2 (no months yet): no month is chosen yet; pick at least one' }),
      ).toBeVisible();
      const months = page.getByRole('toolbar', { name: 'Months' });
      for (const m of ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Nov', 'Dec'])
        await months.getByRole('button', { name: m, exact: true }).click();
      await see(page.getByRole('tab', { selected: true })).toHaveText('●Jan–May, Nov–Dec');
      // Its months picked, the message asking for them has done its work.
      await see(message(page)).toHaveCount(0);
      // Unticking the last month leaves none, never a silent "All".
      for (const m of ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Nov', 'Dec'])
        await months.getByRole('button', { name: m, exact: true }).click();
      await see(page.getByRole('tab', { selected: true })).toHaveText('●No months yet');
      await months.getByRole('button', { name: 'Dec', exact: true }).click();
      await page.getByLabel('Dates', { exact: true }).fill('24, 25, 26');
      await page.getByLabel('Dates', { exact: true }).press('Enter');
      await page.getByRole('button', { name: 'Add month group' }).click();
      await page.getByRole('button', { name: 'Add month group' }).click();
      await see(tabs(page)).toHaveCount(4);
      expect(await clipped(page)).toEqual([]);
      await see(tabs(page).nth(1)).toHaveText('●Dec · dates 24, 25, 26');
      await topShot(page, `schedule-seasons-tabs-${px}`);
      expect(await axe(page)).toEqual([]);
      expect(errors.filter((e) => !e.includes('status of 400'))).toEqual([]);
      await page.close();
    });

    it('a message or a selection goes with its cause: the default-rate note, the last group’s band, "(not saved)"', async () => {
      const { page, errors } = await open(size, 'No stale words');
      const heading = page
        .getByRole('region', { name: 'Price preview from the service' })
        .getByRole('heading', { level: 3 });
      await see(heading).toContainText('with the saved schedule');
      const panel = page.getByLabel('Rate panel');
      await bandOn(page, '16:00', '21:00').click();
      await see(panel).toContainText('Rate of 16:00–21:00');
      await panel.getByLabel('Price EUR/kWh').fill('0.55');
      await see(heading).toContainText('with this schedule (not saved)');

      // A new group: the summer's band is not the one the rate panel edits any more.
      await page.getByRole('button', { name: 'Add month group' }).click();
      await see(page.getByText('Select a band to edit its rate, or drag on a track to draw one.')).toBeVisible();
      await see(panel).toHaveCount(0);

      // A band drawn on an empty row says it has the default rate until its rate is set.
      await draw(page, 'All track', 10, 12);
      await see(message(page)).toHaveText(
        'New band 10:00–12:00 has the default rate 0.30 EUR/kWh; set its rate in the rate panel.',
      );
      await panel.getByLabel('Price EUR/kWh').fill('0.25');
      await see(message(page)).toHaveCount(0);
      await topShot(page, `schedule-seasons-rate-set-${px}`);
      // ... or until another group is in view.
      await draw(page, 'All track', 14, 16);
      // A band drawn beside it on the same row takes its price, not the default.
      await see(message(page)).toContainText('New band 14:00–16:00 has its neighbour’s rate 0.25 EUR/kWh');
      await page.getByRole('tab', { name: 'Jun–Oct' }).click();
      await see(message(page)).toHaveCount(0);
      await see(page.getByText('Select a band to edit its rate, or drag on a track to draw one.')).toBeVisible();

      // Saved: the preview's "(not saved)" goes, and comes back with the next edit.
      await page.getByRole('tab', { name: /No months yet/ }).click();
      await page.getByRole('toolbar', { name: 'Months' }).getByRole('button', { name: 'Jan', exact: true }).click();
      await page.getByRole('button', { name: 'Save schedule' }).click();
      await see(page.getByText('Saved.')).toBeVisible();
      await see(heading).toContainText('with the saved schedule');
      await see(heading).not.toContainText('not saved');
      // The cost is one figure, not the saved schedule set against itself.
      const cost = page.getByTestId('preview-cost');
      await see(cost).toHaveText(
        /^€[\d.,]+ energy \(no fixed charges\) for [\d.]+ kWh with the saved schedule of No stale words$/,
      );
      await topShot(page, `schedule-seasons-saved-${px}`);
      expect(errors.filter((e) => !e.includes('status of 400'))).toEqual([]);
      await page.close();
    });

    it('tiers read as kWh per month; a bound that does not rise is marked on its field before saving', async () => {
      const { page, errors } = await open(size, 'Tier bounds');
      await bandOn(page, '00:00', '16:00').click();
      const panel = page.getByLabel('Rate panel');
      const bound = (tier: number) => panel.getByRole('group', { name: `Tier ${tier}` }).getByLabel('Up to kWh/month');
      await see(bound(1)).toHaveValue('350');
      // The last tier has no bound: it prices the rest of the month.
      await see(bound(2)).toBeDisabled();
      await see(panel.getByRole('group', { name: 'Tier 2' })).toContainText('None: the rest of the month');
      await see(panel).toContainText('Tiers count the tariff');
      await see(panel).toContainText('calendar month at the location (its local month)');

      await panel.getByRole('button', { name: 'Add tier' }).click();
      await see(bound(2)).toHaveValue('1350');
      await see(bound(3)).toBeDisabled();
      const refused = page.waitForResponse((r) => r.url().includes('/prices/') && r.status() === 400);
      await bound(2).fill('300');
      await see(bound(2)).toHaveAttribute('aria-invalid', 'true');
      await see(panel.getByRole('group', { name: 'Tier 2' })).toContainText('Must be above 350 (tier 1)');
      await see(bound(1)).not.toHaveAttribute('aria-invalid', 'true');
      await see(
        page.getByRole('button', {
          name: 'Month group 1 (Jun–Oct), row ‘Weekdays’, band 00:00–16:00, tier 2: its bound, 300 kWh/month, must be above tier 1’s, 350 kWh/month (bounds rise)',
        }),
      ).toBeVisible();
      await see(bandOn(page, '00:00', '16:00')).toHaveAttribute('aria-invalid', 'true');
      await see(page.getByRole('button', { name: 'Save schedule' })).toBeDisabled();
      await see(panel.getByRole('button', { name: /^Apply these tiers/ })).toBeDisabled();
      // The service refuses the same draft by its code: the editor said it first.
      expect((await (await refused).json()).code).toBe('to_kwh_invalid');
      await topShot(page, `schedule-seasons-bound-${px}`);
      expect(await axe(page)).toEqual([]);

      // An empty bound before the last tier is said too.
      await bound(2).fill('');
      await see(panel.getByRole('group', { name: 'Tier 2' })).toContainText('Type where this tier ends');
      await bound(2).fill('700');
      await see(page.getByText('The schedule is valid.')).toBeVisible();
      await see(bandOn(page, '00:00', '16:00')).toHaveAttribute(
        'aria-label',
        'Band 00:00 to 16:00, 0.40 → 0.49 over 350 → 0.49 over 700 kWh/month',
      );
      // A band that ends with the day is read out as the rate panel shows it: to 24:00, not to 00:00.
      await see(bandOn(page, '21:00', '24:00').first()).toBeVisible();
      // Removing the last tier leaves the new last one without a bound.
      await panel.getByRole('button', { name: 'Remove tier 3' }).click();
      await see(bound(2)).toBeDisabled();
      await see(bound(2)).toHaveValue('');
      await see(page.getByRole('button', { name: 'Save schedule' })).toBeDisabled(); // back to the saved tiers
      expect(errors.filter((e) => !e.includes('status of 400'))).toEqual([]);
      await page.close();
    });
  });
}
