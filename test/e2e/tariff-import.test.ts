import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { see } from './see.js';
import { violations } from './axe.js';
import type { Page } from 'playwright';
import { DEMAND_FIELDS, urdbText } from '../urdb-documents.js';
import { topShot as shot } from './browser.js';
import { browserSuite, openApp, VIEWPORTS } from './suite.js';

/**
 * "Import a URDB rate" on the Tariffs page: a file (or pasted text) sent as a dry run opens in
 * the editor as a draft with its warnings; nothing is stored until Save; a refused document is
 * named in the dialog. At a large and a small window, on a frozen clock.
 */
const s = browserSuite({ demo: false, now: '2026-03-02T18:00:00Z' });
const text = urdbText;

/** The draft's "Name and contract" dialog, filled and applied. */
async function nameAndContract(page: Page, name: string, start: string, end: string) {
  await page.getByRole('button', { name: 'Name and contract' }).click();
  const details = page.getByRole('dialog', { name: 'Name and contract of the imported rate' });
  await details.getByLabel('Name').fill(name);
  await details.getByLabel('Contract start').fill(start);
  await details.getByLabel('Contract end').fill(end);
  await details.getByRole('button', { name: 'Apply' }).click();
}

for (const { width, height } of Object.values(VIEWPORTS)) {
  describe(`importing a URDB rate at ${width}×${height}`, () => {
    const size = `${width}x${height}`;
    let page: Page;
    let errors: string[];
    let loc: string;
    const refused: string[] = [];
    const costs: { request: any; answer: any }[] = [];
    const stored = async () => (await s.env.api('GET', `/tariffs?location_id=${loc}`)).body.data as any[];
    const dialog = () => page.getByRole('dialog', { name: 'Import a URDB rate' });

    beforeAll(async () => {
      loc = (
        await s.env.api('POST', '/locations', {
          reference_id: `sacramento-${size}`,
          postal_address: { address_line1: '1 Capitol Mall', city: 'Sacramento', state: 'CA', country_code: 'US' },
        })
      ).body.id;
      ({ page, errors } = await openApp(s, `tariffs?location=${loc}`, { width, height }));
      // The one refusal provoked on purpose is logged by the browser as a failed request.
      page.on('response', (r) => {
        if (r.status() >= 400) refused.push(`${r.status()} ${new URL(r.url()).pathname}`);
        else if (/\/costs\/loc_/.test(r.url()))
          void r.json().then((answer) => costs.push({ request: r.request().postDataJSON(), answer }));
      });
    });
    afterAll(async () => {
      await page?.close();
    });

    it('a file opens in the editor as a draft with its warnings; nothing is stored', async () => {
      await page.getByRole('button', { name: 'Import a URDB rate' }).click();
      await see(dialog()).toBeVisible();
      await dialog()
        .getByLabel('URDB rate file')
        .setInputFiles({
          name: 'demand-commercial.json',
          mimeType: 'application/json',
          buffer: Buffer.from(text('demand-commercial')),
        });
      await see(dialog()).toContainText('Read demand-commercial.json');
      const [dry] = await Promise.all([
        page.waitForResponse((r) => r.url().includes('/tariffs/import')),
        dialog().getByRole('button', { name: 'Open in the editor' }).click(),
      ]);
      expect(dry.status()).toBe(200);
      expect(new URL(dry.url()).searchParams.get('dry_run')).toBe('true');
      await see(dialog()).toBeHidden();

      const card = page.getByLabel('Imported tariff');
      await see(
        card.getByRole('heading', { name: 'Sierra Valley Electric Co – General Service Demand (GS-2)' }),
      ).toBeVisible();
      await see(card).toContainText('Imported from URDB · not saved');
      await see(card).toContainText('contract 2024-01-01 → 2025-01-01');
      const warnings = page.getByLabel('Import warnings');
      // The charges it cannot hold, and that the rate ended in 2025.
      await see(warnings).toContainText('7 things the tariff does not hold');
      const shown = await warnings
        .locator('[data-field]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-field')));
      expect([...shown].sort()).toEqual([...DEMAND_FIELDS, 'enddate'].sort());
      await see(warnings.locator('[data-field="fixedmonthlycharge"]')).toContainText('= 45');
      await see(warnings.locator('[data-field="fixedmonthlycharge"]')).toContainText(
        'older spelling of fixedchargefirstmeter',
      );
      // The draft's schedule is in the editor; its rates as the document gives them (rate + adj).
      await see(page.getByLabel('Schedule editor')).toBeVisible();
      // The preview prices the draft over its contract's last week (the rate ended in 2025).
      await see(page.getByLabel('Price preview from the service')).toContainText(
        'Preview: 7 days of the contract from 25 Dec 2024',
      );
      await see(page.getByTestId('preview-range')).toContainText('Lowest 0.09520 and highest 0.15730');
      // The cost of the country's usage profile with the draft alone (the location has no tariff yet).
      const cost = page.getByTestId('preview-cost');
      await see(cost).toContainText(
        /^US\$\d+\.\d\d energy \+ US\$\d+\.\d\d Fixed charge = US\$\d+\.\d\d with this schedule for \d+\.\d kWh$/,
      );
      // The answer's body is read after the page has drawn it: wait for the listener to have it.
      await expect.poll(() => costs.length).toBeGreaterThan(0);
      const last = costs.at(-1)!;
      expect(last.request.candidates).toHaveLength(1);
      expect(last.request.alternatives).toBeUndefined();
      // The rate's $45 a month, for 25–31 December: 7 of the month's 31 days.
      const fixed = last.answer.fixed_charges;
      expect(last.request.fixed_charges).toBe(true);
      expect(fixed.charges).toEqual([
        expect.objectContaining({ name: 'Fixed charge', per: 'MONTH', amount: 45, days: 7 }),
      ]);
      expect(fixed.value).toBeCloseTo((45 * 7) / 31, 6);
      await see(cost).toHaveText(
        `US$${last.answer.value.toFixed(2)} energy + US$${fixed.value.toFixed(2)} Fixed charge = US$${(last.answer.value + fixed.value).toFixed(2)} with this schedule for ${last.answer.kwh.toFixed(1)} kWh`,
      );
      expect(await stored()).toEqual([]);
      expect(await violations(page)).toEqual([]);
      await shot(page, `tariff-import-draft-${size}`);
    });

    it('the draft’s name and contract are changed before saving; Save stores it as edited', async () => {
      await nameAndContract(page, 'GS-2 demand', '2026-03-01', '2027-03-01');
      const card = page.getByLabel('Imported tariff');
      await see(card.getByRole('heading', { name: 'GS-2 demand' })).toBeVisible();
      await see(card).toContainText('contract 2026-03-01 → 2027-03-01');
      expect(await stored()).toEqual([]);

      const [created] = await Promise.all([
        page.waitForResponse((r) => new URL(r.url()).pathname === '/tariffs' && r.request().method() === 'POST'),
        card.getByRole('button', { name: 'Save tariff' }).click(),
      ]);
      expect(created.status()).toBe(200);
      const [t] = await stored();
      expect(t).toMatchObject({
        display_name: 'GS-2 demand',
        type: 'COMMODITY',
        contract_start_date: '2026-03-01T00:00:00-08:00',
        contract_end_date: '2027-03-01T00:00:00-08:00',
      });
      const dry = await s.env.api('POST', '/tariffs/import?dry_run=true', {
        location_id: loc,
        format: 'urdb',
        rate: JSON.parse(text('demand-commercial')),
      });
      expect(t.schedule).toEqual(dry.body.tariff.schedule);
      // The stored tariff is now the one in the editor.
      await see(page.getByLabel('Tariff', { exact: true }).getByRole('heading', { name: 'GS-2 demand' })).toBeVisible();
      await see(page.getByLabel('Imported tariff')).toBeHidden();
    });

    it('pasted text of several rates asks which; a refused document is named in the dialog; Discard forgets a draft', async () => {
      await page.getByRole('button', { name: 'Import a URDB rate' }).click();
      const bad = JSON.parse(text('flat'));
      bad.energyweekdayschedule[4][7] = 2;
      const two = { items: [JSON.parse(text('tiered')), bad] };
      await dialog().getByLabel('URDB rate (JSON)').fill(JSON.stringify(two));
      const open = dialog().getByRole('button', { name: 'Open in the editor' });
      await see(open).toBeDisabled();
      await dialog().getByLabel('Rate', { exact: true }).click();
      await page.getByRole('option', { name: /Residential Service \(R-1\)/ }).click();
      await open.click();
      await see(dialog().getByRole('alert')).toContainText('period 2 has no entry in energyratestructure');
      await see(dialog().getByRole('alert')).toContainText('energyweekdayschedule_invalid');
      await page.screenshot({ path: `.tmp/screenshots/tariff-import-dialog-${size}.png` });
      expect(await violations(page)).toEqual([]);

      await dialog().getByLabel('Rate', { exact: true }).click();
      await page.getByRole('option', { name: /Inclining Block/ }).click();
      await dialog().getByLabel('Kind').click();
      await page.getByRole('option', { name: /Grid fees \(import\)/ }).click();
      await open.click();
      await see(dialog()).toBeHidden();
      const card = page.getByLabel('Imported tariff');
      await see(card).toContainText('Grid fees (import)');
      await see(card).toContainText('from pasted text');
      await see(page.getByLabel('Import warnings')).toContainText('energyratestructure[0][2].max');
      await shot(page, `tariff-import-tiered-${size}`);
      await card.getByRole('button', { name: 'Discard' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Discard' }).click();
      await see(card).toBeHidden();
      expect((await stored()).map((t) => t.display_name)).toEqual(['GS-2 demand']);
      expect(refused).toEqual(['400 /tariffs/import']);
      expect(errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
    });

    it('a draft over the stored supply tariff offers to end the old one where it starts; one click does both', async () => {
      await page.getByRole('button', { name: 'Import a URDB rate' }).click();
      await dialog()
        .getByLabel('URDB rate file')
        .setInputFiles({ name: 'flat.json', mimeType: 'application/json', buffer: Buffer.from(text('flat')) });
      await dialog().getByRole('button', { name: 'Open in the editor' }).click();
      await see(dialog()).toBeHidden();
      const card = page.getByLabel('Imported tariff');
      await see(card).toContainText('Imported from URDB · not saved');
      // Moved to start inside GS-2 demand's contract (2026-03-01 → 2027-03-01).
      await nameAndContract(page, 'Flat from September', '2026-09-01', '2027-09-01');
      const offer = card.getByTestId('draft-overlap');
      await see(offer).toContainText('Supply (import) is held by “GS-2 demand” from 2026-03-01 to 2027-03-01');
      await see(offer).toContainText('Its contract can end on 2026-09-01, where this one starts.');
      await shot(page, `tariff-import-overlap-${size}`);
      // Saving alone is refused by the service, in words, and changes nothing.
      await card.getByRole('button', { name: 'Save tariff' }).click();
      await see(card.getByRole('alert').filter({ hasText: 'commodity_overlap' })).toBeVisible();
      expect((await stored()).map((t) => [t.display_name, t.contract_end_date])).toEqual([
        ['GS-2 demand', '2027-03-01T00:00:00-08:00'],
      ]);
      // The offer: the old contract ends where the new one starts, and the draft is stored.
      const [old] = await stored();
      const [both] = await Promise.all([
        page.waitForRequest((r) => new URL(r.url()).pathname === '/tariffs' && r.method() === 'POST'),
        offer.getByRole('button', { name: 'End it on 2026-09-01 and save' }).click(),
      ]);
      // One request: the service ends the old contract and stores the new one in one transaction.
      expect(both.postDataJSON().end_tariff_id).toBe(old.id);
      await see(page.getByLabel('Imported tariff')).toBeHidden();
      await expect
        .poll(async () =>
          (await stored())
            .map((t) => [t.display_name, t.contract_start_date, t.contract_end_date])
            .sort((a, b) => String(a[1]).localeCompare(String(b[1]))),
        )
        .toEqual([
          ['GS-2 demand', '2026-03-01T00:00:00-08:00', '2026-09-01T00:00:00-07:00'],
          ['Flat from September', '2026-09-01T00:00:00-07:00', '2027-09-01T00:00:00-07:00'],
        ]);
      expect(await violations(page)).toEqual([]);
    });
  });
}
