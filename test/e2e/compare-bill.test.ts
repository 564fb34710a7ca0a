import { describe, expect, it } from 'vitest';
import { see } from './see.js';
import { readFileSync } from 'node:fs';
import type { Locator, Page, Request } from 'playwright';
import { shot, topShot } from './browser.js';
import { browserSuite, openApp, VIEWPORTS } from './suite.js';
import { ukHousehold } from './compare-helpers.js';

/**
 * Compare answers with the whole bill (POST /bills): energy with standing and fixed charges,
 * demand and minimum charges, less export credit, for a household with or without solar, under
 * the metering arrangement picked. The verdict on two UK tariffs turns on the standing charge.
 */
// The demo is seeded relative to the service's today: pinned, its contracts' dates hold on any day.
const s = browserSuite({ demo: true, now: '2026-11-20T10:00:00Z' });

const gbp = (v: number) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', minimumFractionDigits: 2 }).format(v);

/** The next POST /bills the page sends that satisfies `test`, and the API's answer to it. */
async function billRequest(page: Page, test: (body: any) => boolean, act: () => Promise<void>) {
  const isIt = (r: Request) => r.method() === 'POST' && /\/bills\/loc_/.test(r.url()) && test(r.postDataJSON());
  const [response] = await Promise.all([page.waitForResponse((r) => isIt(r.request())), act()]);
  expect(response.status()).toBe(200);
  return { body: response.request().postDataJSON(), answer: await response.json() };
}

/** A tariff made from scratch in the candidate dialog: its name, one flat price and a daily standing charge. */
async function newTariff(page: Page, name: string, price: string, standing: string) {
  await page.getByRole('button', { name: 'New tariff' }).click();
  const dialog: Locator = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(name);
  await see(page.getByRole('dialog', { name: name })).toBeVisible();
  await dialog.getByLabel('Standing charge per day').fill(standing);
  await dialog
    .getByRole('button', { name: /^Band / })
    .first()
    .click();
  await dialog.getByLabel('Rate panel').getByLabel('Price GBP/kWh').fill(price);
  return dialog.getByRole('button', { name: 'Use this schedule' });
}

describe('Compare bills, in Chromium', () => {
  it('two UK tariffs on 2,700 kWh over 2027: B is cheaper by £5.50 with the standing charges, though A’s energy is £67.50 cheaper', async () => {
    const home = await ukHousehold(s);
    for (const size of [VIEWPORTS.large, VIEWPORTS.small]) {
      const at = `${size.width}x${size.height}`;
      const { page, errors } = await openApp(s, `compare?location=${home.location}`, size);
      await see(page.getByRole('table', { name: 'Totals' })).toBeVisible({ timeout: 30_000 });
      // 2027, a year of 365 days, on 2,700 kWh.
      await billRequest(
        page,
        (b) => b.start_time.startsWith('2027-01-01'),
        () => page.getByLabel('First month').fill('2027-01'),
      );
      await billRequest(
        page,
        (b) => b.usage.kwh_per_year === 2700,
        () => page.getByLabel('kWh per year', { exact: true }).fill('2700'),
      );
      await (await newTariff(page, 'A', '0.245', '0.60')).click();
      await see(page.getByRole('list', { name: 'Chosen candidates' })).toContainText('A');
      const use = await newTariff(page, 'B', '0.27', '0.40');
      const { body, answer } = await billRequest(
        page,
        (b) => b.alternatives?.length === 2,
        () => use.click(),
      );
      expect(body.alternatives.map((a: any) => a[0].display_name)).toEqual(['A', 'B']);
      expect(body.alternatives[0][0].charges).toEqual({
        fixed: [{ name: 'Standing charge', amount: 0.6, per: 'DAY' }],
      });
      expect(body.alternatives[1][0].schedule[0].days_and_hours[0].hours[0].rate).toEqual([{ fixed: 0.27 }]);
      // Only the fields that apply: the API refuses a true-up month with credits paid monthly.
      expect(body.metering).toEqual({ mode: 'NET_BILLING', credits: 'PAID_MONTHLY' });
      const [a, b] = answer.alternatives;
      const sum = (bill: any, k: string) => bill.months.reduce((t: number, m: any) => t + m[k], 0);
      expect(sum(a, 'import_kwh')).toBeCloseTo(2700, 3);
      expect(sum(a, 'fixed_charge')).toBeCloseTo(219, 6);
      expect(sum(b, 'fixed_charge')).toBeCloseTo(146, 6);
      expect(sum(a, 'energy_charge')).toBeCloseTo(661.5, 3);
      expect(sum(b, 'energy_charge')).toBeCloseTo(729, 3);
      expect(a.total - b.total).toBeCloseTo(5.5, 3);

      // The verdict weighs the whole bill.
      await see(page.getByTestId('compare-among')).toHaveText(
        'Of the candidates, B is cheaper than A by £5.50 per year.',
      );
      const breakdown = page.getByRole('table', { name: 'Bill breakdown' });
      const row = (part: string) => breakdown.locator(`tr[data-part="${part}"] td`);
      await see(row('energy')).toHaveText(['Energy', gbp(810), gbp(661.5), gbp(729)]);
      await see(row('fixed')).toHaveText(['Standing and fixed charges', gbp(0), gbp(219), gbp(146)]);
      await see(row('total')).toHaveText(['Total', gbp(810), gbp(880.5), gbp(875)]);
      // No solar, no demand or minimum: those rows are not said.
      await see(breakdown.locator('tr[data-part="credit"]')).toHaveCount(0);
      await see(page.getByTestId('compare-charges-note')).toContainText('The totals are whole bills');
      await see(page.getByRole('region', { name: 'Comparison' })).not.toContainText('not in them');

      const csv = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export CSV' }).click();
      const lines = readFileSync((await (await csv).path())!, 'utf8')
        .trimEnd()
        .split('\n');
      expect(lines[0]).toBe('month,Stored: Standard variable (GBP),A (GBP),B (GBP),compared');
      expect(lines).toContain(`total,${answer.total},${a.total},${b.total},`);
      expect(lines.find((l) => l.startsWith('standing and fixed charges,'))).toBe(
        'standing and fixed charges,0,219,146,',
      );
      // The profile holds the year's 2,700 kWh to within a thousandth of a kWh.
      const energy = lines.find((l) => l.startsWith('energy,'))!.split(',');
      [810, 661.5, 729].forEach((v, i) => expect(Number(energy[1 + i])).toBeCloseTo(v, 3));
      await topShot(page, `compare-bill-uk-${at}`);
      await page.getByRole('table', { name: 'Bill breakdown' }).scrollIntoViewIfNeeded();
      await shot(page, `compare-bill-uk-breakdown-${at}`);
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
        .toBeLessThanOrEqual(0);
      if (size === VIEWPORTS.large) {
        // Solar with no export tariff: what is sent to the grid earns nothing, and the page says how much.
        await page.getByRole('combobox', { name: 'Solar' }).click();
        const sunny = await billRequest(
          page,
          (b) => b.generation?.profile === 'PV',
          () => page.getByRole('option', { name: 'A typical rooftop (PV profile)' }).click(),
        );
        const sent = sunny.answer.months.reduce((t: number, m: any) => t + m.unpriced_export_kwh, 0);
        expect(sent).toBeGreaterThan(0);
        const words = `${sent.toLocaleString('en-GB', { maximumFractionDigits: 1 })} kWh`;
        await see(page.getByTestId('compare-unpriced-export')).toHaveText(
          `Sent to the grid at times no export tariff prices, so credited nothing: Stored: Standard variable, ${words}; A, ${words}; B, ${words}.`,
        );
      }
      expect(errors).toEqual([]);
      await page.close();
    }
    await s.env.api('DELETE', `/locations/${home.location}`);
  }, 480_000);

  it('an export tariff tried where the location has none credits every column, is kept over a reload, and stores nothing', async () => {
    const home = await ukHousehold(s, '5 Peckham Road', 'SE5 8UH');
    const sentOf = (bill: any) => bill.months.reduce((t: number, m: any) => t + m.unpriced_export_kwh, 0);
    for (const size of [VIEWPORTS.large, VIEWPORTS.small]) {
      const at = `${size.width}x${size.height}`;
      const { page, errors } = await openApp(s, `compare?location=${home.location}`, size);
      await see(page.getByRole('table', { name: 'Totals' })).toBeVisible({ timeout: 30_000 });
      const section = page.getByRole('region', { name: 'Export tariff' });
      // Offered only once there is solar to export.
      await see(section).toHaveCount(0);
      await page.getByRole('combobox', { name: 'Solar' }).click();
      const sunny = await billRequest(
        page,
        (b) => b.generation?.profile === 'PV',
        () => page.getByRole('option', { name: 'A typical rooftop (PV profile)' }).click(),
      );
      const sent = sentOf(sunny.answer);
      expect(sent).toBeGreaterThan(0);
      await see(page.getByTestId('compare-unpriced-export')).toBeVisible();
      await see(section).toContainText('This location has no export tariff');

      await section.getByRole('button', { name: 'Add an export tariff' }).click();
      await see(page.getByRole('dialog', { name: 'Export tariff' })).toBeVisible();
      // One dialog, whatever its title says as the name is typed.
      const dialog = page.getByRole('dialog');
      await see(dialog).toContainText('what each kWh sent to the grid earns');
      // An export tariff holds no charges: none are offered.
      await see(dialog.getByRole('group', { name: 'Fixed charges' })).toHaveCount(0);
      await see(dialog.getByRole('region', { name: 'Charges' })).toHaveCount(0);
      await dialog.getByLabel('Name').fill('Outgoing 12');
      await dialog
        .getByRole('button', { name: /^Band / })
        .first()
        .click();
      await dialog.getByLabel('Rate panel').getByLabel('Price GBP/kWh').fill('0.12');
      await shot(page, `compare-export-dialog-${at}`);
      const tried = await billRequest(
        page,
        (b) => b.candidates?.[0]?.direction === 'EXPORT',
        () => page.getByRole('dialog').getByRole('button', { name: 'Use this schedule' }).click(),
      );
      expect(tried.body.candidates).toHaveLength(1);
      expect(tried.body.candidates[0]).toMatchObject({
        type: 'COMMODITY',
        direction: 'EXPORT',
        display_name: 'Outgoing 12',
        contract_start_date: tried.body.start_time.slice(0, 10),
      });
      expect(tried.body.candidates[0].schedule[0].days_and_hours[0].hours[0].rate).toEqual([{ fixed: 0.12 }]);
      expect(tried.body.candidates[0].charges).toBeUndefined();
      // Every kWh sent is now priced, and the stored column is credited 0.12 a kWh for it.
      expect(sentOf(tried.answer)).toBe(0);
      const credited = tried.answer.months.reduce((t: number, m: any) => t + m.export_kwh, 0);
      expect(credited).toBeCloseTo(sent, 3);
      expect(sunny.answer.total - tried.answer.total).toBeCloseTo(0.12 * sent, 1);
      // The page shows what the API answers to the same body.
      const direct = await s.env.api('POST', `/bills/${home.location}`, tried.body);
      expect(direct.body.total).toBe(tried.answer.total);
      await see(page.getByTestId('compare-unpriced-export')).toHaveCount(0);
      await see(section.getByTestId('export-candidate')).toContainText('credited by “Outgoing 12” in every column');
      const totals = page.getByRole('table', { name: 'Totals' });
      // Said once for every column, beside the totals, not in one column's name.
      await see(page.getByTestId('compare-export-note')).toHaveText(
        'Every column’s exports are credited by “Outgoing 12”, an export tariff tried here (not stored).',
      );
      await see(totals.locator('tr[data-column]').first().locator('[data-value]')).toHaveAttribute(
        'data-value',
        String(tried.answer.total),
      );
      await topShot(page, `compare-export-tried-${at}`);

      // Kept with the rest of the work: a reload asks the same again.
      const again = await billRequest(
        page,
        (b) => b.candidates?.[0]?.display_name === 'Outgoing 12',
        () => page.reload().then(() => undefined),
      );
      expect(again.body.candidates).toEqual(tried.body.candidates);
      await see(section.getByTestId('export-candidate')).toContainText('credited by “Outgoing 12”');

      // Removed, the exports are credited nothing again (the page's earlier answer to that question).
      await section.getByRole('button', { name: 'Remove Outgoing 12' }).click();
      await see(section).toContainText('This location has no export tariff');
      await see(page.getByTestId('compare-unpriced-export')).toBeVisible();
      await see(page.getByTestId('compare-export-note')).toHaveCount(0);
      await see(totals.locator('tr[data-column]').first().locator('[data-value]')).toHaveAttribute(
        'data-value',
        String(sunny.answer.total),
      );
      expect(errors).toEqual([]);
      await page.close();
    }
    // Nothing was stored: the location still holds only its supply tariff.
    const kept = await s.env.api('GET', `/tariffs?location_id=${home.location}`);
    expect(kept.body.data.map((t: any) => t.id)).toEqual([home.tariff]);
    await s.env.api('DELETE', `/locations/${home.location}`);
  }, 480_000);

  it('net metering is not offered beside a market-linked supply tariff, and the metering field says why', async () => {
    const london = (await s.env.api('GET', '/locations?limit=100')).body.data.find(
      (l: any) => l.reference_id === 'demo-london',
    ).id;
    for (const size of [VIEWPORTS.large, VIEWPORTS.small]) {
      const at = `${size.width}x${size.height}`;
      const { page, errors } = await openApp(s, `compare?location=${london}`, size);
      await see(page.getByRole('table', { name: 'Totals' })).toBeVisible({ timeout: 30_000 });
      await page.getByRole('combobox', { name: 'Solar' }).click();
      const sunny = await billRequest(
        page,
        (b) => b.generation?.profile === 'PV',
        () => page.getByRole('option', { name: 'A typical rooftop (PV profile)' }).click(),
      );
      expect(sunny.body.metering.mode).toBe('NET_BILLING');
      await see(page.getByTestId('net-metering-blocked')).toHaveText(
        'Net metering is not offered: it nets kWh within time-of-use periods, and Agile Octopus follows the market, so it has none. Net billing and buy all, sell all are.',
      );
      await page.getByRole('combobox', { name: 'Metering' }).click();
      await see(page.getByRole('option')).toHaveText(['Net billing', 'Buy all, sell all']);
      await shot(page, `compare-net-metering-blocked-${at}`);
      await page.keyboard.press('Escape');
      await see(page.getByRole('alert')).toHaveCount(0);
      expect(errors).toEqual([]);
      await page.close();
    }
  }, 480_000);

  it('a household with solar: the PV profile or a generation CSV, metered and credited as picked, billed as the API bills it', async () => {
    const berlin = (await s.env.api('GET', '/locations?limit=100')).body.data.find(
      (l: any) => l.reference_id === 'demo-berlin',
    ).id;
    for (const size of [VIEWPORTS.large, VIEWPORTS.small]) {
      const at = `${size.width}x${size.height}`;
      const { page, errors } = await openApp(s, `compare?location=${berlin}`, size);
      await see(page.getByRole('table', { name: 'Totals' })).toBeVisible({ timeout: 30_000 });
      const solar = page.getByRole('region', { name: 'Household solar' });
      await solar.getByRole('combobox', { name: 'Solar' }).click();
      await billRequest(
        page,
        (b) => b.generation?.profile === 'PV' && b.generation.kwh_per_year === 3000,
        () => page.getByRole('option', { name: 'A typical rooftop (PV profile)' }).click(),
      );
      await solar.getByRole('combobox', { name: 'Metering' }).click();
      await billRequest(
        page,
        (b) => b.metering.mode === 'BUY_ALL_SELL_ALL',
        () => page.getByRole('option', { name: 'Buy all, sell all' }).click(),
      );
      await solar.getByRole('combobox', { name: 'Export credit' }).click();
      await billRequest(
        page,
        (b) => b.metering.credits === 'CARRIED',
        () => page.getByRole('option', { name: 'Carried to a yearly true-up' }).click(),
      );
      await solar.getByRole('combobox', { name: 'True-up month' }).click();
      const { body, answer } = await billRequest(
        page,
        (b) => b.metering.true_up_month === 3,
        () => page.getByRole('option', { name: 'March' }).click(),
      );
      expect(body.metering).toEqual({
        mode: 'BUY_ALL_SELL_ALL',
        credits: 'CARRIED',
        credits_from: 'SAME_MONTH',
        true_up_month: 3,
      });
      await see(page.getByTestId('compare-metering-words')).toContainText(
        'Every kWh the home uses is bought and every kWh the panels make is sold',
      );
      await see(page.getByTestId('compare-metering-words')).toContainText('the true-up is at the end of March.');
      // The page shows the service's bill for that request, asked again here.
      const again = await s.env.api('POST', `/bills/${berlin}`, body);
      expect(again.body.total).toBe(answer.total);
      const credit = answer.months.reduce((t: number, m: any) => t + m.export_credit, 0);
      expect(credit).toBeGreaterThan(0);
      const stored = page.getByRole('table', { name: 'Totals' }).locator('[data-column="stored"] [data-value]');
      await see(stored).toHaveText(gbp(answer.total).replace('£', '€'));
      const breakdown = page.getByRole('table', { name: 'Bill breakdown' });
      await see(breakdown.locator('tr[data-part="credit"] td').first()).toHaveText(
        'Export credit applied to bills and paid at the true-up',
      );
      await see(page.getByRole('table', { name: 'Totals' })).toContainText('kWh sold');
      await topShot(page, `compare-bill-solar-${at}`);

      // A generation CSV instead: its intervals go as the bill's generation.
      const first = body.start_time.slice(0, 10);
      const csv = `start,end,kwh\n${first}T10:00:00,${first}T11:00:00,1.5\n${first}T11:00:00,${first}T12:00:00,2\n`;
      const fromFile = await billRequest(
        page,
        (b) => b.generation?.intervals?.length === 2,
        () =>
          page
            .getByLabel('Generation CSV file')
            .setInputFiles({ name: 'panels.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) }),
      );
      expect(fromFile.body.generation.intervals.map((i: any) => i.kwh)).toEqual([1.5, 2]);
      await see(page.getByTestId('solar-file')).toContainText('panels.csv · 2 rows · 3.5 kWh');
      expect(errors).toEqual([]);
      await page.close();
    }
  }, 480_000);
});
