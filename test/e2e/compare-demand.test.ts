import { describe, expect, it } from 'vitest';
import { see } from './see.js';
import type { Page, Request } from 'playwright';
import { AxeBuilder } from '@axe-core/playwright';
import { shot } from './browser.js';
import { browserSuite, openApp, VIEWPORTS } from './suite.js';
import { ukHousehold } from './compare-helpers.js';

/**
 * A Compare candidate holds every charge a tariff holds: its dialog edits demand and minimum
 * charges with the tariff editor's own fields, and Compare's bill breakdown reads the demand
 * charge POST /bills answers for it.
 */
const s = browserSuite({ demo: false, now: '2026-03-02T12:00:00Z' });

const gbp = (v: number) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', minimumFractionDigits: 2 }).format(v);

/** The next POST /bills the page sends that satisfies `test`, and the API's answer to it. */
async function billRequest(page: Page, test: (body: any) => boolean, act: () => Promise<void>) {
  const isIt = (r: Request) => r.method() === 'POST' && /\/bills\/loc_/.test(r.url()) && test(r.postDataJSON());
  const [response] = await Promise.all([page.waitForResponse((r) => isIt(r.request())), act()]);
  expect(response.status()).toBe(200);
  return { body: response.request().postDataJSON(), answer: await response.json() };
}

const sum = (bill: any, k: string) => bill.months.reduce((t: number, m: any) => t + m[k], 0);

describe('a candidate’s demand charge in Compare, in Chromium', () => {
  for (const size of Object.values(VIEWPORTS)) {
    const at = `${size.width}x${size.height}`;
    it(`a flat demand charge given in the dialog is billed as POST /bills bills it, at ${at}`, async () => {
      const home = await ukHousehold(s);
      const { page, errors } = await openApp(s, `compare?location=${home.location}`, size);
      page.setDefaultTimeout(30_000);
      await see(page.getByRole('table', { name: 'Totals' })).toBeVisible({ timeout: 30_000 });

      await page.getByRole('button', { name: 'New tariff' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Name', { exact: true }).fill('Demand 12');
      await dialog
        .getByRole('button', { name: /^Band / })
        .first()
        .click();
      await dialog.getByLabel('Rate panel').getByLabel('Price GBP/kWh').fill('0.28');
      const charges = dialog.getByRole('region', { name: 'Charges' });
      // The quick fixed-charge fields stand at the dialog's top, beside the name, not again in the
      // panel; the demand fields are the tariff editor's.
      await see(
        dialog.getByRole('group', { name: 'Fixed charges' }).getByLabel('Standing charge per day'),
      ).toBeVisible();
      await see(charges.getByLabel('Standing charge per day')).toHaveCount(0);
      await charges.getByRole('button', { name: 'Add flat demand' }).click();
      await charges.getByRole('group', { name: 'Blocks of flat demand 1' }).getByLabel(/^Rate/).fill('12');
      await see(charges.getByTestId('flat-words')).toContainText('12.00');
      await charges.getByRole('group', { name: 'Flat demand', exact: true }).scrollIntoViewIfNeeded();
      await shot(page, `compare-demand-dialog-${at}`);
      // The dialog with the charges panel in it: no serious or critical accessibility violation.
      const axe = await new AxeBuilder({ page })
        .include('[role="dialog"]')
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
        .analyze();
      expect(
        axe.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`)),
      ).toEqual([]);

      const { body, answer } = await billRequest(
        page,
        (b) => !!b.alternatives?.[0]?.[0]?.charges?.demand,
        () => dialog.getByRole('button', { name: 'Use this schedule' }).click(),
      );
      expect(body.alternatives[0][0].charges).toEqual({ demand: { flat: [{ rate: [{ fixed: 12 }] }] } });
      // The same request asked of the API directly: the page shows its demand charge.
      const direct = await s.env.api('POST', `/bills/${home.location}`, body);
      expect(direct.status).toBe(200);
      expect(direct.body.alternatives[0].total).toBe(answer.alternatives[0].total);
      const demand = sum(direct.body.alternatives[0], 'demand_charge');
      expect(demand).toBeGreaterThan(0);
      // Each month's highest kW at 12 a kW.
      expect(demand).toBeCloseTo(sum(direct.body.alternatives[0], 'peak_kw') * 12, 4);
      expect(sum(direct.body, 'demand_charge')).toBe(0);

      const breakdown = page.getByRole('table', { name: 'Bill breakdown' });
      await see(breakdown.locator('tr[data-part="demand"] td')).toHaveText(['Demand charges', gbp(0), gbp(demand)]);
      await see(breakdown.locator('tr[data-part="total"] td')).toHaveText([
        'Total',
        gbp(direct.body.total),
        gbp(direct.body.alternatives[0].total),
      ]);
      await breakdown.scrollIntoViewIfNeeded();
      await shot(page, `compare-demand-breakdown-${at}`);

      // Reopened, the dialog holds the demand charge it was given.
      await page.getByRole('button', { name: 'Edit the schedule of Demand 12' }).click();
      await see(dialog.getByRole('region', { name: 'Charges' }).getByTestId('flat-words')).toContainText('12.00');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await see(dialog).toBeHidden();
      expect(errors).toEqual([]);
      await page.close();
      await s.env.api('DELETE', `/locations/${home.location}`);
    });
  }
});
