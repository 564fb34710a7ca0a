import { describe, expect, it } from 'vitest';
import { see } from './see.js';
import { readFileSync } from 'node:fs';
import type { Locator, Page, Request } from 'playwright';
import { shot, topShot } from './browser.js';
import { browserSuite, openApp, VIEWPORTS } from './suite.js';

/**
 * Compare's candidates: one made from scratch ("New tariff", a flat rate edited in the same
 * dialog), every candidate named and renamed, each name unique on the page, in the verdict, the
 * legend, the table, the CSV and the request's display_name.
 */
const s = browserSuite({ demo: true });

const locationOf = async (ref: string): Promise<string> =>
  (await s.env.api('GET', '/locations?limit=100')).body.data.find((l: any) => l.reference_id === ref).id;

/** The next compare request the page sends whose candidates' names are `names`, and the API's answer. */
async function named(page: Page, names: string[], act: () => Promise<void>) {
  const isIt = (r: Request) =>
    r.method() === 'POST' &&
    /\/(costs|bills)\/loc_/.test(r.url()) &&
    JSON.stringify((r.postDataJSON().alternatives ?? []).map((a: any) => a[0].display_name)) === JSON.stringify(names);
  const [response] = await Promise.all([page.waitForResponse((r) => isIt(r.request())), act()]);
  expect(response.status()).toBe(200);
  return { body: response.request().postDataJSON(), answer: await response.json() };
}

/** Sets the first band of the editor's schedule to `price`. */
async function firstBand(dialog: Locator, price: string) {
  await dialog
    .getByRole('button', { name: /^Band / })
    .first()
    .click();
  await dialog.getByLabel('Rate panel').getByLabel('Price GBP/kWh').fill(price);
}

describe('Compare candidates, in Chromium', () => {
  for (const size of [VIEWPORTS.large, VIEWPORTS.small]) {
    const at = `${size.width}x${size.height}`;
    it(
      `new tariffs from scratch, named uniquely; an edited offer is "edited" until renamed (${at})`,
      { timeout: 480_000 },
      async () => {
        const london = await locationOf('demo-london');
        const { page, errors } = await openApp(s, `compare?location=${london}`, size);
        const totals = page.getByRole('table', { name: 'Totals' });
        // The first bill of a fresh service takes longer on a busy machine.
        await see(totals).toBeVisible({ timeout: 30_000 });
        const chosen = page.getByRole('list', { name: 'Chosen candidates' });

        // From scratch: a flat rate, opened at once in the editor, named by its price.
        await page.getByRole('button', { name: 'New tariff' }).click();
        let dialog = page.getByRole('dialog', { name: 'Flat 0.30', exact: true });
        await see(dialog.getByLabel('Name')).toHaveValue('Flat 0.30');
        // Titled by the tariff, not its schedule; its standing charges in view without scrolling.
        await see(dialog.getByRole('heading', { name: 'Flat 0.30', exact: true })).toBeVisible();
        await see(dialog.getByRole('group', { name: 'Fixed charges' })).toBeInViewport({ ratio: 1 });
        await see(dialog.getByRole('group', { name: 'Fixed charges' }).getByRole('textbox').first()).toBeInViewport({
          ratio: 1,
        });
        await shot(page, `compare-candidate-dialog-${at}`);
        await firstBand(dialog, '0.42');
        await named(page, ['Flat 0.42'], () => dialog.getByRole('button', { name: 'Use this schedule' }).click());
        // A second alike is numbered.
        await page.getByRole('button', { name: 'New tariff' }).click();
        dialog = page.getByRole('dialog', { name: 'Flat 0.30' });
        await firstBand(dialog, '0.42');
        const two = await named(page, ['Flat 0.42', 'Flat 0.42 (2)'], () =>
          dialog.getByRole('button', { name: 'Use this schedule' }).click(),
        );
        expect(two.body.alternatives[1][0]).toMatchObject({ type: 'COMMODITY', direction: 'IMPORT' });
        expect(two.answer.alternatives[0].value).toBe(two.answer.alternatives[1].value);
        await see(chosen).toContainText('Flat 0.42 (2)');
        await see(chosen).toContainText('made here');

        // A name another column holds is refused; the title follows the name as it is typed.
        await page.getByRole('button', { name: 'Edit the schedule of Flat 0.42 (2)' }).click();
        await see(page.getByRole('dialog', { name: 'Flat 0.42 (2)' })).toBeVisible();
        // The one dialog, whatever its title says as the name is typed.
        dialog = page.getByRole('dialog');
        await dialog.getByLabel('Name').fill('Flat 0.42');
        await see(dialog).toContainText('Another column is called “Flat 0.42”.');
        await see(dialog.getByRole('button', { name: 'Use this schedule' })).toBeDisabled();
        await dialog.getByLabel('Name').fill('Green 42');
        await see(page.getByRole('dialog', { name: 'Green 42' })).toBeVisible();
        await shot(page, `compare-candidate-rename-${at}`);
        await named(page, ['Flat 0.42', 'Green 42'], () =>
          dialog.getByRole('button', { name: 'Use this schedule' }).click(),
        );

        // A library offer, edited: named as edited, until it is renamed.
        await page.getByRole('combobox', { name: 'Library tariff' }).click();
        await page.getByRole('option', { name: /^Octopus Energy: Flexible Octopus/ }).click();
        const offer = 'Octopus Energy: Flexible Octopus';
        const added = await named(page, ['Flat 0.42', 'Green 42', offer], () =>
          page.getByRole('button', { name: 'Add', exact: true }).click(),
        );
        // The offer comes with its standing charge, as the library holds it, and is billed with it.
        const library = (await s.env.api('GET', '/providers/prv_octopusenergy')).body.tariffs.find(
          (t: { id: string }) => t.id === 'ltf_octopusflexible',
        );
        expect(library.charges.fixed[0]).toMatchObject({ per: 'DAY', name: 'Standing charge' });
        expect(added.body.alternatives[2][0].charges).toEqual(library.charges);
        await page.getByRole('button', { name: `Edit the schedule of ${offer}` }).click();
        dialog = page.getByRole('dialog', { name: offer });
        await see(
          dialog.getByRole('group', { name: 'Fixed charges' }).getByLabel('Standing charge per day'),
        ).toHaveValue(String(library.charges.fixed[0].amount));
        await firstBand(dialog, '0.2');
        await named(page, ['Flat 0.42', 'Green 42', `${offer}, edited`], () =>
          dialog.getByRole('button', { name: 'Use this schedule' }).click(),
        );
        await see(chosen).toContainText(`${offer}, edited`);
        await page.getByRole('button', { name: `Edit the schedule of ${offer}, edited` }).click();
        await see(page.getByRole('dialog', { name: `${offer}, edited` })).toBeVisible();
        dialog = page.getByRole('dialog');
        await dialog.getByLabel('Name').fill('Thames cheap');
        await see(page.getByRole('dialog', { name: 'Thames cheap' })).toBeVisible();
        const { answer } = await named(page, ['Flat 0.42', 'Green 42', 'Thames cheap'], () =>
          dialog.getByRole('button', { name: 'Use this schedule' }).click(),
        );

        // Every place uses the names: the table, the legend, the verdict and the CSV.
        const rows = totals.locator('tr[data-column]');
        await see(rows.nth(1)).toContainText('Flat 0.42');
        await see(rows.nth(2)).toContainText('Green 42');
        await see(rows.nth(3)).toContainText('Thames cheap');
        const legend = page.getByRole('img', { name: 'Monthly cost chart' }).locator('.recharts-legend-item');
        await see(legend).toHaveText([/^Stored: /, 'Flat 0.42', 'Green 42', 'Thames cheap']);
        const cheapest = answer.alternatives[2].value < answer.value;
        await see(page.getByTestId('compare-verdict')).toContainText(
          cheapest ? 'Switching to Thames cheap saves' : 'the cheapest candidate, Thames cheap,',
        );
        await see(page.getByTestId('compare-among')).toContainText('Of the candidates, Thames cheap is cheaper than');
        await see(chosen).not.toContainText(', edited');
        await see(totals).not.toContainText(', edited');
        const csv = page.waitForEvent('download');
        await page.getByRole('button', { name: 'Export CSV' }).click();
        const head = readFileSync((await (await csv).path())!, 'utf8').split('\n')[0];
        expect(head).toMatch(/^month,Stored: .* \(GBP\),Flat 0\.42 \(GBP\),Green 42 \(GBP\),Thames cheap \(GBP\)/);
        await topShot(page, `compare-candidates-${at}`);
        await see(page.getByRole('button', { name: 'New tariff' })).toBeDisabled();
        await expect
          .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
          .toBeLessThanOrEqual(0);
        expect(errors).toEqual([]);
        await page.close();
      },
    );
  }
});
