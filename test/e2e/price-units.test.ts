import { describe, expect, it } from 'vitest';
import { see } from './see.js';
import { violations } from './axe.js';
import type { Locator, Page, Request } from 'playwright';
import { settled, SHOTS, topShot } from './browser.js';
import { browserSuite, openApp, VIEWPORTS } from './suite.js';
import { berlinAddress } from '../helpers.js';
import { peakAndWeekend } from './tariff-fixtures.js';

/**
 * Prices per kWh typed in the currency's minor unit (p/kWh for a British location), in the
 * tariff editor's schedule and in a Compare candidate: what is stored and priced is the major
 * unit's value to the digit. A price over 5 a kWh typed in pounds asks whether pence were meant.
 */
const s = browserSuite({ demo: true });

const londonAddress = { address_line1: '10 Downing Street', city: 'London', post_code: 'SW1A 2AA', country_code: 'GB' };

/** A tariff at a new location: Weekend all day at 0.20; Weekdays 07:00–09:00 at 0.25. */
const tariff = (location: Record<string, unknown>) => peakAndWeekend(s, location);

/** The stored price of the Weekdays band. */
const storedPrice = async (id: string) =>
  (await s.env.api('GET', `/tariffs/${id}`)).body.schedule[0].days_and_hours[1].hours[0].rate[0].fixed as number;

/** The next preview the editor asks the service for whose candidate holds `fixed`, and its status. */
function previewWith(page: Page, fixed: number) {
  return page.waitForResponse(
    (r) =>
      r.request().method() === 'POST' &&
      /\/prices\/loc_/.test(r.url()) &&
      JSON.stringify(r.request().postDataJSON().candidates ?? null).includes(`"fixed":${fixed}}`),
  );
}

async function openEditor(at: { width: number; height: number }, loc: string, id: string) {
  const { page, errors } = await openApp(s, `tariffs?location=${loc}&id=${id}`, at);
  await see(page.getByLabel('Schedule editor')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: /^Band 07:00 to 09:00,/ }).click();
  return { page, errors, panel: page.getByLabel('Rate panel') };
}

/** axe-core's serious and critical findings in the rate panel, one line each. */
const axe = (page: Page) => violations(page, '[aria-label="Rate panel"]');

const save = async (page: Page) => {
  await page.getByRole('button', { name: 'Save schedule' }).click();
  await see(page.getByText('Saved.')).toBeVisible();
};

describe('prices per kWh in the minor unit, in Chromium', () => {
  for (const size of [VIEWPORTS.large, VIEWPORTS.small]) {
    const at = `${size.width}x${size.height}`;

    it(`a band's price typed in p/kWh is stored in GBP/kWh, and the unit is kept (${at})`, async () => {
      const { loc, id } = await tariff({ postal_address: londonAddress });
      const { page, errors, panel } = await openEditor(size, loc, id);
      const tier = panel.getByRole('group', { name: 'Tier 1' });
      // Pounds until switched: the fields as they always were.
      await see(tier.getByLabel('Price GBP/kWh')).toHaveValue('0.25');
      await see(tier.getByLabel('Surcharge GBP/kWh')).toBeVisible();
      await tier.getByRole('group', { name: 'Price unit' }).getByRole('button', { name: 'p/kWh', exact: true }).click();
      // Every price field of the currency follows the switch.
      await see(tier.getByLabel('Price p/kWh')).toHaveValue('25');
      await see(tier.getByLabel('Surcharge p/kWh')).toBeVisible();
      await see(
        tier.getByRole('group', { name: 'Surcharge unit' }).getByRole('button', { name: 'p/kWh', exact: true }),
      ).toHaveAttribute('aria-pressed', 'true');

      const asked = previewWith(page, 0.245);
      await tier.getByLabel('Price p/kWh').fill('24.5');
      expect((await asked).status()).toBe(200);
      // No question in pence: 24.5 p is a price.
      await see(panel.getByRole('alert')).toHaveCount(0);
      await see(page.getByRole('button', { name: /^Band 07:00 to 09:00,/ })).toHaveAccessibleName(
        'Band 07:00 to 09:00, 0.245',
      );
      await settled(page);
      await topShot(page, `price-units-pence-${at}`);
      await panel.screenshot({ path: `${SHOTS}/price-units-pence-panel-${at}.png` });
      await save(page);
      expect(await storedPrice(id)).toBe(0.245);

      // A reload opens in pence again; the stored pounds are shown as pence.
      await page.reload();
      await see(page.getByLabel('Schedule editor')).toBeVisible({ timeout: 30_000 });
      await page.getByRole('button', { name: /^Band 07:00 to 09:00,/ }).click();
      await see(tier.getByLabel('Price p/kWh')).toHaveValue('24.5');
      expect(await page.evaluate(() => localStorage.getItem('tariff-desk:price-units'))).toBe('{"GBP":"minor"}');
      // Back in pounds the same price.
      await tier.getByRole('group', { name: 'Price unit' }).getByRole('button', { name: 'GBP/kWh' }).click();
      await see(tier.getByLabel('Price GBP/kWh')).toHaveValue('0.245');
      expect(errors).toEqual([]);
      await page.close();
    });

    it(`24.5 typed in GBP/kWh asks "Did you mean 24.5 p/kWh?", and the fix stores 0.245 (${at})`, async () => {
      const { loc, id } = await tariff({ postal_address: londonAddress });
      const { page, errors, panel } = await openEditor(size, loc, id);
      const price = panel.getByRole('group', { name: 'Tier 1' }).getByLabel('Price GBP/kWh');
      const question = panel.getByRole('alert', { name: 'Price check' });

      // The API takes such a price as it always did: the preview of 24.5 is answered.
      const asked = previewWith(page, 24.5);
      await price.fill('24.5');
      expect((await asked).status()).toBe(200);
      await see(question).toContainText('Did you mean 24.5 p/kWh? 24.5 GBP/kWh is over 5 GBP a kWh.');
      await settled(page);
      await topShot(page, `price-units-question-${at}`);
      await panel.screenshot({ path: `${SHOTS}/price-units-question-panel-${at}.png` });
      // The switch and the question are read as well as seen.
      expect(await axe(page)).toEqual([]);
      // The question sits under the price, inside the rate panel's width.
      const [box, field] = [await question.boundingBox(), await price.boundingBox()];
      expect(box!.y).toBeGreaterThan(field!.y);
      await question.getByRole('button', { name: 'Use 24.5 p/kWh' }).click();
      await see(price).toHaveValue('0.245');
      await see(question).toHaveCount(0);
      await save(page);
      expect(await storedPrice(id)).toBe(0.245);

      // "Keep" keeps a price meant in pounds, and the question goes.
      await price.fill('6');
      await see(question).toContainText('Did you mean 6 p/kWh?');
      await question.getByRole('button', { name: 'Keep 6 GBP/kWh' }).click();
      await see(question).toHaveCount(0);
      await see(price).toHaveValue('6');
      await save(page);
      expect(await storedPrice(id)).toBe(6);
      // 5 itself is not asked about.
      await price.fill('5');
      await see(price).toHaveValue('5');
      await see(question).toHaveCount(0);
      expect(errors).toEqual([]);
      await page.close();
    });

    it(`a currency without a minor unit (JPY) has no switch and no question (${at})`, async () => {
      const { loc, id } = await tariff({ postal_address: berlinAddress, currency_code: 'JPY' });
      const { page, errors, panel } = await openEditor(size, loc, id);
      const tier = panel.getByRole('group', { name: 'Tier 1' });
      await see(tier.getByLabel('Price JPY/kWh')).toHaveValue('0.25');
      await see(tier.getByRole('group', { name: 'Price unit' })).toHaveCount(0);
      const asked = previewWith(page, 24.5);
      await tier.getByLabel('Price JPY/kWh').fill('24.5');
      expect((await asked).status()).toBe(200);
      await see(panel.getByRole('alert')).toHaveCount(0);
      await topShot(page, `price-units-jpy-${at}`);
      expect(errors).toEqual([]);
      await page.close();
    });

    it(
      `a Compare candidate priced in p/kWh costs what the same price in GBP/kWh does (${at})`,
      { timeout: 300_000 },
      async () => {
        const london = (await s.env.api('GET', '/locations?limit=100')).body.data.find(
          (l: any) => l.reference_id === 'demo-london',
        ).id;
        const { page, errors } = await openApp(s, `compare?location=${london}`, size);
        await see(page.getByRole('table', { name: 'Totals' })).toBeVisible({ timeout: 30_000 });
        const firstBand = async (dialog: Locator) => {
          await dialog
            .getByRole('button', { name: /^Band / })
            .first()
            .click();
          return dialog.getByLabel('Rate panel').getByRole('group', { name: 'Tier 1' });
        };
        const bills = (names: string[]) =>
          page.waitForResponse((r) => {
            const q: Request = r.request();
            return (
              q.method() === 'POST' &&
              /\/bills\/loc_/.test(r.url()) &&
              JSON.stringify((q.postDataJSON().alternatives ?? []).map((a: any) => a[0].display_name)) ===
                JSON.stringify(names)
            );
          });

        // One candidate typed in pence.
        await page.getByRole('button', { name: 'New tariff' }).click();
        let dialog = page.getByRole('dialog', { name: 'Flat 0.30' });
        let tier = await firstBand(dialog);
        await tier
          .getByRole('group', { name: 'Price unit' })
          .getByRole('button', { name: 'p/kWh', exact: true })
          .click();
        await see(tier.getByLabel('Price p/kWh')).toHaveValue('30');
        await tier.getByLabel('Price p/kWh').fill('28.7');
        await settled(page);
        await topShot(page, `price-units-compare-pence-${at}`);
        await dialog.getByLabel('Rate panel').screenshot({ path: `${SHOTS}/price-units-compare-panel-${at}.png` });
        let answered = bills(['Flat 0.287']);
        await dialog.getByRole('button', { name: 'Use this schedule' }).click();
        const one = await answered;
        expect(one.status()).toBe(200);
        const sent = one.request().postDataJSON().alternatives[0][0];
        expect(sent.schedule[0].days_and_hours[0].hours[0].rate[0].fixed).toBe(0.287);

        // The same price typed in pounds: the same bill.
        await page.getByRole('button', { name: 'New tariff' }).click();
        dialog = page.getByRole('dialog', { name: 'Flat 0.30' });
        tier = await firstBand(dialog);
        await tier.getByRole('group', { name: 'Price unit' }).getByRole('button', { name: 'GBP/kWh' }).click();
        await tier.getByLabel('Price GBP/kWh').fill('0.287');
        answered = bills(['Flat 0.287', 'Flat 0.287 (2)']);
        await dialog.getByRole('button', { name: 'Use this schedule' }).click();
        const two = await answered;
        expect(two.status()).toBe(200);
        const [a, b] = (await two.json()).alternatives;
        // Every month of the two bills alike, to the last digit.
        expect(a).toEqual(b);
        expect(a.total).toBeGreaterThan(0);
        expect(errors).toEqual([]);
        await page.close();
      },
    );

    it(`Compare's true-up rate typed in ¢/kWh is sent in USD/kWh (${at})`, async () => {
      const austin = (await s.env.api('GET', '/locations?limit=100')).body.data.find(
        (l: any) => l.reference_id === 'demo-austin',
      ).id;
      const { page, errors } = await openApp(s, `compare?location=${austin}`, size);
      await see(page.getByRole('table', { name: 'Totals' })).toBeVisible({ timeout: 30_000 });
      const solar = page.getByRole('region', { name: 'Household solar' });
      await solar.getByRole('combobox', { name: 'Solar' }).click();
      await page.getByRole('option', { name: 'A typical rooftop (PV profile)' }).click();
      await solar.getByRole('combobox', { name: 'Metering' }).click();
      await page.getByRole('option', { name: 'Net metering (kWh credits, yearly true-up)' }).click();
      await see(solar.getByLabel('True-up rate USD/kWh')).toHaveValue('0');
      await solar.getByRole('group', { name: 'True-up rate unit' }).getByRole('button', { name: '¢/kWh' }).click();
      const trueUp = solar.getByLabel('True-up rate ¢/kWh');
      await see(trueUp).toHaveValue('0');
      const metered = page.waitForResponse(
        (r) =>
          r.request().method() === 'POST' &&
          /\/bills\/loc_/.test(r.url()) &&
          r.request().postDataJSON().metering?.true_up_rate === 0.045,
      );
      await trueUp.fill('4.5');
      const m = await metered;
      expect(m.status()).toBe(200);
      // The bill of 4.5 ¢ is the bill the API answers for 0.045 USD.
      const again = await s.env.api('POST', new URL(m.url()).pathname, m.request().postDataJSON());
      expect(again.body.total).toBe((await m.json()).total);
      await see(page.getByTestId('compare-metering-words')).toContainText('at 0.045 a kWh');
      await settled(page);
      await solar.screenshot({ path: `${SHOTS}/price-units-true-up-${at}.png` });
      expect(errors).toEqual([]);
      await page.close();
    });
  }
});
