import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { see } from './see.js';
import type { Page, Response } from 'playwright';
import { shot, settled } from './browser.js';
import { browserSuite, openApp, VIEWPORTS } from './suite.js';
import { berlinAddress } from '../helpers.js';
import { bands, peakAndWeekend } from './tariff-fixtures.js';

const ctx = browserSuite({ demo: false });

/** A Berlin tariff: Weekend all day at 0.20; Weekdays 07:00–09:00 at 0.25 and 17:00–20:00 at 0.40. */
const tariff = () =>
  peakAndWeekend(ctx, { postal_address: berlinAddress }, [
    ['07:00:00', '09:00:00', 0.25],
    ['17:00:00', '20:00:00', 0.4],
  ]);

for (const { width, height } of Object.values(VIEWPORTS)) {
  describe(`the schedule editor at ${width}×${height}`, () => {
    let page: Page;
    let errors: string[] = [];
    let refusedDrafts = 0;
    const size = `${width}x${height}`;
    const band = (from: string, to: string) =>
      page.getByRole('button', { name: new RegExp(`^Band ${from} to ${to},`) });
    const message = () => page.getByRole('status', { name: 'Editor message' });

    beforeAll(async () => {
      const { loc, id } = await tariff();
      ({ page, errors } = await openApp(ctx, `tariffs?location=${loc}&id=${id}`, { width, height }));
      // Invalid drafts go to the API on purpose (its error names the field); the browser logs each refusal.
      page.on('response', (r) => {
        if (r.status() === 400 && /\/(prices|costs)\/loc_/.test(r.url())) refusedDrafts++;
      });
      await see(
        page.getByRole('region', { name: 'Schedule editor' }).or(page.getByLabel('Schedule editor')),
      ).toBeVisible();
    });
    afterAll(async () => {
      await page?.close();
    });

    it('Tab reaches the first band in a few presses from the month groups, and its focus ring shows', async () => {
      await page.getByRole('tab').first().focus();
      let presses = 0;
      while (presses < 30) {
        await page.keyboard.press('Tab');
        presses++;
        if (await page.evaluate(() => document.activeElement?.hasAttribute('data-band'))) break;
      }
      // Tab → Add month group → Duplicate month group → the month chips (one stop) → Dates → row days → track → band.
      expect(presses).toBeLessThanOrEqual(7);
      console.log(`${size}: ${presses} Tab presses from the month-group tab to the first band`);
      const ring = await page.evaluate(() => {
        const s = getComputedStyle(document.activeElement!);
        return { style: s.outlineStyle, width: s.outlineWidth, colour: s.outlineColor };
      });
      expect(ring).toEqual({ style: 'solid', width: '3px', colour: 'rgb(21, 101, 192)' });
      await shot(page, `schedule-focus-ring-${size}`);
    });

    it('the month chips are one Tab stop with ←/→ inside', async () => {
      const chips = page.getByRole('toolbar', { name: 'Months' });
      await chips.getByRole('button', { name: 'All' }).focus();
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await see(chips.getByRole('button', { name: 'Feb', exact: true })).toBeFocused();
      expect(await chips.locator('[tabindex="0"]').count()).toBe(1);
      await page.keyboard.press('Tab');
      await see(page.getByLabel('Dates', { exact: true })).toBeFocused();
    });

    it("the preview is the service's answer for the edited schedule, asked with it as a candidate", async () => {
      const preview = page.getByRole('region', { name: 'Price preview from the service' });
      const range = preview.getByTestId('preview-range');
      await see(range).toContainText('highest 0.40000 EUR/kWh');
      const panel = page.getByLabel('Rate panel');
      await band('17:00', '20:00').click();
      const isPreview = (r: Response, test: (body: any) => boolean) =>
        r.request().method() === 'POST' && /\/(prices|costs)\/loc_/.test(r.url()) && test(r.request().postDataJSON());
      const edited = (b: any) => JSON.stringify(b.candidates ?? b.alternatives ?? null).includes('"fixed":0.55}');
      const asked = page.waitForResponse((r) => r.url().includes('/prices/') && isPreview(r, edited));
      const costed = page.waitForResponse((r) => r.url().includes('/costs/') && isPreview(r, edited));
      await panel.getByLabel('Price EUR/kWh').fill('0.55');
      const response = await asked;
      const body = response.request().postDataJSON();
      const answer = await response.json();
      expect(body.candidates).toHaveLength(1);
      expect(body.candidates[0]).toMatchObject({ type: 'COMMODITY', display_name: 'Peak and weekend' });
      const values: number[] = answer.data.map((d: any) => d.price.value);
      expect(Math.max(...values)).toBe(0.55);
      await see(range).toHaveText(
        `Lowest ${Math.min(...values).toFixed(5)} and highest ${Math.max(...values).toFixed(5)} EUR/kWh in these 7 days, ${answer.data.length} interval${answer.data.length === 1 ? '' : 's'}.`,
      );
      // The same request straight to the API answers the same prices.
      const again = await ctx.env.api('POST', new URL(response.url()).pathname, body);
      expect(again.body.data).toEqual(answer.data);
      // The cost of the picked usage: the saved schedule as the main answer, the edited one as the alternative.
      const cost = await (await costed).json();
      const eur = (v: number) => new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' }).format(v);
      await see(preview.getByTestId('preview-cost')).toContainText(
        // The tariff has no fixed charges: the service answers none, and the figure says energy only.
        `${eur(cost.alternatives[0].value)} energy (no fixed charges) with this schedule for ${cost.alternatives[0].kwh.toFixed(1)} kWh · saved schedule of Peak and weekend: ${eur(cost.value)}`,
      );
      expect(cost.alternatives[0].value).toBeGreaterThan(cost.value);
      expect(cost.fixed_charges).toEqual({ value: 0, charges: [] });
      await shot(page, `schedule-preview-${size}`);

      // An invalid draft: the API refuses the candidate, and its message names the field.
      const refused = page.waitForResponse((r) => r.url().includes('/prices/') && r.status() === 400);
      await panel.getByRole('button', { name: 'Add tier' }).click();
      await panel.getByRole('group', { name: 'Tier 1' }).getByLabel('Up to kWh/month').fill('');
      const error = await (await refused).json();
      expect(error.message).toContain('candidates[0].schedule[0]');
      await see(preview.getByRole('alert')).toContainText(error.message);
      await shot(page, `schedule-preview-refused-${size}`);
      // Back to the saved schedule: the emptied bound, the tier, the price.
      for (let i = 0; i < 3; i++) await page.getByRole('button', { name: '↶ Undo' }).click();
      await see(page.getByRole('button', { name: '↶ Undo' })).toBeDisabled();
      await see(range).toContainText('highest 0.40000 EUR/kWh');
    });

    it('dragging into a neighbour pushes it, or says why not', async () => {
      const dragEnd = async (from: string, to: string, h: number) => {
        // Measured each time: a message above the tracks may have moved them.
        const track = page.getByRole('group', { name: 'Weekdays track' });
        // Below the tariff list on narrow windows: in view first, or the pointer misses it.
        await track.scrollIntoViewIfNeeded();
        const box = (await track.boundingBox())!;
        const x = (q: number) => box.x + (box.width * q) / 24;
        const y = box.y + box.height / 2;
        const b = (await band(from, to).boundingBox())!;
        await page.mouse.move(b.x + b.width - 3, y);
        await page.mouse.down();
        await page.mouse.move(x(h), y, { steps: 5 });
        await page.mouse.up();
      };
      await dragEnd('07:00', '09:00', 21);
      await see(message()).toHaveText('Would cover ‘0.40’ 17:00–20:00 entirely; delete that band first.');
      await see(band('07:00', '09:00')).toBeVisible();
      await shot(page, `schedule-refused-${size}`);
      await dragEnd('07:00', '09:00', 18);
      await see(message()).toHaveText('Pushed ‘0.40’ 17:00–20:00 to 18:00–20:00.');
      await see(band('07:00', '18:00')).toBeVisible();
      await see(band('18:00', '20:00')).toBeVisible();
      await page.getByRole('button', { name: '↶ Undo' }).click();
      await see(band('07:00', '09:00')).toBeVisible();
      await see(band('17:00', '20:00')).toBeVisible();
    });

    it('a new row shows its problem in words, outlined; a drawn band gets the default rate, precedence is explained, and no row moves', async () => {
      await page.getByRole('button', { name: 'Add day row' }).click();
      const sentence = page.getByRole('button', {
        name: 'Month group 1 (All), row ‘Weekend’: the row has no band; draw at least one',
      });
      await see(sentence).toBeVisible();
      const rows = page.locator('[data-row]');
      await see(rows.nth(2).locator('[data-track]')).toHaveAttribute('aria-invalid', 'true');
      await page.getByLabel('Days of row 3').selectOption('Saturday');
      const track = page.getByRole('group', { name: 'Saturday track' });
      await track.scrollIntoViewIfNeeded();
      const box = (await track.boundingBox())!;
      const x = (h: number) => box.x + (box.width * h) / 24;
      const tops = () => rows.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
      const before = await tops();
      await page.mouse.move(x(10), box.y + 20);
      await page.mouse.down();
      await page.mouse.move(x(12), box.y + 20, { steps: 5 });
      await page.mouse.up();
      await see(message()).toHaveText(
        'New band 10:00–12:00 has the default rate 0.30 EUR/kWh; set its rate in the rate panel.',
      );
      await see(page.getByText('The schedule is valid.')).toBeVisible();
      // The engine's rule: equally specific rows go by array order, so Weekend (first) wins on Saturday.
      await see(page.locator('[data-precedence="0:2"]')).toContainText(
        '‘Weekend’ overrides this row on Sat (equally specific, so the earlier row wins); this row applies there only where that one has no band.',
      );
      await see(page.locator('[data-precedence="0:0"]')).toContainText(
        'Overrides ‘Saturday’ on Sat (equally specific, so the earlier row wins).',
      );
      // The message and the notes appeared without moving a track under the pointer.
      expect(await tops()).toEqual(before);
      // Weekend covers Saturday all day, so the Saturday row's empty hours are no gap; the weekdays' are.
      const validation = page.getByLabel('Validation');
      await see(validation).toContainText(
        'Gap on Mon–Fri: 00:00–07:00, 09:00–17:00, 20:00–24:00 has no band in any row that applies',
      );
      await see(validation).not.toContainText(/Gap[^.]*Sat/);
      await shot(page, `schedule-precedence-${size}`);
    });

    it('a tier bound that does not rise: a sentence, the band outlined, a click selects it', async () => {
      await band('07:00', '09:00').click();
      const panel = page.getByLabel('Rate panel');
      await panel.getByRole('button', { name: 'Add tier' }).click();
      await panel.getByRole('button', { name: 'Add tier' }).click();
      await panel.getByRole('group', { name: 'Tier 2' }).getByLabel('Up to kWh/month').fill('500');
      // Said on the tier whose bound does not rise.
      const sentence = page.getByRole('button', {
        name: 'Month group 1 (All), row ‘Weekdays’, band 07:00–09:00, tier 2: its bound, 500 kWh/month, must be above tier 1’s, 1000 kWh/month (bounds rise)',
      });
      await see(sentence).toBeVisible();
      await see(band('07:00', '09:00')).toHaveAttribute('aria-invalid', 'true');
      const shadow = await band('07:00', '09:00').evaluate((el) => getComputedStyle(el).boxShadow);
      expect(shadow).toContain('rgb(211, 47, 47)');
      await see(panel.getByRole('group', { name: 'Tier 2' })).toHaveAttribute('aria-invalid', 'true');
      await see(panel.getByRole('group', { name: 'Tier 1' })).not.toHaveAttribute('aria-invalid', 'true');
      await band('17:00', '20:00').click();
      await sentence.click();
      await see(band('07:00', '09:00')).toHaveAttribute('aria-pressed', 'true');
      await see(band('07:00', '09:00')).toBeFocused();
      await shot(page, `schedule-validation-${size}`);
      // Three undos: the typed bound (one step however many digits), then the two added tiers.
      await page.keyboard.press('Control+z');
      await page.keyboard.press('Control+z');
      await page.keyboard.press('Control+z');
      await see(page.getByText('The schedule is valid.')).toBeVisible();
      await see(panel.getByRole('group', { name: 'Tier 2' })).toHaveCount(0);
    });

    it('no label of the rate panel is cut short', async () => {
      await band('07:00', '09:00').click();
      const cut = await page
        .getByLabel('Rate panel')
        .evaluate((p) =>
          [...p.querySelectorAll('label')].filter((l) => l.scrollWidth > l.clientWidth).map((l) => l.textContent),
        );
      expect(cut).toEqual([]);
      await see(page.getByLabel('Rate panel').getByLabel('Price EUR/kWh')).toBeVisible();
      await see(page.getByText(/Time-weighted average: [\d.]+ EUR\/kWh/)).toBeVisible();
    });

    it('band times are typed, on the quarter hour', async () => {
      await band('07:00', '09:00').click();
      const times = page.getByRole('group', { name: 'Band times' });
      await times.getByLabel('Starts').fill('06:10');
      await times.getByLabel('Starts').press('Enter');
      await see(page.getByRole('alert').filter({ hasText: 'Start: Times are on the quarter hour' })).toBeVisible();
      await times.getByLabel('Starts').fill('06:30');
      await times.getByLabel('Ends').fill('09:45');
      await times.getByLabel('Ends').press('Enter');
      await see(band('06:30', '09:45')).toBeVisible();
      await shot(page, `schedule-typed-times-${size}`);
    });

    it('each typed time is taken when its field is left, so the band matches the fields', async () => {
      await band('06:30', '09:45').click();
      const times = page.getByRole('group', { name: 'Band times' });
      await times.getByLabel('Starts').fill('06:00');
      await times.getByLabel('Starts').press('Tab');
      await see(band('06:00', '09:45')).toBeVisible();
      await see(times.getByLabel('Ends')).toBeFocused();
      await times.getByLabel('Ends').fill('10:00');
      await times.getByLabel('Ends').press('Enter');
      await see(band('06:00', '10:00')).toBeVisible();
      await see(times.getByLabel('Starts')).toHaveValue('06:00');
      await see(times.getByLabel('Ends')).toHaveValue('10:00');
      await page.getByRole('button', { name: '↶ Undo' }).click();
      await page.getByRole('button', { name: '↶ Undo' }).click();
      await see(band('06:30', '09:45')).toBeVisible();
    });

    it('Delete removes a band, Ctrl+Z restores it, Ctrl+Shift+Z and Ctrl+Y remove it again', async () => {
      await band('17:00', '20:00').focus();
      await page.keyboard.press('Delete');
      await see(band('17:00', '20:00')).toHaveCount(0);
      await see(message()).toHaveText('Deleted band ‘0.40’ 17:00–20:00; Ctrl+Z puts it back.');
      await page.keyboard.press('Control+z');
      await see(band('17:00', '20:00')).toBeVisible();
      await page.keyboard.press('Control+Shift+Z');
      await see(band('17:00', '20:00')).toHaveCount(0);
      await page.keyboard.press('Control+z');
      await see(band('17:00', '20:00')).toBeVisible();
      await page.keyboard.press('Control+y');
      await see(band('17:00', '20:00')).toHaveCount(0);
      await page.keyboard.press('Control+z');
      await see(band('17:00', '20:00')).toBeVisible();
    });

    it('deleting a row asks with its name, and the snackbar undoes it', async () => {
      await page.getByRole('button', { name: 'Delete row ‘Saturday’' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete row ‘Saturday’?' });
      await see(dialog).toContainText('Row ‘Saturday’ of month group 1 (All) and its 1 band leave the draft.');
      await settled(page); // the dialog's fade-in, for the screenshot
      await shot(page, `schedule-confirm-row-${size}`);
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await see(page.getByRole('group', { name: 'Saturday track' })).toHaveCount(0);
      const snack = page.getByRole('status').filter({ hasText: 'Deleted row ‘Saturday’' });
      await see(snack).toBeVisible();
      await snack.getByRole('button', { name: 'Undo' }).click();
      await see(page.getByRole('group', { name: 'Saturday track' })).toBeVisible();
    });

    it('the Dates field takes "25, 26"', async () => {
      const dates = page.getByLabel('Dates', { exact: true });
      await dates.click();
      await dates.pressSequentially('25, 26');
      await see(dates).toHaveValue('25, 26');
      await dates.press('Tab');
      await see(dates).toHaveValue('25, 26');
      await see(page.getByRole('tab', { selected: true })).toContainText('dates 25, 26');
      await shot(page, `schedule-dates-${size}`);
    });

    it('Revert asks first, naming the tariff, and the snackbar brings the edits back', async () => {
      const save = page.getByRole('button', { name: 'Save schedule' });
      await see(save).toBeEnabled();
      await page.getByRole('button', { name: 'Revert', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: /^Revert .*Peak and weekend.*\?$/ });
      await see(dialog).toContainText('The unsaved edits to its schedule are discarded');
      await settled(page); // the dialog's fade-in, for the screenshot
      await shot(page, `schedule-revert-confirm-${size}`);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await see(save).toBeEnabled();
      await see(page.getByRole('tab', { selected: true })).toContainText('dates 25, 26');
      await page.getByRole('button', { name: 'Revert', exact: true }).click();
      await dialog.getByRole('button', { name: 'Revert' }).click();
      await see(save).toBeDisabled();
      await see(page.getByRole('tab', { selected: true })).not.toContainText('dates 25, 26');
      const snack = page.getByRole('status').filter({ hasText: 'Reverted' });
      await snack.getByRole('button', { name: 'Undo' }).click();
      await see(page.getByRole('tab', { selected: true })).toContainText('dates 25, 26');
      await see(save).toBeEnabled();
    });

    it('an emptied price is flagged here, shown as —, and Save waits, before the API is asked', async () => {
      const save = page.getByRole('button', { name: 'Save schedule' });
      await see(save).toBeEnabled();
      await band('17:00', '20:00').click();
      // The preview still asks the API (its refusal names the field), once the edits pause.
      const refused = page.waitForResponse((r) => r.url().includes('/prices/') && r.status() === 400);
      await page.getByLabel('Rate panel').getByLabel('Price EUR/kWh').fill('');
      await refused;
      const sent: string[] = [];
      page.on('request', (r) => {
        if (r.method() === 'POST' && /\/(prices|costs)\/loc_/.test(r.url())) sent.push(r.url());
      });
      const sentence = page.getByRole('button', {
        // The group's name carries the dates an earlier test typed; the place and the words are what matter.
        name: /^Month group 1 \(.*\), row ‘Weekdays’, band 17:00–20:00, tier 1: the price is empty; type one \(a fixed-rate tariff prices every tier\)$/,
      });
      await see(sentence).toBeVisible();
      await see(page.getByText('The schedule is valid.')).toHaveCount(0);
      await see(band('17:00', '20:00')).toHaveAttribute('aria-label', 'Band 17:00 to 20:00, —');
      await see(band('17:00', '20:00')).toHaveText('—');
      await see(page.getByLabel('Rate panel').getByLabel('Price EUR/kWh')).toHaveAttribute('aria-invalid', 'true');
      await see(band('17:00', '20:00')).toHaveAttribute('aria-invalid', 'true');
      await see(save).toBeDisabled();
      await shot(page, `schedule-empty-price-${size}`);
      await page.getByRole('button', { name: '↶ Undo' }).click();
      await see(page.getByText('The schedule is valid.')).toBeVisible();
      await see(band('17:00', '20:00')).toHaveAttribute('aria-label', 'Band 17:00 to 20:00, 0.40');
      await see(save).toBeEnabled();
      // Back to a draft the preview has priced: the cache answers, nothing is asked again.
      await page.waitForTimeout(1000); // well past the preview's 300 ms pause after an edit
      await see(page.getByRole('region', { name: 'Price preview from the service' }).getByRole('alert')).toHaveCount(0);
      expect(sent).toEqual([]);
    });

    it('saving starts a new history; no console errors along the way', async () => {
      await page.getByRole('button', { name: 'Save schedule' }).click();
      await see(page.getByText('Saved.')).toBeVisible();
      await see(page.getByRole('button', { name: '↶ Undo' })).toBeDisabled();
      await shot(page, `schedule-saved-${size}`);
      const refusals = errors.filter((e) => e.includes('status of 400 (Bad Request)'));
      expect(refusals).toHaveLength(refusedDrafts);
      expect(errors.filter((e) => !refusals.includes(e))).toEqual([]);
    });
  });
}

describe('the Tariffs page at 800×800', () => {
  it('a band split at midnight is labelled once, whole; no band label is cut; New tariff stays on one line', async () => {
    const loc = (await ctx.env.api('POST', '/locations', { postal_address: berlinAddress })).body.id as string;
    const t = await ctx.env.api('POST', '/tariffs', {
      location_id: loc,
      type: 'COMMODITY',
      display_name: 'Night and day',
      contract_start_date: '2026-01-01',
      contract_end_date: '2028-01-01',
      schedule: [
        {
          months: ['All'],
          days_and_hours: [
            { days: ['All'], hours: bands(['06:00:00', '22:00:00', 0.3349], ['22:00:00', '06:00:00', 0.2419]) },
          ],
        },
      ],
    });
    expect(t.status).toBe(200);
    const { page, errors } = await openApp(ctx, `tariffs?location=${loc}&id=${t.body.id}`, { width: 800, height: 800 });
    const track = page.getByRole('group', { name: 'All track' });
    await see(track).toBeVisible();
    // Each piece's text against its box: the text's own extent, whichever side it overflows on.
    const texts = () =>
      track.locator('[data-band]').evaluateAll((els) =>
        els.map((el) => {
          const range = document.createRange();
          range.selectNodeContents(el);
          const text = range.getBoundingClientRect();
          const box = el.getBoundingClientRect();
          return {
            text: el.textContent,
            inside: !el.textContent || (text.left >= box.left - 0.5 && text.right <= box.right + 0.5),
          };
        }),
      );
    await expect.poll(texts).toEqual([
      { text: '0.3349', inside: true },
      { text: '', inside: true },
      { text: '0.2419', inside: true },
    ]);
    const button = page.getByRole('button', { name: 'New tariff' });
    const lines = await button.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    });
    expect(lines).toBe(1);
    await shot(page, 'tariffs-track-800x800');
    expect(errors).toEqual([]);
    await page.close();
  });
});
