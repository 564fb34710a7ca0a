import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { see } from './see.js';
import type { Page } from 'playwright';
import { urdbText } from '../urdb-documents.js';
import { topShot as shot } from './browser.js';
import { browserSuite, openApp, VIEWPORTS } from './suite.js';

/**
 * An imported rate's fixed, minimum and demand charges in the draft: shown in the same Charges
 * panel as a saved tariff's, edited there, and stored with the tariff when the draft is saved.
 */
const s = browserSuite({ demo: false, now: '2026-03-02T18:00:00Z' });

for (const { width, height } of Object.values(VIEWPORTS)) {
  describe(`an imported rate's charges at ${width}×${height}`, () => {
    const size = `${width}x${height}`;
    let page: Page;
    let errors: string[];
    let loc: string;

    beforeAll(async () => {
      loc = (
        await s.env.api('POST', '/locations', {
          reference_id: `charges-${size}`,
          postal_address: { address_line1: '1 Capitol Mall', city: 'Sacramento', state: 'CA', country_code: 'US' },
        })
      ).body.id;
      ({ page, errors } = await openApp(s, `tariffs?location=${loc}`, { width, height }));
      page.setDefaultTimeout(30_000);
    });
    afterAll(async () => {
      await page?.close();
    });

    it('the draft shows the charges; Save stores them as edited', async () => {
      const dry = await s.env.api('POST', '/tariffs/import?dry_run=true', {
        location_id: loc,
        format: 'urdb',
        rate: JSON.parse(urdbText('tou-demand-commercial')),
      });
      expect(dry.status).toBe(200);
      const imported = dry.body.tariff.charges;
      // The rate has fixed and demand charges, flat and by time of use.
      expect(imported.fixed.length).toBeGreaterThan(0);
      expect(imported.demand.flat.length).toBeGreaterThan(0);
      expect(imported.demand.periods.length).toBeGreaterThan(0);

      await page.getByRole('button', { name: 'Import a URDB rate' }).click();
      const dialog = page.getByRole('dialog', { name: 'Import a URDB rate' });
      await dialog.getByLabel('URDB rate file').setInputFiles({
        name: 'tou-demand-commercial.json',
        mimeType: 'application/json',
        buffer: Buffer.from(urdbText('tou-demand-commercial')),
      });
      await dialog.getByRole('button', { name: 'Open in the editor' }).click();
      await see(dialog).toBeHidden();
      const card = page.getByLabel('Imported tariff');
      await see(card).toContainText('Imported from URDB · not saved');

      const panel = page.getByRole('region', { name: 'Charges' });
      await see(panel).toBeVisible();
      await see(panel.getByRole('group', { name: /^Fixed charge \d$/ })).toHaveCount(imported.fixed.length);
      await see(panel.getByRole('group', { name: /^Demand period \d$/ })).toHaveCount(imported.demand.periods.length);
      await see(panel.getByRole('group', { name: 'Demand period 1' }).getByLabel('Period name')).toHaveValue(
        imported.demand.periods[0].name,
      );
      await panel.scrollIntoViewIfNeeded();
      await shot(page, `tariff-import-charges-${size}`);

      // An edit in the draft is what is stored: a minimum bill of 25 a month.
      await panel.getByLabel('Minimum', { exact: true }).click();
      await page.getByRole('option', { name: 'per month' }).click();
      await panel
        .getByRole('group', { name: 'Minimum bill' })
        .getByLabel(/^Amount/)
        .fill('25');
      await see(panel.getByTestId('minimum-words')).toContainText('25');

      const [created] = await Promise.all([
        page.waitForResponse((r) => new URL(r.url()).pathname === '/tariffs' && r.request().method() === 'POST'),
        card.getByRole('button', { name: 'Save tariff' }).click(),
      ]);
      expect(created.status()).toBe(200);
      const id = (await created.json()).id as string;
      const stored = await s.env.api('GET', `/tariffs/${id}`);
      expect(stored.body.charges).toEqual({ ...imported, minimum: { amount: 25, per: 'MONTH' } });
      // The saved tariff opens in the editor with the same charges.
      await see(page.getByLabel('Imported tariff')).toBeHidden();
      await see(page.getByRole('region', { name: 'Charges' }).getByTestId('minimum-words')).toContainText('25');
      expect(errors).toEqual([]);
    });
  });
}
