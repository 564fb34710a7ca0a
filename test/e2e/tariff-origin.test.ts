import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { see } from './see.js';
import type { Page } from 'playwright';
import { DEMAND_FIELDS, urdbText } from '../urdb-documents.js';
import { topShot as shot } from './browser.js';
import { browserSuite, openApp, VIEWPORTS } from './suite.js';

/**
 * A URDB rate imported and saved in the app stays an imported rate: the saved tariff's view says
 * "Imported from URDB" (not "Typed in"), names the rate's utility, name, label and URDB page, and
 * keeps every warning of the import, also after the page is loaded anew. At a large and a small
 * window, on a frozen clock.
 */
const s = browserSuite({ demo: false, now: '2026-03-02T18:00:00Z' });
const RATE = JSON.parse(urdbText('demand-commercial'));

for (const { width, height } of Object.values(VIEWPORTS)) {
  describe(`a saved URDB tariff at ${width}×${height}`, () => {
    const size = `${width}x${height}`;
    let page: Page;
    let errors: string[];
    let loc: string;

    beforeAll(async () => {
      loc = (
        await s.env.api('POST', '/locations', {
          reference_id: `origin-${size}`,
          postal_address: { address_line1: '1 Capitol Mall', city: 'Sacramento', state: 'CA', country_code: 'US' },
        })
      ).body.id;
      ({ page, errors } = await openApp(s, `tariffs?location=${loc}`, { width, height }));
    });
    afterAll(async () => {
      await page?.close();
    });

    it('import → Save → the tariff view shows where it came from and what the import left out', async () => {
      await page.getByRole('button', { name: 'Import a URDB rate' }).click();
      const dialog = page.getByRole('dialog', { name: 'Import a URDB rate' });
      await dialog.getByLabel('URDB rate file').setInputFiles({
        name: 'demand-commercial.json',
        mimeType: 'application/json',
        buffer: Buffer.from(JSON.stringify(RATE)),
      });
      await dialog.getByRole('button', { name: 'Open in the editor' }).click();
      const draft = page.getByLabel('Imported tariff');
      // The rate ended in 2025: saved with this year's contract, as a user would.
      await draft.getByRole('button', { name: 'Name and contract' }).click();
      const details = page.getByRole('dialog', { name: 'Name and contract of the imported rate' });
      await details.getByLabel('Contract start').fill('2026-03-01');
      await details.getByLabel('Contract end').fill('2027-03-01');
      await see(page.getByLabel('Import warnings')).toContainText('7 things');
      await details.getByRole('button', { name: 'Apply' }).click();
      await see(page.getByLabel('Import warnings')).toContainText('6 things');
      await draft.getByRole('button', { name: 'Save tariff' }).click();

      const card = page.getByLabel('Tariff', { exact: true });
      await see(
        card.getByRole('heading', { name: 'Sierra Valley Electric Co – General Service Demand (GS-2)' }),
      ).toBeVisible();
      await see(card).toContainText('Imported from URDB');
      await see(card).not.toContainText('Typed in');
      await see(card).not.toContainText('MANUAL');

      const origin = page.getByLabel('Imported from', { exact: true });
      await see(origin).toContainText(
        'Imported from the Utility Rate Database: Sierra Valley Electric Co – General Service Demand (GS-2)',
      );
      await see(origin).toContainText(`label ${RATE.label}`);
      await see(origin.getByTestId('urdb-page')).toHaveAttribute('href', RATE.uri);
      // The charges it cannot hold. That the rate ended in 2025 was said of the import's own
      // dates, and went when the user gave the contract.
      const toggle = origin.getByRole('button', { name: 'Show the 6 import warnings' });
      await see(toggle).toBeVisible();
      await see(page.getByLabel('Import warnings')).toBeHidden();
      await shot(page, `tariff-origin-${size}`);

      await toggle.click();
      const warnings = page.getByLabel('Import warnings');
      await see(warnings).toContainText('6 things the tariff does not hold');
      const fields = await warnings
        .locator('[data-field]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-field')));
      expect([...fields].sort()).toEqual([...DEMAND_FIELDS].sort());
      await see(warnings.locator('[data-field="fixedmonthlycharge"]')).toContainText('older spelling');
      await shot(page, `tariff-origin-warnings-${size}`);

      // What the service answers, and what a fresh load of the page shows from it.
      const [t] = (await s.env.api('GET', `/tariffs?location_id=${loc}`)).body.data;
      expect(t.imported_from).toMatchObject({ format: 'urdb', label: RATE.label, url: RATE.uri });
      expect(t.imported_from.warnings.map((w: any) => w.field).sort()).toEqual(DEMAND_FIELDS);
      await page.reload();
      await see(page.getByLabel('Imported from', { exact: true })).toContainText(`label ${RATE.label}`);
      await see(page.getByLabel('Tariff', { exact: true })).toContainText('Imported from URDB');
      expect(errors).toEqual([]);
    });
  });
}
