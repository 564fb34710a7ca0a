import { beforeAll, describe, expect, it } from 'vitest';
import { see } from './see.js';
import { DateTime } from 'luxon';
import { topShot } from './browser.js';
import { browserSuite, openApp, VIEWPORTS } from './suite.js';
import { urdbText } from '../urdb-documents.js';
import { berlinHousehold, billWhere } from './bills.js';

/**
 * Net energy metering and a demand ratchet where users meet them: Compare offers "Net metering
 * (kWh credits, yearly true-up)" with its true-up rate and shows the surplus paid and the kWh
 * banked; Usage and cost bills the stored records under it; the bill's demand cell shows the
 * peak, the ratchet's floor and the kW billed; the tariff view shows the ratchet.
 */
const NOW = '2026-11-20T10:00:00Z';
const ZONE = 'Europe/Berlin';
const s = browserSuite({ now: NOW });

let locationId: string;

beforeAll(async () => {
  locationId = await berlinHousehold(s.env.client, 'Ratcheted', {
    demand: { flat: [{ rate: [{ fixed: 4 }] }], ratchet: { percent: 80, range_months: 1 } },
  });
  // October: a 6 kWh hour once, otherwise 0.6; solar sends 3 kWh an hour at midday. November:
  // 0.6 every hour and no solar, so its flat demand is floored at 80 % of October's 6 kW.
  const records: Record<string, unknown>[] = [];
  let t = DateTime.fromISO('2026-10-01T00:00', { zone: ZONE });
  const end = DateTime.fromISO('2026-11-20T00:00', { zone: ZONE });
  for (let i = 0; t < end; i++, t = t.plus({ hours: 1 })) {
    const span = { start_time: t.toUTC().toISO(), end_time: t.plus({ hours: 1 }).toUTC().toISO() };
    const big = t.day === 7 && t.month === 10 && t.hour === 19;
    records.push({
      location_id: locationId,
      record_reference_id: `I${i}`,
      units: 'WH',
      value: big ? 6000 : 600,
      ...span,
    });
    if (t.month === 10 && t.hour >= 11 && t.hour < 14)
      records.push({
        location_id: locationId,
        record_reference_id: `E${i}`,
        direction: 'EXPORT',
        units: 'WH',
        value: 3000,
        ...span,
      });
  }
  for (let k = 0; k < records.length; k += 1000)
    expect((await s.env.api('PUT', '/meters/interval', records.slice(k, k + 1000))).status).toBe(200);
});

describe('net metering and ratchets in the app, in Chromium', () => {
  it('Usage and cost: net metering with a true-up rate, the surplus paid and the kWh banked; the ratchet in the demand cell', async () => {
    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      const { page, errors } = await openApp(s, '', viewport);
      await billWhere(
        page,
        () => true,
        () => page.goto(`${s.env.info.app_url}/#/usage?location=${locationId}&from=2026-10-01&to=2026-11-20`),
      );
      const table = page.getByRole('table', { name: 'Bill by month' });
      await see(table).toBeVisible({ timeout: 30_000 });
      // November's flat demand: its own 0.6 kW peak, a floor of 80 % of October's 6 kW, 4.8 kW billed.
      await see(table.getByTestId('ratchet-note')).toHaveText(['floor 4.8 kWbilled 4.8 kW']);
      await page.getByRole('combobox', { name: 'Export credit' }).click();
      await billWhere(
        page,
        (b) => b.metering?.mode === 'NET_METERING',
        () => page.getByRole('option', { name: 'Net metering (kWh credits, yearly true-up)' }).click(),
      );
      await page.getByRole('combobox', { name: 'True-up at the end of' }).click();
      await billWhere(
        page,
        (b) => b.metering?.true_up_month === 10,
        () => page.getByRole('option', { name: 'October' }).click(),
      );
      const { body, answer } = await billWhere(
        page,
        (b) => b.metering?.true_up_rate === 0.05,
        () => page.getByTestId('bill-true-up-rate').fill('0.05'),
      );
      expect(body.metering).toEqual({ mode: 'NET_METERING', true_up_month: 10, true_up_rate: 0.05 });
      const again = await s.env.client.call('bills.create', { params: { location_id: locationId }, body });
      expect(answer).toEqual(again);
      const [oct] = again.months;
      // October sends 3 × 3 × 31 = 279 kWh and draws 0.6 × 745 + 5.4 = 452.4: no surplus, all billed net.
      expect(oct!.energy_charge).toBeCloseTo((0.6 * 745 + 5.4 - 279) * 0.3, 6);
      expect(oct!.export_credit).toBe(0);
      await see(table.locator('tr[data-line="true-up"] th')).toContainText('Surplus paid at the true-up');
      await see(table.locator('tr[data-line="banked"] th')).toContainText('kWh banked');
      await see(table.locator('tr[data-line="surplus"] th')).toContainText('Surplus kWh');
      await see(table.locator('tr[data-line="total"] td').last()).toHaveAttribute('data-value', String(again.total));
      await topShot(page, `usage-bill-net-metering-${size}`);
      expect(errors).toEqual([]);
      await page.close();
    }
  }, 240_000);

  it('Compare: the PV profile under net metering, its true-up rate sent, the surplus paid and the kWh banked shown', async () => {
    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      const { page, errors } = await openApp(s, `compare?location=${locationId}`, viewport);
      await see(page.getByRole('table', { name: 'Totals' })).toBeVisible({ timeout: 30_000 });
      const solar = page.getByRole('region', { name: 'Household solar' });
      await solar.getByRole('combobox', { name: 'Solar' }).click();
      await billWhere(
        page,
        (b) => b.generation?.profile === 'PV',
        () => page.getByRole('option', { name: 'A typical rooftop (PV profile)' }).click(),
      );
      await billWhere(
        page,
        (b) => b.generation?.kwh_per_year === 9000,
        () => solar.getByLabel('kWh made per year').fill('9000'),
      );
      await solar.getByRole('combobox', { name: 'Metering' }).click();
      await billWhere(
        page,
        (b) => b.metering.mode === 'NET_METERING',
        () => page.getByRole('option', { name: 'Net metering (kWh credits, yearly true-up)' }).click(),
      );
      const { body, answer } = await billWhere(
        page,
        (b) => b.metering.true_up_rate === 0.04,
        () => solar.getByTestId('true-up-rate').fill('0.04'),
      );
      // The true-up defaults to the window's last local month, so credit earned in it is paid in it.
      const lastMonth = DateTime.fromISO(body.end_time, { setZone: true }).minus({ milliseconds: 1 }).month;
      expect(body.metering).toEqual({ mode: 'NET_METERING', true_up_month: lastMonth, true_up_rate: 0.04 });
      await see(page.getByTestId('compare-metering-words')).toContainText('a surplus is banked as kWh');
      const again = await s.env.api('POST', `/bills/${locationId}`, body);
      expect(again.status).toBe(200);
      expect(again.body.total).toBe(answer.total);
      const breakdown = page.getByRole('table', { name: 'Bill breakdown' });
      await see(breakdown).toBeVisible();
      await see(breakdown.locator('tr[data-part="surplus-paid"] td').first()).toHaveText(
        'Surplus kWh paid at the true-up',
      );
      await see(breakdown.locator('tr[data-part="banked"] td').first()).toHaveText(
        'kWh banked at the end, not yet paid out',
      );
      const paid = again.body.months
        .filter((m: any) => m.true_up > 0)
        .reduce((t: number, m: any) => t + m.surplus_kwh, 0);
      await see(breakdown.locator('tr[data-part="surplus-paid"] td').nth(1)).toHaveAttribute(
        'data-value',
        String(Math.round(paid * 1e6) / 1e6),
      );
      await topShot(page, `compare-net-metering-${size}`);
      expect(errors).toEqual([]);
      await page.close();
    }
  }, 240_000);

  it('a URDB rate with a look-back: the draft and the saved tariff show the ratchet', async () => {
    const rate = {
      ...JSON.parse(urdbText('demand-commercial')),
      lookbackpercent: 0.75,
      lookbackmonths: Array.from({ length: 12 }, (_, i) => i === 0 || i === 3 || i === 11),
    };
    const words =
      'Demand ratchet: flat demand is billed at least 75 % of the highest flat peak of Jan, Apr, Dec among the 12 months ending with the month billed';
    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      const loc = (
        await s.env.api('POST', '/locations', {
          reference_id: `ratchet-${size}`,
          postal_address: { address_line1: '1 Capitol Mall', city: 'Sacramento', state: 'CA', country_code: 'US' },
        })
      ).body.id;
      const { page, errors } = await openApp(s, `tariffs?location=${loc}`, viewport);
      await page.getByRole('button', { name: 'Import a URDB rate' }).click();
      const dialog = page.getByRole('dialog', { name: 'Import a URDB rate' });
      await dialog.getByLabel('URDB rate file').setInputFiles({
        name: 'ratchet.json',
        mimeType: 'application/json',
        buffer: Buffer.from(JSON.stringify(rate)),
      });
      await dialog.getByRole('button', { name: 'Open in the editor' }).click();
      const draft = page.getByLabel('Imported tariff');
      await see(page.getByTestId('ratchet-words')).toHaveText(words, { timeout: 30_000 });
      await topShot(page, `urdb-draft-ratchet-${size}`);
      await draft.getByRole('button', { name: 'Name and contract' }).click();
      const details = page.getByRole('dialog', { name: 'Name and contract of the imported rate' });
      await details.getByLabel('Contract start').fill('2026-03-01');
      await details.getByLabel('Contract end').fill('2027-03-01');
      await details.getByRole('button', { name: 'Apply' }).click();
      await draft.getByRole('button', { name: 'Save tariff' }).click();
      await see(page.getByLabel('Tariff', { exact: true })).toBeVisible({ timeout: 30_000 });
      const saved = (await s.env.api('GET', `/tariffs?location_id=${loc}`)).body.data[0];
      expect(saved.charges.demand.ratchet).toEqual({ percent: 75, months: ['January', 'April', 'December'] });
      await see(page.getByTestId('ratchet-words')).toHaveText(words);
      await topShot(page, `tariff-ratchet-${size}`);
      expect(errors).toEqual([]);
      await page.close();
    }
  }, 240_000);
});
