import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright';
import { see } from './see.js';
import { topShot } from './browser.js';
import { browserSuite, sharedPages, VIEWPORTS } from './suite.js';
import { billRequest } from './compare-helpers.js';
import { PANEL_BATTERY } from '../helpers.js';

/**
 * A household with a home battery (and a car) in Compare: the one POST /bills carries them, each
 * column is dispatched on its own tariffs, the breakdown says what the battery saves on each,
 * the verdict weighs the totals with it, and the day view draws a chosen column's day.
 */
// Nothing here is relative to the service's today; pinned all the same, so no run depends on the date.
const s = browserSuite({ now: '2026-11-20T10:00:00Z' });
const visit = sharedPages(s);

const gbp = (v: number) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', minimumFractionDigits: 2 }).format(v);

/** A London location whose one stored supply tariff is 0.10 a kWh from midnight to 07:00 and 0.30 after. */
async function nightTariffHome(street: string) {
  const loc = await s.env.api('POST', '/locations', {
    postal_address: { address_line1: street, city: 'London', post_code: 'SE15 5EW', country_code: 'GB' },
  });
  expect(loc.status).toBe(200);
  const stored = await s.env.api('POST', '/tariffs', {
    location_id: loc.body.id,
    type: 'COMMODITY',
    direction: 'IMPORT',
    display_name: 'Night saver',
    contract_start_date: '2026-01-01',
    contract_end_date: '2030-01-01',
    schedule: [
      {
        days_and_hours: [
          {
            days: ['All'],
            hours: [
              { valid_from: '00:00:00', valid_to: '07:00:00', rate: [{ fixed: 0.1 }] },
              { valid_from: '07:00:00', valid_to: '00:00:00', rate: [{ fixed: 0.3 }] },
            ],
          },
        ],
      },
    ],
  });
  expect(stored.status).toBe(200);
  return loc.body.id as string;
}

/** Compare at a new night-tariff home, its usage the day's CSV: the page as the battery tests start from it. */
async function openNightHome(street: string, size: { width: number; height: number }) {
  const home = await nightTariffHome(street);
  const opened = await visit(`compare?location=${home}`, size);
  await see(opened.page.getByRole('table', { name: 'Totals' })).toBeVisible({ timeout: 30_000 });
  await billRequest(
    opened.page,
    (b) => b.usage?.intervals?.length === 24,
    () => opened.page.getByLabel('Usage CSV file').setInputFiles(usageFile()),
  );
  return { home, ...opened };
}

/** A candidate made from scratch in the dialog: one flat price, no standing charge. */
async function flatCandidate(page: Page, name: string, price: string) {
  await page.getByRole('button', { name: 'New tariff' }).click();
  const dialog: Locator = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(name);
  await see(page.getByRole('dialog', { name: name })).toBeVisible();
  await dialog
    .getByRole('button', { name: /^Band / })
    .first()
    .click();
  await dialog.getByLabel('Rate panel').getByLabel('Price GBP/kWh').fill(price);
  return dialog.getByRole('button', { name: 'Use this schedule' });
}

/** The meter file of the household: the hours of 1 January 2027 (London), 2 kWh from 18:00 to 19:00 and none in the others. */
const hour = (h: number) => `2027-01-01T${String(h).padStart(2, '0')}:00:00`;
const usageFile = () => ({
  name: 'evening.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(
    `start,end,kwh\n${Array.from({ length: 24 }, (_, h) => `${hour(h)},${h === 23 ? '2027-01-02T00:00:00' : hour(h + 1)},${h === 18 ? 2 : 0}`).join('\n')}\n`,
  ),
});

const row = (page: Page, part: string) =>
  page.getByRole('table', { name: 'Bill breakdown' }).locator(`tr[data-part="${part}"] td[data-value]`);

describe('Compare with a home battery, in Chromium', () => {
  it('a 10 kWh battery on a night tariff against a flat one: saving, totals and verdict by hand', async () => {
    for (const size of [VIEWPORTS.large, VIEWPORTS.small]) {
      const at = `${size.width}x${size.height}`;
      const { page, errors } = await openNightHome(`${size.width} Rye Lane`, size);
      await (await flatCandidate(page, 'Flat', '0.30')).click();
      await see(page.getByRole('list', { name: 'Chosen candidates' })).toContainText('Flat');
      const battery = page.getByRole('group', { name: 'Battery' });
      const { body, answer } = await billRequest(
        page,
        (b) => !!b.battery && b.alternatives?.length === 1,
        () => battery.getByRole('switch', { name: 'Battery' }).check(),
      );
      // The battery as the panel's first figures: 10 kWh, 5 kW, the cheapest plan, no export, and the
      // model's states of charge: no reserve, starting at it and ending where it started.
      expect(body.battery).toEqual(PANEL_BATTERY);
      expect(body.include_dispatch).toBe(true);
      expect(Date.parse(body.start_time)).toBe(Date.parse('2027-01-01T00:00:00Z'));

      // By hand. Without a battery both cost 2 kWh × 0.30 = 0.60 (the usage is at 18:00, a 0.30 hour).
      // The battery starts and ends empty, 90 % round trip, √0.9 each way. On the night tariff it
      // charges c kWh in the 0.10 hours before 07:00 to give 2 kWh at 18:00: c × √0.9 = 2 / √0.9,
      // so c = 2 / 0.9 = 2.222222 kWh, costing 0.222222; saving 0.60 − 0.222222 = 0.377778.
      // On the flat tariff no hour is cheaper than another: a loss at one price saves nothing, so it stays idle.
      const without = 2 * 0.3;
      const charged = 2 / 0.9;
      const night = charged * 0.1;
      const saving = without - night;
      expect(answer.bill.total).toBeCloseTo(night, 5);
      expect(answer.bill.battery.saving).toBeCloseTo(saving, 5);
      expect(answer.bill.battery.total_without).toBeCloseTo(without, 6);
      expect(answer.alternatives[0].value).toBeCloseTo(without, 6);
      expect(answer.bill.alternatives[0].battery.saving).toBeCloseTo(0, 6);

      // The breakdown says it per column, as the API answered.
      await see(row(page, 'battery-saving')).toHaveText([gbp(saving), gbp(0)]);
      await see(row(page, 'battery-without')).toHaveText([gbp(without), gbp(without)]);
      await see(row(page, 'total')).toHaveText([gbp(night), gbp(without)]);
      // £0.60 − £0.22, as the totals are shown: the flat candidate costs £0.38 more.
      await see(page.getByTestId('compare-verdict')).toContainText(
        `Keeping the stored tariffs is cheaper: the cheapest candidate, Flat, costs ${gbp(0.38)} more over 1 day, 1 Jan.`,
      );
      await see(page.getByTestId('compare-verdict')).toContainText(
        'The comparison includes the home battery, run on each tariff’s own prices.',
      );

      // The day view: the busiest day (1 January), the stored column, its bars and line drawn.
      const view = page.getByRole('region', { name: 'Battery day' });
      const chart = view.getByRole('img', { name: /^Battery day chart, Stored: Night saver, Fri 1 Jan 2027/ });
      await see(chart).toHaveAttribute('data-cells', '24');
      await see(chart).toHaveAttribute('data-charged', charged.toFixed(3));
      await see(chart).toHaveAttribute('data-discharged', '2.000');
      // The fullest it gets: what was charged, less the way in (2.222222 × √0.9 = 2.108185).
      await see(chart).toHaveAttribute('data-soc-max', (charged * Math.sqrt(0.9)).toFixed(3));
      await see(chart).toHaveAttribute('data-soc-end', '0.000');
      await see(chart).toHaveAttribute('data-prices', 'yes');
      // The home has no export tariff: no export prices are asked for or drawn.
      await see(chart).toHaveAttribute('data-export-prices', 'no');
      await see(chart.locator('.battery-export-price')).toHaveCount(0);
      await see(chart).toHaveAttribute('data-first', '00:00');
      const day = answer.bill.battery.dispatch.filter((c: any) => c.start_time.startsWith('2027-01-01'));
      expect(day).toHaveLength(24);
      const sum = (k: string) => day.reduce((t: number, c: any) => t + c[k], 0);
      expect(sum('charge_kwh')).toBeCloseTo(charged, 5);
      // The bars drawn are the hours with charge and discharge; the line is drawn; the prices step.
      const drawnCharge = day.filter((c: any) => c.charge_kwh > 0).length;
      await see(chart.locator('.battery-charge .recharts-rectangle')).toHaveCount(drawnCharge);
      await see(chart.locator('.battery-discharge .recharts-rectangle')).toHaveCount(1);
      await see(chart.locator('.battery-soc path.recharts-curve')).toHaveCount(1);
      await see(chart.locator('.battery-import-price path.recharts-curve')).toHaveCount(1);
      await chart.scrollIntoViewIfNeeded();
      await topShot(page, `bat-ui-compare-${at}`);
      await view.scrollIntoViewIfNeeded();
      await page.mouse.move(0, 0);
      await page.screenshot({ path: `/tmp/bat-ui-compare-day-${at}.png` });

      // The flat column's day: idle, nothing drawn but the empty line.
      await view.getByRole('combobox', { name: 'Column' }).click();
      await page.getByRole('option', { name: 'Flat' }).click();
      const flat = view.getByRole('img', { name: /^Battery day chart, Flat,/ });
      await see(flat).toHaveAttribute('data-charged', '0.000');
      await see(flat.locator('.battery-charge .recharts-rectangle')).toHaveCount(0);
      expect(errors).toEqual([]);
    }
  }, 480_000);

  it('a reserve, a start and an end state of charge: sent as typed, answered as the API answers them', async () => {
    for (const size of [VIEWPORTS.large, VIEWPORTS.small]) {
      const at = `${size.width}x${size.height}`;
      const { home, page, errors } = await openNightHome(`${size.width} Bellenden Road`, size);
      const battery = page.getByRole('group', { name: 'Battery' });
      await billRequest(
        page,
        (b) => !!b.battery,
        () => battery.getByRole('switch', { name: 'Battery' }).check(),
      );
      const chart = page.getByRole('region', { name: 'Battery day' }).getByRole('img', { name: /^Battery day chart/ });
      /** The page's answer is the API's to the same body, asked here directly; its saving is shown. */
      const asAsked = async (body: any, answer: any) => {
        const direct = await s.env.api('POST', `/bills/${home}`, body);
        expect(direct.status).toBe(200);
        expect(answer.bill.battery.saving).toBe(direct.body.battery.saving);
        expect(answer.bill.battery.dispatch).toEqual(direct.body.battery.dispatch);
        await see(row(page, 'battery-saving')).toHaveText([gbp(direct.body.battery.saving)]);
        await see(row(page, 'total')).toHaveText([gbp(direct.body.total)]);
        return direct.body;
      };
      // As before the fields: without a battery 2 kWh at 0.30 = 0.60; with it 2 / 0.9 kWh bought at 0.10.
      const without = 2 * 0.3;
      const forUse = 2 / 0.9;
      const k = Math.sqrt(0.9);
      /** The day view on the window's last day. */
      const lastDay = async () => {
        await page.getByRole('region', { name: 'Battery day' }).getByRole('combobox', { name: 'Day' }).click();
        await page.getByRole('option', { name: /^Sun 31 Jan 2027/ }).click();
        await see(chart).toHaveAttribute('aria-label', /Sun 31 Jan 2027/);
      };

      // A reserve of 30 %: the start and the end follow it (the model's defaults), the fields say so.
      const reserve = await billRequest(
        page,
        (b) => b.battery?.reserve_percent === 30,
        () => battery.getByLabel('Reserve %').fill('30'),
      );
      expect(reserve.body.battery).toMatchObject({
        reserve_percent: 30,
        initial_soc_percent: 30,
        final_soc_percent: 30,
      });
      await see(battery.getByLabel('Start %')).toHaveValue('');
      await see(battery.getByText('Empty: reserve')).toBeVisible();
      await see(battery.getByText('Empty: start')).toBeVisible();
      await see(page.getByTestId('battery-words')).toContainText(
        'starts at 30 %, never below 30 %, ending with at least 30 %.',
      );
      // The 3 kWh held back are never used: the same 2.222 kWh bought, the line 3 kWh higher, the same saving.
      await asAsked(reserve.body, reserve.answer);
      expect(reserve.answer.bill.battery.saving).toBeCloseTo(without - forUse * 0.1, 5);
      expect(reserve.answer.bill.battery.charged_kwh).toBeCloseTo(forUse, 5);
      await see(chart).toHaveAttribute('data-soc-end', '3.000');
      await see(chart).toHaveAttribute('data-soc-max', (3 + forUse * k).toFixed(3));

      // Ending with at least 60 %: 3 kWh more to store by the day's end, bought in the 0.10 hours.
      const end = await billRequest(
        page,
        (b) => b.battery?.final_soc_percent === 60,
        () => battery.getByLabel('End %').fill('60'),
      );
      expect(end.body.battery).toMatchObject({ reserve_percent: 30, initial_soc_percent: 30, final_soc_percent: 60 });
      await asAsked(end.body, end.answer);
      const stored = 3 / k;
      expect(end.answer.bill.battery.charged_kwh).toBeCloseTo(forUse + stored, 5);
      expect(end.answer.bill.battery.saving).toBeCloseTo(without - (forUse + stored) * 0.1, 5);
      // The bill's window is the file's whole month: the window ends with 6 kWh on its last day, 31 January.
      expect(Date.parse(end.body.end_time)).toBe(Date.parse('2027-02-01T00:00:00Z'));
      expect(end.answer.bill.battery.dispatch.at(-1).soc_kwh).toBeCloseTo(6, 6);
      await lastDay();
      await see(chart).toHaveAttribute('data-soc-end', '6.000');
      await see(page.getByTestId('compare-verdict')).toContainText(
        `the battery saves ${gbp(end.answer.bill.battery.saving)} on them.`,
      );
      await battery.scrollIntoViewIfNeeded();
      await topShot(page, `bat-soc-compare-${at}`);

      // A start below the reserve and a reserve over 100 are said at their fields; nothing new is asked.
      await battery.getByLabel('Start %').fill('20');
      await see(battery.getByText('The start cannot be below the reserve (30 %).')).toBeVisible();
      await see(battery.getByLabel('Start %')).toHaveAttribute('aria-invalid', 'true');
      await see(page.getByRole('status', { name: 'Battery not asked' })).toContainText(
        'Nothing is asked until the states of charge are fixed',
      );
      await battery.getByLabel('Reserve %').fill('150');
      await see(battery.getByText('The reserve is a percentage from 0 to 100.')).toBeVisible();
      await see(battery.getByText('The end cannot be below the reserve (150 %).')).toHaveCount(0);
      await see(row(page, 'battery-saving')).toHaveText([gbp(end.answer.bill.battery.saving)]);
      await topShot(page, `bat-soc-compare-invalid-${at}`);

      // Fixed: a 10 % reserve, starting at 20 % and ending at 60 %. 4 kWh more to store and 2 kWh to use.
      const fixed = await billRequest(
        page,
        (b) => b.battery?.reserve_percent === 10,
        () => battery.getByLabel('Reserve %').fill('10'),
      );
      expect(fixed.body.battery).toMatchObject({ reserve_percent: 10, initial_soc_percent: 20, final_soc_percent: 60 });
      await see(page.getByRole('status', { name: 'Battery not asked' })).toHaveCount(0);
      await asAsked(fixed.body, fixed.answer);
      expect(fixed.answer.bill.battery.charged_kwh).toBeCloseTo(forUse + 4 / k, 5);
      // It buys more than it saves: the saving is negative, as the API says.
      expect(fixed.answer.bill.battery.saving).toBeCloseTo(without - (forUse + 4 / k) * 0.1, 5);
      expect(fixed.answer.bill.battery.saving).toBeLessThan(0);
      await see(page.getByTestId('compare-verdict')).toContainText(
        `the battery adds ${gbp(-fixed.answer.bill.battery.saving)} to them.`,
      );
      expect(fixed.answer.bill.battery.dispatch.at(-1).soc_kwh).toBeCloseTo(6, 6);
      await see(chart).toHaveAttribute('data-soc-end', '6.000');
      expect(errors).toEqual([]);
    }
  }, 480_000);

  it('a car beside the battery: the request carries both, the breakdown says the car’s kWh, and both are kept', async () => {
    for (const size of [VIEWPORTS.large, VIEWPORTS.small]) {
      const at = `${size.width}x${size.height}`;
      const { page, errors } = await openNightHome(`${size.width} Peckham Road`, size);
      await page.getByRole('group', { name: 'Battery' }).getByRole('switch', { name: 'Battery' }).check();
      const car = page.getByRole('group', { name: 'Electric car' });
      const { body, answer } = await billRequest(
        page,
        (b) => !!b.battery && !!b.car,
        () => car.getByRole('switch', { name: 'Car' }).check(),
      );
      expect(body.car).toEqual({
        power_kw: 7.4,
        kwh_per_day: 8,
        plug_in: '18:00:00',
        ready_by: '07:00:00',
        strategy: 'CHEAPEST',
      });
      const carKwh = answer.bill.months.reduce((t: number, m: any) => t + m.car_kwh, 0);
      expect(carKwh).toBeGreaterThan(0);
      await see(row(page, 'car')).toHaveAttribute('data-value', String(Math.round(carKwh * 1e6) / 1e6));
      await see(row(page, 'battery-saving')).toHaveText([gbp(answer.bill.battery.saving)]);
      await see(row(page, 'total')).toHaveText([gbp(answer.bill.total)]);
      // The stored tariffs alone: the verdict says what the battery does on them.
      await see(page.getByTestId('compare-verdict')).toContainText(
        `With the battery the stored tariffs cost ${gbp(answer.bill.total)} over 1 day, 1 Jan; the battery saves ${gbp(answer.bill.battery.saving)} on them.`,
      );
      // A later charging time is sent as the request's wall time.
      await billRequest(
        page,
        (b) => b.car?.plug_in === '19:30:00',
        () => car.getByLabel('Plugs in at').fill('19:30'),
      );
      await topShot(page, `bat-ui-compare-car-${at}`);
      // Under buy all, sell all a battery changes nothing billed: it is left out of the request
      // (the car stays), said in its panel, and back with net billing.
      await page.getByRole('combobox', { name: 'Solar' }).click();
      await page.getByRole('option', { name: 'A typical rooftop (PV profile)' }).click();
      await page.getByRole('combobox', { name: 'Metering' }).click();
      const sellAll = await billRequest(
        page,
        (b) => b.metering?.mode === 'BUY_ALL_SELL_ALL',
        () => page.getByRole('option', { name: 'Buy all, sell all' }).click(),
      );
      expect(sellAll.body.battery).toBeUndefined();
      expect(sellAll.body.car).toBeDefined();
      await see(page.getByRole('status', { name: 'Battery left out' })).toContainText(
        'Left out under buy all, sell all',
      );
      await see(page.getByRole('table', { name: 'Totals' })).toBeVisible();
      await see(page.getByRole('alert')).toHaveCount(0);
      await topShot(page, `bat-ui-compare-sell-all-${at}`);
      await page.getByRole('combobox', { name: 'Metering' }).click();
      // Net billing with this solar was asked before (on the way to buy all, sell all): its kept answer shows again.
      await page.getByRole('option', { name: 'Net billing' }).click();
      await see(row(page, 'battery-saving')).toBeVisible();
      await see(page.getByRole('status', { name: 'Battery left out' })).toHaveCount(0);
      // Kept: a reload brings the battery and the car back (the meter file is not kept).
      await page.reload();
      await see(page.getByRole('group', { name: 'Battery' }).getByRole('switch', { name: 'Battery' })).toBeChecked();
      await see(car.getByRole('switch', { name: 'Car' })).toBeChecked();
      await see(car.getByLabel('Plugs in at')).toHaveValue('19:30');
      expect(errors).toEqual([]);
    }
  }, 480_000);
});
