import { describe, expect, it } from 'vitest';
import { see } from './see.js';
import type { Request } from 'playwright';
import { DateTime } from 'luxon';
import { shot } from './browser.js';
import { browserSuite, openApp, VIEWPORTS } from './suite.js';
import { locationOf } from './compare-helpers.js';

/**
 * Compare keeps the analyst's work: the candidates and the kWh per year come back after a visit
 * to Tariffs and after a reload. A new tariff joins the candidates (and is priced) only once its
 * dialog saves it: Cancel leaves nothing behind.
 */
const s = browserSuite({ demo: true });

const priced = (r: Request) => r.method() === 'POST' && /\/bills\/loc_/.test(r.url());

describe('Compare keeps its work, in Chromium', () => {
  for (const size of [VIEWPORTS.large, VIEWPORTS.small]) {
    const at = `${size.width}x${size.height}`;
    it(
      `candidates and usage survive leaving the page and a reload; Cancel adds nothing; carried credit's true-up is the window's last month (${at})`,
      { timeout: 480_000 },
      async () => {
        const london = await locationOf(s, 'demo-london');
        const { page, errors } = await openApp(s, `compare?location=${london}`, size);
        const totals = page.getByRole('table', { name: 'Totals' });
        await see(totals).toBeVisible({ timeout: 30_000 });
        const chosen = page.getByRole('list', { name: 'Chosen candidates' });
        const asked: unknown[] = [];
        page.on('request', (r) => {
          if (priced(r)) asked.push(r.postDataJSON());
        });

        // Cancel: the draft is gone, and nothing was priced for it.
        await page.getByRole('button', { name: 'New tariff' }).click();
        let dialog = page.getByRole('dialog');
        await see(dialog.getByLabel('Name')).toHaveValue('Flat 0.30');
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await see(dialog).toBeHidden();
        await see(chosen).toContainText('None yet');
        expect(asked).toEqual([]);

        // Saved, it is priced.
        await page.getByRole('button', { name: 'New tariff' }).click();
        dialog = page.getByRole('dialog');
        const [answer] = await Promise.all([
          page.waitForResponse(
            (r) => priced(r.request()) && (r.request().postDataJSON().alternatives ?? []).length === 1,
          ),
          dialog.getByRole('button', { name: 'Use this schedule' }).click(),
        ]);
        expect(answer.status()).toBe(200);
        await see(chosen).toContainText('Flat 0.30');
        await page.getByLabel('kWh per year').fill('3100');
        await see(page.getByLabel('kWh per year')).toHaveValue('3100');

        // A visit to Tariffs and back, the way the side navigation goes.
        await page.evaluate(() => (window.location.hash = '#/tariffs'));
        await see(page.getByRole('list', { name: 'Chosen candidates' })).toBeHidden();
        await page.evaluate((id) => (window.location.hash = `#/compare?location=${id}`), london);
        await see(chosen).toContainText('Flat 0.30');
        await see(page.getByLabel('kWh per year')).toHaveValue('3100');

        // A reload.
        await page.reload();
        await see(totals).toBeVisible({ timeout: 30_000 });
        await see(chosen).toContainText('Flat 0.30');
        await see(page.getByLabel('kWh per year')).toHaveValue('3100');
        const kept = await page.evaluate(
          (id) => JSON.parse(window.localStorage.getItem(`tariff-desk:compare:test:${id}`) ?? 'null'),
          london,
        );
        expect(kept).toMatchObject({ version: 1, usage: { kwh_per_year: 3100 } });
        expect(kept.options).toHaveLength(1);
        await shot(page, `compare-keeps-${at}`);

        // Carried credits: the true-up month is the window's last, so credit earned in it is paid in it.
        const solar = page.getByRole('region', { name: 'Household solar' });
        await solar.getByRole('combobox', { name: 'Solar' }).click();
        await page.getByRole('option', { name: 'A typical rooftop (PV profile)' }).click();
        await solar.getByRole('combobox', { name: 'Export credit' }).click();
        const [carried] = await Promise.all([
          page.waitForResponse(
            (r) => priced(r.request()) && r.request().postDataJSON().metering?.credits === 'CARRIED',
          ),
          page.getByRole('option', { name: 'Carried to a yearly true-up' }).click(),
        ]);
        expect(carried.status()).toBe(200);
        const body = carried.request().postDataJSON();
        const last = DateTime.fromISO(body.end_time, { setZone: true }).minus({ days: 1 }).month;
        expect(body.metering.true_up_month).toBe(last);
        await see(page.getByTestId('true-up-outside')).toBeHidden();
        expect(errors).toEqual([]);
        await page.close();
      },
    );
  }
});
